/**
 * SQL for order problems (0033_order_problems.sql): what needs a person on a paid order beyond its
 * status, one row per order and kind, open until resolved.
 */
import type { OrderProblemKind } from '../../shared/api/staff.ts';
import type { Queryable } from './database.ts';

export interface OrderProblemRow {
  order_id: string;
  kind: OrderProblemKind;
  detail: string;
  opened_at: Date;
  resolved_at: Date | null;
}

/**
 * Opens the problem (or opens it again, with the new detail and time, if it was resolved); an
 * open one keeps its first time and takes the newer detail. True when it was not open before.
 */
export async function openOrderProblem(
  db: Queryable,
  problem: { orderId: string; kind: OrderProblemKind; detail: string; at: Date },
): Promise<boolean> {
  const [before] = await db.query<{ open: boolean }>(
    'select resolved_at is null as open from order_problems where order_id = $1 and kind = $2 for update',
    [problem.orderId, problem.kind],
  );
  await db.query(
    `insert into order_problems (order_id, kind, detail, opened_at) values ($1, $2, $3, $4)
      on conflict (order_id, kind) do update set
        detail = excluded.detail,
        opened_at = case when order_problems.resolved_at is null then order_problems.opened_at else excluded.opened_at end,
        resolved_at = null`,
    [problem.orderId, problem.kind, problem.detail, problem.at],
  );
  return !before?.open;
}

/** Resolves the order's open problem of this kind; true when one was open. */
export async function resolveOrderProblem(
  db: Queryable,
  problem: { orderId: string; kind: OrderProblemKind; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update order_problems set resolved_at = $3 where order_id = $1 and kind = $2 and resolved_at is null returning order_id`,
    [problem.orderId, problem.kind, problem.at],
  );
  return rows.length > 0;
}

/** The open problems of these orders, oldest first, by order id. */
export async function openProblemsByOrder(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderProblemRow[]>> {
  const byOrder = new Map<string, OrderProblemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.query<OrderProblemRow>(
    `select order_id, kind, detail, opened_at, resolved_at from order_problems
      where order_id = any($1::text[]) and resolved_at is null order by opened_at, kind`,
    [orderIds],
  );
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
