/**
 * GET /api/orders/{id}/status/: the customer's /congratulations/ page follows its order live, as
 * Server-Sent Events. The order's id is the capability (unguessable, only the customer's browser
 * has it), as for finalize-order. The first event is the order's status now; then each change the
 * staff make, read from the order_events table (so it works whichever replica the board used),
 * until the order is completed or cancelled. Each event: `event: status`, `data: {status,
 * promised_at, delivery}`, with the event's id for a reconnect's Last-Event-ID; `delivery` is
 * the delivery service's word and tracking link (`{ text, tracking_url }`) once one is booked.
 */
import { Hono } from 'hono';
import type { OrderStatusEvent } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { deliveryForOrder } from '../db/deliveries.ts';
import { eventsOfOrderAfter } from '../db/order-events.ts';
import { findOrder } from '../db/orders.ts';
import { HttpError } from '../http/errors.ts';
import { eventStream } from '../http/event-stream.ts';
import { ORDER_NOT_FOUND } from '../services/orders.ts';

/** How often the stream looks for the order's new events. */
const POLL_MS = 500;
/** A stream ends after this long; the browser reconnects with Last-Event-ID. */
const STREAM_MS = 10 * 60_000;
const FINAL = new Set(['completed', 'cancelled']);

export function orderStatusRoutes(deps: Pick<AppDependencies, 'db' | 'settings' | 'inFlight'>): Hono {
  const { db } = deps;
  return new Hono().get('/orders/:id/status/', async (c) => {
    const orderId = c.req.param('id');
    const order = await findOrder(db, orderId);
    if (!order || order.status === 'pending_payment') throw new HttpError(404, ORDER_NOT_FOUND);
    const asked = c.req.header('Last-Event-ID') ?? '';
    let cursor = /^\d{1,18}$/.test(asked.trim()) ? asked.trim() : '0';
    return eventStream(c, deps, async (stream) => {
      let open = true;
      stream.onAbort(() => void (open = false));
      const started = Date.now();
      const send = async (id: string | undefined, status: string, promisedAt: Date | null) => {
        const booked = await deliveryForOrder(db, orderId);
        const data: OrderStatusEvent = {
          status,
          promised_at: promisedAt?.toISOString() ?? null,
          delivery: booked ? { text: booked.status_text, tracking_url: booked.tracking_url } : null,
        };
        await stream.writeSSE({ ...(id ? { id } : {}), event: 'status', data: JSON.stringify(data) });
      };
      await stream.write('retry: 3000\n\n');
      // The status now, then only what changes after it.
      const seen = await eventsOfOrderAfter(db, orderId, cursor);
      cursor = seen.at(-1)?.id ?? cursor;
      const now = (await findOrder(db, orderId))!;
      await send(cursor === '0' ? undefined : cursor, now.status, now.promised_at);
      let status = now.status as string;
      while (open && !FINAL.has(status) && Date.now() - started < STREAM_MS) {
        await stream.sleep(POLL_MS);
        for (const event of await eventsOfOrderAfter(db, orderId, cursor)) {
          const current = (await findOrder(db, orderId))!;
          status = event.status;
          cursor = event.id;
          await send(event.id, event.status, current.promised_at);
        }
      }
    });
  });
}
