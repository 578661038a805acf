/**
 * What wakes the live streams (the staff board's, the customer's order page's) instead of each
 * asking the database again and again: PostgreSQL's LISTEN/NOTIFY (PGlite's in process). A
 * writer notifies in the transaction of its change, so the notification goes out when that
 * commits, to every replica; the tables stay the record a stream reads (and resumes from).
 *
 * One hub per process and database holds the one LISTEN and wakes the streams waiting on it. While
 * the listening connection is down every waiting stream is woken each FALLBACK_POLL_MS to look for
 * itself, and once it is back each is woken once more to catch up on what it missed meanwhile.
 * Other parts that keep something in memory until the database says it changed (the menu, the
 * live settings, the store's switches: db/watched.ts) hear their channel through the same LISTEN
 * with `subscribe`.
 */
import { log } from '../logger.ts';
import type { Database, ListenSession, Queryable } from './database.ts';

/** An order event was recorded; payload: `<event id> <order id>` (db/order-events.ts). */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** A staff session ended or a member was removed or changed role; payload: the session's or the member's id. */
export const STAFF_CHANNEL = 'staff_sessions';
/** The menu changed; payload: its new version (db/menu-store.ts). */
export const MENU_CHANNEL = 'menu_changed';
/** The owner saved live settings; payload: their new version (db/live-settings.ts). */
export const LIVE_SETTINGS_CHANNEL = 'live_settings_changed';
/** A store switch moved (pause, busy minutes, auto-accept; db/store-status.ts); no payload. */
export const STORE_STATUS_CHANNEL = 'store_status_changed';
/** The channels streams wait on. */
const STREAM_CHANNELS = [ORDER_EVENTS_CHANNEL, STAFF_CHANNEL] as const;
export type Channel = (typeof STREAM_CHANNELS)[number];
/** The channels of tables a process keeps in memory (db/watched.ts). */
const WATCHED_CHANNELS = [MENU_CHANNEL, LIVE_SETTINGS_CHANNEL, STORE_STATUS_CHANNEL] as const;
export type WatchedChannel = (typeof WATCHED_CHANNELS)[number];
const CHANNELS = [...STREAM_CHANNELS, ...WATCHED_CHANNELS] as const;
type AnyChannel = (typeof CHANNELS)[number];

/** Hears one channel through the process's LISTEN: see `subscribe`. */
export interface Subscriber {
  notify(payload: string): void;
  /** Listening now (true: at the first connect and after each reconnect, when anything may have been missed) or not. */
  connection(up: boolean): void;
}

/** How often waiting streams look for themselves while nothing can be heard. */
export const FALLBACK_POLL_MS = 1_000;

/** Tells every listening replica that a staff session or member changed (delivered on commit). */
export async function notifyStaffChanged(db: Queryable, id: string): Promise<void> {
  await db.query('select pg_notify($1, $2)', [STAFF_CHANNEL, id]);
}

/**
 * `payload` null: not a notification but "look now": the listening connection came back (or is
 * down and this is the fallback's tick), so anything may have been missed.
 */
type Wake = (channel: Channel, payload: string | null) => void;

interface Hub {
  wakes: Set<Wake>;
  fallback: NodeJS.Timeout | undefined;
  /** The session listening now; null while none is (not yet, lost, or this database cannot listen). */
  session: ListenSession | null;
  /** Settled once the first LISTEN answered or failed. */
  ready: Promise<void>;
  /** Told each time a new session starts listening. */
  sessionChanged: Set<(session: ListenSession) => void>;
  subscribers: Set<{ channel: AnyChannel; subscriber: Subscriber }>;
}

const hubs = new WeakMap<Database, Hub>();

function lookNow(hub: Hub): void {
  for (const wake of hub.wakes) for (const channel of STREAM_CHANNELS) wake(channel, null);
}

function fallBack(hub: Hub): void {
  hub.fallback ??= setInterval(() => lookNow(hub), FALLBACK_POLL_MS);
  hub.fallback.unref();
}

function hubOf(db: Database): Hub {
  let hub = hubs.get(db);
  if (hub) return hub;
  let settle = () => {};
  const made: Hub = {
    wakes: new Set(),
    fallback: undefined,
    session: null,
    ready: new Promise<void>((resolve) => (settle = resolve)),
    sessionChanged: new Set(),
    subscribers: new Set(),
  };
  hub = made;
  hubs.set(db, made);
  // Until the LISTEN answers, streams look for themselves.
  fallBack(made);
  if (!db.listen) {
    log.warn('live events: this database cannot listen; streams look every second');
    settle();
    return made;
  }
  db.listen(CHANNELS, {
    notify(channel, payload) {
      for (const heard of made.subscribers) if (heard.channel === channel) heard.subscriber.notify(payload);
      if (!(STREAM_CHANNELS as readonly string[]).includes(channel)) return;
      for (const wake of made.wakes) wake(channel as Channel, payload);
    },
    connection(up, session) {
      for (const heard of made.subscribers) heard.subscriber.connection(up);
      if (!up) {
        made.session = null;
        return fallBack(made);
      }
      clearInterval(made.fallback);
      made.fallback = undefined;
      made.session = session ?? null;
      settle();
      if (session) for (const told of made.sessionChanged) told(session);
      lookNow(made);
    },
  })
    .catch((error: unknown) => {
      log.warn({ err: error }, 'live events: could not listen; streams look every second');
    })
    .finally(settle);
  return made;
}

/**
 * The session this process listens on (starting to listen if it does not yet), once the first
 * LISTEN answered; null when none listens now. Its pg_stat_activity row vanishes with the process.
 */
export async function listeningSession(db: Database): Promise<ListenSession | null> {
  const hub = hubOf(db);
  await hub.ready;
  return hub.session;
}

/**
 * Hears `channel` through this process's one LISTEN (started if it is not yet) until the answer
 * is called. `subscriber.connection(true)` comes at once when it is listening already.
 */
export function subscribe(db: Database, channel: WatchedChannel, subscriber: Subscriber): () => void {
  const hub = hubOf(db);
  const entry = { channel, subscriber };
  hub.subscribers.add(entry);
  if (hub.session) subscriber.connection(true);
  return () => hub.subscribers.delete(entry);
}

/** Calls `told` each time a new session of this process starts listening (after a reconnect); answers how to stop. */
export function onListeningSession(db: Database, told: (session: ListenSession) => void): () => void {
  const hub = hubOf(db);
  hub.sessionChanged.add(told);
  return () => hub.sessionChanged.delete(told);
}

export interface Waiter {
  /**
   * The channels that woke it since the last call (at once when there are any), or, when none
   * does within `ms`, an empty set. A channel is in the set when a notification it accepts
   * arrived, and every channel is when anything may have been missed.
   */
  next(ms: number): Promise<Set<Channel>>;
  /** Ends the current `next` now (the stream was closed). */
  interrupt(): void;
  close(): void;
}

/**
 * Starts listening for the notifications `accepts` keeps, before the caller first reads the
 * table, so nothing committed after that read goes unheard. Waiting costs no query.
 */
export function waitForNotifications(db: Database, accepts: (channel: Channel, payload: string) => boolean): Waiter {
  const hub = hubOf(db);
  const woken = new Set<Channel>();
  let resolve: (() => void) | undefined;
  const wake: Wake = (channel, payload) => {
    if (payload !== null && !accepts(channel, payload)) return;
    woken.add(channel);
    resolve?.();
  };
  hub.wakes.add(wake);
  return {
    async next(ms) {
      if (woken.size === 0) {
        await new Promise<void>((done) => {
          const timer = setTimeout(() => {
            resolve = undefined;
            done();
          }, ms);
          resolve = () => {
            resolve = undefined;
            clearTimeout(timer);
            done();
          };
        });
      }
      const seen = new Set(woken);
      woken.clear();
      return seen;
    },
    interrupt: () => resolve?.(),
    close: () => void hub.wakes.delete(wake),
  };
}
