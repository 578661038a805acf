/** The store's switches the board flips: pausing online ordering. */
import type { StoreStatusAnswer } from '../../shared/api/staff.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { readStoreStatus, setPaused } from '../db/store-status.ts';

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

export async function storeStatus(db: Queryable): Promise<StoreStatusAnswer> {
  const row = await readStoreStatus(db);
  return { paused: row.paused, paused_at: iso(row.pausedAt), paused_until: null, busy_minutes: 0, auto_accept: false };
}

export async function pauseStore(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  paused: boolean,
): Promise<StoreStatusAnswer> {
  await setPaused(deps.db, paused, deps.clock());
  return storeStatus(deps.db);
}
