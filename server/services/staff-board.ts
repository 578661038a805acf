/**
 * The staff board's rules: which orders it shows and how (due and fire times, choices under their
 * groups, the customer's note, refunds, the move it may still undo), which moves are allowed,
 * undoing the latest move within 30 s, recalling a completed order, a pickup nobody came for,
 * promising a time, the sold-out switches of the menu. Every change to an order records an order
 * event in the same transaction (db/order-events.ts), which the board's event stream reads.
 */
import {
  ORDER_STATUSES,
  REFUND_REASONS,
  type BoardOrder,
  type RefundReason,
  type SoldOutSwitchAnswer,
  type StaffRoleName,
} from '../../shared/api/staff.ts';
import { dueAt, fireAt, UNDO_SECONDS, undoUntil, withinUndoWindow } from '../../shared/kitchen-time.ts';
import { refundedSoFar } from '../../shared/refunds.ts';
import { nextLocalMidnight } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { latestStatusEvents, reachedBefore, recordOrderEvent, type OrderEventRow } from '../db/order-events.ts';
import {
  boardLines,
  boardOrderRows,
  findBoardOrderRows,
  findOrder,
  lockOrder,
  menuModifierGroups,
  moveOrder,
  orderTimes,
  setPromisedAt,
  type BoardLineRow,
  type BoardOrderRow,
  type OrderRow,
  type OrderStatus,
} from '../db/orders.ts';
import { openProblemsByOrder } from '../db/order-problems.ts';
import { refundsByOrder } from '../db/refunds.ts';
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

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);

/** The group a choice is shown under when neither the order line nor the menu names one. */
export const UNNAMED_GROUP = 'Choices';

/** The moves the board may undo, as their events name them (payload.move). */
type BoardMove = 'accepted' | 'ready' | 'out_for_delivery' | 'completed' | 'no_show' | 'recall' | 'undo';

export const nothingToUndo = (number: number) =>
  `There is no move to undo on order ${number} (moves can be undone for ${UNDO_SECONDS} seconds).`;
/** The undo named a move that is not the order's latest any more: someone moved it since. */
export const movedSinceThatMove = (number: number, status: OrderStatus) =>
  `Order ${number} was moved again after that move and is ${LABELS[status]} now: only the latest move can be undone.`;
export const cannotRecall = (number: number, status: OrderStatus) =>
  `Order ${number} is ${LABELS[status]}: only a completed order can be recalled.`;
export const cannotMarkNoShow = (number: number, type: 'pickup' | 'delivery', status: OrderStatus) =>
  type === 'delivery'
    ? `Order ${number} is a delivery order: only a pickup order can be marked a no-show.`
    : `Order ${number} is ${LABELS[status]}: only a pickup order that is ready can be marked a no-show.`;

const STATUSES = new Set<string>(ORDER_STATUSES);

/**
 * The move an order's latest status event made, when the board may still take it back at `now`:
 * a move made on the board (not by the payment, auto-accept, the courier or a cancel; not an undo)
 * less than 30 s ago, with the order still where that move put it.
 */
function undoableMove(
  event: OrderEventRow | undefined,
  status: OrderStatus,
  now: Date,
): { from: OrderStatus; at: Date; wasNoShow: boolean; eventId: string } | null {
  if (!event || event.kind !== 'status' || event.status !== status) return null;
  const { move, from, was_no_show: wasNoShow } = event.payload;
  if (typeof move !== 'string' || move === 'undo') return null;
  if (typeof from !== 'string' || !STATUSES.has(from)) return null;
  const at = new Date(event.at);
  if (!withinUndoWindow(at, now)) return null;
  return { from: from as OrderStatus, at, wasNoShow: wasNoShow === true, eventId: event.id };
}

/** A line's choices under their groups' names, each group where its first choice is. */
function groupsOf(modifiers: BoardLineRow['modifiers'], menuGroups: ReadonlyMap<string, string>) {
  const groups: BoardOrder['items'][number]['groups'] = [];
  for (const modifier of modifiers) {
    const name = modifier.group ?? (modifier.id ? menuGroups.get(modifier.id) : undefined) ?? UNNAMED_GROUP;
    const group = groups.find((g) => g.name === name);
    if (group) group.choices.push(modifier.name);
    else groups.push({ name, choices: [modifier.name] });
  }
  return groups;
}

/** A cancel's reason as a REFUND_REASONS code; an older free-text reason reads as 'other' with its words as the note. */
function cancelOf(row: BoardOrderRow): Pick<BoardOrder, 'cancel_reason' | 'cancel_note'> {
  const reason = row.cancel_reason;
  if (reason === null) return { cancel_reason: null, cancel_note: null };
  if ((REFUND_REASONS as readonly string[]).includes(reason))
    return { cancel_reason: reason as RefundReason, cancel_note: row.cancel_note ?? null };
  return { cancel_reason: 'other', cancel_note: row.cancel_note ?? reason };
}

async function boardRows(db: Queryable, rows: BoardOrderRow[], now: Date): Promise<BoardOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, refunds, latest, problems] = await Promise.all([
    boardLines(db, ids),
    refundsByOrder(db, ids),
    latestStatusEvents(db, ids),
    openProblemsByOrder(db, ids),
  ]);
  // Lines stored before they kept their groups' names: the menu's group of each choice, by id.
  const ungrouped = new Set(lines.flatMap((line) => line.modifiers.filter((m) => !m.group && m.id).map((m) => m.id!)));
  const menuGroups = await menuModifierGroups(db, [...ungrouped]);

  const linesOf = new Map<string, BoardLineRow[]>();
  for (const line of lines) {
    const list = linesOf.get(line.order_id) ?? [];
    list.push(line);
    linesOf.set(line.order_id, list);
  }
  const unitPriceOf = (line: BoardLineRow) =>
    line.unit_price_cents + line.modifiers.reduce((sum, m) => sum + (m.price_cents ?? 0), 0);
  return rows.map((row) => {
    const times = orderTimes(row);
    const orderLines = linesOf.get(row.id) ?? [];
    const orderRefunds = refunds.get(row.id) ?? [];
    // What went back so far, counted as the refund dialog and the server's cap count it: every
    // refund that did not fail (one still pending at the provider included).
    const sofar = refundedSoFar(
      {
        lines: orderLines.map((line) => ({
          position: line.position,
          name: line.name,
          unitPriceCents: unitPriceOf(line),
          quantity: line.quantity,
        })),
        money: {
          subtotal: row.subtotal_cents,
          promoDiscount: row.promo_discount_cents,
          loyaltyDiscount: row.loyalty_discount_cents,
          tax: row.tax_cents,
          total: row.total_cents,
        },
      },
      orderRefunds,
    );
    // The whole payment given back by the provider's word (succeeded refunds); a refund on its way
    // counts once the payment is marked refunded (services/refunds.ts settles it when taken).
    const succeededCents = orderRefunds
      .filter((refund) => refund.status === 'succeeded')
      .reduce((sum, refund) => sum + refund.amount_cents, 0);
    const move = undoableMove(latest.get(row.id), row.status, now);
    return {
      order_id: row.id,
      number: row.number,
      status: row.status,
      name: row.name,
      phone: row.phone,
      delivery_type: row.delivery_type,
      delivery_address: deliveryAddressOf(row),
      items: orderLines.map((line) => ({
        position: line.position,
        name: line.name,
        quantity: line.quantity,
        modifiers: line.modifiers.map((m) => m.name),
        groups: groupsOf(line.modifiers, menuGroups),
        refunded_quantity: Math.min(sofar.quantities.get(line.position) ?? 0, line.quantity),
        unit_price_cents: unitPriceOf(line),
      })),
      note: row.note ?? null,
      totals: storedTotals(row),
      created_at: iso(row.created_at)!,
      paid_at: iso(row.paid_at),
      promised_at: iso(row.promised_at),
      scheduled_for: iso(row.scheduled_for),
      due_at: iso(dueAt(times)),
      fire_at: iso(fireAt(times)),
      alerted_at: iso(row.alerted_at),
      no_show: row.no_show ?? false,
      ...cancelOf(row),
      refunded: row.payment_status === 'refunded' || (row.total_cents > 0 && succeededCents >= row.total_cents),
      refunded_cents: sofar.cents,
      refunds: orderRefunds,
      undo: move ? { from: move.from, until: undoUntil(move.at).toISOString(), event_id: move.eventId } : null,
      problems: (problems.get(row.id) ?? []).map((problem) => ({
        kind: problem.kind,
        detail: problem.detail,
        opened_at: iso(problem.opened_at)!,
      })),
    };
  });
}

/**
 * One order as the board shows it, or null. `now` is the server's clock (deps.clock()): whether
 * its latest move may still be undone depends on it.
 */
export async function boardOrder(db: Queryable, orderId: string, now: Date): Promise<BoardOrder | null> {
  return (await boardOrdersById(db, [orderId], now)).get(orderId) ?? null;
}

/** These orders as the board shows them, by id, in one go (the event stream's batch); an id not found is left out. */
export async function boardOrdersById(
  db: Queryable,
  orderIds: readonly string[],
  now: Date,
): Promise<Map<string, BoardOrder>> {
  const orders = await boardRows(db, await findBoardOrderRows(db, orderIds), now);
  return new Map(orders.map((order) => [order.order_id, order]));
}

/**
 * The board: every paid order still in the kitchen's hands, and those completed or cancelled in
 * the last 24 hours (by their last event), newest first. Orders never paid for are not shown.
 */
export async function boardOrders(db: Queryable, now: Date): Promise<BoardOrder[]> {
  return boardRows(db, await boardOrderRows(db, new Date(now.getTime() - 24 * 3_600_000)), now);
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

type MoveDeps = Pick<AppDependencies, 'db' | 'clock' | 'mailer' | 'sms' | 'inFlight'>;

/**
 * Moves an order along the board; a move not in TRANSITIONS is 409 with a sentence. Ready and out
 * for delivery tell the customer (mail, and a text when they asked for texts) the first time
 * only: a move made again after an undo tells nobody twice.
 */
export async function moveOnBoard(
  deps: MoveDeps,
  orderId: string,
  to: OrderStatus,
  by: Actor,
  promisedAt?: Date,
): Promise<BoardOrder> {
  const announce = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!(TRANSITIONS[order.delivery_type][order.status] ?? []).includes(to)) {
      throw new HttpError(409, refusedMove(order.number, order.delivery_type, order.status, to));
    }
    const toldBefore = (to === 'ready' || to === 'out_for_delivery') && (await reachedBefore(tx, orderId, to));
    if (!(await moveOrder(tx, orderId, order.status, to))) throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    if (promisedAt) await setPromisedAt(tx, orderId, promisedAt);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'status',
      status: to,
      at: deps.clock(),
      payload: {
        from: order.status,
        by: by.email,
        move: to,
        ...(promisedAt ? { promised_at: promisedAt.toISOString() } : {}),
      },
    });
    return (to === 'ready' || to === 'out_for_delivery') && !toldBefore;
  });
  if (announce && (to === 'ready' || to === 'out_for_delivery')) {
    const moved = await findOrder(deps.db, orderId);
    if (moved) await sendOrderMail(deps.mailer, readyMail(moved, to));
    // Not awaited: a slow text service must not hold up the kitchen's tap; it never throws.
    void deps.inFlight.track(sendOrderText(deps, orderId, to));
  }
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
}

/**
 * Takes back the order's latest board move (accept, ready, out for delivery, completed, no-show,
 * recall) made less than 30 s ago by the server's clock: the order goes back where it was, and
 * nobody is told (a customer told it is ready is not told again when it is ready once more).
 * `eventId` names the move the board offers to undo (BoardOrder.undo.event_id): when the order's
 * latest status event is another one (someone moved it since, on another board), 409 and nothing
 * changes. Without it, the latest move is taken back whoever made it.
 */
export async function undoMove(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  orderId: string,
  by: Actor,
  eventId?: string,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const now = deps.clock();
    const latest = (await latestStatusEvents(tx, [orderId])).get(orderId);
    if (eventId !== undefined && latest?.id !== eventId) {
      throw new HttpError(409, movedSinceThatMove(order.number, order.status));
    }
    const move = undoableMove(latest, order.status, now);
    if (!move || !latest) throw new HttpError(409, nothingToUndo(order.number));
    const noShow = move.from === 'completed' ? move.wasNoShow : false;
    if (!(await moveOrder(tx, orderId, order.status, move.from, { noShow })))
      throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'status',
      status: move.from,
      at: now,
      payload: { from: order.status, by: by.email, move: 'undo' satisfies BoardMove, undoes: latest.id },
    });
  });
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
}

/** A completed order back in the kitchen's hands: ready (pickup) or out for delivery; nobody is told. */
export async function recallOrder(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  orderId: string,
  by: Actor,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status !== 'completed') throw new HttpError(409, cannotRecall(order.number, order.status));
    const to: OrderStatus = order.delivery_type === 'pickup' ? 'ready' : 'out_for_delivery';
    if (!(await moveOrder(tx, orderId, 'completed', to, { noShow: false })))
      throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'status',
      status: to,
      at: deps.clock(),
      payload: { from: 'completed', by: by.email, move: 'recall' satisfies BoardMove, was_no_show: order.no_show },
    });
  });
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
}

/** A ready pickup nobody came for: completed, marked a no-show. */
export async function markNoShow(
  deps: Pick<AppDependencies, 'db' | 'clock'>,
  orderId: string,
  by: Actor,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.delivery_type !== 'pickup' || order.status !== 'ready')
      throw new HttpError(409, cannotMarkNoShow(order.number, order.delivery_type, order.status));
    if (!(await moveOrder(tx, orderId, 'ready', 'completed', { noShow: true })))
      throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'status',
      status: 'completed',
      at: deps.clock(),
      payload: { from: 'ready', by: by.email, move: 'no_show' satisfies BoardMove, no_show: true },
    });
  });
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
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
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
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
