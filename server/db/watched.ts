/**
 * What a process keeps in memory of a table whose writers announce each change (the menu, the
 * owner's live settings, the store's switches), so a request that only reads it asks the
 * database nothing. A value read while this process listens on the table's channel
 * (db/notifications.ts) is trusted until a notification on that channel arrives, the listening
 * connection drops or comes back, or this process commits a change itself (`changedHere`, since
 * its own announcement reaches it a moment after the commit). While nothing can be heard every
 * call reads again, as it does until the first read.
 */
import type { Database } from './database.ts';
import { subscribe, type WatchedChannel } from './notifications.ts';

/**
 * For a decision that must see every change committed before the request came, through any
 * replica (create-order's prices, sold-out items and pause): an announcement reaches another
 * replica a moment after the commit, and that moment is enough for a customer to order through
 * B what staff sold out through A. The caller reads the table's version itself (with the others
 * it needs, in one statement: db/committed-now.ts) and `isCurrent` says whether a kept value is
 * of that version: one that is, is used, trusted or not; otherwise the value is read now.
 */
export interface ReadOptions<T> {
  isCurrent?: (value: T) => boolean;
}

export interface Watched<T> {
  /** The value: from memory when trusted (or, given `isCurrent`, when it says so), else read. */
  get(options?: ReadOptions<T>): Promise<T>;
}

/** Changes this process committed, per channel: see changedHere. */
const changesHere = new Map<WatchedChannel, number>();

/**
 * Call once the transaction that changed a watched table (and notified on its channel) committed:
 * this process's watchers of that channel then read again at their next call.
 */
export function changedHere(channel: WatchedChannel): void {
  changesHere.set(channel, (changesHere.get(channel) ?? 0) + 1);
}

/**
 * Watches `channel` on `db` for as long as the process lives. `read` reads the value; `usable`
 * says whether a trusted value still holds (a menu with an item sold out until a time that has
 * passed does not), and when it does not, the next call reads again.
 */
export function watched<T>(
  db: Database,
  channel: WatchedChannel,
  read: () => Promise<T>,
  usable: (value: T) => boolean = () => true,
): Watched<T> {
  let current: { value: T } | undefined;
  /** Whether a LISTEN on the channel is up now. */
  let listening = false;
  /** Counts notifications and connection changes: a read is trusted only if none came during it. */
  let heard = 0;
  let trusted = false;
  /** This process's changes (changedHere) when `current` was last trusted. */
  let changesSeen = -1;
  const distrust = () => {
    heard += 1;
    trusted = false;
  };
  subscribe(db, channel, {
    notify: distrust,
    connection(up) {
      listening = up;
      distrust();
    },
  });

  return {
    async get(options) {
      const changes = changesHere.get(channel) ?? 0;
      const stands = (value: T) => (options?.isCurrent ? options.isCurrent(value) : trusted && changesSeen === changes);
      if (current && stands(current.value) && usable(current.value)) return current.value;
      const heardBefore = heard;
      const value = await read();
      // Nothing announced or changed here since the read began: the value stands until something
      // is. A read that overlapped a change is answered but not kept.
      if (listening && heard === heardBefore && (changesHere.get(channel) ?? 0) === changes) {
        current = { value };
        trusted = true;
        changesSeen = changes;
      }
      return value;
    },
  };
}

/**
 * A watched value per database, its watcher made at the first call for that database and kept
 * as long as the database is: `reader(db)` makes the watcher's read (it may keep state of its
 * own between reads).
 */
export function watchedPer<T>(
  channel: WatchedChannel,
  reader: (db: Database) => () => Promise<T>,
  usable?: (value: T) => boolean,
): (db: Database, options?: ReadOptions<T>) => Promise<T> {
  const watchers = new WeakMap<Database, Watched<T>>();
  return (db, options) => {
    let watcher = watchers.get(db);
    if (!watcher) watchers.set(db, (watcher = watched(db, channel, reader(db), usable)));
    return watcher.get(options);
  };
}
