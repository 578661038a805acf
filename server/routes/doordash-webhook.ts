/**
 * POST /api/webhooks/doordash/: DoorDash tells us where a delivery is (dasher confirmed, picked
 * up, dropped off, cancelled ...). Ready to mount beside the Stripe webhook; not mounted yet.
 *
 * - The Authorization header must be the value registered with DoorDash (DOORDASH_WEBHOOK_SECRET),
 *   else 401. The CSRF check does not apply to /api/webhooks/.
 * - DoorDash resends an event until it gets 200 (up to 3 times), so one delivery of one event is
 *   applied once (db/deliveries.ts); a retry is answered 200 and changes nothing.
 * - An event for a delivery we did not book is answered 200 and left alone, as Stripe's are.
 * - DoorDash cancelling the delivery of an order not yet completed or cancelled flags it
 *   'delivery not booked' on the staff board, with DoorDash's documented reason (never its text).
 */
import { Hono, type Context } from 'hono';
import type { ApiError, WebhookReceived } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { applyDeliveryEvent } from '../db/deliveries.ts';
import { findOrder } from '../db/orders.ts';
import {
  cancellationDetail,
  eventKey,
  returnDetail,
  parseDoorDashEvent,
  verifyDoorDashWebhook,
} from '../providers/delivery/doordash-webhook.ts';
import { readyMail, sendOrderMail } from '../services/order-mail.ts';
import { flagOrderProblem } from '../services/order-problems.ts';
import { sendOrderText } from '../services/order-texts.ts';
import { log } from '../logger.ts';

export const DOORDASH_WEBHOOKS_OFF = 'DoorDash webhooks are not set up on this server.';
export const DOORDASH_WEBHOOK_UNAUTHORIZED = 'The webhook did not carry the authorization registered with DoorDash.';
export const DOORDASH_WEBHOOK_NOT_AN_EVENT = 'The webhook body is not a DoorDash delivery event.';
export const DOORDASH_DELIVERY_NOT_YET = 'This delivery is still being recorded here. Send the event again.';

export interface DoorDashWebhookDependencies extends Pick<
  AppDependencies,
  'db' | 'clock' | 'mailer' | 'sms' | 'inFlight'
> {
  /** The Authorization value registered in DoorDash's Developer Portal; without it the route answers 404. */
  webhookSecret: string | undefined;
}

export function doordashWebhookRoutes(deps: DoorDashWebhookDependencies): Hono {
  const receive = (c: Context) => receiveEvent(c, deps);
  return new Hono().post('/webhooks/doordash/', receive).post('/webhooks/doordash', receive);
}

async function receiveEvent(c: Context, deps: DoorDashWebhookDependencies): Promise<Response> {
  if (!deps.webhookSecret) return c.json({ error: true, message: DOORDASH_WEBHOOKS_OFF } satisfies ApiError, 404);
  if (!verifyDoorDashWebhook(c.req.header('Authorization'), deps.webhookSecret)) {
    return c.json({ error: true, message: DOORDASH_WEBHOOK_UNAUTHORIZED } satisfies ApiError, 401);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = null;
  }
  const event = parseDoorDashEvent(body);
  if (!event) return c.json({ error: true, message: DOORDASH_WEBHOOK_NOT_AN_EVENT } satisfies ApiError, 400);

  const result = await applyDeliveryEvent(deps.db, {
    provider: 'doordash',
    eventKey: eventKey(event),
    eventName: event.event_name,
    externalDeliveryId: event.external_delivery_id,
    trackingUrl: event.tracking_url,
    dasherName: event.dasher_name,
    at: deps.clock(),
  });
  if (result.outcome === 'duplicate') return c.json({ received: true, duplicate: true } satisfies WebhookReceived);
  // DoorDash sends an event again until it is answered 200: by then the booking's answer is recorded.
  if (result.outcome === 'not_yet')
    return c.json({ error: true, message: DOORDASH_DELIVERY_NOT_YET } satisfies ApiError, 409);
  if (result.outcome === 'ignored') {
    log.info(
      { event: event.event_name, external_delivery_id: event.external_delivery_id },
      'DoorDash event this server does not act on',
    );
  }
  if (result.outcome === 'applied' && result.movedTo === 'out_for_delivery') {
    const order = await findOrder(deps.db, result.orderId);
    if (order) await sendOrderMail(deps.mailer, readyMail(order, 'out_for_delivery'));
    void deps.inFlight.track(sendOrderText(deps, result.orderId, 'out_for_delivery'));
  }
  const stillOpen = (status: string | null) => status !== null && status !== 'completed' && status !== 'cancelled';
  if (result.outcome === 'applied' && result.step.status === 'cancelled' && stillOpen(result.orderStatus)) {
    const detail = cancellationDetail(event.cancellation_reason);
    await flagOrderProblem(deps.db, { orderId: result.orderId, kind: 'delivery_not_booked', detail, at: deps.clock() });
  }
  // The customer's page says the restaurant will call: the staff hear of it.
  if (result.outcome === 'applied' && stillOpen(result.orderStatus)) {
    const { status } = result.step;
    if (status === 'returning' || status === 'returned')
      await flagOrderProblem(deps.db, {
        orderId: result.orderId,
        kind: 'delivery_returned',
        detail: returnDetail(status),
        at: deps.clock(),
      });
  }
  return c.json({ received: true } satisfies WebhookReceived);
}
