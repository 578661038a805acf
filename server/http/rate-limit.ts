/**
 * Fixed-window rate limits counted in the database, so every replica shares one count.
 * A bucket is a purpose plus who asks (an address, a phone number, an account).
 */
import type { Queryable } from '../db/database.ts';
import { addHit, addHitReading, deleteWindowsBefore, removeHit } from '../db/rate-limits.ts';
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

const windowOf = (rule: Omit<RateLimit, 'message'>, now: Date) =>
  new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);

/** Whole seconds until the window starting at `windowStart` ends, at least 1. */
const secondsLeft = (rule: Omit<RateLimit, 'message'>, windowStart: Date, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));

/**
 * Counts one hit as `hit` does (429 past the limit) and, in the same round trip, answers how many
 * hits another limit's window holds for its `who`, without counting one there.
 */
export async function hitAndPeek(
  db: Queryable,
  rule: RateLimit,
  who: string,
  peek: { rule: Omit<RateLimit, 'message'>; who: string },
  now: Date = new Date(),
): Promise<number> {
  const windowStart = windowOf(rule, now);
  const { hits, read } = await addHitReading(db, `${rule.name}:${who}`, windowStart, {
    bucket: `${peek.rule.name}:${peek.who}`,
    windowStart: windowOf(peek.rule, now),
  });
  if (hits > rule.limit)
    throw new HttpError(429, rule.message, { 'Retry-After': String(secondsLeft(rule, windowStart, now)) });
  return read;
}

/** Counts one hit and says whether it is within the limit, for callers that drop rather than refuse. */
export async function countHit(
  db: Queryable,
  rule: Omit<RateLimit, 'message'>,
  who: string,
  now: Date = new Date(),
): Promise<{ allowed: boolean; hits: number; retryAfterSeconds: number }> {
  const windowStart = windowOf(rule, now);
  const hits = await addHit(db, `${rule.name}:${who}`, windowStart);
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: secondsLeft(rule, windowStart, now) };
}

/** A hit counted before the work it limits, to be taken back if the work's outcome does not count. */
export interface ReservedHit {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Takes the hit back, from the window it was counted in. */
  release(): Promise<void>;
}

/**
 * Counts one hit before work whose outcome decides whether it counts (a card attempt counts only
 * when the card is declined). Requests at the same moment each see the others' hits, so no more
 * than the limit get through at once, where looking first and counting after would let them all.
 */
export async function reserveHit(
  db: Queryable,
  rule: Omit<RateLimit, 'message'>,
  who: string,
  now: Date = new Date(),
): Promise<ReservedHit> {
  const bucket = `${rule.name}:${who}`;
  const windowStart = windowOf(rule, now);
  const hits = await addHit(db, bucket, windowStart);
  return {
    allowed: hits <= rule.limit,
    retryAfterSeconds: secondsLeft(rule, windowStart, now),
    release: () => removeHit(db, bucket, windowStart),
  };
}

/** Drops windows that ended long ago (run now and then, not per request). */
export async function pruneRateLimits(db: Queryable, olderThan: Date): Promise<void> {
  await deleteWindowsBefore(db, olderThan);
}
