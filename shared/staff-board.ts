/**
 * The staff board's rules as the kitchen sees them: which column an order sits in, the one move
 * each order offers next, the order within a column, the promised-time choices, and folding the
 * event stream into the board so that an event seen twice (a replay after a reconnect) changes
 * nothing and a new order is announced once.
 */
import type { BoardOrder } from './api/staff.ts';

export type ColumnId = 'new' | 'accepted' | 'ready' | 'completed';

export interface Column {
  id: ColumnId;
  title: string;
}

export const COLUMNS: readonly Column[] = [
  { id: 'new', title: 'New' },
  { id: 'accepted', title: 'Accepted' },
  { id: 'ready', title: 'Ready or out for delivery' },
  { id: 'completed', title: 'Completed' },
];

export function columnOf(order: Pick<BoardOrder, 'status'>): ColumnId {
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
        : { to: 'ready', label: 'Mark ready' };
    case 'ready':
      return { to: 'completed', label: 'Picked up' };
    case 'out_for_delivery':
      return { to: 'completed', label: 'Delivered' };
    default:
      return null;
  }
}

/** What a card says about where the order is. */
export const STATUS_LABELS: Record<BoardOrder['status'], string> = {
  pending_payment: 'Waiting for payment',
  paid: 'New',
  accepted: 'Accepted',
  ready: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** When the kitchen must have it: the promised time, else the scheduled time, else as soon as possible (by payment). */
function dueAt(order: BoardOrder): number {
  return Date.parse(order.promised_at ?? order.scheduled_for ?? order.paid_at ?? order.created_at);
}

/** The kitchen works oldest-due first; the Completed column shows the latest first. */
export function sortColumn(column: ColumnId, orders: readonly BoardOrder[]): BoardOrder[] {
  const sorted = [...orders].sort((a, b) => dueAt(a) - dueAt(b) || a.number - b.number);
  return column === 'completed' ? sorted.reverse() : sorted;
}

export function ordersByColumn(orders: readonly BoardOrder[]): Record<ColumnId, BoardOrder[]> {
  const grouped: Record<ColumnId, BoardOrder[]> = { new: [], accepted: [], ready: [], completed: [] };
  for (const order of orders) grouped[columnOf(order)].push(order);
  for (const column of COLUMNS) grouped[column.id] = sortColumn(column.id, grouped[column.id]);
  return grouped;
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
 * folded in (a replay) and changes nothing; `isNew` says whether it brought an order the board
 * had not seen, which is when the kitchen hears the sound.
 */
export function applyEvent(
  state: BoardState,
  eventId: string,
  order: BoardOrder,
): { state: BoardState; isNew: boolean } {
  if (isAtOrBefore(eventId, state.lastEventId)) return { state, isNew: false };
  const isNew = !state.orders.has(order.order_id) && order.status === 'paid';
  const orders = new Map(state.orders);
  orders.set(order.order_id, order);
  return { state: { orders, lastEventId: eventId }, isNew };
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
