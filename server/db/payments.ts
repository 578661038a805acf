/** SQL for payments: one per order, as the provider knows it (written with its order: db/orders.ts insertOrder). */
import type { PaymentStatus } from '../providers/payments/payment-provider.ts';
import type { Queryable } from './database.ts';

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: string;
  provider_reference: string;
  client_secret: string;
  amount_cents: number;
  status: PaymentStatus;
  failure_message: string | null;
}

const COLUMNS = 'id, order_id, provider, provider_reference, client_secret, amount_cents, status, failure_message';

export async function paymentForOrder(db: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where order_id = $1`, [orderId]);
  return row ?? null;
}

export async function paymentByReference(db: Queryable, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where provider_reference = $1`, [
    reference,
  ]);
  return row ?? null;
}

export async function paymentByClientSecret(db: Queryable, clientSecret: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where client_secret = $1`, [clientSecret]);
  return row ?? null;
}

/** Sets a payment's status; a refunded payment stays refunded (a late or replayed event changes nothing). */
export async function setPaymentStatus(
  db: Queryable,
  reference: string,
  status: PaymentStatus,
  failureMessage: string | null = null,
): Promise<void> {
  await db.query(
    `update payments set status = $2, failure_message = $3, updated_at = now()
      where provider_reference = $1 and (status <> 'refunded' or $2 = 'refunded')`,
    [reference, status, failureMessage],
  );
}

/** Cancels a payment that has not succeeded (nor been refunded or cancelled); false when it had. */
export async function cancelUnpaidPayment(db: Queryable, reference: string): Promise<boolean> {
  const rows = await db.query(
    `update payments set status = 'canceled', updated_at = now()
      where provider_reference = $1 and status not in ('succeeded', 'refunded', 'canceled') returning provider_reference`,
    [reference],
  );
  return rows.length > 0;
}

/**
 * Records a payment the provider stopped as cancelled, with what the customer is told (a payment
 * the provider cancelled itself keeps its status and takes the message); one that succeeded or
 * was refunded meanwhile is left as it is.
 */
export async function recordStoppedPayment(db: Queryable, reference: string, failureMessage: string): Promise<void> {
  await db.query(
    `update payments set status = 'canceled', failure_message = $2, updated_at = now()
      where provider_reference = $1 and status not in ('succeeded', 'refunded')`,
    [reference, failureMessage],
  );
}

/** A refunded payment whose refund failed afterwards: paid (succeeded) again; any other state stays. */
export async function unrefundPayment(db: Queryable, reference: string): Promise<void> {
  await db.query(
    `update payments set status = 'succeeded', updated_at = now() where provider_reference = $1 and status = 'refunded'`,
    [reference],
  );
}

/** Marks a succeeded payment refunded; a payment in any other state stays as it is. */
export async function refundSucceededPayment(db: Queryable, reference: string): Promise<void> {
  await db.query(
    `update payments set status = 'refunded', updated_at = now() where provider_reference = $1 and status = 'succeeded'`,
    [reference],
  );
}

/**
 * Notes that the provider is moving the money and has not said it arrived: only a payment still
 * waiting for it (a later, or earlier-sent, report of success or a refund is never undone).
 */
export async function markPaymentProcessing(db: Queryable, reference: string): Promise<boolean> {
  const rows = await db.query(
    `update payments set status = 'processing', failure_message = null, updated_at = now()
      where provider_reference = $1 and status in ('requires_payment', 'failed') returning provider_reference`,
    [reference],
  );
  return rows.length > 0;
}

/** The payments still open (not paid, refunded or stopped) of the orders waiting for payment from a client address. */
export async function openPaymentsFromAddress(
  db: Queryable,
  address: string,
): Promise<{ provider_reference: string; order_id: string }[]> {
  return db.query(
    `select p.provider_reference, p.order_id from payments p join orders o on o.id = p.order_id
      where o.client_address = $1 and o.status = 'pending_payment'
        and p.status not in ('succeeded', 'refunded', 'canceled')`,
    [address],
  );
}
