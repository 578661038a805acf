/**
 * A customer disputing a card payment with their bank (Stripe's charge.dispute.* events): each
 * dispute a row of payment_disputes (db/payment-disputes.ts); while one is open the order carries
 * the 'payment_disputed' problem on every staff board (services/order-problems.ts), with the
 * amount and the bank's reason; the owner is mailed (through the outbox, in the transaction that
 * records it) once when it opens and once when it closes, with the outcome.
 */
import type { AppDependencies } from '../dependencies.ts';
import { openProblemsByOrder } from '../db/order-problems.ts';
import { otherOpenDispute, saveDispute } from '../db/payment-disputes.ts';
import { lockOrder } from '../db/orders.ts';
import { disputeClosedMail, disputeDetail, disputeOpenedMail } from '../mail/dispute-mail.ts';
import { flagOrderProblem, settleOrderProblem } from './order-problems.ts';

/** The statuses of a dispute that is over (https://docs.stripe.com/api/disputes/object#dispute_object-status). */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['won', 'lost', 'warning_closed', 'prevented']);

/** A dispute as the provider reports it, already checked: codes are lowercase words, the amount whole cents. */
export interface ReportedDispute {
  id: string;
  amountCents: number;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  /** A live-mode dispute (its Dashboard page is not under /test/). */
  livemode: boolean;
  /** The provider reported it closed (charge.dispute.closed), whatever its status says. */
  closed: boolean;
}

/**
 * Records the dispute on the order and puts the order's problem right: open while the dispute is,
 * settled when it closes (unless another dispute of the order is still open). Answers false when
 * there is no such order.
 */
export async function recordDispute(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'mailer'>,
  orderId: string,
  dispute: ReportedDispute,
): Promise<boolean> {
  const now = deps.clock();
  const saved = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return null;
    const closed = dispute.closed || CLOSED_STATUSES.has(dispute.status);
    const { before, after } = await saveDispute(
      tx,
      {
        id: dispute.id,
        orderId,
        amountCents: dispute.amountCents,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: dispute.evidenceDueBy,
      },
      now,
      closed,
    );
    const isClosed = after.closed_at !== null;
    // Once each: the owner hears of it when it is first seen open, and of its outcome when it closes.
    if (!before && !isClosed) await deps.mailer.queue(tx, disputeOpenedMail(order, after, dispute.livemode));
    if (isClosed && !before?.closed_at) await deps.mailer.queue(tx, disputeClosedMail(order, after, dispute.livemode));
    return { after, isClosed, stillDisputed: isClosed && (await otherOpenDispute(tx, orderId, dispute.id)) };
  });
  if (!saved) return false;
  deps.mailer.deliver();
  if (!saved.isClosed) {
    // Flagged (every board sounds) unless it is open already with these words: a report of the
    // same dispute again changes nothing on the boards.
    const detail = disputeDetail(saved.after);
    const open = (await openProblemsByOrder(deps.db, [orderId])).get(orderId) ?? [];
    if (!open.some((problem) => problem.kind === 'payment_disputed' && problem.detail === detail))
      await flagOrderProblem(deps.db, { orderId, kind: 'payment_disputed', detail, at: now });
  } else if (!saved.stillDisputed) {
    await settleOrderProblem(deps.db, { orderId, kind: 'payment_disputed', at: now });
  }
  return true;
}
