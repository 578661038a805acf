/**
 * Problems that need a person on a paid order (db/order-problems.ts): opening or resolving one
 * records an order event in the same transaction, so every staff board shows it at once (and
 * sounds for a new one). The courier hand-off opens 'delivery_not_booked'; Stripe's dispute
 * events open and resolve 'payment_disputed'.
 */
import type { OrderProblemKind } from '../../shared/api/staff.ts';
import type { Database, Queryable } from '../db/database.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { openOrderProblem, resolveOrderProblem } from '../db/order-problems.ts';
import { lockOrder, type OrderRow } from '../db/orders.ts';

type Transactional = Pick<Database, 'transaction'>;

/**
 * Opens the problem on the order (or updates its detail); true when it was not open before.
 * False, and nothing recorded, when there is no such order.
 */
export function flagOrderProblem(
  db: Transactional,
  problem: { orderId: string; kind: OrderProblemKind; detail: string; at: Date },
): Promise<boolean> {
  return db.transaction((tx) => flagOrderProblemIn(tx, problem));
}

/** flagOrderProblem inside a transaction of the caller's, with the change that raised it. */
export async function flagOrderProblemIn(
  tx: Queryable,
  problem: { orderId: string; kind: OrderProblemKind; detail: string; at: Date },
): Promise<boolean> {
  const order = await lockOrder(tx, problem.orderId);
  if (!order) return false;
  const opened = await openOrderProblem(tx, problem);
  await recordProblemEvent(tx, order, problem, true);
  return opened;
}

/** Resolves the order's open problem of this kind; true when one was open. */
export function settleOrderProblem(
  db: Transactional,
  problem: { orderId: string; kind: OrderProblemKind; at: Date },
): Promise<boolean> {
  return db.transaction((tx) => settleOrderProblemIn(tx, problem));
}

/** settleOrderProblem inside a transaction of the caller's, with the change that settled it. */
export async function settleOrderProblemIn(
  tx: Queryable,
  problem: { orderId: string; kind: OrderProblemKind; at: Date },
): Promise<boolean> {
  const order = await lockOrder(tx, problem.orderId);
  if (!order || !(await resolveOrderProblem(tx, problem))) return false;
  await recordProblemEvent(tx, order, problem, false);
  return true;
}

/** The order event every staff board follows: the problem opened or resolved. */
function recordProblemEvent(
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'status'>,
  problem: { kind: OrderProblemKind; at: Date },
  open: boolean,
) {
  return recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'problem',
    status: order.status,
    at: problem.at,
    payload: { problem: problem.kind, open },
  });
}
