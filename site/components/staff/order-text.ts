/** How the board and the kitchen ticket write an order's parts: times, type, address, money. */
import type { BoardOrder } from '../../../shared/api/staff.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';
import { formatStoreTime } from '../../../shared/schedule.ts';

export const orderTitle = (order: BoardOrder) => `Order ${order.number}`;

/** 'Pickup, as soon as possible' or 'Delivery, scheduled for Saturday 6:15 PM'. */
export function whenText(order: BoardOrder): string {
  const type = order.delivery_type === 'delivery' ? 'Delivery' : 'Pickup';
  return order.scheduled_for
    ? `${type}, scheduled for ${formatStoreTime(new Date(order.scheduled_for))}`
    : `${type}, as soon as possible`;
}

export function addressText(order: BoardOrder): string | null {
  const a = order.delivery_address;
  return a ? `${a.street}, ${a.city}, ${a.state} ${a.zip}` : null;
}

export const timeText = (iso: string) => formatStoreTime(new Date(iso));

export const dollars = (amount: number) => formatUSD(toCents(amount));
