/**
 * The staff board's rules: which orders it shows, which moves are allowed, promising a time,
 * cancelling with a refund, the sold-out switches of the menu and the pause switch. Every change
 * to an order records an order event in the same transaction (db/order-events.ts), which the
 * board's event stream reads.
 */
import type { BoardOrder, SoldOutSwitchAnswer, StaffRoleName } from '../../shared/api/staff.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { instantToWallTime, wallTimeToInstant } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import {
  boardLines,
  boardOrderRows,
  findBoardOrderRow,
  findOrder,
  lockOrder,
  moveOrder,
  setPromisedAt,
  type BoardOrderRow,
  type OrderRow,
  type OrderStatus,
} from '../db/orders.ts';
import { setItemAvailability } from '../db/sold-out.ts';
import { HttpError } from '../http/errors.ts';
import { readyMail, sendOrderMail } from './order-mail.ts';
import { sendOrderText } from './order-texts.ts';
import { deliveryAddressOf, storedTotals } from './orders.ts';

export const BOARD_ORDER_NOT_FOUND = 'There is no such order.';
export const ITEM_NOT_FOUND = 'There is no such item on the menu.';
export const MODIFIER_NOT_FOUND = 'There is no such choice on the menu.';
export const MOVED_BY_SOMEONE_ELSE = 'Someone else changed this order just now. Look at the board again and retry.';

export const LABELS: Record<OrderStatus, string> = {
  pending_payment: 'waiting for payment',
  paid: 'new',
  accepted: 'accepted',
  ready: 'ready',
  out_for_delivery: 'out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The moves the board allows, per order type: anything else is refused with 409. */
export const TRANSITIONS: Record<'pickup' | 'delivery', Partial<Record<OrderStatus, OrderStatus[]>>> = {
  pickup: { paid: ['accepted'], accepted: ['ready'], ready: ['completed'] },
  delivery: { paid: ['accepted'], accepted: ['out_for_delivery'], out_for_delivery: ['completed'] },
};

/** refusedMove(1001, 'pickup', 'ready', 'out_for_delivery') = 'Order 1001 is ready: a pickup order can go from there only to completed.' */
export function refusedMove(number: number, type: 'pickup' | 'delivery', from: OrderStatus, to: OrderStatus): string {
  const allowed = TRANSITIONS[type][from] ?? [];
  if (allowed.length === 0) return `Order ${number} is ${LABELS[from]} and cannot move to ${LABELS[to]}.`;
  return `Order ${number} is ${LABELS[from]}: a ${type} order can go from there only to ${allowed.map((s) => LABELS[s]).join(' or ')}.`;
}
export const cannotPromise = (number: number, status: OrderStatus) =>
  `Order ${number} is ${LABELS[status]}: there is nothing to promise.`;

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

async function boardRows(db: Queryable, rows: BoardOrderRow[]): Promise<BoardOrder[]> {
  if (rows.length === 0) return [];
  const lines = await boardLines(
    db,
    rows.map((row) => row.id),
  );
  const linesOf = new Map<string, BoardOrder['items']>();
  for (const line of lines) {
    const list = linesOf.get(line.order_id) ?? [];
    list.push({
      position: list.length,
      name: line.name,
      quantity: line.quantity,
      modifiers: line.modifiers.map((m) => m.name),
      groups: [],
      refunded_quantity: 0,
    });
    linesOf.set(line.order_id, list);
  }
  return rows.map((row) => ({
    order_id: row.id,
    number: row.number,
    status: row.status,
    name: row.name,
    phone: row.phone,
    delivery_type: row.delivery_type,
    delivery_address: deliveryAddressOf(row),
    items: linesOf.get(row.id) ?? [],
    totals: storedTotals(row),
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
    promised_at: iso(row.promised_at),
    scheduled_for: iso(row.scheduled_for),
    note: null,
    due_at: null,
    fire_at: null,
    alerted_at: null,
    no_show: false,
    cancel_reason: row.cancel_reason === null ? null : 'other',
    cancel_note: row.cancel_reason,
    refunded: row.payment_status === 'refunded',
    refunded_cents: 0,
    refunds: [],
    undo: null,
  }));
}

export async function boardOrder(db: Queryable, orderId: string): Promise<BoardOrder | null> {
  const row = await findBoardOrderRow(db, orderId);
  if (!row) return null;
  const [order] = await boardRows(db, [row]);
  return order ?? null;
}

/**
 * The board: every paid order still in the kitchen's hands, and those completed or cancelled in
 * the last 24 hours (by their last event), newest first. Orders never paid for are not shown.
 */
export async function boardOrders(db: Queryable, now: Date): Promise<BoardOrder[]> {
  return boardRows(db, await boardOrderRows(db, new Date(now.getTime() - 24 * 3_600_000)));
}

export interface Actor {
  email: string;
  role: StaffRoleName;
}

/** The order, locked for the transaction; 404 when it is not on the board (never paid for). */
export async function lockedOrder(tx: Queryable, orderId: string): Promise<OrderRow> {
  const row = await lockOrder(tx, orderId);
  if (!row || row.status === 'pending_payment') throw new HttpError(404, BOARD_ORDER_NOT_FOUND);
  return row;
}

/** Moves an order along the board; a move not in TRANSITIONS is 409 with a sentence. */
export async function moveOnBoard(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'mailer' | 'sms' | 'inFlight'>,
  orderId: string,
  to: OrderStatus,
  by: Actor,
  promisedAt?: Date,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!(TRANSITIONS[order.delivery_type][order.status] ?? []).includes(to)) {
      throw new HttpError(409, refusedMove(order.number, order.delivery_type, order.status, to));
    }
    if (!(await moveOrder(tx, orderId, order.status, to))) throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    if (promisedAt) await setPromisedAt(tx, orderId, promisedAt);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'status',
      status: to,
      at: deps.clock(),
      payload: { from: order.status, by: by.email, ...(promisedAt ? { promised_at: promisedAt.toISOString() } : {}) },
    });
  });
  if (to === 'ready' || to === 'out_for_delivery') {
    const moved = await findOrder(deps.db, orderId);
    if (moved) await sendOrderMail(deps.mailer, readyMail(moved, to));
    // Not awaited: a slow text service must not hold up the kitchen's tap; it never throws.
    void deps.inFlight.track(sendOrderText(deps, orderId, to));
  }
  return (await boardOrder(deps.db, orderId))!;
}

/** Tells the customer's order a time (when it will be ready, or at the door). */
export async function promiseOrder(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  orderId: string,
  promisedAt: Date,
  by: Actor,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status === 'completed' || order.status === 'cancelled')
      throw new HttpError(409, cannotPromise(order.number, order.status));
    await setPromisedAt(tx, orderId, promisedAt);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'promised',
      status: order.status,
      at: deps.clock(),
      payload: { promised_at: promisedAt.toISOString(), by: by.email },
    });
  });
  return (await boardOrder(deps.db, orderId))!;
}

/** The UTC instant the next local day starts in `timeZone`: nextLocalMidnight(2026-11-20T19:00Z, LA) = 2026-11-21T08:00Z. */
export function nextLocalMidnight(now: Date, timeZone: string = restaurant.timeZone): Date {
  return wallTimeToInstant(instantToWallTime(now, timeZone).date, 24 * 60, timeZone);
}

/**
 * Marks an item or a modifier sold out (until further notice, or until the next local day in the
 * restaurant's time zone) or back on, and tells the menu catalog at once.
 */
export async function setSoldOut(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'menu'>,
  what: 'item' | 'modifier',
  id: string,
  soldOut: boolean,
  until: 'end_of_day' | null,
): Promise<SoldOutSwitchAnswer> {
  const soldOutUntil = soldOut && until === 'end_of_day' ? nextLocalMidnight(deps.clock()) : null;
  if (!(await setItemAvailability(deps.db, what, id, !soldOut, soldOutUntil)))
    throw new HttpError(404, what === 'item' ? ITEM_NOT_FOUND : MODIFIER_NOT_FOUND);
  await deps.menu.invalidate();
  return { id, available: !soldOut, sold_out_until: iso(soldOutUntil) };
}
