/**
 * Money back while an order stands: staff refund some of its items or an amount of their
 * choosing, with a reason, through the payment provider (shared/refunds.ts prices it). Each refund
 * is a row written pending before the provider is asked (under the order's lock, so two staff at
 * once never give back more than was paid), then marked succeeded or failed; one the provider took
 * but has not given back yet (Stripe's `pending`) stays pending, with the provider's name for it,
 * until the provider reports how it ended (refund.updated), and counts as given back meanwhile. A
 * refund given back takes back the loyalty points its part had earned, records an order event (the
 * boards and the customer's page follow it), and tells the customer by mail (in the same
 * transaction, through the outbox) and by text when they agreed to texts. Cancelling
 * (order-cancel.ts) gives back everything left through the same steps.
 *
 * Refunds made elsewhere (in the payment provider's dashboard) are recorded too, once each by the
 * provider's reference: when the provider reports them (Stripe's charge.refunded) and when it
 * refuses one of ours because the money went back already (`RefundedElsewhere`). Each becomes a
 * succeeded row by PROVIDER_DASHBOARD, takes back points by the same rule, and is told to the
 * customer as a staff refund is; one that gives back the rest of an open order ends the order, as
 * a staff cancel would, and one found by a cancel is that cancel's refund. One that went through
 * and later failed at the provider (a card closed by the time the money reached it), or never went
 * through, is marked failed and the order flagged to the staff (refund_failed) to give the money
 * back another way.
 */
import type { BoardOrder, StaffRefund } from '../../shared/api/staff.ts';
import { formatUSD } from '../../shared/money.ts';
import {
  amountRefundProblem,
  isRefundProblem,
  pointsKept,
  priceLineRefund,
  REFUND_SENTENCES,
  refundedSoFar,
  type RefundableOrder,
} from '../../shared/refunds.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { claimKey, storeAnswer } from '../db/idempotency.ts';
import { orderPoints, restoreRedeemedPoints, reverseEarnedPoints } from '../db/loyalty.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { lockOrder, moveOrder, setCancelReason, type OrderRow, type OrderStatus } from '../db/orders.ts';
import { paymentForOrder, refundSucceededPayment, unrefundPayment, type PaymentRow } from '../db/payments.ts';
import { releaseRedemption } from '../db/promo-codes.ts';
import {
  adoptProviderRefund,
  adoptTakenRefund,
  failRefund,
  failTry,
  insertProviderRefund,
  insertRefund,
  refundAtProvider,
  refundableLines,
  refundRows,
  resizeRefund,
  setRefundPoints,
  shrinkFailedRefund,
  setRefundStatus,
  type RefundLine,
  type RefundRow,
} from '../db/refunds.ts';
import {
  liveRefundOf,
  RefundedElsewhere,
  type ProviderRefund,
  type RefundMade,
} from '../providers/payments/payment-provider.ts';
import { requestHashOf, sameRequest } from '../http/idempotency-key.ts';
import { HttpError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { log } from '../logger.ts';
import { menuWordsIn } from '../menu/menu-words.ts';
import { DASHBOARD_NOTE, moneyBackMail, refundFailedMail, type MoneyBackNotice } from './order-mail.ts';
import { sendMoneyBackText } from './order-texts.ts';
import { callOffCourier, courierToCallOff } from './order-handoff.ts';
import { flagOrderProblemIn } from './order-problems.ts';
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

/** Who made a refund found at the provider that nobody asked for here: the owner, in Stripe's Dashboard. */
export const PROVIDER_DASHBOARD = 'Stripe Dashboard';
/** The note such a refund carries (its reason is 'other'); the customer reads it, in the order's language, with the refund. */
export { DASHBOARD_NOTE };

/** Statuses of an order still in the kitchen's hands: a refund of everything left ends it. */
const OPEN_STATUSES: ReadonlySet<OrderStatus> = new Set(['paid', 'accepted', 'ready', 'out_for_delivery']);

/** Answered (503) to a provider's report that comes while one of our tries of the refund is being asked. */
export const REFUND_IN_FLIGHT = 'A refund of this payment is being asked now; send this report again later.';

/**
 * A refund left pending this long without the provider's name for it never heard back (a crash):
 * it may be tried again, and the provider's reports of it are taken. Longer than a try can last:
 * a few Stripe calls (a look for an earlier try's refund, the refund, a look after a lost answer),
 * each of up to three attempts of 20 s.
 */
export const REFUND_STALE_MS = 10 * 60_000;

type Deps = Pick<AppDependencies, 'db' | 'clock' | 'payments' | 'mailer' | 'sms' | 'inFlight' | 'delivery' | 'menu'>;

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
  /** Asked again, for what was left, after the provider said part was refunded elsewhere: not again. */
  afterElsewhere?: boolean;
}

/** What the customer is told after the commit, and under which text kind. */
interface Told {
  kind: 'cancelled' | `refund:${string}`;
  notice: MoneyBackNotice;
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
      if (earlier && givenBack(earlier)) return { kind: 'made' as const };
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
 * Asks the provider for a pending refund and records how it went. When the provider took it (gone
 * through, or on its way: Stripe's `pending`, which stays pending here with Stripe's name for it),
 * in one transaction: the refund succeeded or kept pending, the points its part had earned taken
 * back, the payment marked refunded once all of it is back, an order event, and the customer's
 * mail; then their text. On failure:
 * the refund failed, an order event, and a 502 with `failure`'s sentence. When the provider
 * refused because the money went back already (its dashboard), see `refundedElsewhere`.
 */
export async function giveBack(
  deps: Deps,
  orderId: string,
  attempt: RefundAttempt,
  failure: (number: number) => string,
): Promise<void> {
  const { refundId } = attempt;
  let made: RefundMade | null;
  try {
    made = await deps.payments.refund(attempt.paymentReference, attempt.amountCents, {
      refundId,
      idempotencyKey: attempt.attempts === 1 ? `refund-${refundId}` : `refund-${refundId}-${attempt.attempts}`,
      retry: attempt.attempts > 1,
    });
  } catch (error) {
    if (error instanceof RefundedElsewhere && deps.payments.refunds && !attempt.afterElsewhere)
      return refundedElsewhere(deps, orderId, attempt, failure, error);
    // The answer may have been lost after the provider took it: what the provider holds decides.
    made = await madeAfterAll(deps, attempt);
    if (made)
      log.warn({ order_id: orderId, refund_id: refundId, err: error }, 'refund answer lost; the provider took it');
    else log.error({ order_id: orderId, refund_id: refundId, err: error }, 'refund failed');
  }
  if (!made) {
    const failed = await deps.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      // Not when a report of the provider's took the refund in meanwhile: then it went back.
      return (await markFailed(tx, deps, order, refundId)) ? order.number : null;
    });
    if (failed !== null) throw new HttpError(502, failure(failed));
    return;
  }

  // Gone through, or taken and on its way (Stripe's `pending`): the books are settled and the
  // customer told now either way. A pending one stays pending with the provider's name for it
  // (no retry asks again) until the provider reports how it ended (`takeInProviderRefunds`).
  const taken = made;
  const told = await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    const row = (await refundRows(tx, orderId)).find((candidate) => candidate.id === refundId);
    if (!row || row.status === 'succeeded') return null;
    // The provider's report took it in while this try was slow: settled and told then.
    if (givenBack(row)) {
      if (taken.status === 'succeeded' && row.provider_reference === taken.reference)
        await markWentThrough(tx, deps, order, row);
      return null;
    }
    const recorded =
      taken.status === 'succeeded'
        ? await setRefundStatus(tx, refundId, 'succeeded', deps.clock(), taken.reference)
        : await refundAtProvider(tx, refundId, taken.reference, deps.clock());
    if (!recorded) return null;
    return settleGivenBack(tx, deps, order, refundId);
  });
  if (told) tellAfterCommit(deps, orderId, `refund:${refundId}`, told);
}

/**
 * A try whose answer never came (the network, a timeout): the refund the provider made for it, if
 * it made one (its metadata names ours) and it is not failed; null when none, or when the provider
 * cannot be asked either.
 */
async function madeAfterAll(deps: Deps, attempt: RefundAttempt): Promise<RefundMade | null> {
  if (!deps.payments.refunds) return null;
  try {
    return liveRefundOf(await deps.payments.refunds(attempt.paymentReference), attempt.refundId);
  } catch (error) {
    log.warn({ refund_id: attempt.refundId, err: error }, "could not read the provider's refunds after a lost answer");
    return null;
  }
}

/** A refund taken and on its way (settled and told then) that the provider says went through: marked so, with its event. */
async function markWentThrough(tx: Queryable, deps: Deps, order: OrderRow, row: RefundRow): Promise<void> {
  if (!(await setRefundStatus(tx, row.id, 'succeeded', deps.clock(), row.provider_reference))) return;
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'refunded',
    status: order.status,
    at: deps.clock(),
    payload: { refund_id: row.id, status: 'succeeded', amount_cents: row.amount_cents, by: row.by },
  });
}

/**
 * Whether a refund is given back in our books: it succeeded, or the provider took it and it is on
 * its way (pending, with the provider's name for it). A pending one without that name is still
 * being asked, or its answer was lost.
 */
export function givenBack(row: Pick<RefundRow, 'status' | 'provider_reference'>): boolean {
  return row.status === 'succeeded' || (row.status === 'pending' && row.provider_reference !== null);
}

/**
 * In the transaction that marked refund `refundId` given back (succeeded, or taken by the provider
 * and on its way): the points its part had earned taken back, the payment marked refunded once all
 * of it is back (and then the points the order spent and its promo use given back), an order
 * event, and the customer's mail (queued). Answers what the customer is told.
 */
async function settleGivenBack(tx: Queryable, deps: Deps, order: OrderRow, refundId: string): Promise<MoneyBackNotice> {
  const orderId = order.id;
  const payment = (await paymentForOrder(tx, orderId))!;
  const refundable = await refundableOrder(tx, order, payment);
  const rows = await refundRows(tx, orderId);
  const refund = rows.find((row) => row.id === refundId)!;
  const back = refundedSoFar(refundable, rows.filter(givenBack));
  // The order keeps what its remaining eligible subtotal earns; a cancel took its points already.
  const points = await orderPoints(tx, orderId);
  const cancelled = order.status === 'cancelled';
  const kept = pointsKept(refundable, back, points.earned, cancelled, order.points_cents_per_point ?? undefined);
  const taken = await reverseEarnedPoints(tx, orderId, refundId, points.earned - points.reversed - kept);
  if (taken > 0) await setRefundPoints(tx, refundId, refund.points_reversed + taken);
  let pointsBack = 0;
  if (back.cents >= payment.amount_cents) {
    await refundSucceededPayment(tx, payment.provider_reference);
    // All of it back: the order cost the customer nothing, so the points it spent and its promo
    // use come back too, as a cancel gives them back (each once; a cancel has done it already).
    if (!cancelled) {
      pointsBack = await restoreRedeemedPoints(tx, orderId);
      await releaseRedemption(tx, orderId, deps.clock());
    }
  }
  await recordOrderEvent(tx, {
    orderId,
    kind: 'refunded',
    status: order.status,
    at: deps.clock(),
    payload: { refund_id: refundId, status: refund.status, amount_cents: refund.amount_cents, by: refund.by },
  });
  const told = noticeOf(refund, refund.points_reversed + taken, refund.whole_order ? points.restored : pointsBack);
  const notice = { ...told, lines: await linesInOrderLanguage(tx, deps, order, told.lines) };
  await deps.mailer.queue(tx, moneyBackMail(order, notice));
  return notice;
}

/**
 * The provider refused a refund of ours because less was left than it asked: it was given back
 * elsewhere (its dashboard). What the provider gave back is recorded, then:
 * - a cancel's refund: with nothing left it is the refund found (the first one not recorded), or,
 *   when every refund was recorded already, it failed having nothing to give and the customer is
 *   told of the cancel; with part left it is asked again, once, for what is left;
 * - a refund of some items or an amount: it failed, and staff are told what is left (409).
 */
async function refundedElsewhere(
  deps: Deps,
  orderId: string,
  attempt: RefundAttempt,
  failure: (number: number) => string,
  refusal: RefundedElsewhere,
): Promise<void> {
  log.warn(
    { order_id: orderId, refund_id: attempt.refundId, nothing_left: refusal.nothingLeft },
    'refund refused: the payment was refunded elsewhere; recording what was',
  );
  const found = await deps.payments.refunds!(attempt.paymentReference);
  const outcome = await deps.db.transaction(async (tx) => {
    let order = (await lockOrder(tx, orderId))!;
    const payment = (await paymentForOrder(tx, orderId))!;
    const told = await confirmOurs(tx, deps, order, found);
    const rows = await refundRows(tx, orderId);
    const row = rows.find((candidate) => candidate.id === attempt.refundId)!;
    if (givenBack(row)) return { told };
    const theirs = madeElsewhere(rows, found);
    const before = givenBackCents(rows.filter((other) => other.id !== row.id));
    const left = payment.amount_cents - before - theirs.reduce((sum, refund) => sum + refund.amountCents, 0);
    const now = deps.clock();
    if (row.whole_order) {
      if (left > 0) {
        for (const refund of theirs) told.push((await recordElsewhere(tx, deps, order, payment, refund, false)).told);
        await resizeRefund(tx, row.id, left, now);
        const retry: RefundAttempt = {
          ...attempt,
          amountCents: left,
          attempts: row.attempts + 1,
          afterElsewhere: true,
        };
        return { told, retry };
      }
      const [first, ...rest] = theirs;
      if (first) {
        await adoptProviderRefund(tx, row.id, first.amountCents, first.reference, now);
        told.push({ kind: `refund:${row.id}`, notice: await settleGivenBack(tx, deps, order, row.id) });
        for (const refund of rest) told.push((await recordElsewhere(tx, deps, order, payment, refund, false)).told);
        return { told };
      }
      // Every refund was recorded already: this one had nothing to give back; the cancel is told now.
      await markFailed(tx, deps, order, row.id);
      const points = await orderPoints(tx, orderId);
      const notice = noticeOf({ ...row, amount_cents: 0 }, row.points_reversed, points.restored);
      await deps.mailer.queue(tx, moneyBackMail(order, notice));
      told.push({ kind: 'cancelled', notice });
      return { told };
    }
    let courier: string | null = null;
    for (const refund of theirs) {
      const recorded = await recordElsewhere(tx, deps, order, payment, refund, true);
      told.push(recorded.told);
      order = recorded.order;
      courier ??= recorded.courier;
    }
    await markFailed(tx, deps, order, row.id);
    const nowLeft = payment.amount_cents - givenBackCents(await refundRows(tx, orderId));
    return {
      told,
      courier,
      refused: REFUND_SENTENCES.overRefund(order.number, attempt.amountCents, Math.max(0, nowLeft)),
    };
  });
  for (const { kind, notice } of outcome.told) tellAfterCommit(deps, orderId, kind, notice);
  if ('courier' in outcome && outcome.courier) callOffAfterCommit(deps, orderId, outcome.courier);
  if (outcome.retry) return giveBack(deps, orderId, outcome.retry, failure);
  if (outcome.refused) throw new HttpError(409, outcome.refused);
}

/**
 * Marks a try of a refund failed, with its order event, unless a report of the provider's took the
 * refund in meanwhile (`failTry`). Answers whether it did.
 */
async function markFailed(tx: Queryable, deps: Deps, order: OrderRow, refundId: string): Promise<boolean> {
  if (!(await failTry(tx, refundId, deps.clock()))) return false;
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'refunded',
    status: order.status,
    at: deps.clock(),
    payload: { refund_id: refundId, status: 'failed' },
  });
  return true;
}

/**
 * POST /api/webhooks/stripe/ (charge.refunded, refund.updated): the payment's refunds as the
 * provider has them now, recorded. Ours that went through but were not marked so (the answer was
 * lost, this report came first, or the provider took it pending) are marked succeeded; ours that
 * failed are marked so (`failedAtProvider`); each made elsewhere becomes a row. Only an order paid
 * by card is touched. Answers how many refunds were recorded.
 */
export async function takeInProviderRefunds(deps: Deps, orderId: string, paymentReference: string): Promise<number> {
  if (!deps.payments.refunds) return 0;
  const found = await deps.payments.refunds(paymentReference);
  const outcome = await deps.db.transaction(async (tx) => {
    let order = await lockOrder(tx, orderId);
    const payment = await paymentForOrder(tx, orderId);
    if (!order || !paidByCard(payment) || payment.provider_reference !== paymentReference) return null;
    const told = await confirmOurs(tx, deps, order, found);
    const failedLater = await failedAtProvider(tx, deps, order, payment, found);
    const rows = await refundRows(tx, orderId);
    // A cancel whose refund failed is finished by a refund made elsewhere that gives back the
    // rest; one that gives back less is a refund of its own, and the cancel's retry asks for
    // what is left after it.
    let failedCancel = rows.find((row) => row.whole_order && row.status === 'failed');
    const backBefore = givenBackCents(rows);
    let back = backBefore;
    let courier: string | null = null;
    for (const refund of madeElsewhere(rows, found)) {
      if (failedCancel && back + refund.amountCents >= payment.amount_cents) {
        await adoptProviderRefund(tx, failedCancel.id, refund.amountCents, refund.reference, deps.clock());
        told.push({
          kind: `refund:${failedCancel.id}`,
          notice: await settleGivenBack(tx, deps, order, failedCancel.id),
        });
        failedCancel = undefined;
      } else {
        const recorded = await recordElsewhere(tx, deps, order, payment, refund, true);
        told.push(recorded.told);
        order = recorded.order;
        courier ??= recorded.courier;
      }
      back += refund.amountCents;
    }
    if (failedCancel && back > backBefore)
      await shrinkFailedRefund(tx, failedCancel.id, payment.amount_cents - back, deps.clock());
    return { told, courier, failedLater };
  });
  if (!outcome) return 0;
  for (const { kind, notice } of outcome.told) tellAfterCommit(deps, orderId, kind, notice);
  if (outcome.failedLater > 0) deps.mailer.deliver();
  if (outcome.courier) callOffAfterCommit(deps, orderId, outcome.courier);
  return outcome.told.length + outcome.failedLater;
}

/** A provider's reason a refund failed (Stripe's failure_reason), as the staff read it on the order. */
const FAILURE_REASONS: Record<string, string> = {
  lost_or_stolen_card: 'the card was reported lost or stolen',
  expired_or_canceled_card: 'the card has expired or was closed',
  charge_for_pending_refund_disputed: 'the customer disputed the payment while the refund was on its way',
  insufficient_funds: 'the Stripe balance could not cover it',
  declined: "the card's bank declined it",
  merchant_request: "it was cancelled in Stripe's Dashboard",
};

/** The staff's words for a refund the provider took and then failed (the order's refund_failed problem). */
function refundFailedDetail(amountCents: number, refund: Pick<ProviderRefund, 'status' | 'failureReason'>): string {
  const why =
    refund.status === 'canceled'
      ? "it was cancelled in Stripe's Dashboard"
      : (FAILURE_REASONS[refund.failureReason ?? ''] ?? 'Stripe gave no reason');
  return `Stripe could not give back ${formatUSD(amountCents)} to the customer's card: ${why}. Give it back another way, or refund again once the cause is fixed.`;
}

/**
 * Refunds of ours that the provider now says failed or were cancelled: the money is not with the
 * customer. Each is marked failed with its order event, and the order is flagged to the staff
 * (refund_failed) with the provider's reason, since asking the same card again would fail again.
 * One given back in our books (gone through, or taken and on its way: a card closed by the time
 * the money reached it, days later) no longer counts the payment refunded in full, and its
 * customer, told the money was on its way, hears it is not; what it settled (points, a promo use,
 * a cancel) stays, since the customer is still owed the money. One whose try never heard back had
 * settled and told nothing. Answers how many were found.
 */
async function failedAtProvider(
  tx: Queryable,
  deps: Deps,
  order: OrderRow,
  payment: PaymentRow,
  found: readonly ProviderRefund[],
): Promise<number> {
  const rows = await refundRows(tx, order.id);
  const staleBefore = new Date(deps.clock().getTime() - REFUND_STALE_MS);
  let failed = 0;
  for (const refund of found) {
    if (refund.status !== 'failed' && refund.status !== 'canceled') continue;
    // By the provider's name for it, or by ours when it has none: for a pending one only once its
    // try is over (stale), since a try in flight now has not heard back yet.
    // A later try of the same refund of ours still on its way (or gone through) is not failed by it.
    const byOurId = (candidate: RefundRow) =>
      candidate.provider_reference === null &&
      refund.refundId === candidate.id &&
      liveRefundOf(found, candidate.id) === null;
    const row = rows.find(
      (candidate) =>
        candidate.status !== 'failed' &&
        (candidate.provider_reference === refund.reference ||
          (byOurId(candidate) && (candidate.status === 'succeeded' || candidate.updated_at < staleBefore))),
    );
    // A try of it is being asked now: this report is taken once that try has its answer.
    if (!row && rows.some((candidate) => candidate.status === 'pending' && byOurId(candidate)))
      throw new HttpError(503, REFUND_IN_FLIGHT);
    if (!row || row.status === 'failed' || !(await failRefund(tx, row.id, row.status, deps.clock()))) continue;
    failed += 1;
    // Given back in our books (and the customer told): not any more.
    const toldGoneThrough = givenBack(row);
    if (toldGoneThrough) await unrefundPayment(tx, payment.provider_reference);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'refunded',
      status: order.status,
      at: deps.clock(),
      payload: { refund_id: row.id, status: 'failed' },
    });
    await flagOrderProblemIn(tx, {
      orderId: order.id,
      kind: 'refund_failed',
      detail: refundFailedDetail(row.amount_cents, refund),
      at: deps.clock(),
    });
    // The customer was told the money is on its way: they hear it is not, with the same commit.
    if (toldGoneThrough) await deps.mailer.queue(tx, refundFailedMail(order, row.amount_cents));
  }
  return failed;
}

/** After the commit that ended a delivery order: its courier called off (the staff flagged if DoorDash says no). */
function callOffAfterCommit(deps: Deps, orderId: string, courier: string): void {
  void deps.inFlight.track(callOffCourier(deps, orderId, courier));
}

/** Cents the refunds gave back (or the provider took and is giving back), as the provider counts them. */
function givenBackCents(rows: readonly RefundRow[]): number {
  return rows.filter(givenBack).reduce((sum, row) => sum + row.amount_cents, 0);
}

/**
 * The provider's refunds that went through and are not recorded here: neither a row's reference
 * nor one of our rows (its metadata), oldest first.
 */
function madeElsewhere(rows: readonly RefundRow[], found: readonly ProviderRefund[]): ProviderRefund[] {
  return found.filter(
    (refund) =>
      refund.status === 'succeeded' &&
      !rows.some((row) => row.provider_reference === refund.reference) &&
      !(refund.refundId !== null && rows.some((row) => row.id === refund.refundId)),
  );
}

/**
 * Our refunds the provider made that are not marked succeeded yet: marked so, each told, except
 * one taken and on its way, which was settled and told when the provider took it. Ours it took
 * that no try of ours heard of (an answer lost, a crash) are taken in as on their way, and told.
 */
async function confirmOurs(
  tx: Queryable,
  deps: Deps,
  order: OrderRow,
  found: readonly ProviderRefund[],
): Promise<Told[]> {
  const told: Told[] = [];
  const rows = await refundRows(tx, order.id);
  const staleBefore = new Date(deps.clock().getTime() - REFUND_STALE_MS);
  for (const refund of found) {
    if (refund.refundId === null) continue;
    const row = rows.find((candidate) => candidate.id === refund.refundId);
    if (refund.status === 'pending' || refund.status === 'requires_action') {
      // Taken and on its way, though no try of ours heard so (its answer lost, or a crash): given
      // back now, and told. A try in flight now takes it itself, or fails: this report is taken
      // once it has ended.
      if (!row || givenBack(row) || rows.some((other) => other.provider_reference === refund.reference)) continue;
      if (row.status === 'pending' && row.updated_at >= staleBefore) throw new HttpError(503, REFUND_IN_FLIGHT);
      if (!(await adoptTakenRefund(tx, row.id, refund.reference, deps.clock(), staleBefore))) continue;
      told.push({ kind: `refund:${row.id}`, notice: await settleGivenBack(tx, deps, order, row.id) });
      continue;
    }
    if (refund.status !== 'succeeded') continue;
    if (
      !row ||
      row.status === 'succeeded' ||
      rows.some((other) => other.id !== row.id && other.provider_reference === refund.reference)
    )
      continue;
    // Taken and on its way, so settled and told already: now it went through.
    const settled = givenBack(row);
    if (settled) {
      if (row.provider_reference === refund.reference) await markWentThrough(tx, deps, order, row);
      continue;
    }
    if (!(await setRefundStatus(tx, row.id, 'succeeded', deps.clock(), refund.reference))) continue;
    told.push({ kind: `refund:${row.id}`, notice: await settleGivenBack(tx, deps, order, row.id) });
  }
  return told;
}

/**
 * A refund made elsewhere, recorded as a succeeded row by PROVIDER_DASHBOARD, its points taken back
 * and the customer's mail queued. When it gives back the rest of an order still in the kitchen's
 * hands and `mayEnd`, it is the order's whole refund and ends the order as a staff cancel would;
 * `courier` is then the delivery's courier to call off after the commit.
 */
async function recordElsewhere(
  tx: Queryable,
  deps: Deps,
  order: OrderRow,
  payment: PaymentRow,
  refund: ProviderRefund,
  mayEnd: boolean,
): Promise<{ told: Told; order: OrderRow; courier: string | null }> {
  const now = deps.clock();
  const id = newId('rf');
  const before = givenBackCents(await refundRows(tx, order.id));
  const ends = mayEnd && OPEN_STATUSES.has(order.status) && before + refund.amountCents >= payment.amount_cents;
  await insertProviderRefund(tx, {
    id,
    order_id: order.id,
    amount_cents: refund.amountCents,
    reason: 'other',
    note: DASHBOARD_NOTE,
    whole_order: ends,
    by: PROVIDER_DASHBOARD,
    provider_reference: refund.reference,
    at: now,
  });
  const current = ends ? await endOrder(tx, deps, order) : order;
  const courier = current !== order ? await courierToCallOff(tx, order.id) : null;
  return {
    told: { kind: `refund:${id}`, notice: await settleGivenBack(tx, deps, current, id) },
    order: current,
    courier,
  };
}

/**
 * The order ends as a staff cancel ends it (order-cancel.ts), in the caller's transaction: cancelled
 * with reason 'other' and DASHBOARD_NOTE, the points it spent given back, its promo use released, a
 * 'cancelled' event. The points it earned are taken back with its refund (settleGivenBack).
 */
async function endOrder(tx: Queryable, deps: Deps, order: OrderRow): Promise<OrderRow> {
  if (!(await moveOrder(tx, order.id, order.status, 'cancelled'))) return order;
  await setCancelReason(tx, order.id, 'other', DASHBOARD_NOTE);
  await restoreRedeemedPoints(tx, order.id);
  await releaseRedemption(tx, order.id, deps.clock());
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'cancelled',
    status: 'cancelled',
    at: deps.clock(),
    payload: { from: order.status, reason: 'other', by: PROVIDER_DASHBOARD },
  });
  return { ...order, status: 'cancelled', cancel_reason: 'other', cancel_note: DASHBOARD_NOTE };
}

/** Refunded lines named as the customer reads the menu, in the order's language (server/menu/menu-words.ts). */
async function linesInOrderLanguage(
  tx: Queryable,
  deps: Pick<Deps, 'menu'>,
  order: OrderRow,
  lines: MoneyBackNotice['lines'],
): Promise<MoneyBackNotice['lines']> {
  if (lines.length === 0 || !order.locale || order.locale === 'en') return lines;
  const words = menuWordsIn(await deps.menu.snapshot(), order.locale);
  const items = new Map((await refundableLines(tx, order.id)).map((line) => [line.name, line.menu_item_id]));
  return lines.map((line) => ({ ...line, name: words.item(items.get(line.name) ?? '', line.name) }));
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
