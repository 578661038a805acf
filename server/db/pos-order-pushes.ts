/**
 * The SQL of pos_order_pushes (0010_menu_sync.sql): which paid orders went to the POS, under
 * which POS order id. A push is claimed with a lease before anything is sent, so one order is
 * never sent by two callers at once, and a pushed order is never sent again.
 */
import type { Queryable } from './database.ts';

export type PushStatus = 'pending' | 'pushed' | 'failed';

export interface PosOrderPush {
  order_id: string;
  provider: string;
  status: PushStatus;
  pos_order_id: string | null;
  attempts: number;
  last_error: string | null;
  pushed_at: Date | null;
}

const FIELDS = 'order_id, provider, status, pos_order_id, attempts, last_error, pushed_at';

export async function findPush(db: Queryable, orderId: string): Promise<PosOrderPush | null> {
  const [row] = await db.query<PosOrderPush>(`select ${FIELDS} from pos_order_pushes where order_id = $1`, [orderId]);
  return row ?? null;
}

/**
 * Takes the push of an order until `leaseUntil`: answers the row when this caller may push it now,
 * or null when it is already pushed or someone else holds an unexpired claim.
 */
export async function claimPush(
  db: Queryable,
  orderId: string,
  provider: string,
  now: Date,
  leaseUntil: Date,
): Promise<PosOrderPush | null> {
  await db.query(
    `insert into pos_order_pushes (order_id, provider, status, created_at, updated_at)
     values ($1, $2, 'pending', $3, $3) on conflict (order_id) do nothing`,
    [orderId, provider, now],
  );
  const [row] = await db.query<PosOrderPush>(
    `update pos_order_pushes set claimed_until = $3, updated_at = $2
      where order_id = $1 and status <> 'pushed' and (claimed_until is null or claimed_until <= $2)
      returning ${FIELDS}`,
    [orderId, now, leaseUntil],
  );
  return row ?? null;
}

/** An attempt is about to be sent: counted first, so a crash mid-call still shows one was made. */
export async function startAttempt(db: Queryable, orderId: string, now: Date): Promise<void> {
  await db.query('update pos_order_pushes set attempts = attempts + 1, updated_at = $2 where order_id = $1', [
    orderId,
    now,
  ]);
}

/** What the last attempt ran into, while trying goes on. */
export async function noteError(db: Queryable, orderId: string, error: string, now: Date): Promise<void> {
  await db.query('update pos_order_pushes set last_error = $2, updated_at = $3 where order_id = $1', [
    orderId,
    error,
    now,
  ]);
}

export async function markPushed(db: Queryable, orderId: string, posOrderId: string, now: Date): Promise<void> {
  await db.query(
    `update pos_order_pushes set status = 'pushed', pos_order_id = $2, last_error = null, pushed_at = $3, updated_at = $3,
            claimed_until = null
      where order_id = $1`,
    [orderId, posOrderId, now],
  );
}

/** Gave up for now: the error stays, the claim is let go, so a later call may try again. */
export async function markFailed(db: Queryable, orderId: string, error: string, now: Date): Promise<void> {
  await db.query(
    `update pos_order_pushes set status = 'failed', last_error = $2, updated_at = $3, claimed_until = null where order_id = $1`,
    [orderId, error, now],
  );
}

/**
 * Paid orders of the last day still not in the POS and free to take: never tried (a crash right
 * after payment), failed (an outage), or claimed by a caller whose lease ran out. At most
 * `maxAttempts` tries each, so one the POS keeps refusing stops being retried.
 */
export async function ordersWaitingForPos(db: Queryable, now: Date, maxAttempts = 10): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select o.id from orders o left join pos_order_pushes p on p.order_id = o.id
      where o.status not in ('pending_payment', 'cancelled') and o.paid_at > $1 and o.paid_at < $2
        and (p.order_id is null or (p.status <> 'pushed' and p.attempts < $3 and (p.claimed_until is null or p.claimed_until <= $2)))
      order by o.paid_at limit 50`,
    [new Date(now.getTime() - 24 * 3_600_000), new Date(now.getTime() - 60_000), maxAttempts],
  );
  return rows.map((row) => row.id);
}
