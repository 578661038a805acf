/**
 * Signing in on Cognito's hosted UI, in two steps bound to one browser:
 * - GET /api/cognito/sign-in/?page=login|register|reset&next=/path/ keeps a one-time value in a
 *   short-lived httpOnly cookie and sends the visitor to the hosted page with that value (and
 *   where to land) in `state`;
 * - GET /api/cognito/callback/?code=...&state=... accepts the code only when `state` carries the
 *   cookie's value, so nobody can sign a victim into the attacker's account with a link (login
 *   CSRF). The code becomes a session (cognito-auth.ts), its refresh token goes in the httpOnly
 *   cookie, and the visitor lands on `next` when it is a path on this site, else on /account/;
 *   the page then asks POST /api/cognito/refresh/ for an access token. Anything wrong lands on
 *   /login/?error=sign-in-failed. With built-in accounts the routes do not exist (404).
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDependencies } from '../dependencies.ts';
import type { HostedSignIn } from '../auth/auth-provider.ts';
import { safeLocalPath } from '../../shared/local-path.ts';
import { HttpError } from '../http/errors.ts';
import { cameOverHttps } from '../http/https.ts';
import { setRefreshCookie } from '../http/refresh-cookie.ts';
import { cognitoRedirectUri, hostedUiUrls } from '../auth/cognito-hosted-ui.ts';
import { log } from '../logger.ts';

export const AFTER_SIGN_IN = '/account/';
export const SIGN_IN_FAILED_PAGE = '/login/?error=sign-in-failed';
export const NOT_COGNITO = 'Not found.';
export const SIGN_IN_STATE_COOKIE = 'comal_sign_in';
const STATE_SECONDS = 10 * 60;

export function cognitoCallbackRoutes(deps: AppDependencies): Hono {
  const cognito = (): HostedSignIn => {
    if (!deps.auth.hostedSignIn) throw new HttpError(404, NOT_COGNITO);
    return deps.auth.hostedSignIn;
  };
  const cookieOptions = (c: Context) => ({
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/api/cognito/',
    secure: cameOverHttps(c, deps.settings),
  });
  return new Hono()
    .get('/cognito/sign-in/', (c) => {
      const auth = cognito();
      const page = (['login', 'register', 'reset'] as const).find((p) => p === c.req.query('page')) ?? 'login';
      const next = safeLocalPath(c.req.query('next')) ?? AFTER_SIGN_IN;
      const nonce = randomBytes(18).toString('base64url');
      setCookie(c, SIGN_IN_STATE_COOKIE, nonce, { ...cookieOptions(c), maxAge: STATE_SECONDS });
      const hosted = hostedUiUrls(auth.hostedUi);
      const url = { login: hosted.login_url, register: hosted.register_url, reset: hosted.reset_url }[page];
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${url}&state=${encodeURIComponent(`${nonce}~${next}`)}`, 302);
    })
    .get('/cognito/callback/', async (c) => {
      const auth = cognito();
      const expected = getCookie(c, SIGN_IN_STATE_COOKIE);
      deleteCookie(c, SIGN_IN_STATE_COOKIE, cookieOptions(c));
      const state = c.req.query('state') ?? '';
      const split = state.indexOf('~');
      const code = c.req.query('code');
      if (!code || !expected || split < 0 || state.slice(0, split) !== expected)
        return c.redirect(SIGN_IN_FAILED_PAGE, 302);
      let session;
      try {
        session = await auth.signInWithCode(code);
      } catch (error) {
        log.error({ request_id: c.get('requestId'), path: c.req.path, err: error }, 'Cognito sign-in failed');
        return c.redirect(SIGN_IN_FAILED_PAGE, 302);
      }
      if (!session) return c.redirect(SIGN_IN_FAILED_PAGE, 302);
      setRefreshCookie(c, session.refreshToken, deps.settings);
      c.header('Cache-Control', 'no-store');
      return c.redirect(safeLocalPath(state.slice(split + 1)) ?? AFTER_SIGN_IN, 302);
    });
}

export { cognitoRedirectUri };
