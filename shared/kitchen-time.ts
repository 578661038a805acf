/**
 * The kitchen's clock for one order, as the board and the alert loop read it:
 * - due: when the kitchen must have it ready: the time staff promised, else the time the customer
 *   scheduled it for, else the ready time of an order for as soon as possible (its slot when one
 *   was booked, else paid + the lead time of its type);
 * - fire: when it reaches New (before it, a scheduled order waits in Upcoming): a scheduled
 *   order's time minus the kitchen's prep time, never before it was paid; paid for the others
 *   (the alert loop counts the same in SQL: server/db/orders.ts FIRED_AT);
 * - undo: how long the board may take its latest move back.
 */
import { kitchenSettings, orderingSettings } from './settings/values.ts';

const MINUTE = 60_000;

/** How long after a move the board may still undo it. */
export const UNDO_SECONDS = 30;

export interface OrderTimes {
  deliveryType: 'pickup' | 'delivery';
  paidAt: Date | null;
  scheduledFor: Date | null;
  promisedAt: Date | null;
  /** The ready time booked for an order for as soon as possible (orders.slot_at), if any. */
  slotAt?: Date | null;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** When the kitchen must have it ready; null for an order not paid for (nothing to make yet). */
export function dueAt(
  order: OrderTimes,
  leadMinutes: Record<'pickup' | 'delivery', number> = orderingSettings.leadMinutes,
): Date | null {
  if (order.promisedAt) return order.promisedAt;
  if (order.scheduledFor) return order.scheduledFor;
  if (order.slotAt) return order.slotAt;
  if (!order.paidAt) return null;
  return new Date(order.paidAt.getTime() + leadMinutes[order.deliveryType] * MINUTE);
}

/**
 * When it reaches New: a scheduled order `prepMinutes` before its time, or when it was paid if
 * that is later (paid after its fire time: at once); an order for as soon as possible when paid.
 */
export function fireAt(
  order: Pick<OrderTimes, 'paidAt' | 'scheduledFor'>,
  prepMinutes: number = kitchenSettings.prepMinutes,
): Date | null {
  if (!order.scheduledFor) return order.paidAt;
  const fire = new Date(order.scheduledFor.getTime() - prepMinutes * MINUTE);
  return order.paidAt ? later(fire, order.paidAt) : fire;
}

/** Until when a move made at `movedAt` may be undone. */
export function undoUntil(movedAt: Date): Date {
  return new Date(movedAt.getTime() + UNDO_SECONDS * 1000);
}

/** Whether the server may still take back a move made at `movedAt` at `now` (less than 30 s ago). */
export function withinUndoWindow(movedAt: Date, now: Date): boolean {
  return now.getTime() < undoUntil(movedAt).getTime();
}

/** Whole minutes from `since` to `now` ('has waited 3 min'), never below 0. */
export function minutesWaited(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / MINUTE));
}
