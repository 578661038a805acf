/**
 * The owner's mails about a customer disputing a card payment with their bank: when the bank opens
 * it (or asks about the payment: an inquiry) and when it closes. English (the owner's words), to the
 * restaurant's address (settings/restaurant.json). Nothing the provider sent is written as it came:
 * the amount is ours to format, the reason a code we know said in words, the dispute's id checked
 * before it goes into the link, and the customer's name one plain line (mail-text.ts).
 */
import { formatUSD } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { PaymentDisputeRow } from '../db/payment-disputes.ts';
import type { OrderRow } from '../db/orders.ts';
import type { Mail } from './mailer.ts';
import { mailText } from './mail-text.ts';

/** The reasons Stripe documents for a dispute (https://docs.stripe.com/disputes/categories). */
export const DISPUTE_REASONS: ReadonlySet<string> = new Set([
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'noncompliant',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
]);

/** A reason code in words ('product not received'); one we do not know is 'no reason given'. */
export function disputeReasonWords(reason: string): string {
  return DISPUTE_REASONS.has(reason) ? reason.replaceAll('_', ' ') : 'no reason given';
}

/** An inquiry (warning_*): the bank asks about the payment and has taken nothing back yet. */
export function isInquiry(status: string): boolean {
  return status.startsWith('warning_');
}

/** Where the owner answers the dispute: its page in Stripe's Dashboard, for an id as Stripe writes them. */
export function disputeLink(disputeId: string, livemode: boolean): string | null {
  if (!/^(dp|du)_[A-Za-z0-9]{1,64}$/.test(disputeId)) return null;
  return `https://dashboard.stripe.com/${livemode ? '' : 'test/'}disputes/${disputeId}`;
}

/** 'Friday, November 27, 2026 at 11:59 PM', in the restaurant's time zone. */
export function dueText(at: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: restaurant.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** The staff board's words for the order's 'payment_disputed' problem. */
export function disputeDetail(dispute: Pick<PaymentDisputeRow, 'amount_cents' | 'reason' | 'status'>): string {
  const amount = formatUSD(dispute.amount_cents);
  const reason = disputeReasonWords(dispute.reason);
  return isInquiry(dispute.status)
    ? `The customer's bank asked about ${amount} (${reason}): an inquiry, not a dispute yet.`
    : `The customer disputed ${amount} with their bank (${reason}).`;
}

function orderLine(order: OrderRow): string {
  return `Order #${order.number}: ${mailText(order.name)}, ${formatUSD(order.total_cents)}.`;
}

/** The bank opened a dispute (or an inquiry) on the order's payment. */
export function disputeOpenedMail(order: OrderRow, dispute: PaymentDisputeRow, livemode: boolean): Mail {
  const amount = formatUSD(dispute.amount_cents);
  const inquiry = isInquiry(dispute.status);
  const link = disputeLink(dispute.id, livemode);
  const lines = [
    inquiry
      ? `The customer's bank is asking about the payment for order #${order.number} (${amount}). Nothing has been taken back yet: an answer now can stop it becoming a dispute.`
      : `The customer disputed the payment for order #${order.number} with their bank: ${amount} is taken back from the restaurant's Stripe balance until the bank decides.`,
    orderLine(order),
    `Reason the bank gave: ${disputeReasonWords(dispute.reason)}.`,
    dispute.evidence_due_by
      ? `Answer with your evidence in Stripe by ${dueText(new Date(dispute.evidence_due_by))}; after that the bank decides without it.`
      : 'Answer with your evidence in Stripe.',
    link ? `The dispute in Stripe: ${link}` : '',
    'The order shows the dispute on the kitchen board until it closes.',
  ].filter(Boolean);
  return {
    to: restaurant.email,
    subject: `${inquiry ? 'Payment inquiry' : 'Payment disputed'}: order #${order.number}`,
    body: `${lines.join('\n')}\n`,
  };
}

/** The dispute closed: won, lost, or an inquiry closed without a dispute. */
export function disputeClosedMail(order: OrderRow, dispute: PaymentDisputeRow, livemode: boolean): Mail {
  const amount = formatUSD(dispute.amount_cents);
  const outcome =
    dispute.status === 'won'
      ? `You won the dispute on order #${order.number}: the ${amount} stays with the restaurant.`
      : dispute.status === 'lost'
        ? `The dispute on order #${order.number} was lost: the bank gave ${amount} back to the customer.`
        : dispute.status === 'warning_closed'
          ? `The customer's bank closed its inquiry about order #${order.number} without a dispute: nothing was taken back.`
          : `The dispute on order #${order.number} (${amount}) is closed.`;
  const link = disputeLink(dispute.id, livemode);
  const lines = [outcome, orderLine(order), link ? `The dispute in Stripe: ${link}` : ''].filter(Boolean);
  return {
    to: restaurant.email,
    subject: `Dispute closed: order #${order.number}`,
    body: `${lines.join('\n')}\n`,
  };
}
