/**
 * The SQL of menu_sync_status (0010_menu_sync.sql, notes 0034_menu_sync_notes.sql, warnings
 * 0044_menu_sync_warnings.sql): one row saying how the last POS menu syncs went, what the last good
 * one kept off the online menu and why, and what it says about the menu as a whole.
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
  /** The last good sync's sentences about the whole menu (Clover refusing the items' online settings). */
  last_warnings: string[];
}

export async function readMenuSyncStatus(db: Queryable): Promise<MenuSyncStatus> {
  const [row] = await db.query<MenuSyncStatus>(
    `select source, last_success_at, last_error, last_error_detail, last_error_at, last_notes, last_warnings
       from menu_sync_status where id`,
  );
  if (!row) throw new Error('menu_sync_status has no row; run the migrations first.');
  return {
    ...row,
    last_notes: jsonList<MenuSyncNote>(row.last_notes),
    last_warnings: jsonList<string>(row.last_warnings),
  };
}

/** A jsonb list as the driver hands it: parsed already (pg), or as text. */
function jsonList<T>(value: unknown): T[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as T[]) : [];
}

/** A sync went through: its time, its notes and warnings, and no error standing. */
export async function recordMenuSyncSuccess(
  db: Queryable,
  source: string,
  at: Date,
  notes: readonly MenuSyncNote[] = [],
  warnings: readonly string[] = [],
): Promise<void> {
  await db.query(
    `update menu_sync_status
        set source = $1, last_success_at = $2, last_error = null, last_error_detail = null, last_error_at = null,
            last_notes = $3::jsonb, last_warnings = $4::jsonb
      where id`,
    [source, at, JSON.stringify(notes), JSON.stringify(warnings)],
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
