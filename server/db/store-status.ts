/**
 * SQL for the one-row store_status table: the pause switch (timed or until turned back on), the
 * busy minutes and the auto-accept switch the kitchen's board flips (0008, 0023_pace.sql).
 */
import { pausedNow } from '../../shared/schedule.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import type { Database, Queryable } from './database.ts';
import { STORE_STATUS_CHANNEL } from './notifications.ts';
import { watchedPer } from './watched.ts';

export interface StoreStatus {
  /** Paused at `now`: a timed pause whose end has passed reads false. */
  paused: boolean;
  /** Since when, while paused; null otherwise. */
  pausedAt: Date | null;
  /** When a timed pause ends; null while not paused or paused until turned back on. */
  pausedUntil: Date | null;
  /** Minutes added to every lead time and estimate (0: not busy). */
  busyMinutes: number;
  /** Whether a paid order is accepted by itself: the switch, else settings' kitchen.autoAccept. */
  autoAccept: boolean;
}

/** The store_status row as read (undefined: never written). */
export interface StatusRow {
  paused: boolean;
  paused_at: Date | null;
  paused_until: Date | null;
  busy_minutes: number;
  auto_accept: boolean | null;
}

async function statusRow(db: Queryable): Promise<StatusRow | undefined> {
  const [row] = await db.query<StatusRow>(
    'select paused, paused_at, paused_until, busy_minutes, auto_accept from store_status where id',
  );
  return row;
}

/**
 * The store's switches as they stand at `now` (the caller's clock; only the pause depends on it,
 * by shared/schedule.ts's pausedNow). Defaults (not paused, not busy, auto-accept as the settings
 * say) when the row was never written.
 */
export async function readStoreStatus(db: Queryable, now: Date): Promise<StoreStatus> {
  return statusAt(await statusRow(db), now);
}

const watchedStatusRow = watchedPer(STORE_STATUS_CHANNEL, (db) => () => statusRow(db));

/**
 * readStoreStatus for the process's database (deps.db): the row from memory while the process
 * hears its changes (db/watched.ts), so a checkout and the times offered ask nothing of it.
 */
export async function storeStatusNow(db: Database, now: Date): Promise<StoreStatus> {
  return statusAt(await watchedStatusRow(db), now);
}

/** The store's switches at `now` from a row just read (db/committed-now.ts). */
export function statusAt(row: StatusRow | undefined, now: Date): StoreStatus {
  const until = row?.paused_until ? new Date(row.paused_until) : null;
  const busyMinutes = row?.busy_minutes ?? 0;
  const paused = pausedNow(now, { paused: Boolean(row?.paused), pausedUntil: until, busyMinutes });
  return {
    paused,
    pausedAt: paused && row?.paused_at ? new Date(row.paused_at) : null,
    pausedUntil: paused ? until : null,
    busyMinutes,
    autoAccept: row?.auto_accept ?? kitchenSettings.autoAccept,
  };
}

/** Whether a paid order is accepted by itself now (the board's switch, else the settings). */
export async function autoAcceptsOrders(db: Queryable): Promise<boolean> {
  return (await statusRow(db))?.auto_accept ?? kitchenSettings.autoAccept;
}

/**
 * Ends each switch's statement (after a `changed` CTE): every listening replica hears of the
 * change on STORE_STATUS_CHANNEL when the transaction commits. Call db/watched.ts's
 * changedHere(STORE_STATUS_CHANNEL) once it has.
 */
const NOTIFY_CHANGED = `select pg_notify('${STORE_STATUS_CHANNEL}', '') from changed`;

/**
 * Pauses online ordering until `until` (null: until turned back on), or resumes it. `at` is now:
 * a pause that is still on keeps its start; one that ended (or a timed one that ran out) starts
 * again at `at`.
 */
export async function setPaused(db: Queryable, paused: boolean, at: Date, until: Date | null = null): Promise<void> {
  await db.query(
    `with changed as (insert into store_status (id, paused, paused_at, paused_until)
       values (true, $1, case when $1 then $2::timestamptz end, case when $1 then $3::timestamptz end)
     on conflict (id) do update set
       paused = excluded.paused,
       paused_at = case
         when not excluded.paused then null
         when store_status.paused and (store_status.paused_until is null or store_status.paused_until > $2::timestamptz)
           then coalesce(store_status.paused_at, excluded.paused_at)
         else excluded.paused_at end,
       paused_until = excluded.paused_until
     returning id)
     ${NOTIFY_CHANGED}`,
    [paused, at, until],
  );
}

/** Sets the minutes added to every lead time (0 turns busy off). */
export async function setBusyMinutes(db: Queryable, minutes: number): Promise<void> {
  await db.query(
    `with changed as (insert into store_status (id, busy_minutes) values (true, $1)
       on conflict (id) do update set busy_minutes = excluded.busy_minutes returning id)
     ${NOTIFY_CHANGED}`,
    [minutes],
  );
}

/** Sets whether paid orders are accepted by themselves. */
export async function setAutoAccept(db: Queryable, autoAccept: boolean): Promise<void> {
  await db.query(
    `with changed as (insert into store_status (id, auto_accept) values (true, $1)
       on conflict (id) do update set auto_accept = excluded.auto_accept returning id)
     ${NOTIFY_CHANGED}`,
    [autoAccept],
  );
}
