/**
 * A page on an origin the restaurant has not listed (EMBED_ORIGINS) that reads the API: the
 * browser would hide our answer from it (no Access-Control-Allow-Origin), and the widget could
 * only say "Failed to fetch". Such a GET is answered 403 with a sentence the widget shows the
 * partner, readable by that origin (the widget sends credentials, so the answer allows them: it
 * holds nothing but the sentence, whoever asks), and the server
 * logs the origin once an hour per process, so an owner learns who is trying to embed the menu.
 * The preflight of such a GET (the widget sends X-Requested-With) is let through so the browser
 * sends it. Other methods and their preflights stay with CORS and CSRF, which refuse them.
 */
import type { MiddlewareHandler } from 'hono';
import { ORIGIN_NOT_ALLOWED } from '../../shared/api/messages.ts';
import type { Logger } from '../logger.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Origins remembered at most: a flood of made-up origins cannot grow the map without bound. */
const MAX_REMEMBERED = 1000;

/** The request headers the widget's GETs carry (as the CORS middleware allows them). */
const READ_HEADERS = 'Content-Type, X-CSRFToken, X-Requested-With, Authorization';

interface Options {
  isAllowed: (origin: string) => boolean;
  clock: () => Date;
  log: Logger;
  /** Paths called by other servers, never by a page (webhooks). */
  exempt: (path: string) => boolean;
}

export function refuseUnlistedOrigins({ isAllowed, clock, log, exempt }: Options): MiddlewareHandler {
  const lastLogged = new Map<string, number>();

  function note(origin: string) {
    const now = clock().getTime();
    const last = lastLogged.get(origin);
    if (last !== undefined && now - last < HOUR_MS) return;
    for (const [known, at] of lastLogged) if (now - at >= HOUR_MS) lastLogged.delete(known);
    if (lastLogged.size >= MAX_REMEMBERED) lastLogged.delete(lastLogged.keys().next().value!);
    lastLogged.set(origin, now);
    log.warn({ origin }, 'a page on an origin not in EMBED_ORIGINS asked for the API');
  }

  return async (c, next) => {
    const origin = c.req.header('Origin');
    const method = c.req.method;
    if (!origin || exempt(c.req.path) || isAllowed(origin)) return next();
    const readPreflight = method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') === 'GET';
    if (readPreflight) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': READ_HEADERS,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    if (method !== 'GET' && method !== 'HEAD') return next();
    note(origin);
    return c.json({ error: true, message: ORIGIN_NOT_ALLOWED }, 403, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
      'Cache-Control': 'no-store',
    });
  };
}
