/**
 * Failed sign-ins slow down the caller who makes them, never the account: a stranger guessing a
 * password from one address cannot lock the owner out, who signs in from another.
 *
 * Failures are counted per client address and per address and account, in the database so every
 * replica shares the count. The first 5 failures for one account from one address cost nothing
 * (people mistype); from the 6th on, each makes that caller wait before the next try: 1 second,
 * then 2, 4, 8 ... up to 15 minutes. An address gets 20 free failures over all the accounts it
 * tries (several people behind one office or phone network), then the same back-off. A right
 * password clears that address and account's count, and gives back its own try to the address.
 * Counts are forgotten a day after their last failure.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import {
  forgetSignInFailures,
  lockSignInFailures,
  pruneSignInFailures,
  setSignInFailures,
  takeBackSignInFailure,
} from '../db/sign-in-failures.ts';
import { HttpError } from '../http/errors.ts';

export const FREE_FAILURES_PER_ADDRESS_AND_ACCOUNT = 5;
export const FREE_FAILURES_PER_ADDRESS = 20;
export const LONGEST_WAIT_MS = 15 * 60_000;
export const FORGET_FAILURES_AFTER_MS = 24 * 3_600_000;

/** What a caller who must wait is told, with how long. */
export function tooManySignIns(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Too many attempts to sign in. Wait ${wait} and try again.`;
}

/** How long a caller waits after its `failures`-th failure: nothing for the free ones, then 1 s, doubling, at most 15 minutes. */
export function backOffMs(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(LONGEST_WAIT_MS, 1000 * 2 ** Math.min(failures - free - 1, 30));
}

export interface SignInAttempt {
  /** The password proved right: this address and account start afresh. */
  succeeded(): Promise<void>;
}

export interface SignInThrottle {
  /**
   * Lets one attempt at `account` from `address` go ahead, counted as a failure until it
   * `succeeded()`; throws 429 with Retry-After when that caller must wait first.
   */
  attempt(account: string, address: string): Promise<SignInAttempt>;
}

const hashed = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/** How often an attempt also drops counts nobody has added to for a day (about 1 in 200). */
const PRUNE_CHANCE = 1 / 200;

/** The throttle of one kind of account: customers' and staff's counts are kept apart. */
export function createSignInThrottle(deps: {
  db: Database;
  clock: () => Date;
  scope: 'customer' | 'staff';
}): SignInThrottle {
  const { db, clock, scope } = deps;
  return {
    async attempt(account, address) {
      const now = clock();
      const buckets = [
        // Always the address first, so two attempts lock rows in the same order.
        { key: `${scope}:address:${hashed(address)}`, free: FREE_FAILURES_PER_ADDRESS },
        { key: `${scope}:address+account:${hashed(address, account)}`, free: FREE_FAILURES_PER_ADDRESS_AND_ACCOUNT },
      ];
      const waitMs = await db.transaction(async (tx) => {
        const counted: number[] = [];
        let wait = 0;
        for (const bucket of buckets) {
          const row = await lockSignInFailures(tx, bucket.key, now);
          const since = now.getTime() - row.last_failure_at.getTime();
          const failures = since >= FORGET_FAILURES_AFTER_MS ? 0 : row.failures;
          counted.push(failures);
          wait = Math.max(wait, backOffMs(failures, bucket.free) - since);
        }
        if (wait > 0) return wait;
        for (const [i, bucket] of buckets.entries()) await setSignInFailures(tx, bucket.key, counted[i]! + 1, now);
        return 0;
      });
      if (Math.random() < PRUNE_CHANCE)
        await pruneSignInFailures(db, new Date(now.getTime() - FORGET_FAILURES_AFTER_MS));
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, tooManySignIns(seconds), { 'Retry-After': String(seconds) });
      }
      return {
        async succeeded() {
          await forgetSignInFailures(db, buckets[1]!.key);
          await takeBackSignInFailure(db, buckets[0]!.key);
        },
      };
    },
  };
}
