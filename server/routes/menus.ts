import { Hono } from 'hono';
import type { AppDependencies } from '../dependencies.ts';
import { ifNoneMatchHits, preferredEncoding, SHORT_CACHE_VARY } from '../http/conditional.ts';

/**
 * GET /api/menus/: the menus answer, serialised and compressed once per menu version. Browsers and
 * CDNs may keep it but revalidate each time (no-cache), since a sold-out mark or a price must
 * reach the next visit at once; a matching If-None-Match gets 304 with no body, a few bytes.
 */
export function menuRoutes({ menu }: Pick<AppDependencies, 'menu'>): Hono {
  return new Hono().get('/menus/', async (c) => {
    const snapshot = await menu.snapshot();
    const headers = { ETag: snapshot.etag, 'Cache-Control': 'no-cache', Vary: SHORT_CACHE_VARY };
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
