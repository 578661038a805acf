/**
 * The Idempotency-Key header of a call that must never happen twice (create-order, a staff
 * refund), and the fingerprint of the request a key is bound to (server/db/idempotency.ts keeps
 * both): a replay with the same key and request gets the first answer, the same key with another
 * request is refused.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { HttpError } from './errors.ts';

export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 8 to 255 letters, digits, dashes or underscores.';

/** The header, when sent; a malformed one is refused (400). */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !/^[\w-]{8,255}$/.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
  return key;
}

/** The header of a call that needs one: missing is refused like malformed (400). */
export function requiredIdempotencyKey(c: Context): string {
  const key = idempotencyKeyOf(c);
  if (key === undefined) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
  return key;
}

/** The fingerprint of a request (who asked, what) a key is bound to. */
export const requestHashOf = (parts: unknown): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

/** Whether a replay's fingerprint is the stored one (compared in constant time). */
export function sameRequest(stored: string, asked: string): boolean {
  const left = Buffer.from(stored);
  const right = Buffer.from(asked);
  return left.length === right.length && timingSafeEqual(left, right);
}
