/**
 * Rate limits counted in the database, so every replica shares one count: a sliding window over
 * fixed ones (shared/sliding-window.ts), so a burst across a window's edge meets the limit too.
 * A bucket is a purpose plus who asks (an address, a phone number, an account). A hit past the
 * limit is refused and not kept: the limit is exactly so many in any window's length, and
 * Retry-After is when the next one fits, however often the caller knocked meanwhile.
 */
import type { Queryable } from '../db/database.ts';
import { addHit, addHitReading, deleteWindowsBefore, removeHit, type WindowStarts } from '../db/rate-limits.ts';
import {
  roomForOneMore,
  secondsUntilRoom,
  windowStart,
  withinLimit,
  type Window,
  type WindowHits,
} from '../../shared/sliding-window.ts';
import { HttpError } from './errors.ts';

export interface RateLimit extends Window {
  /** What is limited, e.g. 'promo'. */
  name: string;
  message: string;
}

type Rule = Omit<RateLimit, 'message'>;

/** What a counted hit found. */
export interface Counted {
  /** This hit is within the limit. */
  allowed: boolean;
  /** No further hit would be, now: the limit is used up. */
  usedUp: boolean;
  /** When refused: whole seconds until one more hit would be within the limit. */
  retryAfterSeconds: number;
}

const bucketOf = (rule: Rule, who: string) => `${rule.name}:${who}`;

function windowsAt(rule: Rule, now: Date): WindowStarts {
  const start = windowStart(rule, now);
  return { start, previous: new Date(start.getTime() - rule.windowMs) };
}

/**
 * Judges the hit just counted in `hits`; one past the limit is taken back (it was refused, so it
 * does not count), and the wait is worked out without it.
 */
async function judged(
  db: Queryable,
  rule: Rule,
  counted: { bucket: string; windows: WindowStarts; hits: WindowHits },
  now: Date,
): Promise<Counted> {
  const { hits } = counted;
  if (withinLimit(rule, hits, now))
    return { allowed: true, usedUp: !roomForOneMore(rule, hits, now), retryAfterSeconds: 0 };
  await removeHit(db, counted.bucket, counted.windows.start);
  const kept = { current: hits.current - 1, previous: hits.previous };
  return { allowed: false, usedUp: true, retryAfterSeconds: secondsUntilRoom(rule, kept, now) };
}

const refusal = (rule: RateLimit, counted: Counted) =>
  new HttpError(429, rule.message, { 'Retry-After': String(counted.retryAfterSeconds) });

/** Counts one hit; throws 429 with Retry-After when it is past the limit. */
export async function hit(db: Queryable, rule: RateLimit, who: string, now: Date = new Date()): Promise<void> {
  const counted = await countHit(db, rule, who, now);
  if (!counted.allowed) throw refusal(rule, counted);
}

/** Counts one hit and says whether it is within the limit, for callers that drop rather than refuse. */
export async function countHit(db: Queryable, rule: Rule, who: string, now: Date = new Date()): Promise<Counted> {
  const bucket = bucketOf(rule, who);
  const windows = windowsAt(rule, now);
  return judged(db, rule, { bucket, windows, hits: await addHit(db, bucket, windows) }, now);
}

/** Another limit's state for its `who`, read without counting a hit there. */
export interface Peeked {
  /** One more hit would be within that limit. */
  room: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit as `hit` does (429 past the limit) and, in the same round trip, reads another
 * limit for its `who` without counting one there.
 */
export async function hitAndPeek(
  db: Queryable,
  rule: RateLimit,
  who: string,
  peek: { rule: Rule; who: string },
  now: Date = new Date(),
): Promise<Peeked> {
  const bucket = bucketOf(rule, who);
  const windows = windowsAt(rule, now);
  const { hits, read } = await addHitReading(db, bucket, windows, {
    bucket: bucketOf(peek.rule, peek.who),
    window: windowsAt(peek.rule, now),
  });
  const counted = await judged(db, rule, { bucket, windows, hits }, now);
  if (!counted.allowed) throw refusal(rule, counted);
  return { room: roomForOneMore(peek.rule, read, now), retryAfterSeconds: secondsUntilRoom(peek.rule, read, now) };
}

/** A hit counted before the work it limits, to be taken back if the work's outcome does not count. */
export interface ReservedHit extends Counted {
  /** Takes the hit back, from the window it was counted in (once, however often called; a refused one was never kept). */
  release(): Promise<void>;
}

/**
 * Counts one hit before work whose outcome decides whether it counts (a card attempt counts only
 * when the card is declined). Requests at the same moment each see the others' hits, so no more
 * than the limit get through at once, where looking first and counting after would let them all.
 */
export async function reserveHit(db: Queryable, rule: Rule, who: string, now: Date = new Date()): Promise<ReservedHit> {
  const counted = await countHit(db, rule, who, now);
  let kept = counted.allowed;
  return {
    ...counted,
    async release() {
      if (!kept) return;
      kept = false;
      await removeHit(db, bucketOf(rule, who), windowStart(rule, now));
    },
  };
}

/** Drops windows that ended long ago (run now and then, not per request). */
export async function pruneRateLimits(db: Queryable, olderThan: Date): Promise<void> {
  await deleteWindowsBefore(db, olderThan);
}
