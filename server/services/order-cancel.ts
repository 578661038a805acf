/**
 * Cancelling an order from the board: the order leaves the kitchen, with a reason (a preset, and
 * the staff's words), everything not refunded before goes back through the payment provider as
 * one refund (services/refunds.ts), and a delivery's booked courier is called off
 * (services/order-handoff.ts callOffCourier).
 */
import type { BoardOrder, RefundReason } from '../../shared/api/staff.ts';
import { refundedSoFar } from '../../shared/refunds.ts';
import type { AppDependencies } from '../dependencies.ts';
import { orderPoints, restoreRedeemedPoints, reverseEarnedPoints } from '../db/loyalty.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { moveOrder, setCancelReason, type OrderStatus } from '../db/orders.ts';
import { paymentForOrder, refundSucceededPayment } from '../db/payments.ts';
import { releaseRedemption } from '../db/promo-codes.ts';
import { claimRetry, insertRefund, refundRows, setRefundPoints, wholeOrderRefund } from '../db/refunds.ts';
import { HttpError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { callOffCourier, courierToCallOff } from './order-handoff.ts';
import { moneyBackMail } from './order-mail.ts';
import {
  giveBack,
  noticeOf,
  paidByCard,
  refundableOrder,
  REFUND_STALE_MS,
  tellAfterCommit,
  type RefundAttempt,
} from './refunds.ts';
import { boardOrder, LABELS, lockedOrder, MOVED_BY_SOMEONE_ELSE, type Actor } from './staff-board.ts';

export const REFUND_FAILED =
  'The order is cancelled, but the refund did not go through. Cancel it again to retry the refund.';
export const cannotCancel = (number: number, status: OrderStatus) =>
  `Order ${number} is ${LABELS[status]} and cannot be cancelled.`;

/**
 * Cancels an order and gives back everything not refunded before, once, as a `whole_order`
 * refund; in the same transaction as the cancel, the loyalty points it still holds are taken back
 * and those it spent given back (ledger entries), and its promo code use is released. The
 * customer is told by mail and text once the provider took the refund (gone through or on its
 * way; at once when there is none to give). Cancelling a cancelled order changes nothing, unless its refund failed (or never heard
 * back) and something is still left to give back: then the refund is tried again. When the
 * provider answers that the money went back already (refunded in its dashboard), what it gave back
 * is recorded and the cancel ends there (services/refunds.ts), with no retry to offer.
 */
export async function cancelOrder(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'payments' | 'mailer' | 'sms' | 'inFlight' | 'delivery' | 'menu'>,
  orderId: string,
  cancel: { reason: RefundReason; note: string | null },
  by: Actor,
): Promise<BoardOrder> {
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status === 'cancelled') {
      const whole = await wholeOrderRefund(tx, orderId);
      if (!whole) return null;
      // Its refund failed, but everything went back since another way (the provider's dashboard):
      // there is nothing left to try again.
      if (whole.status === 'failed') {
        const paid = (await paymentForOrder(tx, orderId))?.amount_cents ?? 0;
        const back = (await refundRows(tx, orderId))
          .filter((row) => row.status !== 'failed')
          .reduce((sum, row) => sum + row.amount_cents, 0);
        if (back >= paid) return null;
      }
      const now = deps.clock();
      const claimed = await claimRetry(tx, whole.id, now, new Date(now.getTime() - REFUND_STALE_MS));
      if (!claimed) return null;
      const payment = (await paymentForOrder(tx, orderId))!;
      const attempt: RefundAttempt = {
        refundId: claimed.id,
        amountCents: claimed.amount_cents,
        paymentReference: payment.provider_reference,
        attempts: claimed.attempts,
      };
      return { attempt };
    }
    if (order.status === 'completed') throw new HttpError(409, cannotCancel(order.number, order.status));
    if (!(await moveOrder(tx, orderId, order.status, 'cancelled'))) throw new HttpError(409, MOVED_BY_SOMEONE_ELSE);
    await setCancelReason(tx, orderId, cancel.reason, cancel.note);

    // Everything the card paid that is not back yet (nor on its way) goes back as one refund.
    const payment = await paymentForOrder(tx, orderId);
    let attempt: RefundAttempt | null = null;
    if (paidByCard(payment)) {
      const refundable = await refundableOrder(tx, order, payment);
      const left = payment.amount_cents - refundedSoFar(refundable, await refundRows(tx, orderId)).cents;
      if (left > 0) {
        attempt = {
          refundId: newId('rf'),
          amountCents: left,
          paymentReference: payment.provider_reference,
          attempts: 1,
        };
        await insertRefund(tx, {
          id: attempt.refundId,
          order_id: orderId,
          amount_cents: left,
          reason: cancel.reason,
          note: cancel.note,
          lines: [],
          whole_order: true,
          by: by.email,
          at: deps.clock(),
        });
      } else if (payment.status === 'succeeded') {
        // Refunds gave it all back already: the payment says so.
        await refundSucceededPayment(tx, payment.provider_reference);
      }
    }
    // What the order still holds is taken back; the points it spent and the promo use it held
    // are given back, each once.
    const points = await orderPoints(tx, orderId);
    const taken = await reverseEarnedPoints(tx, orderId, attempt?.refundId ?? null, points.earned - points.reversed);
    if (attempt && taken > 0) await setRefundPoints(tx, attempt.refundId, taken);
    const givenBack = await restoreRedeemedPoints(tx, orderId);
    await releaseRedemption(tx, orderId, deps.clock());
    await recordOrderEvent(tx, {
      orderId,
      kind: 'cancelled',
      status: 'cancelled',
      at: deps.clock(),
      payload: { from: order.status, reason: cancel.reason, by: by.email },
    });
    // A courier on its way (not yet at the door, nor called off by the service) is called off after the commit.
    const courier = await courierToCallOff(tx, orderId);
    if (attempt) return { attempt, courier };
    // Nothing to give back: the customer is told now, in this transaction.
    const notice = noticeOf(
      { whole_order: true, amount_cents: 0, lines: [], reason: cancel.reason, note: cancel.note },
      taken,
      givenBack,
    );
    await deps.mailer.queue(tx, moneyBackMail({ ...order, status: 'cancelled' }, notice));
    return { notice, courier };
  });
  if (outcome && 'courier' in outcome && outcome.courier)
    void deps.inFlight.track(callOffCourier(deps, orderId, outcome.courier));
  if (outcome?.attempt) await giveBack(deps, orderId, outcome.attempt, () => REFUND_FAILED);
  if (outcome?.notice) tellAfterCommit(deps, orderId, 'cancelled', outcome.notice);
  return (await boardOrder(deps.db, orderId, deps.clock()))!;
}
