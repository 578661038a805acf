/**
 * Where Cognito's hosted UI sends the visitor back after signing in:
 * GET /api/cognito/callback/?code=...&state=/path/. The code becomes a session (cognito-auth.ts),
 * its refresh token goes in the httpOnly cookie, and the visitor lands on `state` when it is a path
 * on this site, else on /account/; the page then asks POST /api/cognito/refresh/ for an access
 * token. A missing or refused code lands on /login/?error=sign-in-failed. With built-in accounts
 * the route does not exist (404).
 */
import { Hono } from 'hono';
import type { AppDependencies } from '../app.ts';
import type { CognitoAuth } from '../auth/cognito-auth.ts';
import { HttpError } from '../http/errors.ts';
import { setRefreshCookie } from '../http/refresh-cookie.ts';

export const AFTER_SIGN_IN = '/account/';
export const SIGN_IN_FAILED_PAGE = '/login/?error=sign-in-failed';
export const NOT_COGNITO = 'Not found.';

/** `state` when it is a path on this site ("/checkout/?step=2"), else null: never another origin. */
export function localReturnPath(state: string | undefined): string | null {
  if (!state || state.length > 2000 || !state.startsWith('/')) return null;
  // "//host" and "/\host" leave the site in browsers; control characters have no place in a path.
  if (state[1] === '/' || state[1] === '\\' || /[\\\u0000-\u001f\u007f]/.test(state)) return null;
  const base = 'http://site.invalid';
  const url = new URL(state, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

export function cognitoCallbackRoutes(deps: AppDependencies): Hono {
  return new Hono().get('/cognito/callback/', async (c) => {
    if (deps.auth.name !== 'cognito') throw new HttpError(404, NOT_COGNITO);
    const auth = deps.auth as CognitoAuth;
    const code = c.req.query('code');
    if (!code) return c.redirect(SIGN_IN_FAILED_PAGE, 302);
    let session;
    try {
      session = await auth.signInWithCode(code);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', request_id: c.get('requestId'), path: c.req.path, message: (error as Error).message }));
      return c.redirect(SIGN_IN_FAILED_PAGE, 302);
    }
    if (!session) return c.redirect(SIGN_IN_FAILED_PAGE, 302);
    setRefreshCookie(c, session.refreshToken, deps.settings.publicOrigin);
    c.header('Cache-Control', 'no-store');
    return c.redirect(localReturnPath(c.req.query('state')) ?? AFTER_SIGN_IN, 302);
  });
}
