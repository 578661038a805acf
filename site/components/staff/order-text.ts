/** How the board and the kitchen ticket write an order's parts: times, type, address, money, refunds. */
import type { BoardOrder, OrderProblemKind, RefundAnswer } from '../../../shared/api/staff.ts';
import { boardTimeText, dueTime, type KitchenPace } from '../../../shared/kitchen-clock.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { formatStoreTime } from '../../../shared/schedule.ts';
import { kitchenSettings } from '../../../shared/settings/values.ts';
import { REASON_LABELS } from '../../../shared/staff-board.ts';

/** The kitchen's pace from the settings: its prep time. */
export const PACE: KitchenPace = { prepMinutes: kitchenSettings.prepMinutes };

export const orderTitle = (order: Pick<BoardOrder, 'number'>) => `Order ${order.number}`;

export const typeText = (order: Pick<BoardOrder, 'delivery_type'>) =>
  order.delivery_type === 'delivery' ? 'Delivery' : 'Pickup';

/** '11:20 AM' today, 'Fri Nov 27, 6:15 PM' another day, in the restaurant's zone. */
export const boardTime = (at: number | string, now: number) =>
  boardTimeText(typeof at === 'string' ? Date.parse(at) : at, now, restaurant.timeZone);

/** When the kitchen must have it: 'due 11:20 AM', or a scheduled order's 'for Fri Nov 27, 6:15 PM'. */
export function dueText(order: BoardOrder, now: number): string {
  return `${dueWord(order)} ${boardTime(dueTime(order), now)}`;
}

/** 'for' a scheduled order's own time, else 'due'. */
export const dueWord = (order: BoardOrder) => (order.scheduled_for && !order.promised_at ? 'for' : 'due');

/** 'Pickup, as soon as possible' or 'Delivery, scheduled for Saturday 6:15 PM'. */
export function whenText(order: BoardOrder): string {
  return order.scheduled_for
    ? `${typeText(order)}, scheduled for ${formatStoreTime(new Date(order.scheduled_for))}`
    : `${typeText(order)}, as soon as possible`;
}

export function addressText(order: BoardOrder): string | null {
  const a = order.delivery_address;
  return a ? `${a.street}, ${a.city}, ${a.state} ${a.zip}` : null;
}

export const timeText = (iso: string) => formatStoreTime(new Date(iso));

export const dollars = (amount: number) => formatUSD(toCents(amount));

/** A line's chosen modifiers as the kitchen reads them: 'Salsas on the side: Verde, Roja'. */
export function modifierLines(item: BoardOrder['items'][number]): string[] {
  if (item.groups.length > 0) return item.groups.map((group) => `${group.name}: ${group.choices.join(', ')}`);
  return item.modifiers.length > 0 ? [item.modifiers.join(', ')] : [];
}

/** 'Refunded $4.68 · Out of stock · by ana@comal.example', with the lines and the staff's note. */
export function refundText(refund: RefundAnswer): string {
  const amount = formatUSD(refund.amount_cents);
  const head =
    refund.status === 'succeeded'
      ? `Refunded ${amount}`
      : refund.status === 'pending'
        ? `Refund of ${amount} pending`
        : `Refund of ${amount} failed`;
  const lines = refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  return [head, lines, REASON_LABELS[refund.reason], refund.note, `by ${refund.by}`].filter(Boolean).join(' · ');
}

/** 'Cancelled: Out of stock (“no more birria”). Refunded.' */
export function cancelText(order: BoardOrder): string {
  const reason = order.cancel_reason ? REASON_LABELS[order.cancel_reason] : 'no reason given';
  const note = order.cancel_note ? ` (“${order.cancel_note}”)` : '';
  return `Cancelled: ${reason}${note}. ${order.refunded ? 'Refunded.' : 'Not refunded yet.'}`;
}

/** What each problem on an order is called on the ticket, on paper and in the board's strip. */
export const PROBLEM_LABELS: Record<OrderProblemKind, string> = {
  delivery_not_booked: 'Delivery not booked',
  payment_disputed: 'Payment disputed',
  courier_not_cancelled: 'Courier not cancelled',
  delivery_returned: 'Delivery coming back',
  not_sent_to_pos: 'Not on Clover',
  refund_failed: 'Refund failed',
};

/** '2 orders need attention', '1 order needs attention'. */
export const attentionText = (count: number) =>
  count === 1 ? '1 order needs attention' : `${count} orders need attention`;

/** One order in the strip: '#1042 delivery not booked', '#1043 delivery not booked, payment disputed'. */
export const attentionLine = (order: Pick<BoardOrder, 'number' | 'problems'>) =>
  `#${order.number} ${order.problems.map((problem) => PROBLEM_LABELS[problem.kind].toLowerCase()).join(', ')}`;
