/**
 * GET /api/staff/events/ is Server-Sent Events. A browser's EventSource cannot send an
 * Authorization header, so this one route also takes the staff access token as `?access_token=`.
 * The token lives 15 minutes and the stream ends when it expires (the board then reconnects
 * with a fresh token, carrying `?last_event_id=`, so it misses nothing), and within a few seconds
 * of its session ending (sign-out) or its member being removed; the request log records paths
 * without their query, so the token is not written there.
 *
 * An open stream asks the database nothing until it is woken (db/notifications.ts): by a new order
 * event, on any replica, when it reads the events after the last one it sent; by its session or
 * member changing, when it checks they still stand; or, after the listening connection was lost,
 * by the catch-up (both).
 */
import { Hono } from 'hono';
import type { AppDependencies } from '../../dependencies.ts';
import { liveStaff } from '../../auth/staff-auth.ts';
import { ORDER_EVENTS_CHANNEL, STAFF_CHANNEL, waitForNotifications } from '../../db/notifications.ts';
import { latestOrderEventId, orderEventsAfter } from '../../db/order-events.ts';
import { eventStream } from '../../http/event-stream.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { boardOrdersById } from '../../services/staff-board.ts';
import { log } from '../../logger.ts';

/** The most events one read brings; a full batch is followed by another read at once. */
const EVENT_BATCH = 200;
/**
 * An `event: ping` (empty data) this often: a board that hears nothing for about 4.5 s knows its
 * stream died silently and says so; it also keeps proxies from closing a quiet stream. The stream
 * also notices its token's expiry at a ping.
 */
export const PING_MS = 2_000;

/** Mounted behind `requireStaff(…, 'staff', { tokenInQuery: true })`. */
export function staffEventRoutes(deps: AppDependencies): Hono<StaffEnv> {
  const { db, clock } = deps;
  return new Hono<StaffEnv>().get('/staff/events/', async (c) => {
    const who = c.var.staff;
    const asked = c.req.header('Last-Event-ID') ?? c.req.query('last_event_id');
    let cursor = asked && /^\d{1,18}$/.test(asked.trim()) ? asked.trim() : await latestOrderEventId(db);
    return eventStream(c, deps, async (stream) => {
      // Listening before the first read: an event committed after it wakes the stream.
      const waiter = waitForNotifications(
        db,
        (channel, payload) => channel === ORDER_EVENTS_CHANNEL || payload === who.id || payload === who.sessionId,
      );
      let open = true;
      stream.onAbort(() => {
        open = false;
        waiter.interrupt();
      });
      try {
        await stream.write(`retry: 2000\n: connected\n\n`);
        let lastPing = Date.now();
        let woken = new Set([ORDER_EVENTS_CHANNEL]);
        while (open && clock().getTime() < who.expiresAt.getTime()) {
          // Signed out or removed since the stream opened: it ends, and the board's reconnect is refused.
          if (woken.has(STAFF_CHANNEL) && !(await liveStaff(db, who))) break;
          let more = false;
          if (woken.has(ORDER_EVENTS_CHANNEL)) {
            const events = await orderEventsAfter(db, cursor, EVENT_BATCH);
            more = events.length === EVENT_BATCH;
            // One snapshot per order in the batch, built for all of them at once (not 4-5 queries per
            // event), and written with each of its events, in event-id order, with their own ids: an
            // order's earlier event carries its latest snapshot, which the board applies all the same.
            const orders = await boardOrdersById(db, [...new Set(events.map((event) => event.order_id))], clock());
            const data = new Map([...orders].map(([id, order]) => [id, JSON.stringify(order)]));
            for (const event of events) {
              if (!open) break;
              const order = data.get(event.order_id);
              if (order) await stream.writeSSE({ id: event.id, event: 'order', data: order });
              cursor = event.id;
            }
          }
          if (open && Date.now() - lastPing >= PING_MS) {
            await stream.writeSSE({ event: 'ping', data: '' });
            lastPing = Date.now();
          }
          if (more) woken = new Set([ORDER_EVENTS_CHANNEL]);
          else if (open) woken = await waiter.next(Math.max(0, PING_MS - (Date.now() - lastPing)));
        }
      } catch (error) {
        if (open) log.error({ err: error }, 'staff event stream stopped');
      } finally {
        waiter.close();
      }
    });
  });
}
