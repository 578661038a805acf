/**
 * Sends a paid order to Clover as an atomic order (POST /v3/merchants/{mId}/atomic_order/orders),
 * so the kitchen sees it on the Clover devices, and never twice:
 * - pos_order_pushes records each push; an order already pushed sends nothing again;
 * - the push is claimed with a lease first, so two callers never push one order at once;
 * - each try waits longer than the last (default 1 s, then 4 s: three tries), or as long as a 429's
 *   Retry-After says;
 * - a time-out (or a 5xx, or a lost connection) is ambiguous, Clover may have made the order: the
 *   next try first looks for it by its title (GET orders?filter=title=..., title being one of the
 *   filter fields Clover documents for orders) and only creates it when not found. The title is
 *   "Online #<number> <our order id>", unique per order and readable on the device.
 * Ids: an item synced from Clover keeps Clover's id as ours, and its menu_items.clover_id names
 * the Clover item pushed; modifiers keep Clover's ids as ours, so an order line's modifier ids go
 * to Clover as they are. An item with no clover_id (the demo menu) cannot be pushed: the push
 * fails with a message saying which.
 */
import type { Database } from '../../db/database.ts';
import { cloverItemIds } from '../../db/menu-store.ts';
import { findOrder, orderLines, type OrderLineRow, type OrderRow } from '../../db/orders.ts';
import { claimPush, findPush, markFailed, markPushed, noteError, startAttempt } from '../../db/pos-order-pushes.ts';
import { CloverError, type CloverAtomicOrder, type CloverClient } from './clover-client.ts';

const PROVIDER = 'clover';

export interface CloverPushDeps {
  db: Database;
  clover: Pick<CloverClient, 'createAtomicOrder' | 'findOrdersByTitle'>;
  clock: () => Date;
  /** Waits before the 2nd, 3rd... try, in milliseconds; its length + 1 is the number of tries. */
  backoffMs?: readonly number[];
  /** How long a push stays claimed by one caller; longer than all its tries take. Default 5 minutes. */
  leaseMs?: number;
}

export type CloverPushResult =
  | { outcome: 'pushed'; cloverOrderId: string }
  | { outcome: 'already-pushed'; cloverOrderId: string }
  /** Someone else holds the push right now. */
  | { outcome: 'busy' }
  | { outcome: 'not-paid'; status: string }
  | { outcome: 'failed'; error: string };

export const DEFAULT_BACKOFF_MS = [1_000, 4_000] as const;

/** The Clover title of one of our orders: what the look-up after a time-out searches for. */
export function cloverOrderTitle(order: Pick<OrderRow, 'id' | 'number'>): string {
  return `Online #${order.number} ${order.id}`;
}

/**
 * The atomic order for an order's lines: one Clover line item per unit (Clover counts each-priced
 * items one line each), with the line's modifiers. `cloverItemIds` maps our item ids to Clover's.
 */
export function atomicOrderOf(
  order: Pick<
    OrderRow,
    'id' | 'number' | 'name' | 'phone' | 'delivery_type' | 'delivery_street' | 'delivery_city' | 'scheduled_for'
  >,
  lines: readonly OrderLineRow[],
  cloverItemIds: ReadonlyMap<string, string>,
): CloverAtomicOrder {
  const lineItems = lines.flatMap((line) => {
    const id = cloverItemIds.get(line.menu_item_id);
    if (!id) throw new Error(`Order ${order.id}: ${line.name} (${line.menu_item_id}) has no Clover item id.`);
    const modifications = line.modifiers.map((modifier) => ({ modifier: { id: modifier.id } }));
    return Array.from({ length: line.quantity }, () => ({ item: { id }, modifications }));
  });
  const where =
    order.delivery_type === 'delivery'
      ? `delivery to ${[order.delivery_street, order.delivery_city].filter(Boolean).join(', ')}`
      : 'pickup';
  const when = order.scheduled_for ? `, ready at ${new Date(order.scheduled_for).toISOString()}` : '';
  return {
    orderCart: {
      title: cloverOrderTitle(order),
      note: `${order.name}, ${order.phone}, ${where}${when}`,
      lineItems,
    },
  };
}

export async function pushOrderToClover(deps: CloverPushDeps, orderId: string): Promise<CloverPushResult> {
  const { db, clover, clock } = deps;
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`There is no order ${orderId} to push to Clover.`);
  if (order.status === 'pending_payment' || order.status === 'cancelled')
    return { outcome: 'not-paid', status: order.status };

  const done = await findPush(db, orderId);
  if (done?.status === 'pushed') return { outcome: 'already-pushed', cloverOrderId: done.pos_order_id! };

  const now = clock();
  const claim = await claimPush(db, orderId, PROVIDER, now, new Date(now.getTime() + (deps.leaseMs ?? 5 * 60_000)));
  if (!claim) {
    const other = await findPush(db, orderId);
    return other?.status === 'pushed'
      ? { outcome: 'already-pushed', cloverOrderId: other.pos_order_id! }
      : { outcome: 'busy' };
  }

  let cart: CloverAtomicOrder;
  try {
    const lines = await orderLines(db, orderId);
    cart = atomicOrderOf(
      order,
      lines,
      await cloverItemIds(
        db,
        lines.map((line) => line.menu_item_id),
      ),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await markFailed(db, orderId, message, clock());
    return { outcome: 'failed', error: message };
  }

  const waits = deps.backoffMs ?? DEFAULT_BACKOFF_MS;
  // A try made before this call (a crash, an earlier failed call) may have reached Clover.
  let lookFirst = claim.attempts > 0;
  for (let attempt = 0; ; attempt++) {
    await startAttempt(db, orderId, clock());
    try {
      if (lookFirst) {
        const [found] = await clover.findOrdersByTitle(cart.orderCart.title);
        if (found) {
          await markPushed(db, orderId, found.id, clock());
          return { outcome: 'pushed', cloverOrderId: found.id };
        }
      }
      const created = await clover.createAtomicOrder(cart);
      await markPushed(db, orderId, created.id, clock());
      return { outcome: 'pushed', cloverOrderId: created.id };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryable = error instanceof CloverError && error.retryable;
      if (!retryable || attempt >= waits.length) {
        await markFailed(db, orderId, message, clock());
        return { outcome: 'failed', error: message };
      }
      await noteError(db, orderId, message, clock());
      // Anything but a clear refusal may have created the order: look before creating again.
      if (error instanceof CloverError && error.status !== 429) lookFirst = true;
      const asked =
        error instanceof CloverError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : 0;
      await sleep(Math.max(waits[attempt] ?? 0, asked));
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
