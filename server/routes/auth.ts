/**
 * Signing in: the built-in accounts' calls under /api/auth/
 * and POST /api/cognito/refresh/ and /api/cognito/signout/, which work the same
 * whichever provider signs customers in. GET /api/auth/config/ tells the widget which one it is.
 */
import { Hono, type Context } from 'hono';
import {
  ConfirmRequestSchema,
  LoginRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
  type AuthConfigResponse,
  type MessageResponse,
  type SessionResponse,
} from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sessionAnswer, type LinkSite, type PasswordAccounts } from '../auth/auth-provider.ts';
import { requestLocale } from '../http/locale.ts';
import { PASSWORD_CHANGED, REGISTERED, RESET_SENT } from '../auth/built-in-auth.ts';
import { bearerToken } from '../http/bearer.ts';
import { clientAddress } from '../http/client-address.ts';
import { SESSION_ENDED } from '../http/customer.ts';
import { HttpError, readBody } from '../http/errors.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../http/refresh-cookie.ts';

export const HOSTED_SIGN_IN = 'Sign-in happens on the sign-in page of this restaurant.';

export function authRoutes(deps: AppDependencies): Hono {
  const { settings } = deps;
  const builtIn = (): PasswordAccounts => {
    if (!deps.auth.passwords) throw new HttpError(404, HOSTED_SIGN_IN);
    return deps.auth.passwords;
  };

  // Mailed links start with the configured origin only, and lead to the page in the asker's language.
  const linkSite = (c: Context): LinkSite => ({ origin: settings.publicOrigin, locale: requestLocale(c) });

  return new Hono()
    .get('/auth/config/', (c) => c.json(deps.authConfig ?? ({ provider: deps.auth.name } satisfies AuthConfigResponse)))
    .post('/auth/register/', async (c) => {
      const input = await readBody(c, RegisterRequestSchema);
      await builtIn().register(input, linkSite(c), clientAddress(c, settings.trustProxy));
      return c.json({ message: REGISTERED } satisfies MessageResponse, 201);
    })
    .post('/auth/confirm/', async (c) => {
      const { token, password } = await readBody(c, ConfirmRequestSchema);
      const session = await builtIn().confirm(token, password, clientAddress(c, settings.trustProxy));
      setRefreshCookie(c, session.refreshToken, settings);
      return c.json(sessionAnswer(session) satisfies SessionResponse);
    })
    .post('/auth/login/', async (c) => {
      const { email, password } = await readBody(c, LoginRequestSchema);
      const session = await builtIn().signIn(email, password, clientAddress(c, settings.trustProxy), linkSite(c));
      setRefreshCookie(c, session.refreshToken, settings);
      return c.json(sessionAnswer(session) satisfies SessionResponse);
    })
    .post('/auth/password-reset/', async (c) => {
      const { email } = await readBody(c, PasswordResetRequestSchema);
      await builtIn().requestPasswordReset(email, linkSite(c), clientAddress(c, settings.trustProxy));
      return c.json({ message: RESET_SENT } satisfies MessageResponse);
    })
    .post('/auth/password-reset/confirm/', async (c) => {
      const { token, password } = await readBody(c, PasswordResetConfirmSchema);
      await builtIn().resetPassword(token, password);
      clearRefreshCookie(c, settings);
      return c.json({ message: PASSWORD_CHANGED } satisfies MessageResponse);
    })
    .post('/cognito/refresh/', async (c) => {
      const token = readRefreshCookie(c);
      const session = token ? await deps.auth.refresh(token, clientAddress(c, settings.trustProxy)) : null;
      if (!session) {
        clearRefreshCookie(c, settings);
        throw new HttpError(401, SESSION_ENDED);
      }
      setRefreshCookie(c, session.refreshToken, settings);
      return c.json(sessionAnswer(session) satisfies SessionResponse);
    })
    .post('/cognito/signout/', async (c) => {
      const token = readRefreshCookie(c);
      if (token) await deps.auth.signOut(token);
      const accessToken = bearerToken(c);
      if (accessToken) await deps.auth.endSession(accessToken);
      clearRefreshCookie(c, settings);
      return c.body(null, 204);
    });
}
