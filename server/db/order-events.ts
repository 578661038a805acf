/**
 * The order events the staff board streams (0009_staff.sql): one row each time an order is paid,
 * moved, promised or cancelled. They live in the database, not in a process's memory, so a board
 * connected to any replica sees changes made through every other one.
 */
import type { OrderStatus } from './orders.ts';
import type { Queryable } from './database.ts';
import { ORDER_EVENTS_CHANNEL } from './notifications.ts';

/**
 * 'refunded' from 0024_refunds.sql; 'alerted' (0025_kitchen_board.sql): the restaurant's phone was
 * texted about an order nobody accepted; 'problem' (0033_order_problems.sql): a problem that needs a
 * person (db/order-problems.ts) was opened or resolved.
 */
export type OrderEventKind =
  'paid' | 'status' | 'cancelled' | 'promised' | 'delivery' | 'refunded' | 'alerted' | 'problem';

export interface OrderEventRow {
  /** bigserial as decimal text. */
  id: string;
  order_id: string;
  kind: OrderEventKind;
  status: OrderStatus;
  at: Date;
  payload: Record<string, unknown>;
}

/** Serialises writers of order_events until their transactions end. */
const ORDER_EVENTS_LOCK = 72_413_009;

/**
 * Records an event. Call it with the transaction that changed the order: the advisory lock it
 * takes is held until that transaction ends, so events commit in id order and a reader polling
 * `id > last` never misses one that was still being written (outside a transaction the lock
 * ends with the statement, which is only safe when nothing else writes at the same moment). It
 * notifies ORDER_EVENTS_CHANNEL (`<id> <order id>`), heard by every replica once it commits.
 */
export async function recordOrderEvent(
  db: Queryable,
  event: { orderId: string; kind: OrderEventKind; status: OrderStatus; at: Date; payload?: Record<string, unknown> },
): Promise<string> {
  await db.query('select pg_advisory_xact_lock($1)', [ORDER_EVENTS_LOCK]);
  // The notification wakes the open streams of every replica when the transaction commits.
  const [row] = await db.query<{ id: string }>(
    `with recorded as (
       insert into order_events (order_id, kind, status, at, payload) values ($1, $2, $3, $4, $5::text::jsonb) returning id
     )
     select id::text as id, pg_notify($6, id::text || ' ' || $1) from recorded`,
    [event.orderId, event.kind, event.status, event.at, JSON.stringify(event.payload ?? {}), ORDER_EVENTS_CHANNEL],
  );
  return row!.id;
}

/** Events after `afterId`, oldest first. */
export async function orderEventsAfter(db: Queryable, afterId: string, limit = 200): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `select id::text as id, order_id, kind, status, at, payload from order_events where id > $1::bigint order by order_events.id limit $2`,
    [afterId, limit],
  );
}

/** The newest event's id, or '0' when there is none. */
export async function latestOrderEventId(db: Queryable): Promise<string> {
  const [row] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from order_events');
  return row?.id ?? '0';
}

/** The most events `eventsOfOrderAfter` answers at once. */
export const ORDER_EVENTS_PAGE = 50;

/** One order's events after `afterId`, oldest first (the customer's own page follows these). */
export async function eventsOfOrderAfter(db: Queryable, orderId: string, afterId: string): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `select id::text as id, order_id, kind, status, at, payload from order_events where order_id = $1 and id > $2::bigint order by order_events.id limit $3`,
    [orderId, afterId, ORDER_EVENTS_PAGE],
  );
}

/** jsonb arrives parsed from both drivers; a string (a driver without the parser) is read here. */
const withPayload = (row: OrderEventRow): OrderEventRow => ({
  ...row,
  payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload ?? {}),
});

/**
 * Each order's latest event that changed its status (paid, a move, a cancel), by order id: the
 * board offers to undo it when it was a move made on the board less than 30 s ago.
 */
export async function latestStatusEvents(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderEventRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.query<OrderEventRow>(
    `select distinct on (order_id) id::text as id, order_id, kind, status, at, payload from order_events
      where order_id = any($1::text[]) and kind in ('paid', 'status', 'cancelled')
      order by order_id, order_events.id desc`,
    [[...orderIds]],
  );
  return new Map(rows.map((row) => [row.order_id, withPayload(row)]));
}

/** Whether the order was moved to `status` before (a customer told it is ready is not told again). */
export async function reachedBefore(db: Queryable, orderId: string, status: OrderStatus): Promise<boolean> {
  const rows = await db.query(
    `select 1 from order_events where order_id = $1 and kind = 'status' and status = $2 limit 1`,
    [orderId, status],
  );
  return rows.length > 0;
}
