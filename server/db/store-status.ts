/** SQL for the one-row store_status table: the "pause online ordering" switch. */
import type { Queryable } from './database.ts';

export async function isPaused(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ paused: boolean }>('select paused from store_status where id');
  return row?.paused ?? false;
}

/** Whether online ordering is paused and since when (not paused when the row was never written). */
export async function readStoreStatus(db: Queryable): Promise<{ paused: boolean; pausedAt: Date | null }> {
  const [row] = await db.query<{ paused: boolean; paused_at: Date | null }>(
    'select paused, paused_at from store_status where id',
  );
  return { paused: row?.paused ?? false, pausedAt: row?.paused_at ?? null };
}

/** Pauses or resumes online ordering; `at` is when it was paused (kept while paused). */
export async function setPaused(db: Queryable, paused: boolean, at: Date): Promise<void> {
  await db.query(
    `insert into store_status (id, paused, paused_at) values (true, $1, case when $1 then $2::timestamptz end)
     on conflict (id) do update set paused = excluded.paused,
       paused_at = case when excluded.paused then coalesce(store_status.paused_at, excluded.paused_at) end`,
    [paused, at],
  );
}
