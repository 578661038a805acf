/** SQL for loyalty points, kept per normalised phone number. */
import type { Queryable } from './database.ts';

export async function pointsFor(db: Queryable, phone: string): Promise<number> {
  const [row] = await db.query<{ points: number }>('select points from loyalty_accounts where phone = $1', [phone]);
  return row?.points ?? 0;
}

/** Credits an order's points once: a second call for the same order changes nothing. */
export async function earnPoints(db: Queryable, orderId: string, phone: string, points: number): Promise<boolean> {
  const inserted = await db.query(
    `insert into loyalty_ledger (order_id, phone, points) values ($1, $2, $3) on conflict (order_id) do nothing returning order_id`,
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
