/** The SQL of menu_sync_status (0010_menu_sync.sql): one row saying how the last POS menu syncs went. */
import type { Queryable } from './database.ts';

export interface MenuSyncStatus {
  source: string | null;
  last_success_at: Date | null;
  /** Set while the latest attempt failed: the sentence shown to people. */
  last_error: string | null;
  /** The cause behind last_error, for whoever fixes it. */
  last_error_detail: string | null;
  last_error_at: Date | null;
}

export async function readMenuSyncStatus(db: Queryable): Promise<MenuSyncStatus> {
  const [row] = await db.query<MenuSyncStatus>(
    'select source, last_success_at, last_error, last_error_detail, last_error_at from menu_sync_status where id',
  );
  if (!row) throw new Error('menu_sync_status has no row; run the migrations first.');
  return row;
}

/** A sync went through: its time, and no error standing. */
export async function recordMenuSyncSuccess(db: Queryable, source: string, at: Date): Promise<void> {
  await db.query(
    `update menu_sync_status
        set source = $1, last_success_at = $2, last_error = null, last_error_detail = null, last_error_at = null
      where id`,
    [source, at],
  );
}

/** A sync failed: the error, leaving the last success as it was. */
export async function recordMenuSyncFailure(
  db: Queryable,
  source: string,
  error: string,
  detail: string,
  at: Date,
): Promise<void> {
  await db.query(
    'update menu_sync_status set source = $1, last_error = $2, last_error_detail = $3, last_error_at = $4 where id',
    [source, error, detail, at],
  );
}
