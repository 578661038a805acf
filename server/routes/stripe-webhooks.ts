/**
 * POST /api/webhooks/stripe/: Stripe tells us what happened to a payment.
 *
 * - payment_intent.succeeded: the order is marked paid even when the customer's browser closed
 *   before it called finalize-order; payment_intent.payment_failed records why a card was refused.
 * - setup_intent.setup_failed: a card being saved to an account was declined; counted against the
 *   account and the address, and past their limits the account's open SetupIntents are cancelled
 *   (card testing, services/card-attempts.ts).
 * - payment_intent.processing: the payment is noted as on its way, the order stays unpaid (it is
 *   neither on the board nor sent to the kitchen; finalize-order tells the customer it is still
 *   processing). payment_intent.canceled: an unpaid order's payment is marked cancelled, which ends
 *   the slot place its checkout held (db/slots.ts); a paid order is never touched.
 * - charge.refunded, charge.refund.updated, refund.created, refund.updated, refund.failed: the
 *   payment's refunds are read from Stripe (the event's Charge no longer lists them, from API
 *   version 2022-11-15); each one not recorded yet, made in Stripe's Dashboard, becomes a refund of
 *   the order, one of ours Stripe took `pending` is marked succeeded once Stripe says so, and one
 *   recorded as given back that Stripe now says failed (the card was closed by the time the money
 *   reached it) is marked failed and flagged to the staff (services/refunds.ts).
 * - charge.dispute.created, .updated, .closed (and .funds_withdrawn, .funds_reinstated): the
 *   dispute is recorded on its order, the order flagged on the staff board while it is open, and
 *   the owner mailed when it opens and closes (services/payment-disputes.ts). A dispute names its
 *   PaymentIntent, or only its Charge, whose PaymentIntent is then read from Stripe.
 *
 * - The signature (Stripe-Signature header, the endpoint's whsec_ secret) is checked on the raw
 *   body before anything is read from it; the CSRF check does not apply to /api/webhooks/.
 * - Stripe delivers at least once, so an event id already in webhook_events is answered and
 *   ignored. The id is written after the event was handled: a delivery that failed half way (the
 *   database or Stripe unreachable) answers 5xx, Stripe retries it, and it is handled again.
 *   Two deliveries of one event at the same moment may both be handled; that is safe because
 *   the handling is idempotent (finalizeOrder moves an order and credits points once; a declined
 *   card counted twice only brings its limit one nearer).
 * - The event only says which payment to look at: finalizeOrder asks Stripe again before an
 *   order is marked paid. An order cancelled (and refunded) never goes back to paid: a late
 *   payment_intent.succeeded for it is recorded in webhook_events and changes nothing.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiError, WebhookReceived } from '../../shared/api/schemas.ts';
import Stripe from 'stripe';
import type { AppDependencies, Route } from '../dependencies.ts';
import { customerByStripeId } from '../db/accounts.ts';
import { findOrder } from '../db/orders.ts';
import {
  cancelUnpaidPayment,
  markPaymentProcessing,
  openPaymentsFromAddress,
  paymentByReference,
  setPaymentStatus,
  type PaymentRow,
} from '../db/payments.ts';
import { recordWebhookEvent, webhookEventHandled } from '../db/webhook-events.ts';
import { HttpError } from '../http/errors.ts';
import { finalizeOrder, stopPayment } from '../services/orders.ts';
import { countDecline, countSetupDecline, TOO_MANY_DECLINES } from '../services/card-attempts.ts';
import { recordDispute } from '../services/payment-disputes.ts';
import { takeInProviderRefunds } from '../services/refunds.ts';
import { log } from '../logger.ts';

export const WEBHOOK_SIGNATURE_INVALID = 'The webhook signature is not valid.';
export const WEBHOOK_NOT_AN_EVENT = 'The webhook body is not a Stripe event.';
export const STRIPE_WEBHOOKS_OFF = 'Stripe webhooks are not set up on this server.';
/** What finalize tells the customer when Stripe gave no reason of its own. */
export const PAYMENT_FAILED = 'Your payment did not go through. Try again or use another card.';

const PROVIDER = 'stripe';

/** An id Stripe gave, or the object it names (expanded). */
const StripeId = z.string().min(1).max(255);
const Expandable = z
  .union([StripeId, z.looseObject({ id: StripeId })])
  .nullable()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));
/** A code Stripe writes (fraudulent, needs_response): lowercase words, else 'unknown'. */
const Code = z
  .string()
  .max(200)
  .transform((value) => (/^[a-z][a-z_]{0,63}$/.test(value) ? value : 'unknown'));

/** The part of a Charge (charge.refunded) this route reads: https://docs.stripe.com/api/charges/object. */
const ChargeObject = z.looseObject({ id: StripeId, payment_intent: Expandable });
/** The part of a Refund (refund.updated, charge.refund.updated): https://docs.stripe.com/api/refunds/object. */
const RefundObject = z.looseObject({ id: StripeId, payment_intent: Expandable, charge: Expandable });
/** The part of a Dispute (charge.dispute.*): https://docs.stripe.com/api/disputes/object. */
const DisputeObject = z.looseObject({
  id: StripeId,
  amount: z.number().int().min(0).max(99_999_999),
  reason: Code,
  status: Code,
  evidence_details: z
    .looseObject({ due_by: z.number().int().min(0).max(32_503_680_000).nullable().optional() })
    .nullable()
    .optional(),
  payment_intent: Expandable,
  charge: Expandable,
  livemode: z.boolean().optional(),
});

const REFUND_EVENTS = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

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
  // An event whose object is not what its type says (signed, so only a broken sender).
  const object = (event.data as { object?: { id?: unknown } } | undefined)?.object;
  const type = event.type;
  const refund = REFUND_EVENTS.has(type) ? (type.startsWith('charge.refunded') ? ChargeObject : RefundObject) : null;
  const readable = /^(payment|setup)_intent\./.test(type)
    ? typeof object === 'object' && object !== null && typeof object.id === 'string'
    : refund
      ? refund.safeParse(object).success
      : DISPUTE_EVENTS.has(type)
        ? DisputeObject.safeParse(object).success
        : true;
  if (!readable) return c.json({ error: true, message: WEBHOOK_NOT_AN_EVENT } satisfies ApiError, 400);

  if (await webhookEventHandled(deps.db, PROVIDER, event.id))
    return c.json({ received: true, duplicate: true } satisfies WebhookReceived);
  switch (type) {
    case 'payment_intent.succeeded':
      await paymentSucceeded(deps, event.data.object);
      break;
    case 'payment_intent.payment_failed':
      await paymentFailed(deps, event.data.object);
      break;
    case 'payment_intent.processing':
      await paymentProcessing(deps, event.data.object);
      break;
    case 'payment_intent.canceled':
      await paymentCanceled(deps, event.data.object);
      break;
    case 'setup_intent.setup_failed':
      await setupFailed(deps, event.data.object);
      break;
    default:
      if (refund)
        await refundsChanged(
          deps,
          type,
          refund === ChargeObject ? ChargeObject.parse(object) : RefundObject.parse(object),
        );
      else if (DISPUTE_EVENTS.has(type)) await disputeChanged(deps, type, DisputeObject.parse(object));
      // Anything else: events this server does not act on (the endpoint may be subscribed to more).
      break;
  }
  await recordWebhookEvent(deps.db, PROVIDER, event.id, type);
  return c.json({ received: true } satisfies WebhookReceived);
}

/** The order's payment, by its PaymentIntent; null (the event is for another system's payment) when there is none. */
async function ourPayment(deps: AppDependencies, intentId: string | null): Promise<PaymentRow | null> {
  return intentId ? paymentByReference(deps.db, intentId) : null;
}

async function paymentProcessing(deps: AppDependencies, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await paymentByReference(deps.db, intent.id);
  if (!payment) return ignored('payment_intent.processing', intent);
  // The order stays unpaid: only payment_intent.succeeded (checked with Stripe) marks it paid.
  await markPaymentProcessing(deps.db, intent.id);
}

async function paymentCanceled(deps: AppDependencies, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await paymentByReference(deps.db, intent.id);
  if (!payment) return ignored('payment_intent.canceled', intent);
  // A paid order is never touched (a succeeded PaymentIntent cannot be cancelled; this is a late or odd report).
  if (await cancelUnpaidPayment(deps.db, intent.id))
    log.info({ order_id: payment.order_id, payment_intent: intent.id }, 'unpaid checkout cancelled at Stripe');
}

/** A refund made or changed at Stripe: the payment's refunds, read from Stripe, recorded on its order. */
async function refundsChanged(
  deps: AppDependencies,
  type: string,
  object: { id: string; payment_intent: string | null; charge?: string | null },
): Promise<void> {
  const intentId =
    object.payment_intent ?? (object.charge ? ((await deps.payments.paymentOfCharge?.(object.charge)) ?? null) : null);
  const payment = await ourPayment(deps, intentId);
  if (!payment)
    return log.info({ type, object: object.id }, 'Stripe refund event for a payment this server did not create');
  const order = await findOrder(deps.db, payment.order_id);
  // Paid at Stripe but not marked so yet here (its success still on the way): marked now, so the
  // refund is recorded on a paid order and the order is never cooked after its money went back.
  if (order?.status === 'pending_payment') await finalizeIfPaid(deps, payment.order_id);
  const recorded = await takeInProviderRefunds(deps, payment.order_id, payment.provider_reference);
  if (recorded > 0) log.info({ type, order_id: payment.order_id, recorded }, 'refunds made at Stripe recorded');
}

/** A dispute opened, changed or closed: recorded on its order, which it finds through its PaymentIntent or Charge. */
async function disputeChanged(
  deps: AppDependencies,
  type: string,
  dispute: z.infer<typeof DisputeObject>,
): Promise<void> {
  const intentId =
    dispute.payment_intent ??
    (dispute.charge ? ((await deps.payments.paymentOfCharge?.(dispute.charge)) ?? null) : null);
  const payment = await ourPayment(deps, intentId);
  if (!payment)
    return log.info({ type, dispute: dispute.id }, 'Stripe dispute for a payment this server did not create');
  const due = dispute.evidence_details?.due_by;
  await recordDispute(deps, payment.order_id, {
    id: dispute.id,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: typeof due === 'number' ? new Date(due * 1000) : null,
    livemode: dispute.livemode === true,
    closed: type === 'charge.dispute.closed',
  });
}

/** finalize-order, for an order whose payment may have gone through; a payment not through is left as it is. */
async function finalizeIfPaid(deps: AppDependencies, orderId: string): Promise<void> {
  try {
    await finalizeOrder(deps, orderId);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
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
  const address = order?.client_address ?? undefined;
  const usedUp = await countDecline(deps.db, { orderId: payment.order_id, address }, deps.clock());
  // The address's checkouts opened beforehand are stopped with it: each would be more tries.
  const stopping = usedUp.address && address ? await openPaymentsFromAddress(deps.db, address) : [];
  if (usedUp.order && !stopping.some((open) => open.provider_reference === intent.id))
    stopping.push({ provider_reference: intent.id, order_id: payment.order_id });
  await stopDeclinedCheckouts(deps, stopping);
}

/** Stops checkouts' payments once their card declines are used up (card testing), saying so in the log. */
async function stopDeclinedCheckouts(
  deps: AppDependencies,
  checkouts: { provider_reference: string; order_id: string }[],
): Promise<void> {
  for (const open of checkouts) {
    if (!(await stopPayment(deps, open.provider_reference, TOO_MANY_DECLINES))) continue;
    log.warn(
      { order_id: open.order_id, payment_intent: open.provider_reference },
      'payment cancelled after too many declined cards',
    );
  }
}

/**
 * A card the customer tried to save was declined: Stripe.js sent it from the browser, and the
 * SetupIntent takes the next card as readily, so the decline is counted here against the account
 * (the one its Stripe Customer was made for: our row, not the metadata) and the address it was
 * started from (its metadata; a SetupIntent from before it was kept counts against the account
 * alone). Once either has used up its attempts, the account's open SetupIntents are cancelled at
 * Stripe, and once the address's are, the checkouts it has waiting too, as for a declined payment.
 * Open SetupIntents other accounts started from the address are not known here: each takes cards
 * until its own account's declines are used up.
 */
async function setupFailed(deps: AppDependencies, setup: Stripe.SetupIntent): Promise<void> {
  const stripeCustomer = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null);
  const account = stripeCustomer ? await customerByStripeId(deps.db, stripeCustomer) : null;
  if (!account) {
    log.info(
      { type: 'setup_intent.setup_failed', setup_intent: setup.id },
      'Stripe event for a setup this server did not start',
    );
    return;
  }
  const cognitoSub = account.cognito_sub;
  const address = setup.metadata?.client_address || undefined;
  const usedUp = await countSetupDecline(deps.db, { cognitoSub, address }, deps.clock());
  if (!usedUp.account && !usedUp.address) return;
  await deps.cardVault.stopSetups?.(cognitoSub);
  log.warn({ cognito_sub: cognitoSub, setup_intent: setup.id }, 'card setups cancelled after too many declined cards');
  if (usedUp.address && address) await stopDeclinedCheckouts(deps, await openPaymentsFromAddress(deps.db, address));
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
