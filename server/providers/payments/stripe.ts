/**
 * The Stripe payment provider (STRIPE_SECRET_KEY): one PaymentIntent per order, confirmed by the
 * customer in Stripe's Payment Element (card data never reaches this server). Stripe's shapes stop
 * here: the rest of the app sees a reference, a client secret and a PaymentStatus.
 */
import Stripe from 'stripe';
import {
  liveRefundOf,
  madeStatus,
  RefundedElsewhere,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderRefund,
} from './payment-provider.ts';
import { createStripeClient, type StripeClientOptions } from './stripe-client.ts';
import { log } from '../../logger.ts';

export type StripePaymentsOptions = StripeClientOptions;

/**
 * The payment methods a PaymentIntent takes (`allowed_payment_method_types`: the API version the
 * SDK pins, 2026-10-28.endive, refuses the older `payment_method_types`): those that confirm at
 * once. Cards, with the wallets that pay with one (Apple Pay and Google Pay are cards to Stripe, so
 * the Express Checkout Element still offers them), and Link. Not `automatic_payment_methods`,
 * Stripe's default, which brings whatever the Dashboard has turned on, bank debits included: those
 * stay `processing` for days, and the order would reach the kitchen long after the customer's time.
 */
export const INSTANT_PAYMENT_METHODS = ['card', 'link'] as const;

/** More refunds than one payment can have in practice: the listing stops there. */
const MOST_REFUNDS = 1000;

/** A refund id as Stripe writes them (re_..., pyr_...), nothing else taken from its answer. */
const REFUND_ID = /^[a-z]{2,5}_[A-Za-z0-9]{1,250}$/;

export interface StripePayments extends PaymentProvider {
  readonly name: 'stripe';
  /** The SDK client, for webhook routes or admin tools that need more of Stripe's API. */
  readonly stripe: Stripe;
  /** The payment's status and, after a failed attempt, Stripe's sentence for the customer. */
  describePayment(reference: string): Promise<{ status: PaymentStatus; failureMessage: string | null }>;
}

export function createStripePayments(options: StripePaymentsOptions): StripePayments {
  const stripe = createStripeClient(options);

  async function describePayment(reference: string) {
    const intent = await stripe.paymentIntents.retrieve(reference);
    return { status: paymentStatusOf(intent), failureMessage: paymentFailureMessage(intent) };
  }

  return {
    name: 'stripe',
    confirmsWithStripeJs: true,
    chargesSavedCards: true,
    stripe,
    async createPayment(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          allowed_payment_method_types: [...INSTANT_PAYMENT_METHODS],
          description: input.description,
          metadata: { order_id: input.orderId },
          // A signed-in customer's saved cards can pay it.
          ...(input.customerReference ? { customer: input.customerReference } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret.`);
      return { reference: intent.id, clientSecret: intent.client_secret };
    },
    async paymentStatus(reference) {
      return (await describePayment(reference)).status;
    },
    async refund(reference, amountCents, { refundId, idempotencyKey, retry }) {
      // A retry first looks for what an earlier attempt made: its answer may have been lost on
      // the way back after Stripe gave the money (Stripe replays a keyed failure, so a retry
      // needs a new key, and this look keeps that from refunding twice).
      if (retry) {
        const made = liveRefundOf(await listRefunds(reference), refundId);
        if (made) return made;
      }
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: reference, amount: amountCents, metadata: { refund_id: refundId } },
          { idempotencyKey },
        );
      } catch (error) {
        // Less left than asked: refunded already, all of it or part, mostly in Stripe's Dashboard.
        // All of it: code charge_already_refunded. Part: "Refund amount ($x) is greater than
        // unrefunded amount on charge ($y)", which Stripe sends on the `amount` parameter with no
        // code (some answers have carried amount_too_large).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const { code, param } = error;
          if (code === 'charge_already_refunded' || code === 'amount_too_large' || (param === 'amount' && !code))
            throw new RefundedElsewhere(reference, code === 'charge_already_refunded', error.message);
        }
        throw error;
      }
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(
          `Stripe refund ${refund.id} is ${refund.status}: ${refund.failure_reason ?? 'no reason given'}.`,
        );
      return { reference: refund.id, status: madeStatus(refund.status) };
    },
    async cancel(reference) {
      try {
        await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'fraudulent' });
        return true;
      } catch (error) {
        // Already succeeded or cancelled: Stripe answers payment_intent_unexpected_state with the
        // PaymentIntent as it is, and there is nothing to stop.
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
        const intent =
          (error as { payment_intent?: Stripe.PaymentIntent }).payment_intent ??
          (await stripe.paymentIntents.retrieve(reference));
        return intent.status === 'canceled';
      }
    },
    refunds: listRefunds,
    async paymentOfCharge(chargeReference) {
      let charge: Stripe.Charge;
      try {
        charge = await stripe.charges.retrieve(chargeReference);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
      const intent = charge.payment_intent;
      return typeof intent === 'string' ? intent : (intent?.id ?? null);
    },
    describePayment,
  };

  /** The PaymentIntent's refunds, every page of them, oldest first. */
  async function listRefunds(reference: string): Promise<ProviderRefund[]> {
    const found: ProviderRefund[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: reference, limit: 100 })) {
      const known = providerRefund(refund);
      if (known) found.push(known);
      else log.warn({ payment_intent: reference }, 'Stripe listed a refund this server cannot read; left out');
      if (found.length >= MOST_REFUNDS) break;
    }
    // Stripe lists newest first.
    return found.reverse();
  }
}

/** A Stripe Refund in the app's words, or null for one that does not read as Stripe documents it. */
export function providerRefund(refund: Stripe.Refund): ProviderRefund | null {
  const statuses: readonly string[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];
  if (typeof refund.id !== 'string' || !REFUND_ID.test(refund.id)) return null;
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) return null;
  if (typeof refund.status !== 'string' || !statuses.includes(refund.status)) return null;
  const ours = refund.metadata?.refund_id;
  return {
    reference: refund.id,
    amountCents: refund.amount,
    status: refund.status as ProviderRefund['status'],
    refundId: typeof ours === 'string' && ours !== '' ? ours : null,
    failureReason:
      typeof refund.failure_reason === 'string' && /^[a-z][a-z_]{0,63}$/.test(refund.failure_reason)
        ? refund.failure_reason
        : null,
  };
}

/** Where the money is, in the app's words, for a PaymentIntent as Stripe shows it. */
export function paymentStatusOf(intent: Pick<Stripe.PaymentIntent, 'id' | 'status'>): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    // Authorised but not captured: the money has not moved yet (we capture automatically).
    case 'requires_capture':
      return 'processing';
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'requires_action':
      return 'requires_payment';
    case 'canceled':
      return 'canceled';
    default:
      // A status newer than this code: refuse to guess which way the money went.
      throw new Error(`Stripe PaymentIntent ${intent.id} has a status this server does not know: ${intent.status}.`);
  }
}

/**
 * Why the last attempt to pay failed, in Stripe's customer-facing words ("Your card was
 * declined."), or null when nothing failed or the customer has moved on to a new attempt.
 */
export function paymentFailureMessage(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>,
): string | null {
  if (intent.status !== 'requires_payment_method') return null;
  const message = intent.last_payment_error?.message?.trim();
  return message ? message : null;
}
