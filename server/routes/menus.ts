import { Hono } from 'hono';
import type { AppDependencies } from '../dependencies.ts';

/**
 * GET /api/menus/: the menus answer, serialised once per menu version. Browsers and CDNs may keep
 * it but must revalidate (no-cache); a matching If-None-Match gets 304 with no body.
 */
export function menuRoutes({ menu }: Pick<AppDependencies, 'menu'>): Hono {
  return new Hono().get('/menus/', async (c) => {
    const snapshot = await menu.snapshot();
    const headers = { ETag: snapshot.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
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

/** br when the client takes it, else gzip, else none (q=0 means refused). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `*`, or any listed tag, W/ or not. */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
