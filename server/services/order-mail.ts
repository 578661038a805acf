/**
 * The mails that tell a customer where their order is: once it is paid (written in the same
 * transaction that marks it paid), when it is ready for pickup or out for delivery, and when it is
 * cancelled or part of it refunded (what, how much, and why), and when such a refund, gone
 * through, is sent back by the card's bank. They go through the mailer (outbox, and SMTP when
 * set); a ready mail that cannot be written never undoes the order's change, it is logged. What
 * the customer typed (name, street, city) goes in only through mailText: one plain line, no link;
 * so does the staff's note on a cancel or refund. Each mail speaks the language the order was
 * placed in.
 */
import type { RefundReason } from '../../shared/api/staff.ts';
import type { Translate } from '../../shared/i18n/message.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { formatUSD } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { OrderRow } from '../db/orders.ts';
import { mailText } from '../mail/mail-text.ts';
import type { Mailer } from '../mail/mailer.ts';
import { log } from '../logger.ts';

export function paidMail(order: OrderRow): { to: string; subject: string; body: string } {
  const t = translator(order.locale);
  const number = String(order.number);
  const how =
    order.delivery_type === 'delivery'
      ? t('mail.paid.delivery', {
          street: mailText(order.delivery_street ?? ''),
          city: mailText(order.delivery_city ?? ''),
        })
      : t('mail.paid.pickup', { street: restaurant.address.street, city: restaurant.address.city });
  const reward =
    order.points_redeemed > 0
      ? `${t('mail.paid.reward', {
          points: t('common.points', { count: order.points_redeemed }),
          discount: formatUSD(order.loyalty_discount_cents),
        })}\n`
      : '';
  const thanks = t('mail.paid.thanks', { number, total: formatUSD(order.total_cents) });
  return {
    to: order.email,
    subject: t('mail.paid.subject', { number, restaurant: restaurant.name }),
    body: `${t('mail.hi', { name: mailText(order.name) })}\n\n${thanks}\n${reward}${how}\n\n${t('mail.questions', { phone: restaurant.phoneDisplay })}\n`,
  };
}

export function readyMail(
  order: OrderRow,
  status: 'ready' | 'out_for_delivery',
): { to: string; subject: string; body: string } {
  const t = translator(order.locale);
  const number = String(order.number);
  const hi = t('mail.hi', { name: mailText(order.name) });
  return status === 'ready'
    ? {
        to: order.email,
        subject: t('mail.ready.subject', { number }),
        body: `${hi}\n\n${t('mail.ready.body', { number, street: restaurant.address.street, city: restaurant.address.city })}\n`,
      }
    : {
        to: order.email,
        subject: t('mail.onTheWay.subject', { number }),
        body: `${hi}\n\n${t('mail.onTheWay.body', { number })}\n`,
      };
}

/** What a customer is told about a cancel or a refund. */
export interface MoneyBackNotice {
  kind: 'cancelled' | 'refunded';
  /** Cents going back to the card (0: a cancel with nothing left to give back). */
  amountCents: number;
  /** The items refunded (empty for an amount or a whole order). */
  lines: readonly { name: string; quantity: number }[];
  reason: RefundReason;
  /** The staff's words, as they typed them (made one plain line here). */
  note: string | null;
  pointsTakenBack: number;
  pointsGivenBack: number;
}

/** '1 × Agua fresca, 2 × Taco al pastor', each name one plain line. */
export function itemsText(lines: MoneyBackNotice['lines']): string {
  return lines.map((line) => `${line.quantity} × ${mailText(line.name)}`).join(', ');
}

/** The note of a refund made in Stripe's Dashboard, or of the cancel it made (its reason is 'other'). */
export const DASHBOARD_NOTE = 'Refunded in the Stripe Dashboard.';

/** A refund's or a cancel's note as the customer reads it: the staff's words as typed; ours in the order's language. */
export function noteText(t: Translate, note: string): string {
  return note === DASHBOARD_NOTE ? t('mail.refund.dashboardNote') : note;
}

/** The reason in the order's language ('an item ran out'). */
export function reasonText(t: Translate, reason: RefundReason): string {
  return t(`common.refundReason.${reason}`);
}

export function moneyBackMail(order: OrderRow, notice: MoneyBackNotice): { to: string; subject: string; body: string } {
  const t = translator(order.locale);
  const number = String(order.number);
  const amount = formatUSD(notice.amountCents);
  const note = notice.note === null ? '' : mailText(noteText(t, notice.note));
  const lines = [
    notice.kind === 'cancelled' ? t('mail.cancelled.body', { number }) : t('mail.refunded.body', { amount, number }),
    notice.lines.length > 0 ? t('mail.refunded.items', { items: itemsText(notice.lines) }) : '',
    notice.amountCents > 0 ? t('mail.refund.moneyBack', { amount }) : '',
    t('mail.refund.why', { reason: reasonText(t, notice.reason) }),
    note ? t('mail.refund.note', { note }) : '',
    notice.pointsTakenBack > 0 ? t('mail.refund.pointsTakenBack', { count: notice.pointsTakenBack }) : '',
    notice.pointsGivenBack > 0 ? t('mail.refund.pointsGivenBack', { count: notice.pointsGivenBack }) : '',
  ].filter(Boolean);
  return {
    to: order.email,
    subject:
      notice.kind === 'cancelled' ? t('mail.cancelled.subject', { number }) : t('mail.refunded.subject', { number }),
    body: `${t('mail.hi', { name: mailText(order.name) })}\n\n${lines.join('\n')}\n\n${t('mail.questions', { phone: restaurant.phoneDisplay })}\n`,
  };
}

/**
 * A refund the customer was told of did not reach the card after all (the card's bank sent it
 * back, or it was cancelled at the provider). The staff see the order flagged with why, and give
 * the money back another way; the customer hears that much, not the bank's reason.
 */
export function refundFailedMail(order: OrderRow, amountCents: number): { to: string; subject: string; body: string } {
  const t = translator(order.locale);
  const number = String(order.number);
  return {
    to: order.email,
    subject: t('mail.refundFailed.subject', { number }),
    body: `${t('mail.hi', { name: mailText(order.name) })}\n\n${t('mail.refundFailed.body', { amount: formatUSD(amountCents), number })}\n\n${t('mail.questions', { phone: restaurant.phoneDisplay })}\n`,
  };
}

/** Sends a mail about an order; a failure is logged, never thrown. */
export async function sendOrderMail(
  mailer: Mailer,
  mail: { to: string; subject: string; body: string },
): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    log.error({ subject: mail.subject, err: error }, 'order mail not written');
  }
}
