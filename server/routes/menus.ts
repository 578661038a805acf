import { Hono } from 'hono';
import type { AppDependencies } from '../app.ts';

/**
 * GET /api/menus/: the menus answer, serialised once per menu version. Browsers and CDNs may keep
 * it but must revalidate (no-cache); a matching If-None-Match gets 304 with no body.
 */
export function menuRoutes({ menu }: Pick<AppDependencies, 'menu'>): Hono {
  return new Hono().get('/menus/', async (c) => {
    const snapshot = await menu.snapshot();
    const headers = { ETag: snapshot.etag, 'Cache-Control': 'no-cache' };
    if (ifNoneMatchHits(c.req.header('If-None-Match'), snapshot.etag)) return c.body(null, 304, headers);
    return c.body(snapshot.json, 200, { ...headers, 'Content-Type': 'application/json' });
  });
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `*`, or any listed tag, W/ or not. */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
