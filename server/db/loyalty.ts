/**
 * SQL for loyalty points, kept per normalised phone number. The ledger is the record: an entry
 * for what a paid order earned and what it spent on a reward; when part of it is refunded, an
 * entry per refund taking back what the refunded part had earned (refund_id, 0024_refunds.sql);
 * when it is cancelled, one taking back what is left of the earning and one giving the spending
 * back; and an admin's adjustment (0028_points_adjustments.sql), belonging to no order, with its
 * reason, its admin and the customer it was for. A phone's balance is the sum of its entries.
 * loyalty_accounts keeps the same sum at hand. The order-wide entries (refund_id null) are each
 * written once per order and kind.
 */
import type { Queryable } from './database.ts';

export async function pointsFor(db: Queryable, phone: string): Promise<number> {
  const [row] = await db.query<{ points: string | number | null }>(
    'select sum(points) as points from loyalty_ledger where phone = $1',
    [phone],
  );
  return Math.max(0, Number(row?.points ?? 0));
}

/** Credits an order's points once: a second call for the same order changes nothing. */
export async function earnPoints(db: Queryable, orderId: string, phone: string, points: number): Promise<boolean> {
  const inserted = await db.query(
    `insert into loyalty_ledger (order_id, phone, points, kind) values ($1, $2, $3, 'earned')
     on conflict (order_id, kind) where refund_id is null do nothing returning order_id`,
    [orderId, phone, points],
  );
  if (inserted.length === 0) return false;
  await db.query(
    `insert into loyalty_accounts (phone, points) values ($1, $2)
     on conflict (phone) do update set points = loyalty_accounts.points + excluded.points, updated_at = now()`,
    [phone, points],
  );
  return true;
}

/**
 * Takes back `points` of what an order earned, with a ledger entry of the opposite sign: for one
 * refund (once per refund), or with no refund for the order as a whole (once per order; a
 * cancel with nothing left to refund). A second call for the same refund changes nothing.
 * Answers the points taken back (0 when none).
 */
export async function reverseEarnedPoints(
  db: Queryable,
  orderId: string,
  refundId: string | null,
  points: number,
): Promise<number> {
  if (!(points > 0)) return 0;
  const [reversed] = await db.query<{ phone: string; points: number }>(
    `insert into loyalty_ledger (order_id, phone, points, kind, refund_id)
     select order_id, phone, -$3::int, 'reversed', $2::text from loyalty_ledger where order_id = $1 and kind = 'earned'
     on conflict ${refundId === null ? '(order_id, kind) where refund_id is null' : '(refund_id, kind) where refund_id is not null'}
     do nothing returning phone, points`,
    [orderId, refundId, points],
  );
  if (!reversed) return 0;
  await db.query(`update loyalty_accounts set points = greatest(0, points + $2), updated_at = now() where phone = $1`, [
    reversed.phone,
    reversed.points,
  ]);
  return 0 - reversed.points;
}

/**
 * What an order earned, what was taken back of it so far over all its refunds, and the points it
 * spent that were given back (all non-negative).
 */
export async function orderPoints(
  db: Queryable,
  orderId: string,
): Promise<{ earned: number; reversed: number; restored: number }> {
  const rows = await db.query<{ kind: string; points: string | number }>(
    `select kind, sum(points) as points from loyalty_ledger
      where order_id = $1 and kind in ('earned', 'reversed', 'restored') group by kind`,
    [orderId],
  );
  const sum = (kind: string) => Math.abs(Number(rows.find((row) => row.kind === kind)?.points ?? 0));
  return { earned: sum('earned'), reversed: sum('reversed'), restored: sum('restored') };
}

/**
 * The points of `phone` that this account may spend: those of orders it placed signed in, or
 * placed with its (confirmed) email address, and an admin's adjustments made for it or for that
 * address; never more than the phone's balance (points an admin took away are gone for everyone).
 * A number anyone can type is not proof of owning the points earned on it; an inbox is.
 */
export async function accountPointsFor(
  db: Queryable,
  phone: string,
  cognitoSub: string,
  email: string,
): Promise<number> {
  const [row] = await db.query<{ own: string | number | null; on_phone: string | number | null }>(
    `select sum(l.points) filter (where case when l.order_id is null
                                            then l.cognito_sub = $2 or lower(l.email) = lower($3)
                                            else o.cognito_sub = $2 or lower(o.email) = lower($3) end) as own,
            sum(l.points) as on_phone
       from loyalty_ledger l left join orders o on o.id = l.order_id
      where l.phone = $1`,
    [phone, cognitoSub, email],
  );
  return Math.max(0, Math.min(Number(row?.own ?? 0), Number(row?.on_phone ?? 0)));
}

/** An admin's adjustment of a phone's points, for the customer of `email` (and `cognitoSub`'s account). */
export interface PointsAdjustmentEntry {
  phone: string;
  /** Added (positive) or taken away (negative); never 0. */
  points: number;
  reason: string;
  /** The admin's email. */
  actor: string;
  email: string;
  cognitoSub: string | null;
  at: Date;
}

/**
 * Records an adjustment and moves the phone's balance by it. The caller holds the phone's lock
 * (lockPhonePoints) and has checked that the balance stays at 0 or more.
 */
export async function adjustPoints(tx: Queryable, entry: PointsAdjustmentEntry): Promise<void> {
  await tx.query(
    `insert into loyalty_ledger (order_id, phone, points, kind, reason, actor, email, cognito_sub, at)
     values (null, $1, $2, 'adjusted', $3, $4, lower($5), $6, $7)`,
    [entry.phone, entry.points, entry.reason, entry.actor, entry.email, entry.cognitoSub, entry.at],
  );
  await tx.query(
    `insert into loyalty_accounts (phone, points, updated_at) values ($1, greatest(0, $2::int), $3)
     on conflict (phone) do update set points = greatest(0, loyalty_accounts.points + $2::int), updated_at = $3`,
    [entry.phone, entry.points, entry.at],
  );
}

export interface LedgerRow {
  id: string;
  at: Date;
  kind: 'earned' | 'reversed' | 'redeemed' | 'restored' | 'adjusted';
  points: number;
  order_number: number | null;
  reason: string | null;
  actor: string | null;
}

/** A phone's newest `limit` ledger entries, newest first, with their order's number. */
export async function phoneLedger(db: Queryable, phone: string, limit: number): Promise<LedgerRow[]> {
  const rows = await db.query<Omit<LedgerRow, 'id' | 'order_number'> & { id: unknown; order_number: unknown }>(
    `select l.id, l.at, l.kind, l.points, o.number as order_number, l.reason, l.actor
       from loyalty_ledger l left join orders o on o.id = l.order_id
      where l.phone = $1 order by l.id desc limit $2`,
    [phone, limit],
  );
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    order_number: row.order_number === null ? null : Number(row.order_number),
  }));
}

/** Serialises spending one phone's points until the transaction ends (two checkouts, two replicas). */
export async function lockPhonePoints(tx: Queryable, phone: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(72413010, hashtext($1))', [phone]);
}

/** Spends an order's points on its reward, once: a second call changes nothing. */
export async function redeemPoints(tx: Queryable, orderId: string, phone: string, points: number): Promise<boolean> {
  const inserted = await tx.query(
    `insert into loyalty_ledger (order_id, phone, points, kind) values ($1, $2, $3, 'redeemed')
     on conflict (order_id, kind) where refund_id is null do nothing returning order_id`,
    [orderId, phone, -points],
  );
  if (inserted.length === 0) return false;
  await tx.query(
    `insert into loyalty_accounts (phone, points) values ($1, 0)
     on conflict (phone) do update set points = greatest(0, loyalty_accounts.points - $2), updated_at = now()`,
    [phone, points],
  );
  return true;
}

/** Gives back what an order spent on its reward, once. Answers the points given back (0 when none). */
export async function restoreRedeemedPoints(tx: Queryable, orderId: string): Promise<number> {
  const [restored] = await tx.query<{ phone: string; points: number }>(
    `insert into loyalty_ledger (order_id, phone, points, kind)
     select order_id, phone, -points, 'restored' from loyalty_ledger where order_id = $1 and kind = 'redeemed' and points < 0
     on conflict (order_id, kind) where refund_id is null do nothing returning phone, points`,
    [orderId],
  );
  if (!restored) return 0;
  await tx.query(
    `insert into loyalty_accounts (phone, points) values ($1, $2)
     on conflict (phone) do update set points = loyalty_accounts.points + excluded.points, updated_at = now()`,
    [restored.phone, restored.points],
  );
  return restored.points;
}

/** A phone's other checkouts, not yet paid, that would spend points, with their payments. */
export async function unpaidRedeemingOrders(
  db: Queryable,
  phone: string,
  exceptOrderId: string,
): Promise<{ order_id: string; provider_reference: string }[]> {
  return db.query(
    `select o.id as order_id, p.provider_reference from orders o join payments p on p.order_id = o.id
      where o.phone = $1 and o.id <> $2 and o.status = 'pending_payment' and o.points_redeemed > 0
        and p.status not in ('succeeded', 'refunded', 'canceled')`,
    [phone, exceptOrderId],
  );
}
