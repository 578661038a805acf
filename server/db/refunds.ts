/**
 * SQL for refunds (0024_refunds.sql): one row per refund of an order, a few lines, an amount or a
 * cancel's refund of everything left, with its reason, who made it and how it went at the payment
 * provider.
 */
import type { RefundAnswer, RefundReason } from '../../shared/api/staff.ts';
import type { Queryable } from './database.ts';

type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface RefundLine {
  position: number;
  name: string;
  quantity: number;
}

export interface RefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  reason: RefundReason;
  note: string | null;
  lines: RefundLine[];
  whole_order: boolean;
  status: RefundStatus;
  provider_reference: string | null;
  by: string;
  points_reversed: number;
  /** Tries at the provider (1 for the first). */
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, order_id, amount_cents, reason, note, lines, whole_order, status, provider_reference, by, points_reversed, attempts, created_at, updated_at';

/** jsonb arrives parsed from both drivers; a string (a driver without the parser) is read here. */
const parsed = (row: RefundRow): RefundRow => ({
  ...row,
  lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as RefundLine[]) : row.lines,
});

function refundAnswer(row: RefundRow): RefundAnswer {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    reason: row.reason,
    note: row.note,
    lines: row.lines.map((line) => ({ position: line.position, name: line.name, quantity: line.quantity })),
    whole_order: row.whole_order,
    status: row.status,
    by: row.by,
    points_reversed: row.points_reversed,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Runs an update that answers the ids it changed (`returning id`); answers whether it changed any. */
async function changedAny(db: Queryable, sql: string, params: unknown[]): Promise<boolean> {
  return (await db.query(sql, params)).length > 0;
}

/** An order's refunds, in the order they were written. */
export async function refundRows(db: Queryable, orderId: string): Promise<RefundRow[]> {
  const rows = await db.query<RefundRow>(`select ${COLUMNS} from refunds where order_id = $1 order by seq`, [orderId]);
  return rows.map(parsed);
}

/**
 * The refunds of each of `orderIds` (oldest first), as the board and the customer's page show them.
 * The board's order (staff-board.ts boardRows) reads from them: refunded_cents = the sum of the
 * refunds not failed; items[].refunded_quantity = the quantities of its position in the `lines` of
 * the refunds not failed; refunded = the payment is marked refunded, or the succeeded ones reach
 * the order's total. Its items also carry unit_price_cents (order_lines.unit_price_cents), so the
 * refund dialog can price lines.
 */
export async function refundsByOrder(db: Queryable, orderIds: readonly string[]): Promise<Map<string, RefundAnswer[]>> {
  const byOrder = new Map<string, RefundAnswer[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.query<RefundRow>(
    `select ${COLUMNS} from refunds where order_id = any($1::text[]) order by order_id, seq`,
    [[...orderIds]],
  );
  for (const row of rows.map(parsed)) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(refundAnswer(row));
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** The cancel's refund of an order (at most one), if any. */
export async function wholeOrderRefund(db: Queryable, orderId: string): Promise<RefundRow | null> {
  const [row] = await db.query<RefundRow>(`select ${COLUMNS} from refunds where order_id = $1 and whole_order`, [
    orderId,
  ]);
  return row ? parsed(row) : null;
}

/** Writes a refund, pending, before the provider is asked. */
export async function insertRefund(
  db: Queryable,
  refund: Pick<RefundRow, 'id' | 'order_id' | 'amount_cents' | 'reason' | 'note' | 'lines' | 'whole_order' | 'by'> & {
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into refunds (id, order_id, amount_cents, reason, note, lines, whole_order, status, by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, 'pending', $8, $9, $9)`,
    [
      refund.id,
      refund.order_id,
      refund.amount_cents,
      refund.reason,
      refund.note,
      JSON.stringify(refund.lines),
      refund.whole_order,
      refund.by,
      refund.at,
    ],
  );
}

/**
 * Writes a refund the provider already made, succeeded, with its reference: one made elsewhere
 * (the provider's dashboard), found when the provider reports it or refuses one of ours.
 */
export async function insertProviderRefund(
  db: Queryable,
  refund: Pick<RefundRow, 'id' | 'order_id' | 'amount_cents' | 'reason' | 'note' | 'whole_order' | 'by'> & {
    provider_reference: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into refunds (id, order_id, amount_cents, reason, note, lines, whole_order, status, provider_reference, by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, '[]', $6, 'succeeded', $7, $8, $9, $9)`,
    [
      refund.id,
      refund.order_id,
      refund.amount_cents,
      refund.reason,
      refund.note,
      refund.whole_order,
      refund.provider_reference,
      refund.by,
      refund.at,
    ],
  );
}

/**
 * A cancel's refund (not succeeded) becomes the record of a refund the provider made elsewhere,
 * which gave back what it was to: its amount and reference, succeeded. Answers whether it changed.
 */
export async function adoptProviderRefund(
  db: Queryable,
  refundId: string,
  amountCents: number,
  providerReference: string,
  at: Date,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set status = 'succeeded', amount_cents = $2, provider_reference = $3, updated_at = $4
      where id = $1 and status <> 'succeeded' returning id`,
    [refundId, amountCents, providerReference, at],
  );
}

/**
 * A failed refund now to give back less, what is left after refunds made elsewhere: its retry
 * asks for that. Answers whether it changed.
 */
export async function shrinkFailedRefund(
  db: Queryable,
  refundId: string,
  amountCents: number,
  at: Date,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set amount_cents = $2, updated_at = $3 where id = $1 and status = 'failed' returning id`,
    [refundId, amountCents, at],
  );
}

/**
 * A pending refund asked again for a new amount (less was left at the provider than it asked):
 * one more attempt, so it goes with a new idempotency key. Answers whether it changed.
 */
export async function resizeRefund(db: Queryable, refundId: string, amountCents: number, at: Date): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set amount_cents = $2, attempts = attempts + 1, updated_at = $3
      where id = $1 and status = 'pending' returning id`,
    [refundId, amountCents, at],
  );
}

/**
 * Sets how a refund went at the provider. Only a pending or failed refund changes: a succeeded
 * one stays succeeded (a late or repeated answer changes nothing). Answers whether it changed.
 */
export async function setRefundStatus(
  db: Queryable,
  refundId: string,
  status: RefundStatus,
  at: Date,
  providerReference: string | null = null,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set status = $2, provider_reference = coalesce($3, provider_reference), updated_at = $4
      where id = $1 and status <> 'succeeded' returning id`,
    [refundId, status, providerReference, at],
  );
}

/**
 * A try the provider refused, or whose answer never came and which the provider does not hold:
 * failed, if the refund is still that try's (pending, without the provider's name for it; a
 * report of the provider's may have taken it in meanwhile). Answers whether it changed.
 */
export async function failTry(db: Queryable, refundId: string, at: Date): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set status = 'failed', updated_at = $2
      where id = $1 and status = 'pending' and provider_reference is null returning id`,
    [refundId, at],
  );
}

/**
 * A refund the provider reports failed after taking it: one that went through (the card was closed
 * by the time the money reached it) or one still on its way. Failed now, if it still stands as
 * `from` says. Answers whether it changed.
 */
export async function failRefund(
  db: Queryable,
  refundId: string,
  from: 'succeeded' | 'pending',
  at: Date,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set status = 'failed', updated_at = $3 where id = $1 and status = $2 returning id`,
    [refundId, from, at],
  );
}

/**
 * A pending refund the provider took but has not given back yet: its name for it kept, so no
 * retry asks again. Changes nothing once the provider's report settled it. Answers whether it changed.
 */
export async function refundAtProvider(
  db: Queryable,
  refundId: string,
  providerReference: string,
  at: Date,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set provider_reference = $2, updated_at = $3
      where id = $1 and status = 'pending' and provider_reference is null returning id`,
    [refundId, providerReference, at],
  );
}

/**
 * A refund of ours the provider took (on its way) though no try of ours heard so: one that failed
 * here (its answer was lost), or one left pending since before `staleBefore` (a crash). Pending
 * now with the provider's name for it. Answers whether it changed.
 */
export async function adoptTakenRefund(
  db: Queryable,
  refundId: string,
  providerReference: string,
  at: Date,
  staleBefore: Date,
): Promise<boolean> {
  return changedAny(
    db,
    `update refunds set status = 'pending', provider_reference = $2, updated_at = $3
      where id = $1 and (status = 'failed' or (status = 'pending' and provider_reference is null and updated_at < $4))
      returning id`,
    [refundId, providerReference, at, staleBefore],
  );
}

/**
 * SQL: whether refund `r` is given back in the books: succeeded, or taken by the provider and on
 * its way (pending with the provider's name for it), as services/refunds.ts `givenBack` says.
 */
export const GIVEN_BACK_SQL = `(r.status = 'succeeded' or (r.status = 'pending' and r.provider_reference is not null))`;

/**
 * Claims a refund for another try: one that failed, or one left pending since before `staleBefore`
 * (its try never came back: a crash, a lost answer). It is pending again with one more attempt.
 * Answers the claimed row, or null when it is not for retrying (succeeded, in flight now, or
 * taken by the provider and on its way). The provider's name for a failed try is let go: the news
 * of that try failing must not fail the new one.
 */
export async function claimRetry(
  db: Queryable,
  refundId: string,
  now: Date,
  staleBefore: Date,
): Promise<RefundRow | null> {
  const [row] = await db.query<RefundRow>(
    `update refunds set status = 'pending', attempts = attempts + 1, provider_reference = null, updated_at = $2
      where id = $1 and (status = 'failed' or (status = 'pending' and provider_reference is null and updated_at < $3))
      returning ${COLUMNS}`,
    [refundId, now, staleBefore],
  );
  return row ? parsed(row) : null;
}

/** The order's lines as refunds price them, by position: one unit's price with its modifiers. */
export async function refundableLines(
  db: Queryable,
  orderId: string,
): Promise<{ position: number; menu_item_id: string; name: string; unit_price_cents: number; quantity: number }[]> {
  const rows = await db.query<{
    position: number;
    menu_item_id: string;
    name: string;
    unit_price_cents: number;
    quantity: number;
    modifiers: { price_cents?: number }[] | string;
  }>(
    'select position, menu_item_id, name, unit_price_cents, quantity, modifiers from order_lines where order_id = $1 order by position',
    [orderId],
  );
  return rows.map((row) => {
    const modifiers =
      typeof row.modifiers === 'string' ? (JSON.parse(row.modifiers) as { price_cents?: number }[]) : row.modifiers;
    return {
      position: row.position,
      menu_item_id: row.menu_item_id,
      name: row.name,
      unit_price_cents: row.unit_price_cents + modifiers.reduce((sum, m) => sum + (m.price_cents ?? 0), 0),
      quantity: row.quantity,
    };
  });
}

export async function setRefundPoints(db: Queryable, refundId: string, points: number): Promise<void> {
  await db.query('update refunds set points_reversed = $2 where id = $1', [refundId, points]);
}
