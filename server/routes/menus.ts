import { Hono } from 'hono';
import type { AppDependencies } from '../dependencies.ts';
import { ifNoneMatchHits, preferredEncoding, SHORT_CACHE, SHORT_CACHE_VARY } from '../http/conditional.ts';

/**
 * GET /api/menus/: the menus answer, serialised and compressed once per menu version. Browsers and
 * CDNs keep it 30 s and then serve it stale for up to 5 minutes while they ask again in the
 * background (SHORT_CACHE), so a page's widgets, a reload and the next page cost no request; a
 * sold-out mark or a price reaches a returning visitor within that time, a new one at once, and
 * create-order always checks against the live menu. A matching If-None-Match gets 304 with no body.
 */
export function menuRoutes({ menu }: Pick<AppDependencies, 'menu'>): Hono {
  return new Hono().get('/menus/', async (c) => {
    const snapshot = await menu.snapshot();
    const headers = { ETag: snapshot.etag, 'Cache-Control': SHORT_CACHE, Vary: SHORT_CACHE_VARY };
    if (ifNoneMatchHits(c.req.header('If-None-Match'), snapshot.etag)) return c.body(null, 304, headers);
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    const body = snapshot.encoded[encoding ?? 'identity'] as Uint8Array<ArrayBuffer>;
    return c.body(body, 200, {
      ...headers,
      'Content-Type': 'application/json',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
  });
}
