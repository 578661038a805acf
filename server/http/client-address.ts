/**
 * Who is calling, for rate limits. Each proxy in front of the server appends the address it got
 * the request from to X-Forwarded-For, so with TRUST_PROXY=N proxies the client is the entry N
 * from the right, the one our outermost proxy wrote; anything left of it is whatever the client
 * chose to send, and is ignored. With fewer entries than N, the leftmost. Without proxies, the
 * socket's address, since any client can write that header.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The entry `hops` from the right of a proxy header's comma-separated list, or null (no header, no hops). */
export function forwardedEntry(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)]!;
}

export function clientAddress(c: Context, proxyHops: number): string {
  const forwarded = forwardedEntry(c.req.header('x-forwarded-for'), proxyHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
