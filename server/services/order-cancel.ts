/**
 * Cancelling an order from the board: the order leaves the kitchen and its money goes back
 * through the payment provider.
 */
import type { BoardOrder } from '../../shared/api/staff.ts';
import type { AppDependencies } from '../dependencies.ts';
import { restoreRedeemedPoints, reversePoints } from '../db/loyalty.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { moveOrder, setCancelReason, type OrderStatus } from '../db/orders.ts';
import { paymentForOrder, setPaymentStatus } from '../db/payments.ts';
import { releaseRedemption } from '../db/promo-codes.ts';
import { HttpError } from '../http/errors.ts';
import { log } from '../logger.ts';
import { boardOrder, LABELS, lockedOrder, MOVED_BY_SOMEONE_ELSE, type Actor } from './staff-board.ts';

export const REFUND_FAILED =
  'The order is cancelled, but the refund did not go through. Cancel it again to retry the refund.';
export const cannotCancel = (number: number, status: OrderStatus) =>
  `Order ${number} is ${LABELS[status]} and cannot be cancelled.`;

/**
 * Cancels an order and gives the money back through the payment provider, once; the loyalty
 * points it earned are taken back and those it spent given back (ledger entries), and its promo
 * code use is released, in the
 * same transaction as the cancel. Cancelling a cancelled order changes nothing, unless its refund
 * failed before: then the refund is retried.
 */
export async function cancelOrder(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'payments'>,
  orderId: string,
  reason: string,
  by: Actor,
): Promise<BoardOrder> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status === 'cancelled') return;
    if (order.status === 'completed') throw new HttpError(409, cannotCancel(order.number, order.status));
    if (!(await moveOrder(tx, orderId, order.status, 'cancelled'))) throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    await setCancelReason(tx, orderId, reason);
    // What the order earned is taken back; the points it spent and the promo use it held are
    // given back, each once.
    await reversePoints(tx, orderId);
    await restoreRedeemedPoints(tx, orderId);
    await releaseRedemption(tx, orderId, deps.clock());
    await recordOrderEvent(tx, {
      orderId,
      kind: 'cancelled',
      status: 'cancelled',
      at: deps.clock(),
      payload: { from: order.status, reason, by: by.email },
    });
  });
  const payment = await paymentForOrder(deps.db, orderId);
  if (payment?.status === 'succeeded') {
    try {
      await deps.payments.refund(payment.provider_reference, payment.amount_cents);
    } catch (error) {
      log.error({ order_id: orderId, err: error }, 'refund failed');
      throw new HttpError(502, REFUND_FAILED);
    }
    await setPaymentStatus(deps.db, payment.provider_reference, 'refunded');
  }
  return (await boardOrder(deps.db, orderId))!;
}
