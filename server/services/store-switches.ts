/**
 * The store's switches the board flips: pausing online ordering (for a while, or until turned
 * back on), the busy minutes added to every lead time, and whether paid orders are accepted by
 * themselves. A timed pause ends by itself: it reads as not paused once its end has passed.
 */
import type { z } from 'zod';
import type { StaffStoreSchema, StoreStatusAnswer } from '../../shared/api/staff.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { STORE_STATUS_CHANNEL } from '../db/notifications.ts';
import { readStoreStatus, setAutoAccept, setBusyMinutes, setPaused } from '../db/store-status.ts';
import { changedHere } from '../db/watched.ts';
import { HttpError } from '../http/errors.ts';

export const PAUSE_MINUTES_WHILE_RESUMING = 'Pause for some minutes only with paused: true.';
export const NOTHING_TO_CHANGE = 'Say what to change: paused, busy_minutes or auto_accept.';

type StaffStore = z.infer<typeof StaffStoreSchema>;

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

/** The switches as they stand at `now`. */
export async function storeStatus(db: Queryable, now: Date): Promise<StoreStatusAnswer> {
  const status = await readStoreStatus(db, now);
  return {
    paused: status.paused,
    paused_at: iso(status.pausedAt),
    paused_until: iso(status.pausedUntil),
    busy_minutes: status.busyMinutes,
    auto_accept: status.autoAccept,
  };
}

/**
 * Changes the switches the request names and answers them all as they now stand. `pause_minutes`
 * pauses for that long (with `paused: true` or alone); `paused: true` without it pauses until
 * turned back on; `paused: false` resumes.
 */
export async function changeStore(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  change: StaffStore,
): Promise<StoreStatusAnswer> {
  const now = deps.clock();
  const minutes = change.pause_minutes ?? null;
  if (change.paused === false && minutes !== null) throw new HttpError(422, PAUSE_MINUTES_WHILE_RESUMING);
  const paused = change.paused ?? (minutes !== null ? true : undefined);
  if (paused === undefined && change.busy_minutes === undefined && change.auto_accept === undefined) {
    throw new HttpError(422, NOTHING_TO_CHANGE);
  }
  await deps.db.transaction(async (tx) => {
    if (paused !== undefined) {
      const until = paused && minutes !== null ? new Date(now.getTime() + minutes * 60_000) : null;
      await setPaused(tx, paused, now, until);
    }
    if (change.busy_minutes !== undefined) await setBusyMinutes(tx, change.busy_minutes);
    if (change.auto_accept !== undefined) await setAutoAccept(tx, change.auto_accept);
  });
  changedHere(STORE_STATUS_CHANNEL);
  return storeStatus(deps.db, now);
}
