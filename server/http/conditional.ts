/**
 * Answers a browser or CDN may keep for a short while: compressed as the caller accepts, with a
 * strong ETag, and 304 with no body when the caller already holds that version. GET /api/menus/
 * and GET /api/store-hours/ are the widget's first requests on every page it is on.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Kept 30 s, then served stale for up to 5 minutes while the browser asks again in the background. */
export const SHORT_CACHE = 'public, max-age=30, stale-while-revalidate=300';
/** The answer differs by encoding; the app's CORS middleware adds Origin (an unlisted one gets a 403). */
export const SHORT_CACHE_VARY = 'Accept-Encoding';

export type Encoding = 'br' | 'gzip';

/** br when the client takes it, else gzip, else none (q=0 means refused). */
export function preferredEncoding(header: string | undefined): Encoding | null {
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
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A strong ETag of a body: its SHA-256, cut to 16 hex digits. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
}

/** The body as the caller accepts it. */
export function encode(body: string, encoding: Encoding | null): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(body);
  const out = encoding === 'br' ? brotliCompressSync(bytes) : encoding === 'gzip' ? gzipSync(bytes) : bytes;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
