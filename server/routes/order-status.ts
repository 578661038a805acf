/**
 * GET /api/orders/{id}/status/: the customer's /congratulations/ page follows its order live, as
 * Server-Sent Events. The order's id is the capability (unguessable, only the customer's browser
 * has it), as for finalize-order. The first event is the order's status now; then each change the
 * staff make, read from the order_events table (so it works whichever replica the board used)
 * when a notification of an event of this order wakes the stream (db/notifications.ts: no query
 * while nothing happens), until the order is completed or cancelled (and no refund of it is still on its way). Each
 * event: `event: status`, `data: {status, promised_at, delivery, cancel, refunds, points_earned}`,
 * with the event's id for a reconnect's Last-Event-ID; `delivery` is the delivery service's word
 * and tracking link (`{ text, tracking_url }`) once one is booked; `cancel` why it was cancelled
 * and `refunds` the money given back (how much, for what, why, in the order's language).
 */
import { Hono } from 'hono';
import type { CustomerRefund, OrderStatusEvent } from '../../shared/api/schemas.ts';
import type { RefundReason } from '../../shared/api/staff.ts';
import { translator } from '../../shared/i18n/translator.ts';
import type { AppDependencies } from '../dependencies.ts';
import { deliveryForOrder } from '../db/deliveries.ts';
import { ORDER_EVENTS_CHANNEL, waitForNotifications } from '../db/notifications.ts';
import { eventsOfOrderAfter, ORDER_EVENTS_PAGE, type OrderEventRow } from '../db/order-events.ts';
import { orderPoints } from '../db/loyalty.ts';
import { findOrder, type OrderRow } from '../db/orders.ts';
import { refundRows } from '../db/refunds.ts';
import { HttpError } from '../http/errors.ts';
import { eventStream } from '../http/event-stream.ts';
import { noteText, reasonText } from '../services/order-mail.ts';
import { ORDER_NOT_FOUND } from '../services/orders.ts';

/** How long a quiet stream waits before it checks it was not closed meanwhile. */
const LOOK_MS = 15_000;
/** A stream ends after this long; the browser reconnects with Last-Event-ID. */
const STREAM_MS = 10 * 60_000;
const FINAL = new Set(['completed', 'cancelled']);

/**
 * What the customer's page shows of an order's cancel and refunds, in the order's language: left
 * out of the event for an order neither cancelled nor refunded.
 */
async function moneyBack(
  db: AppDependencies['db'],
  order: OrderRow,
): Promise<Pick<OrderStatusEvent, 'cancel' | 'refunds' | 'points_earned'>> {
  const t = translator(order.locale);
  const refunds: CustomerRefund[] = (await refundRows(db, order.id))
    .filter((refund) => refund.status !== 'failed')
    .map((refund) => ({
      amount_cents: refund.amount_cents,
      lines: refund.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
      whole_order: refund.whole_order,
      reason: refund.reason,
      reason_text: reasonText(t, refund.reason),
      note: refund.note === null ? null : noteText(t, refund.note),
      status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
      created_at: new Date(refund.created_at).toISOString(),
    }));
  const cancelled = order.status === 'cancelled';
  if (!cancelled && refunds.length === 0) return {};
  const points = await orderPoints(db, order.id);
  return {
    cancel:
      cancelled && order.cancel_reason
        ? {
            reason: order.cancel_reason,
            reason_text: reasonText(t, order.cancel_reason as RefundReason),
            note: order.cancel_note === null ? null : noteText(t, order.cancel_note),
          }
        : null,
    refunds,
    points_earned: Math.max(0, points.earned - points.reversed),
  };
}

export function orderStatusRoutes(deps: Pick<AppDependencies, 'db' | 'settings' | 'inFlight'>): Hono {
  const { db } = deps;
  return new Hono().get('/orders/:id/status/', async (c) => {
    const orderId = c.req.param('id');
    const order = await findOrder(db, orderId);
    if (!order || order.status === 'pending_payment') throw new HttpError(404, ORDER_NOT_FOUND);
    const asked = c.req.header('Last-Event-ID') ?? '';
    let cursor = /^\d{1,18}$/.test(asked.trim()) ? asked.trim() : '0';
    return eventStream(c, deps, async (stream) => {
      // Listening before the first read: an event of this order committed after it wakes the stream.
      const waiter = waitForNotifications(
        db,
        (channel, payload) => channel === ORDER_EVENTS_CHANNEL && payload.split(' ')[1] === orderId,
      );
      let open = true;
      stream.onAbort(() => {
        open = false;
        waiter.interrupt();
      });
      const started = Date.now();
      /** Sends the order as it is now; answers whether a refund of it is still on its way. */
      const send = async (id: string | undefined, status: string, current: OrderRow) => {
        const booked = await deliveryForOrder(db, orderId);
        const back = await moneyBack(db, current);
        const data: OrderStatusEvent = {
          status,
          promised_at: current.promised_at?.toISOString() ?? null,
          delivery: booked ? { text: booked.status_text, tracking_url: booked.tracking_url } : null,
          ...back,
        };
        await stream.writeSSE({ ...(id ? { id } : {}), event: 'status', data: JSON.stringify(data) });
        return back.refunds?.some((refund) => refund.status === 'pending') ?? false;
      };
      try {
        await stream.write('retry: 3000\n\n');
        // The status now, then only what changes after it.
        let seen: OrderEventRow[];
        do {
          seen = await eventsOfOrderAfter(db, orderId, cursor);
          cursor = seen.at(-1)?.id ?? cursor;
        } while (seen.length === ORDER_EVENTS_PAGE);
        const now = (await findOrder(db, orderId))!;
        let pending = await send(cursor === '0' ? undefined : cursor, now.status, now);
        let status = now.status as string;
        while (open && (!FINAL.has(status) || pending)) {
          const left = STREAM_MS - (Date.now() - started);
          if (left <= 0) break;
          // Woken by this order's next event; a look at `open` now and then costs no query.
          if ((await waiter.next(Math.min(left, LOOK_MS))).size === 0) continue;
          let events: OrderEventRow[];
          do {
            events = await eventsOfOrderAfter(db, orderId, cursor);
            for (const event of events) {
              const current = (await findOrder(db, orderId))!;
              status = event.status;
              cursor = event.id;
              pending = await send(event.id, event.status, current);
            }
          } while (open && events.length === ORDER_EVENTS_PAGE);
        }
      } finally {
        waiter.close();
      }
    });
  });
}
