/**
 * SQL for payment_disputes (0035_payment_disputes.sql): a customer's dispute of a card payment with
 * their bank, one row per provider dispute, with its order, amount, reason code, status and when
 * the evidence is due.
 */
import type { Queryable } from './database.ts';

export interface PaymentDisputeRow {
  id: string;
  order_id: string;
  amount_cents: number;
  reason: string;
  status: string;
  evidence_due_by: Date | null;
  opened_at: Date;
  closed_at: Date | null;
  updated_at: Date;
}

const COLUMNS = 'id, order_id, amount_cents, reason, status, evidence_due_by, opened_at, closed_at, updated_at';

export interface DisputeFacts {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
}

/**
 * Records the dispute as the provider shows it now, `at`: a new one is inserted, a known one takes
 * the new amount, status and due date. `closed` closes it at `at`, once; a closed one keeps its
 * closing status against a late report of an earlier state (the provider does not promise the order
 * of its events). Answers the row before and after, `before` null when it is new. Locks the row
 * until the transaction ends.
 */
export async function saveDispute(
  db: Queryable,
  dispute: DisputeFacts,
  at: Date,
  closed: boolean,
): Promise<{ before: PaymentDisputeRow | null; after: PaymentDisputeRow }> {
  const [before] = await db.query<PaymentDisputeRow>(
    `select ${COLUMNS} from payment_disputes where id = $1 for update`,
    [dispute.id],
  );
  const [after] = await db.query<PaymentDisputeRow>(
    `insert into payment_disputes (id, order_id, amount_cents, reason, status, evidence_due_by, opened_at, closed_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, case when $8 then $7::timestamptz end, $7)
     on conflict (id) do update set amount_cents = excluded.amount_cents, reason = excluded.reason,
       status = case when payment_disputes.closed_at is null or $8 then excluded.status else payment_disputes.status end,
       evidence_due_by = excluded.evidence_due_by, updated_at = excluded.updated_at,
       closed_at = case when $8 then coalesce(payment_disputes.closed_at, excluded.updated_at) else payment_disputes.closed_at end
     returning ${COLUMNS}`,
    [
      dispute.id,
      dispute.orderId,
      dispute.amountCents,
      dispute.reason,
      dispute.status,
      dispute.evidenceDueBy,
      at,
      closed,
    ],
  );
  return { before: before ?? null, after: after! };
}

/** The order's disputes, oldest first. */
export async function disputesOfOrder(db: Queryable, orderId: string): Promise<PaymentDisputeRow[]> {
  return db.query<PaymentDisputeRow>(
    `select ${COLUMNS} from payment_disputes where order_id = $1 order by opened_at, id`,
    [orderId],
  );
}

/** Whether another dispute of the order is still open (not closed). */
export async function otherOpenDispute(db: Queryable, orderId: string, exceptId: string): Promise<boolean> {
  const rows = await db.query('select 1 from payment_disputes where order_id = $1 and id <> $2 and closed_at is null', [
    orderId,
    exceptId,
  ]);
  return rows.length > 0;
}
