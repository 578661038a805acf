/**
 * Cross-site request forgery defence for state-changing calls:
 * - the Origin, when the browser sends one, must be the site's own or an allowed partner's;
 * - the X-CSRFToken header must carry a token this server signed (from GET /api/csrf/), and
 *   match the csrftoken cookie whenever the browser sent that cookie.
 * Partner pages cannot read (or often even send) the API's cookie, so the signature, not the
 * cookie, is what proves the token came from us; the Origin check keeps other sites out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HttpError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_MISSING = 'Your session is missing its security token. Reload the page and try again.';
export const CSRF_MISMATCH = 'Your session’s security token is not valid. Reload the page and try again.';
export const ORIGIN_REFUSED = 'Requests from this website are not allowed.';

export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isSignedCsrfToken(secret: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(secret, nonce));
}

/**
 * Sets the cookie (readable by scripts, SameSite=Lax, Secure when the site is on https) and
 * returns the token: `keep` when given (a signed token the browser already holds), else a new one.
 */
export function setCsrfCookie(c: Context, secret: string, secure: boolean, keep?: string): string {
  const token = keep ?? issueCsrfToken(secret);
  setCookie(c, CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'Lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 365,
  });
  return token;
}

export interface CsrfOptions {
  secret: string;
  isAllowedOrigin(origin: string): boolean;
  /** Paths that prove themselves another way (signed provider webhooks). */
  exempt?: (path: string) => boolean;
}

export function csrfProtection(options: CsrfOptions): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (origin && !options.isAllowedOrigin(origin)) throw new HttpError(403, ORIGIN_REFUSED);
    const token = c.req.header(CSRF_HEADER);
    if (!token) throw new HttpError(403, CSRF_MISSING);
    const cookie = getCookie(c, CSRF_COOKIE);
    if (!isSignedCsrfToken(options.secret, token) || (cookie !== undefined && !safeEqual(cookie, token))) {
      throw new HttpError(403, CSRF_MISMATCH);
    }
    return next();
  };
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
