/**
 * The demo payment provider of the embedded defaults: no money moves, and it follows Stripe's
 * test cards so the same card numbers behave the same in both (4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds). The payment's
 * state lives in the payments table, so every replica agrees on it.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { paymentByClientSecret, setPaymentStatus } from '../../db/payments.ts';
import { cancelUnpaidPayment, paymentByReference } from '../../db/payments.ts';
import { demoCardForOrder } from '../../db/payment-methods.ts';
import { HttpError } from '../../http/errors.ts';
import { DEMO_WALLET, type DemoCardConfirmation, type PaymentProvider } from './payment-provider.ts';

export type { DemoCardConfirmation } from './payment-provider.ts';

export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const CARD_NUMBER_INVALID = 'Your card number is not valid.';
export const EXPIRY_INVALID = 'Enter the expiry date as MM/YY.';
export const CARD_EXPIRED = 'Your card has expired.';
export const CVC_INVALID = 'Enter the 3 or 4 digit security code on the back of your card.';
export const PAYMENT_NOT_FOUND = 'We could not find this payment. Start checkout again.';
export const SAVED_CARD_NOT_USABLE = 'This saved card cannot pay for this order. Choose another card.';
/** Stripe's error code for confirming a PaymentIntent that is past confirming. */
export const UNEXPECTED_STATE_CODE = 'payment_intent_unexpected_state';
/** Stripe's words for confirming a PaymentIntent that succeeded (a refund leaves it succeeded). */
export const ALREADY_SUCCEEDED =
  'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.';
export const CANCELED_CANNOT_CONFIRM =
  'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.';

/** A confirm refused because the payment is past confirming: 400 with Stripe's code and words. */
export class UnexpectedPaymentState extends HttpError {
  readonly code = UNEXPECTED_STATE_CODE;
  constructor(message: string) {
    super(400, message);
  }
}

export const DECLINES: Record<string, string> = {
  '4000000000000002': CARD_DECLINED,
  '4000000000009995': INSUFFICIENT_FUNDS,
};

export function createDemoPayments(
  db: Database,
  clock: () => Date = () => new Date(),
): PaymentProvider & {
  confirm(input: DemoCardConfirmation): Promise<'succeeded'>;
} {
  return {
    name: 'demo',
    createPayment() {
      const reference = `demo_pi_${randomBytes(12).toString('base64url')}`;
      return Promise.resolve({
        reference,
        clientSecret: `${reference}_secret_${randomBytes(18).toString('base64url')}`,
      });
    },
    async paymentStatus(reference) {
      return (await paymentByReference(db, reference))?.status ?? 'requires_payment';
    },
    async refund(reference, _amountCents, { refundId }) {
      // No money moved, so nothing goes back: a paid payment's refund is accepted (the refunds
      // table keeps what was given back, and marks the payment refunded once all of it is).
      const payment = await paymentByReference(db, reference);
      if (payment?.status !== 'succeeded' && payment?.status !== 'refunded')
        throw new Error(`Demo payment ${reference} has no successful charge to refund.`);
      return { reference: `demo_re_${refundId}`, status: 'succeeded' };
    },
    async cancel(reference) {
      // Stopped now, or before (a paid or refunded one is not).
      if (await cancelUnpaidPayment(db, reference)) return true;
      return (await paymentByReference(db, reference))?.status === 'canceled';
    },
    async confirm(input) {
      const payment = await paymentByClientSecret(db, input.client_secret);
      if (!payment || payment.provider !== 'demo') throw new HttpError(404, PAYMENT_NOT_FOUND);
      // As Stripe: a payment that succeeded (refunded or not) or was cancelled is never confirmed again.
      if (payment.status === 'succeeded' || payment.status === 'refunded')
        throw new UnexpectedPaymentState(ALREADY_SUCCEEDED);
      if (payment.status === 'canceled') throw new UnexpectedPaymentState(CANCELED_CANNOT_CONFIRM);
      if (input.wallet === DEMO_WALLET) {
        // The wallet checked its card and its owner on the device: it pays, as a test card would.
        await setPaymentStatus(db, payment.provider_reference, 'succeeded');
        return 'succeeded';
      }
      if (input.payment_method_id) {
        // A saved card pays only for an order of the customer who saved it.
        const card = await demoCardForOrder(db, input.payment_method_id, payment.order_id);
        if (!card) throw new HttpError(422, SAVED_CARD_NOT_USABLE);
        const now = clock();
        if (card.exp_year * 12 + card.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
          throw new HttpError(402, CARD_EXPIRED);
        await setPaymentStatus(db, payment.provider_reference, 'succeeded');
        return 'succeeded';
      }
      const problem = checkCard(input, clock());
      if (problem) throw new HttpError(422, problem);
      const digits = input.card_number.replace(/\D/g, '');
      const decline = DECLINES[digits];
      if (decline) {
        await setPaymentStatus(db, payment.provider_reference, 'failed', decline);
        throw new HttpError(402, decline);
      }
      await setPaymentStatus(db, payment.provider_reference, 'succeeded');
      return 'succeeded';
    },
  };
}

/** What is wrong with the card as typed, or null. */
export function checkCard(card: Omit<DemoCardConfirmation, 'client_secret'>, now: Date): string | null {
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return CARD_NUMBER_INVALID;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.exp);
  if (!expiry) return EXPIRY_INVALID;
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return EXPIRY_INVALID;
  // A card works through the last day of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return CARD_EXPIRED;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return CVC_INVALID;
  return null;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type DemoPayments = ReturnType<typeof createDemoPayments>;
