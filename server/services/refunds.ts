/**
 * Money back while an order stands: staff refund some of its items or an amount of their
 * choosing, with a reason, through the payment provider (shared/refunds.ts prices it). Each refund
 * is a row written pending before the provider is asked (under the order's lock, so two staff at
 * once never give back more than was paid), then marked succeeded or failed. A refund that
 * succeeded takes back the loyalty points its part had earned, records an order event (the
 * boards and the customer's page follow it), and tells the customer by mail (in the same
 * transaction, through the outbox) and by text when they agreed to texts. Cancelling
 * (order-cancel.ts) gives back everything left through the same steps.
 */
import type { BoardOrder, StaffRefund } from '../../shared/api/staff.ts';
import {
  amountRefundProblem,
  isRefundProblem,
  pointsKept,
  priceLineRefund,
  refundedSoFar,
  type RefundableOrder,
} from '../../shared/refunds.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { claimKey, storeAnswer } from '../db/idempotency.ts';
import { orderPoints, reverseEarnedPoints } from '../db/loyalty.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { lockOrder, type OrderRow } from '../db/orders.ts';
import { paymentForOrder, refundSucceededPayment, type PaymentRow } from '../db/payments.ts';
import {
  insertRefund,
  refundableLines,
  refundRows,
  setRefundPoints,
  setRefundStatus,
  type RefundLine,
  type RefundRow,
} from '../db/refunds.ts';
import { requestHashOf, sameRequest } from '../http/idempotency-key.ts';
import { HttpError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { log } from '../logger.ts';
import { moneyBackMail, type MoneyBackNotice } from './order-mail.ts';
import { sendMoneyBackText } from './order-texts.ts';
import { boardOrder, lockedOrder, type Actor } from './staff-board.ts';

export const refundNotTaken = (number: number) =>
  `The payment provider did not take the refund of order ${number}, so nothing went back to the card. Try again in a moment.`;
export const cancelledNoRefund = (number: number) =>
  `Order ${number} is cancelled: its cancel gives back everything that was left to refund.`;
const nothingPaid = (number: number) => `Order ${number} has no card payment to refund.`;
/** An Idempotency-Key sent before with another refund (items, amount, reason, order or staff member): never its answer. */
export const REFUND_KEY_REUSED =
  'This refund window already sent a different refund. Close it and open Refund again to make another one.';
export const refundOnItsWay = (number: number) =>
  `The refund of order ${number} is still on its way to the payment provider. Look at the order again in a moment.`;

/** A refund left pending this long never heard back from the provider (a crash): it may be tried again. */
export const REFUND_STALE_MS = 2 * 60_000;

type Deps = Pick<AppDependencies, 'db' | 'clock' | 'payments' | 'mailer' | 'sms' | 'inFlight'>;

/** The order as shared/refunds.ts prices it: its lines, its money, and what the card paid. */
export async function refundableOrder(db: Queryable, order: OrderRow, payment: PaymentRow): Promise<RefundableOrder> {
  const lines = await refundableLines(db, order.id);
  return {
    number: order.number,
    lines: lines.map((line) => ({
      position: line.position,
      name: line.name,
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
    })),
    money: {
      subtotal: order.subtotal_cents,
      promoDiscount: order.promo_discount_cents,
      loyaltyDiscount: order.loyalty_discount_cents,
      tax: order.tax_cents,
      total: payment.amount_cents,
    },
  };
}

/** Whether the order's payment went through at the card (and so can be given back). */
export function paidByCard(payment: PaymentRow | null): payment is PaymentRow {
  return payment?.status === 'succeeded' || payment?.status === 'refunded';
}

/** The payment a refund goes back to: 409 when the order was never paid by card. */
function paidPayment(order: OrderRow, payment: PaymentRow | null): PaymentRow {
  if (!paidByCard(payment)) throw new HttpError(409, nothingPaid(order.number));
  return payment;
}

/** A refund written pending, to be asked of the provider. */
export interface RefundAttempt {
  refundId: string;
  amountCents: number;
  paymentReference: string;
  /** 1 for the first try; a retry's key differs, and it first looks for what an earlier try made. */
  attempts: number;
}

const IDEMPOTENCY_SCOPE = 'staff-refund';

/**
 * POST /api/staff/orders/:id/refunds/: some items or an amount back, on a paid order not cancelled.
 *
 * `idempotencyKey` (the refund dialog makes one when it opens and sends it with every try) is
 * claimed under the order's lock, with the refund it writes, and bound to the staff member, the
 * order and the refund asked, as create-order binds its key: the same key with anything else is
 * refused (422). The same request again answers the first one's answer and never refunds twice;
 * while the first is still at the provider it is refused (409); after the provider refused the
 * first (502, its refund failed) it makes the refund afresh, as a new try always did.
 */
export async function refundOrder(
  deps: Deps,
  orderId: string,
  asked: StaffRefund,
  by: Actor,
  idempotencyKey: string,
): Promise<BoardOrder> {
  const requestHash = requestHashOf([`staff:${by.email}`, orderId, asked]);
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const stored = await claimKey(tx, IDEMPOTENCY_SCOPE, idempotencyKey, requestHash);
    if (stored) {
      if (!sameRequest(stored.requestHash, requestHash)) throw new HttpError(422, REFUND_KEY_REUSED);
      if (stored.status > 0) return { kind: 'replay' as const, answer: stored.response as BoardOrder };
      // Claimed by a try with no answer stored: how its refund stands says what this one does.
      const made = (stored.response as { refund_id?: string } | null)?.refund_id;
      const earlier = (await refundRows(tx, orderId)).find((row) => row.id === made);
      if (earlier?.status === 'succeeded') return { kind: 'made' as const };
      if (earlier?.status === 'pending') throw new HttpError(409, refundOnItsWay(order.number));
    }
    if (order.status === 'cancelled') throw new HttpError(409, cancelledNoRefund(order.number));
    const payment = paidPayment(order, await paymentForOrder(tx, orderId));
    const refundable = await refundableOrder(tx, order, payment);
    const sofar = refundedSoFar(refundable, await refundRows(tx, orderId));
    let amount: number;
    let lines: RefundLine[] = [];
    if (asked.lines) {
      const priced = priceLineRefund(refundable, sofar, asked.lines);
      if (isRefundProblem(priced)) throw new HttpError(priced.status, priced.message);
      amount = priced.amount;
      lines = priced.lines.map(({ position, name, quantity }) => ({ position, name, quantity }));
    } else {
      amount = asked.amount_cents!;
      const problem = amountRefundProblem(refundable, sofar, amount);
      if (problem) throw new HttpError(problem.status, problem.message);
    }
    const refundId = newId('rf');
    await insertRefund(tx, {
      id: refundId,
      order_id: orderId,
      amount_cents: amount,
      reason: asked.reason,
      note: asked.note,
      lines,
      whole_order: false,
      by: by.email,
      at: deps.clock(),
    });
    // The key names its refund until the answer is stored (status 0: no answer yet).
    await storeAnswer(tx, IDEMPOTENCY_SCOPE, idempotencyKey, 0, { refund_id: refundId });
    const attempt: RefundAttempt = {
      refundId,
      amountCents: amount,
      paymentReference: payment.provider_reference,
      attempts: 1,
    };
    return { kind: 'new' as const, attempt };
  });
  if (outcome.kind === 'replay') return outcome.answer;
  if (outcome.kind === 'new') await giveBack(deps, orderId, outcome.attempt, refundNotTaken);
  const answer = (await boardOrder(deps.db, orderId, deps.clock()))!;
  await storeAnswer(deps.db, IDEMPOTENCY_SCOPE, idempotencyKey, 200, answer);
  return answer;
}

/**
 * Asks the provider for a pending refund and records how it went. On success, in one transaction:
 * the refund succeeded, the points its part had earned taken back, the payment marked refunded
 * once all of it is back, an order event, and the customer's mail; then their text. On failure:
 * the refund failed, an order event, and a 502 with `failure`'s sentence.
 */
export async function giveBack(
  deps: Deps,
  orderId: string,
  attempt: RefundAttempt,
  failure: (number: number) => string,
): Promise<void> {
  const { refundId } = attempt;
  let providerReference: string;
  try {
    ({ reference: providerReference } = await deps.payments.refund(attempt.paymentReference, attempt.amountCents, {
      refundId,
      idempotencyKey: attempt.attempts === 1 ? `refund-${refundId}` : `refund-${refundId}-${attempt.attempts}`,
      retry: attempt.attempts > 1,
    }));
  } catch (error) {
    log.error({ order_id: orderId, refund_id: refundId, err: error }, 'refund failed');
    const number = await deps.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      if (await setRefundStatus(tx, refundId, 'failed', deps.clock())) {
        await recordOrderEvent(tx, {
          orderId,
          kind: 'refunded',
          status: order.status,
          at: deps.clock(),
          payload: { refund_id: refundId, status: 'failed' },
        });
      }
      return order.number;
    });
    throw new HttpError(502, failure(number));
  }

  const told = await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    if (!(await setRefundStatus(tx, refundId, 'succeeded', deps.clock(), providerReference))) return null;
    const payment = (await paymentForOrder(tx, orderId))!;
    const refundable = await refundableOrder(tx, order, payment);
    const rows = await refundRows(tx, orderId);
    const refund = rows.find((row) => row.id === refundId)!;
    const succeeded = refundedSoFar(
      refundable,
      rows.filter((row) => row.status === 'succeeded'),
    );
    // The order keeps what its remaining eligible subtotal earns; a cancel took its points already.
    const points = await orderPoints(tx, orderId);
    const cancelled = order.status === 'cancelled';
    const kept = pointsKept(refundable, succeeded, points.earned, cancelled, order.points_cents_per_point ?? undefined);
    const taken = await reverseEarnedPoints(tx, orderId, refundId, points.earned - points.reversed - kept);
    if (taken > 0) await setRefundPoints(tx, refundId, refund.points_reversed + taken);
    if (succeeded.cents >= payment.amount_cents) await refundSucceededPayment(tx, payment.provider_reference);
    await recordOrderEvent(tx, {
      orderId,
      kind: 'refunded',
      status: order.status,
      at: deps.clock(),
      payload: { refund_id: refundId, status: 'succeeded', amount_cents: refund.amount_cents, by: refund.by },
    });
    const notice = noticeOf(refund, refund.points_reversed + taken, refund.whole_order ? points.restored : 0);
    await deps.mailer.queue(tx, moneyBackMail(order, notice));
    return notice;
  });
  if (told) tellAfterCommit(deps, orderId, `refund:${refundId}`, told);
}

/** What the customer is told about a refund row that went through (or a cancel with nothing to give back). */
export function noticeOf(
  refund: Pick<RefundRow, 'whole_order' | 'amount_cents' | 'lines' | 'reason' | 'note'>,
  pointsTakenBack: number,
  pointsGivenBack: number,
): MoneyBackNotice {
  return {
    kind: refund.whole_order ? 'cancelled' : 'refunded',
    amountCents: refund.amount_cents,
    lines: refund.lines,
    reason: refund.reason,
    note: refund.note,
    pointsTakenBack,
    pointsGivenBack,
  };
}

/** After the commit: the queued mail goes out, and the text (never thrown, not awaited by the staff's tap). */
export function tellAfterCommit(
  deps: Deps,
  orderId: string,
  kind: 'cancelled' | `refund:${string}`,
  notice: MoneyBackNotice,
): void {
  deps.mailer.deliver();
  void deps.inFlight.track(sendMoneyBackText(deps, orderId, kind, notice));
}
