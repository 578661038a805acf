/**
 * A card payment processor behind one small interface, the demo beside the real one:
 * the demo provider by default, Stripe when STRIPE_SECRET_KEY is set.
 */
export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

export interface CreatedPayment {
  /** The provider's id for this payment (a PaymentIntent id for Stripe). */
  reference: string;
  /** What the browser needs to confirm the payment. */
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  createPayment(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    description: string;
    /** Retries with the same key create nothing new. */
    idempotencyKey: string;
    /** The provider's customer (a Stripe Customer) whose saved cards may pay. */
    customerReference?: string | undefined;
  }): Promise<CreatedPayment>;
  /** Where the money is, as the provider says now. */
  paymentStatus(reference: string): Promise<PaymentStatus>;
  /**
   * Gives `amountCents` of a succeeded payment back to the card. Idempotent: calling it again for
   * the same payment refunds nothing more.
   */
  refund(reference: string, amountCents: number): Promise<void>;
  /**
   * Stops a payment that has not succeeded, so no further card can be tried on it (card testing).
   * Idempotent; a payment that already succeeded, was refunded or cancelled is left as it is.
   */
  cancel(reference: string): Promise<void>;
}
