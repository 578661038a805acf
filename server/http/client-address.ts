/** Who is calling, for rate limits: the first X-Forwarded-For hop, else the socket's address. */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
