/**
 * Tables that only grow unless someone trims them: rate-limit windows that ended, sign-in
 * failures long forgiven, expired refresh tokens and ended sessions, web-vitals samples past
 * their use, and the rows of event streams whose server died. Every replica runs it
 * now and then; deleting what another replica already deleted changes nothing.
 */
import { pruneCustomerSessions } from '../db/accounts.ts';
import type { Database } from '../db/database.ts';
import { pruneOpenStreams } from '../db/open-streams.ts';
import { pruneSignInFailures } from '../db/sign-in-failures.ts';
import { pruneStaffSessions } from '../db/staff.ts';
import { pruneWebVitals } from '../db/vitals.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';
import { log } from '../logger.ts';

/** Rate-limit windows are at most a day long, and count on through the next: two days after it started, a window is over. */
const RATE_LIMIT_KEEP_MS = 2 * 24 * 3_600_000;
/** Expired refresh tokens and ended sessions: kept two days, longer than any access token they issued lives. */
const SESSION_KEEP_MS = 2 * 24 * 3_600_000;
/** Web-vitals samples are read over the last week; a month is kept for comparison. */
const VITALS_KEEP_MS = 30 * 24 * 3_600_000;

export async function pruneOldRows(db: Database, now: Date): Promise<void> {
  await pruneRateLimits(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS));
  await pruneWebVitals(db, new Date(now.getTime() - VITALS_KEEP_MS));
  await pruneOpenStreams(db);
  await pruneSignInFailures(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS));
  await pruneCustomerSessions(db, new Date(now.getTime() - SESSION_KEEP_MS));
  await pruneStaffSessions(db, new Date(now.getTime() - SESSION_KEEP_MS));
}

/** Prunes now and every `everyMs` (10 minutes); the timer does not keep the process alive. Answers the stop. */
export function startHousekeeping(
  deps: { db: Database; clock: () => Date; inFlight: { track<T>(work: Promise<T>): Promise<T> } },
  everyMs = 10 * 60_000,
): () => void {
  const run = () =>
    void deps.inFlight
      .track(pruneOldRows(deps.db, deps.clock()))
      .catch((error: unknown) => log.error({ err: error }, 'pruning old rows failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
