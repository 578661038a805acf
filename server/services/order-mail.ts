/**
 * The mails that tell a customer where their order is: once it is paid (written in the same
 * transaction that marks it paid), and when it is ready for pickup or out for delivery. They go
 * through the mailer (outbox, and SMTP when set); a ready mail that cannot be written never undoes
 * the order's change, it is logged. What the customer typed (name, street, city) goes in only
 * through mailText: one plain line, no link.
 */
import { pointsText } from '../../shared/loyalty.ts';
import { formatUSD } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { OrderRow } from '../db/orders.ts';
import { mailText } from '../mail/mail-text.ts';
import type { Mailer } from '../mail/mailer.ts';
import { log } from '../logger.ts';

export function paidMail(order: OrderRow): { to: string; subject: string; body: string } {
  const how =
    order.delivery_type === 'delivery'
      ? `We will bring it to ${mailText(order.delivery_street ?? '')}, ${mailText(order.delivery_city ?? '')}.`
      : `Pick it up at ${restaurant.address.street}, ${restaurant.address.city}; we will write again when it is ready.`;
  const reward =
    order.points_redeemed > 0
      ? `You used ${pointsText(order.points_redeemed)} for ${formatUSD(order.loyalty_discount_cents)} off.\n`
      : '';
  return {
    to: order.email,
    subject: `Order #${order.number} is in: ${restaurant.name}`,
    body: `Hi ${mailText(order.name)},\n\nThank you: we have your order #${order.number} (${formatUSD(order.total_cents)}), and the kitchen is on it.\n${reward}${how}\n\nQuestions? Call us at ${restaurant.phoneDisplay}.\n`,
  };
}

export function readyMail(
  order: OrderRow,
  status: 'ready' | 'out_for_delivery',
): { to: string; subject: string; body: string } {
  return status === 'ready'
    ? {
        to: order.email,
        subject: `Order #${order.number} is ready for pickup`,
        body: `Hi ${mailText(order.name)},\n\nYour order #${order.number} is ready. Come by ${restaurant.address.street}, ${restaurant.address.city}, and give the name on the order at the counter.\n`,
      }
    : {
        to: order.email,
        subject: `Order #${order.number} is on its way`,
        body: `Hi ${mailText(order.name)},\n\nYour order #${order.number} is out for delivery. Keep your phone close in case the driver needs directions.\n`,
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
