/**
 * SQL for loyalty points, kept per normalised phone number. The ledger is the record: an entry
 * for what a paid order earned and, when it is cancelled and refunded, one taking it back; a
 * phone's balance is the sum of its entries. loyalty_accounts keeps the same sum at hand.
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
     on conflict (order_id, kind) do nothing returning order_id`,
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
 * Takes back what an order earned, with a ledger entry of the opposite sign, once: a second
 * call (a retried cancel) changes nothing. Answers the points taken back (0 when none).
 */
export async function reversePoints(db: Queryable, orderId: string): Promise<number> {
  const [reversed] = await db.query<{ phone: string; points: number }>(
    `insert into loyalty_ledger (order_id, phone, points, kind)
     select order_id, phone, -points, 'reversed' from loyalty_ledger where order_id = $1 and kind = 'earned' and points > 0
     on conflict (order_id, kind) do nothing returning phone, points`,
    [orderId],
  );
  if (!reversed) return 0;
  await db.query(`update loyalty_accounts set points = greatest(0, points + $2), updated_at = now() where phone = $1`, [
    reversed.phone,
    reversed.points,
  ]);
  return 0 - reversed.points;
}

/** What an order earned and what was taken back of it (both non-negative). */
export async function orderPoints(db: Queryable, orderId: string): Promise<{ earned: number; reversed: number }> {
  const rows = await db.query<{ kind: 'earned' | 'reversed'; points: number }>(
    'select kind, points from loyalty_ledger where order_id = $1',
    [orderId],
  );
  return {
    earned: rows.find((row) => row.kind === 'earned')?.points ?? 0,
    reversed: 0 - (rows.find((row) => row.kind === 'reversed')?.points ?? 0),
  };
}
