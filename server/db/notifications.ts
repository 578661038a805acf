/**
 * What wakes the live streams (the staff board's, the customer's order page's) instead of each
 * asking the database again and again: PostgreSQL's LISTEN/NOTIFY (PGlite's in process). A
 * writer notifies in the transaction of its change, so the notification goes out when that
 * commits, to every replica; the tables stay the record a stream reads (and resumes from).
 *
 * One hub per process and database holds the one LISTEN and wakes the streams waiting on it. While
 * the listening connection is down every waiting stream is woken each FALLBACK_POLL_MS to look for
 * itself, and once it is back each is woken once more to catch up on what it missed meanwhile.
 */
import { log } from '../logger.ts';
import type { Database, Queryable } from './database.ts';

/** An order event was recorded; payload: `<event id> <order id>` (db/order-events.ts). */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** A staff session ended or a member was removed or changed role; payload: the session's or the member's id. */
export const STAFF_CHANNEL = 'staff_sessions';
const CHANNELS = [ORDER_EVENTS_CHANNEL, STAFF_CHANNEL] as const;
export type Channel = (typeof CHANNELS)[number];

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
}

const hubs = new WeakMap<Database, Hub>();

function lookNow(hub: Hub): void {
  for (const wake of hub.wakes) for (const channel of CHANNELS) wake(channel, null);
}

function fallBack(hub: Hub): void {
  hub.fallback ??= setInterval(() => lookNow(hub), FALLBACK_POLL_MS);
  hub.fallback.unref();
}

function hubOf(db: Database): Hub {
  let hub = hubs.get(db);
  if (hub) return hub;
  const made: Hub = { wakes: new Set(), fallback: undefined };
  hub = made;
  hubs.set(db, made);
  // Until the LISTEN answers, streams look for themselves.
  fallBack(made);
  if (!db.listen) {
    log.warn('live events: this database cannot listen; streams look every second');
    return made;
  }
  db.listen(CHANNELS, {
    notify(channel, payload) {
      if (!(CHANNELS as readonly string[]).includes(channel)) return;
      for (const wake of made.wakes) wake(channel as Channel, payload);
    },
    connection(up) {
      if (!up) return fallBack(made);
      clearInterval(made.fallback);
      made.fallback = undefined;
      lookNow(made);
    },
  }).catch((error: unknown) => {
    log.warn({ err: error }, 'live events: could not listen; streams look every second');
  });
  return made;
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
