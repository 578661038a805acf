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

/** A card as typed on our own test-mode form (the demo provider's stand-in for Stripe's). */
export interface DemoCardConfirmation {
  client_secret: string;
  card_number: string;
  exp: string;
  cvc: string;
  /** A saved card instead of the number, expiry and code. */
  payment_method_id?: string | undefined;
  /**
   * A one-tap wallet instead of a typed card: the demo's stand-in for Apple Pay, Google Pay and
   * Link, whose card the wallet (not the page) holds.
   */
  wallet?: typeof DEMO_WALLET | undefined;
}

/** The demo provider's one-tap wallet. */
export const DEMO_WALLET = 'demo_pay';

export interface RefundOptions {
  /** Our refund's id (refunds.id), kept with the provider's refund. */
  refundId: string;
  /** The same key for a repeat of one attempt; a retry after a failure has a new one. */
  idempotencyKey: string;
  /** Whether an earlier attempt of this refund failed (or its answer was lost). */
  retry: boolean;
}

/** A refund the provider took: its name for it, and whether the money went back yet. */
export interface RefundMade {
  reference: string;
  status: 'succeeded' | 'pending';
}

/** A refund of a payment as the provider shows it (a Stripe Refund), whoever made it. */
export interface ProviderRefund {
  /** The provider's name for it (re_... for Stripe). */
  reference: string;
  amountCents: number;
  /** 'succeeded' once the money went back; 'pending' on its way; 'failed' or 'canceled' gave nothing back. */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  /** Our refunds.id when we asked for it (kept with the provider's refund), null when someone else made it (its dashboard). */
  refundId: string | null;
  /** Why a failed refund failed, in the provider's code (Stripe's failure_reason: expired_or_canceled_card, ...). */
  failureReason?: string | null;
}

/**
 * A refund the provider took, as ours reads it: `succeeded` once the money went back; anything else
 * (`pending`, or `requires_action` for a method that needs the customer) is still on its way, and
 * the provider's report (Stripe's refund.updated) says how it ended.
 */
export function madeStatus(status: string | null): RefundMade['status'] {
  return status === 'succeeded' ? 'succeeded' : 'pending';
}

/**
 * The refund the provider made for ours (`refundId`, kept in its metadata) and did not fail or
 * cancel, as `refund` answers it; null when there is none.
 */
export function liveRefundOf(found: readonly ProviderRefund[], refundId: string): RefundMade | null {
  const live = found.find(
    (refund) => refund.refundId === refundId && refund.status !== 'failed' && refund.status !== 'canceled',
  );
  return live ? { reference: live.reference, status: madeStatus(live.status) } : null;
}

/**
 * `refund` refused because the payment has less left than asked: all of it was given back already
 * (Stripe's charge_already_refunded) or part of it (a refusal of the amount), usually in the provider's
 * dashboard. This try gave nothing back; `refunds` says what was.
 */
export class RefundedElsewhere extends Error {
  constructor(
    readonly reference: string,
    /** Nothing at all is left (charge_already_refunded), rather than less than asked. */
    readonly nothingLeft: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'RefundedElsewhere';
  }
}

export interface PaymentProvider {
  /** Reported to the browser and stored on each payment; what the provider can do is said by the members below. */
  readonly name: 'demo' | 'stripe';
  /** The browser confirms in Stripe's Payment Element, which needs the publishable key. */
  readonly confirmsWithStripeJs?: boolean;
  /** A signed-in customer's saved cards may pay: `createPayment` takes their `customerReference` (a Stripe Customer). */
  readonly chargesSavedCards?: boolean;
  /** Test mode only: confirms a payment with a test card typed on our own form. */
  confirm?(input: DemoCardConfirmation): Promise<'succeeded'>;
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
   * Gives `amountCents` of a succeeded payment back to the card, as one refund of ours
   * (`refundId`, a row of the refunds table); a payment can have several until all of it is
   * back. Idempotent per refund: a repeat with the same key is the same refund, and a retry after
   * a failure (a new key, `retry`) first looks for the refund an earlier attempt may have made.
   * Answers the provider's name for the refund and whether the money went back (`succeeded`) or
   * is still on its way (`pending`: the provider reports how it ends later, as Stripe does with
   * refund.updated); throws when the provider refused it, with `RefundedElsewhere` when it
   * refused because less was left than asked.
   */
  refund(reference: string, amountCents: number, options: RefundOptions): Promise<RefundMade>;
  /**
   * Every refund of the payment the provider knows, ours and those made in its dashboard, oldest
   * first. Only a provider whose refunds can be made elsewhere has it.
   */
  refunds?(reference: string): Promise<ProviderRefund[]>;
  /** The payment (a PaymentIntent) a provider's charge belongs to, or null when it has none or there is no such charge. */
  paymentOfCharge?(chargeReference: string): Promise<string | null>;
  /**
   * Stops a payment that has not succeeded, so no further card can be tried on it (card testing).
   * Idempotent; a payment that already succeeded, was refunded or cancelled is left as it is.
   * Answers whether it is stopped (now or before): false when it had already taken the money,
   * which the caller must not record as cancelled (its success is on its way).
   */
  cancel(reference: string): Promise<boolean>;
}
