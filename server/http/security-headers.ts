/**
 * Headers every answer carries, pages, files and API alike:
 * - `X-Content-Type-Options: nosniff`, so a browser never runs a file as another type than we said;
 * - `Referrer-Policy: strict-origin-when-cross-origin`, so other sites see our origin, never a
 *   page's path and query (an order id in /congratulations/?order=…);
 * - `Strict-Transport-Security` only when the request came over https: directly, through a proxy
 *   we trust (X-Forwarded-Proto with TRUST_PROXY), or because PUBLIC_ORIGIN is https. Over plain
 *   http a browser ignores it anyway, and sending it from http://localhost would be a lie.
 * API answers also get a CSP that lets them do nothing if opened as a document; the site's pages
 * get theirs from static-site.ts, and the widget's files, which run on partners' pages, none.
 */
import type { Context, MiddlewareHandler } from 'hono';

export const HSTS = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface SecurityHeaderOptions {
  /** Whether X-Forwarded-Proto comes from a load balancer we trust (TRUST_PROXY). */
  trustProxy: boolean;
  /** The site's public origin (PUBLIC_ORIGIN); https there means every answer reaches browsers over https. */
  publicOrigin?: string | undefined;
}

/** Whether the browser talks to us over https. */
export function cameOverHttps(c: Context, options: SecurityHeaderOptions): boolean {
  if (options.publicOrigin?.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return options.trustProxy && forwarded === 'https';
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', REFERRER_POLICY);
    if (cameOverHttps(c, options)) headers.set('Strict-Transport-Security', HSTS);
    if (c.req.path.startsWith('/api/') && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
  };
}
