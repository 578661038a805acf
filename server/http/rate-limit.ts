/**
 * Fixed-window rate limits counted in the database, so every replica shares one count.
 * A bucket is a purpose plus who asks (an address, a phone number, an account).
 */
import type { Queryable } from '../db/database.ts';
import { HttpError } from './errors.ts';

export interface RateLimit {
  /** What is limited, e.g. 'promo'. */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

/** Counts one hit; throws 429 with Retry-After when the window's limit is passed. */
export async function hit(db: Queryable, rule: RateLimit, who: string, now: Date = new Date()): Promise<void> {
  const { allowed, retryAfterSeconds } = await countHit(db, rule, who, now);
  if (!allowed) throw new HttpError(429, rule.message, { 'Retry-After': String(retryAfterSeconds) });
}

/** Counts one hit and says whether it is within the limit, for callers that drop rather than refuse. */
export async function countHit(
  db: Queryable,
  rule: Omit<RateLimit, 'message'>,
  who: string,
  now: Date = new Date(),
): Promise<{ allowed: boolean; hits: number; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db.query<{ hits: number }>(
    `insert into rate_limit_hits (bucket, window_start, hits) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
     returning hits`,
    [`${rule.name}:${who}`, windowStart],
  );
  const retryAfter = Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000);
  const hits = row?.hits ?? 0;
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: Math.max(1, retryAfter) };
}

/** How many hits the current window holds, without counting one (to refuse before the work). */
export async function peekHits(db: Queryable, rule: Omit<RateLimit, 'message'>, who: string, now: Date = new Date()): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db.query<{ hits: number }>('select hits from rate_limit_hits where bucket = $1 and window_start = $2', [`${rule.name}:${who}`, windowStart]);
  return row?.hits ?? 0;
}

/** Drops windows that ended long ago (run now and then, not per request). */
export async function pruneRateLimits(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from rate_limit_hits where window_start < $1', [olderThan]);
}
