/**
 * The staff board's rules as the kitchen sees them: which lane an order sits in, the one move
 * each order offers next and the others it may take (recall, no-show, refund, undo), the order
 * within a lane, picking a ticket with the arrow keys, the items struck done, the words for a
 * refund's reason, the promised-time choices, and folding the event stream into the board so
 * that an event seen twice (a replay after a reconnect) changes nothing.
 */
import type { BoardOrder, RefundReason } from './api/staff.ts';
import { dueTime, fireTime, isUpcoming } from './kitchen-clock.ts';
import { UNDO_SECONDS } from './kitchen-time.ts';

export type ColumnId = 'new' | 'accepted' | 'ready' | 'completed' | 'upcoming';

export interface Column {
  id: ColumnId;
  title: string;
}

/** The lanes left to right: the kitchen's three, what left it, and what is not due to start yet. */
export const COLUMNS: readonly Column[] = [
  { id: 'new', title: 'New' },
  { id: 'accepted', title: 'Accepted' },
  { id: 'ready', title: 'Ready' },
  { id: 'completed', title: 'Completed' },
  { id: 'upcoming', title: 'Upcoming' },
];

/** The lane of an order at `now`: a paid or accepted order whose fire time is ahead waits in Upcoming. */
export function columnOf(order: BoardOrder, now: number): ColumnId {
  if (isUpcoming(order, now)) return 'upcoming';
  switch (order.status) {
    case 'paid':
    case 'pending_payment':
      return 'new';
    case 'accepted':
      return 'accepted';
    case 'ready':
    case 'out_for_delivery':
      return 'ready';
    default:
      return 'completed';
  }
}

export type MoveTarget = 'accepted' | 'ready' | 'out_for_delivery' | 'completed';

/** The next move of an order and its button's words; null when it has left the kitchen. */
export function nextMove(
  order: Pick<BoardOrder, 'status' | 'delivery_type'>,
): { to: MoveTarget; label: string } | null {
  switch (order.status) {
    case 'paid':
      return { to: 'accepted', label: 'Accept' };
    case 'accepted':
      return order.delivery_type === 'delivery'
        ? { to: 'out_for_delivery', label: 'Out for delivery' }
        : { to: 'ready', label: 'Ready' };
    case 'ready':
      return { to: 'completed', label: 'Picked up' };
    case 'out_for_delivery':
      return { to: 'completed', label: 'Delivered' };
    default:
      return null;
  }
}

/** A completed order can come back to the pass (a no-show's too); a cancelled one cannot. */
export const canRecall = (order: Pick<BoardOrder, 'status'>) => order.status === 'completed';

/** A pickup waiting on the pass can be closed as a no-show. */
export const canMarkNoShow = (order: Pick<BoardOrder, 'status' | 'delivery_type'>) =>
  order.status === 'ready' && order.delivery_type === 'pickup';

/** Money can go back from payment to completion, until all of it has. */
export const canRefund = (order: Pick<BoardOrder, 'status' | 'refunded'>) =>
  order.status !== 'cancelled' && order.status !== 'pending_payment' && !order.refunded;

/** A move this board made: its order event (BoardOrder.undo.event_id) and when it was tapped, on this device's clock. */
export interface OwnMove {
  eventId: string;
  at: number;
}

/**
 * Whether the board offers to take back a move it made: the server still has that very move to
 * undo (nobody moved the order since), and less than UNDO_SECONDS went by on this device. Counted
 * from the device's own tap, not from the server's `until`, so a tablet whose clock is off still
 * offers it; the server refuses (409) once its 30 s are over, or once someone moved the order again.
 */
export const offersUndo = (order: Pick<BoardOrder, 'undo'>, move: OwnMove, now: number) =>
  order.undo?.event_id === move.eventId && now - move.at < UNDO_SECONDS * 1000;

/** What a ticket says about where the order is. */
export const STATUS_LABELS: Record<BoardOrder['status'], string> = {
  pending_payment: 'Waiting for payment',
  paid: 'New',
  accepted: 'Accepted',
  ready: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Where an order is, as its ticket says it: 'Delivered', 'No-show', 'Ready for pickup'. */
export function statusText(order: Pick<BoardOrder, 'status' | 'delivery_type' | 'no_show'>): string {
  if (order.status === 'completed') {
    if (order.no_show) return 'No-show';
    return order.delivery_type === 'delivery' ? 'Delivered' : 'Picked up';
  }
  return STATUS_LABELS[order.status];
}

/** A refund's or a cancel's reason as staff read it on the board. */
export const REASON_LABELS: Record<RefundReason, string> = {
  customer_request: 'Customer asked',
  out_of_stock: 'Out of stock',
  kitchen_delay: 'Kitchen delay',
  quality_issue: 'Quality issue',
  duplicate_order: 'Duplicate order',
  delivery_problem: 'Delivery problem',
  other: 'Other',
};

/**
 * The kitchen works the soonest due first; Upcoming lists the soonest to fire first; Completed
 * shows the latest first.
 */
export function sortColumn(column: ColumnId, orders: readonly BoardOrder[]): BoardOrder[] {
  const key = column === 'upcoming' ? fireTime : dueTime;
  const sorted = [...orders].sort((a, b) => key(a) - key(b) || a.number - b.number);
  return column === 'completed' ? sorted.reverse() : sorted;
}

export type Columns = Record<ColumnId, BoardOrder[]>;

export function ordersByColumn(orders: readonly BoardOrder[], now: number): Columns {
  const grouped: Columns = { new: [], accepted: [], ready: [], completed: [], upcoming: [] };
  for (const order of orders) grouped[columnOf(order, now)].push(order);
  for (const column of COLUMNS) grouped[column.id] = sortColumn(column.id, grouped[column.id]);
  return grouped;
}

export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * The ticket an arrow key picks: up and down within a lane, left and right to the nearest lane
 * with tickets, at the same height or the last one. Nothing picked yet: the first ticket of the
 * first lane that has one. Answers the id, or null on an empty board.
 */
export function pickTicket(columns: Columns, selected: string | null, key: ArrowKey): string | null {
  const lanes = COLUMNS.map((column) => columns[column.id]).filter((lane) => lane.length > 0);
  if (lanes.length === 0) return null;
  const lane = lanes.findIndex((list) => list.some((order) => order.order_id === selected));
  if (lane < 0) return lanes[0]![0]!.order_id;
  const list = lanes[lane]!;
  const row = list.findIndex((order) => order.order_id === selected);
  switch (key) {
    case 'ArrowUp':
      return list[Math.max(0, row - 1)]!.order_id;
    case 'ArrowDown':
      return list[Math.min(list.length - 1, row + 1)]!.order_id;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const next = lanes[Math.min(lanes.length - 1, Math.max(0, lane + (key === 'ArrowLeft' ? -1 : 1)))]!;
      return next[Math.min(row, next.length - 1)]!.order_id;
    }
  }
}

/** The items struck done on this device, by order id: the lines' positions. */
export type StruckItems = Readonly<Record<string, readonly number[]>>;

/** Strikes a line done, or brings it back. */
export function toggleStruck(struck: StruckItems, orderId: string, position: number): StruckItems {
  const lines = struck[orderId] ?? [];
  const next = lines.includes(position)
    ? lines.filter((p) => p !== position)
    : [...lines, position].sort((a, b) => a - b);
  const rest = { ...struck };
  if (next.length === 0) delete rest[orderId];
  else rest[orderId] = next;
  return rest;
}

/** Keeps only the orders still on the board. */
export function keepStruck(struck: StruckItems, onBoard: ReadonlySet<string>): StruckItems {
  return Object.fromEntries(Object.entries(struck).filter(([id]) => onBoard.has(id)));
}

/** Reads what a previous load stored; anything malformed reads as nothing struck. */
export function parseStruck(text: string | null): StruckItems {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, lines]) => Array.isArray(lines))
        .map(([id, lines]) => [id, (lines as unknown[]).filter((p): p is number => Number.isInteger(p))]),
    );
  } catch {
    return {};
  }
}

export interface BoardState {
  orders: ReadonlyMap<string, BoardOrder>;
  /** The newest event folded in: the stream is reopened from here. */
  lastEventId: string;
}

export function boardFromList(orders: readonly BoardOrder[], lastEventId: string): BoardState {
  return { orders: new Map(orders.map((order) => [order.order_id, order])), lastEventId };
}

/**
 * Folds one streamed event into the board. An event at or before `lastEventId` was already
 * folded in (a replay) and changes nothing: the same state comes back.
 */
export function applyEvent(state: BoardState, eventId: string, order: BoardOrder): BoardState {
  if (isAtOrBefore(eventId, state.lastEventId)) return state;
  const orders = new Map(state.orders);
  orders.set(order.order_id, order);
  return { orders, lastEventId: eventId };
}

/** Replaces one order with the server's answer to a move (the stream brings the same later). */
export function replaceOrder(state: BoardState, order: BoardOrder): BoardState {
  const orders = new Map(state.orders);
  orders.set(order.order_id, order);
  return { ...state, orders };
}

/** Event ids are decimal bigints; compared as numbers of any length. */
export function isAtOrBefore(id: string, than: string): boolean {
  if (id.length !== than.length) return id.length < than.length;
  return id <= than;
}

/** The tab's title with the number of orders waiting to be accepted: '(2) Orders | Taquería El Comal'. */
export function badgedTitle(title: string, waiting: number): string {
  return waiting > 0 ? `(${waiting}) ${title}` : title;
}

/** Minutes from now the kitchen can promise with one tap. */
export const PROMISE_MINUTES = [10, 15, 20, 30, 45, 60] as const;

/** `minutes` from `now`, rounded up to the next whole minute, as an ISO instant. */
export function promiseIn(now: Date, minutes: number): string {
  const at = new Date(now.getTime() + minutes * 60_000);
  at.setUTCSeconds(0, 0);
  if (at.getTime() < now.getTime() + minutes * 60_000) at.setUTCMinutes(at.getUTCMinutes() + 1);
  return at.toISOString();
}
