/** The token of an `Authorization: Bearer` header, or undefined when there is none. */
import type { Context } from 'hono';

export function bearerToken(c: Context): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
}
