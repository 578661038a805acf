/**
 * SQL for the owner's live settings (0030_live_settings.sql): one row holding the sections that
 * differ from the settings file, its version and when it last changed.
 */
import type { Queryable } from './database.ts';
import { LIVE_SETTINGS_CHANNEL } from './notifications.ts';

export interface LiveSettingsRow {
  /** The stored sections, as saved (checked again when read: shared/api/admin-settings.ts). */
  overrides: Record<string, unknown>;
  version: string;
  updated_at: Date | null;
}

const parsed = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;

/** The settings' version: one primary-key read, what each request asks before using its cached copy. */
export async function liveSettingsVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>('select version::text as version from live_settings where id');
  if (!row) throw new Error('live_settings has no row; run the migrations first.');
  return row.version;
}

/** The stored overrides; `forUpdate` locks the row until the caller's transaction ends (a save). */
export async function readLiveSettings(db: Queryable, forUpdate = false): Promise<LiveSettingsRow> {
  const [row] = await db.query<LiveSettingsRow>(
    `select overrides, version::text as version, updated_at from live_settings where id${forUpdate ? ' for update' : ''}`,
  );
  if (!row) throw new Error('live_settings has no row; run the migrations first.');
  return { ...row, overrides: parsed(row.overrides) };
}

/**
 * Stores the overrides whole and bumps the version; answers the new version. Every listening
 * replica hears of it on LIVE_SETTINGS_CHANNEL when the transaction commits; call db/watched.ts's
 * changedHere(LIVE_SETTINGS_CHANNEL) once it has.
 */
export async function writeLiveSettings(db: Queryable, overrides: Record<string, unknown>, at: Date): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `with written as (
       update live_settings set overrides = $1::jsonb, version = version + 1, updated_at = $2
        where id returning version::text as version)
     select version, pg_notify('${LIVE_SETTINGS_CHANNEL}', version) from written`,
    [JSON.stringify(overrides), at],
  );
  if (!row) throw new Error('live_settings has no row; run the migrations first.');
  return row.version;
}
