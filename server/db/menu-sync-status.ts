/**
 * The SQL of menu_sync_status (0010_menu_sync.sql, notes 0034_menu_sync_notes.sql): one row saying
 * how the last POS menu syncs went, and what the last good one kept off the online menu and why.
 */
import type { Queryable } from './database.ts';

/**
 * One line of a sync's report about a POS item: left off the online menu ('kept_out'), or on it
 * but changed so it cannot be sold wrong ('changed'), with the reason in a sentence for staff.
 */
export interface MenuSyncNote {
  item_id: string;
  item_name: string;
  action: 'kept_out' | 'changed';
  reason: string;
}

export interface MenuSyncStatus {
  source: string | null;
  last_success_at: Date | null;
  /** Set while the latest attempt failed: the sentence shown to people. */
  last_error: string | null;
  /** The cause behind last_error, for whoever fixes it. */
  last_error_detail: string | null;
  last_error_at: Date | null;
  /** The notes of the last good sync: about the menu customers are served now. */
  last_notes: MenuSyncNote[];
}

export async function readMenuSyncStatus(db: Queryable): Promise<MenuSyncStatus> {
  const [row] = await db.query<MenuSyncStatus>(
    `select source, last_success_at, last_error, last_error_detail, last_error_at, last_notes
       from menu_sync_status where id`,
  );
  if (!row) throw new Error('menu_sync_status has no row; run the migrations first.');
  const notes: unknown = typeof row.last_notes === 'string' ? JSON.parse(row.last_notes) : row.last_notes;
  return { ...row, last_notes: Array.isArray(notes) ? (notes as MenuSyncNote[]) : [] };
}

/** A sync went through: its time and its notes, and no error standing. */
export async function recordMenuSyncSuccess(
  db: Queryable,
  source: string,
  at: Date,
  notes: readonly MenuSyncNote[] = [],
): Promise<void> {
  await db.query(
    `update menu_sync_status
        set source = $1, last_success_at = $2, last_error = null, last_error_detail = null, last_error_at = null,
            last_notes = $3::jsonb
      where id`,
    [source, at, JSON.stringify(notes)],
  );
}

/** A sync failed: the error, leaving the last success and its notes as they were. */
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
