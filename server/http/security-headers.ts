/**
 * Headers every answer carries, pages, files and API alike:
 * - `X-Content-Type-Options: nosniff`, so a browser never runs a file as another type than we said;
 * - `Referrer-Policy: strict-origin-when-cross-origin`, so other sites see our origin, never a
 *   page's path and query (an order id in /congratulations/?order=…);
 * - `Strict-Transport-Security` only when the request came over https (https.ts). Over plain
 *   http a browser ignores it anyway, and sending it from http://localhost would be a lie.
 * API answers also get a CSP that lets them do nothing if opened as a document; the site's pages
 * get theirs from static-site.ts, and the widget's files, which run on partners' pages, none.
 */
import type { MiddlewareHandler } from 'hono';
import { cameOverHttps, type HttpsSettings } from './https.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function securityHeaders(settings: HttpsSettings): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', REFERRER_POLICY);
    if (cameOverHttps(c, settings)) headers.set('Strict-Transport-Security', HSTS);
    if (c.req.path.startsWith('/api/') && !headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', API_CSP);
  };
}
