/**
 * What create-order must see as committed now, whichever replica committed it, in one statement:
 * the menu's version, the live settings' version and the store's switches. A process keeps all
 * three in memory between announcements (db/watched.ts); an announcement reaches another replica a
 * moment after the commit, and that moment is enough for a customer to order through B what staff
 * sold out or paused through A. With the versions, what is kept is used only if it is current.
 */
import type { Queryable } from './database.ts';
import type { StatusRow } from './store-status.ts';

export interface CommittedNow {
  menuVersion: bigint;
  settingsVersion: bigint;
  /** The store_status row (undefined: never written), for store-status.ts's statusAt. */
  store: StatusRow | undefined;
}

export async function readCommittedNow(db: Queryable): Promise<CommittedNow> {
  const [row] = await db.query<StatusRow & { menu_version: string; settings_version: string; written: boolean }>(
    `select (select version::text from menu_state where id) as menu_version,
            (select version::text from live_settings where id) as settings_version,
            s.id is not null as written, s.paused, s.paused_at, s.paused_until, s.busy_minutes, s.auto_accept
       from (values (true)) as one (id) left join store_status s on s.id`,
  );
  if (row?.menu_version == null || row.settings_version == null) {
    throw new Error('menu_state or live_settings has no row; run the migrations first.');
  }
  const { menu_version, settings_version, written, ...store } = row;
  return {
    menuVersion: BigInt(menu_version),
    settingsVersion: BigInt(settings_version),
    store: written ? store : undefined,
  };
}
