/**
 * POST /api/webhooks/stripe/: Stripe tells us about a PaymentIntent, so an order is marked paid
 * even when the customer's browser closed before it called finalize-order.
 *
 * - The signature (Stripe-Signature header, the endpoint's whsec_ secret) is checked on the raw
 *   body before anything is read from it; the CSRF check does not apply to /api/webhooks/.
 * - Stripe delivers at least once, so an event id already in webhook_events is answered and
 *   ignored. The id is written after the event was handled: a delivery that failed half way (the
 *   database or Stripe unreachable) answers 5xx, Stripe retries it, and it is handled again.
 *   Two deliveries of one event at the same moment may both be handled; that is safe because
 *   the handling is idempotent (finalizeOrder moves an order and credits points once).
 * - The event only says which payment to look at: finalizeOrder asks Stripe again before an
 *   order is marked paid. An order cancelled (and refunded) never goes back to paid: a late
 *   payment_intent.succeeded for it is recorded in webhook_events and changes nothing.
 */
import { Hono, type Context } from 'hono';
import type { ApiError, WebhookReceived } from '../../shared/api/schemas.ts';
import Stripe from 'stripe';
import type { AppDependencies, Route } from '../dependencies.ts';
import { findOrder } from '../db/orders.ts';
import { paymentByReference, setPaymentStatus } from '../db/payments.ts';
import { recordWebhookEvent, webhookEventHandled } from '../db/webhook-events.ts';
import { finalizeOrder } from '../services/orders.ts';
import { countDecline, TOO_MANY_DECLINES } from '../services/card-attempts.ts';
import { log } from '../logger.ts';

export const WEBHOOK_SIGNATURE_INVALID = 'The webhook signature is not valid.';
export const WEBHOOK_NOT_AN_EVENT = 'The webhook body is not a Stripe event.';
export const STRIPE_WEBHOOKS_OFF = 'Stripe webhooks are not set up on this server.';
/** What finalize tells the customer when Stripe gave no reason of its own. */
export const PAYMENT_FAILED = 'Your payment did not go through. Try again or use another card.';

const PROVIDER = 'stripe';

export interface StripeWebhookOptions {
  /** The endpoint's signing secret (whsec_...) from STRIPE_WEBHOOK_SECRET; without it the route answers 404. */
  webhookSecret: string | undefined;
  /** How old a signed delivery may be, in seconds (Stripe's default: 300). */
  toleranceSeconds?: number;
}

export function stripeWebhookRoutes(options: StripeWebhookOptions): Route {
  return (deps) => {
    const receive = (c: Context) => receiveEvent(c, deps, options);
    // The slash form is the API's convention; the other is what people often paste into Stripe's dashboard.
    return new Hono().post('/webhooks/stripe/', receive).post('/webhooks/stripe', receive);
  };
}

async function receiveEvent(c: Context, deps: AppDependencies, options: StripeWebhookOptions): Promise<Response> {
  if (!options.webhookSecret) return c.json({ error: true, message: STRIPE_WEBHOOKS_OFF } satisfies ApiError, 404);
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      payload,
      c.req.header('Stripe-Signature') ?? '',
      options.webhookSecret,
      options.toleranceSeconds,
    );
  } catch (error) {
    const badSignature = error instanceof Stripe.errors.StripeSignatureVerificationError;
    return c.json(
      { error: true, message: badSignature ? WEBHOOK_SIGNATURE_INVALID : WEBHOOK_NOT_AN_EVENT } satisfies ApiError,
      400,
    );
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
    return c.json({ error: true, message: WEBHOOK_NOT_AN_EVENT } satisfies ApiError, 400);
  }
  // A PaymentIntent event whose object is not a PaymentIntent (signed, so only a broken sender).
  const object = (event.data as { object?: { id?: unknown } } | undefined)?.object;
  if (
    event.type.startsWith('payment_intent.') &&
    (typeof object !== 'object' || object === null || typeof object.id !== 'string')
  ) {
    return c.json({ error: true, message: WEBHOOK_NOT_AN_EVENT } satisfies ApiError, 400);
  }

  if (await webhookEventHandled(deps.db, PROVIDER, event.id))
    return c.json({ received: true, duplicate: true } satisfies WebhookReceived);
  switch (event.type) {
    case 'payment_intent.succeeded':
      await paymentSucceeded(deps, event.data.object);
      break;
    case 'payment_intent.payment_failed':
      await paymentFailed(deps, event.data.object);
      break;
    default:
      // Events this server does not act on (the endpoint may be subscribed to more).
      break;
  }
  await recordWebhookEvent(deps.db, PROVIDER, event.id, event.type);
  return c.json({ received: true } satisfies WebhookReceived);
}

async function paymentSucceeded(deps: AppDependencies, intent: Stripe.PaymentIntent): Promise<void> {
  // The payments row, not the metadata, links a PaymentIntent to an order: a PaymentIntent of
  // another system on the same Stripe account is acknowledged and left alone.
  const payment = await paymentByReference(deps.db, intent.id);
  if (!payment) return ignored('payment_intent.succeeded', intent);
  if (intent.metadata?.order_id && intent.metadata.order_id !== payment.order_id)
    return ignored('payment_intent.succeeded', intent);
  // A cancelled, refunded order never goes back to paid: a late or replayed success is only recorded.
  const order = await findOrder(deps.db, payment.order_id);
  if (payment.status === 'refunded' || payment.status === 'canceled' || order?.status === 'cancelled') {
    return late('payment_intent.succeeded', intent, order?.status ?? 'missing');
  }
  await finalizeOrder(deps, payment.order_id);
}

async function paymentFailed(deps: AppDependencies, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await paymentByReference(deps.db, intent.id);
  if (!payment) return ignored('payment_intent.payment_failed', intent);
  // A failed attempt reported after a later attempt paid, or after the refund (Stripe does not
  // promise the order of events).
  if (payment.status === 'succeeded' || payment.status === 'refunded') return;
  const message = intent.last_payment_error?.message?.trim() || PAYMENT_FAILED;
  await setPaymentStatus(deps.db, intent.id, 'failed', message);
  // Card testing: the card went from the browser to Stripe, so the decline is counted here, and
  // once the order (or the address that placed it) has used up its attempts the payment is
  // cancelled at Stripe, which then refuses any further card on it.
  const order = await findOrder(deps.db, payment.order_id);
  const usedUp = await countDecline(
    deps.db,
    { orderId: payment.order_id, address: order?.client_address ?? undefined },
    deps.clock(),
  );
  if (usedUp) {
    await deps.payments.cancel(intent.id);
    await setPaymentStatus(deps.db, intent.id, 'canceled', TOO_MANY_DECLINES);
    log.warn(
      { order_id: payment.order_id, payment_intent: intent.id },
      'payment cancelled after too many declined cards',
    );
  }
}

function late(type: string, intent: Stripe.PaymentIntent, orderStatus: string): void {
  log.info(
    { type, payment_intent: intent.id, order_status: orderStatus },
    'Stripe event for a cancelled or refunded order, ignored',
  );
}

function ignored(type: string, intent: Stripe.PaymentIntent): void {
  log.info({ type, payment_intent: intent.id }, 'Stripe event for a payment this server did not create');
}
