/**
 * The Stripe payment provider (STRIPE_SECRET_KEY): one PaymentIntent per order, confirmed by the
 * customer in Stripe's Payment Element (card data never reaches this server). Stripe's shapes stop
 * here: the rest of the app sees a reference, a client secret and a PaymentStatus.
 */
import Stripe from 'stripe';
import type { PaymentProvider, PaymentStatus } from './payment-provider.ts';
import { createStripeClient, type StripeClientOptions } from './stripe-client.ts';

export type StripePaymentsOptions = StripeClientOptions;

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
          automatic_payment_methods: { enabled: true },
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
        const earlier = await stripe.refunds.list({ payment_intent: reference, limit: 100 });
        const made = earlier.data.find(
          (refund) =>
            refund.metadata?.refund_id === refundId && refund.status !== 'failed' && refund.status !== 'canceled',
        );
        if (made) return { reference: made.id };
      }
      const refund = await stripe.refunds.create(
        { payment_intent: reference, amount: amountCents, metadata: { refund_id: refundId } },
        { idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(
          `Stripe refund ${refund.id} is ${refund.status}: ${refund.failure_reason ?? 'no reason given'}.`,
        );
      return { reference: refund.id };
    },
    async cancel(reference) {
      try {
        await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'fraudulent' });
      } catch (error) {
        // Already succeeded or cancelled: Stripe answers payment_intent_unexpected_state, and there is nothing to stop.
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
      }
    },
    describePayment,
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
