/**
 * SQL for delivery quotes: the price a customer was shown for an address, kept until it expires
 * so that create-order charges that price and no other. One quote pays for one order
 * (orders.delivery_quote_id is unique).
 */
import { newId } from '../ids.ts';
import type { Queryable } from './database.ts';

export interface DeliveryQuoteRow {
  id: string;
  provider: string;
  provider_quote_id: string | null;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  lat: number;
  lng: number;
  distance_miles: number;
  fee_cents: number;
  expires_at: Date;
  created_at: Date;
}

export type NewDeliveryQuote = Omit<DeliveryQuoteRow, 'id' | 'created_at'>;

export type UnusableQuoteReason = 'missing' | 'expired' | 'used';

export type UsableQuote = { ok: true; quote: DeliveryQuoteRow } | { ok: false; reason: UnusableQuoteReason };

const COLUMNS = `id, provider, provider_quote_id, street, city, state, zip, country, lat, lng, distance_miles,
  fee_cents, expires_at, created_at`;

/** Stores a quote under a new id ('dq_' and a random URL-safe text) and answers the stored row. */
export async function saveQuote(db: Queryable, quote: NewDeliveryQuote): Promise<DeliveryQuoteRow> {
  const [row] = await db.query<DeliveryQuoteRow>(
    `insert into delivery_quotes (id, provider, provider_quote_id, street, city, state, zip, country, lat, lng,
       distance_miles, fee_cents, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     returning ${COLUMNS}`,
    [
      newId('dq', 16),
      quote.provider,
      quote.provider_quote_id,
      quote.street,
      quote.city,
      quote.state,
      quote.zip,
      quote.country,
      quote.lat,
      quote.lng,
      quote.distance_miles,
      quote.fee_cents,
      quote.expires_at,
    ],
  );
  return row!;
}

/**
 * The quote `id` names, if an order may still use it at `now`: 'missing' when there is no such
 * quote, 'used' when an order already carries it, 'expired' from its `expires_at` on.
 */
export async function findUsableQuote(db: Queryable, id: string, now: Date): Promise<UsableQuote> {
  const [row] = await db.query<DeliveryQuoteRow & { used: boolean }>(
    `select ${COLUMNS},
       exists (select 1 from orders o where o.delivery_quote_id = q.id) as used
     from delivery_quotes q where q.id = $1`,
    [id],
  );
  if (!row) return { ok: false, reason: 'missing' };
  const { used, ...quote } = row;
  if (used) return { ok: false, reason: 'used' };
  if (new Date(quote.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, quote };
}

/** The quote `id` names, whatever its state (booking the delivery of a paid order). */
export async function findQuote(db: Queryable, id: string): Promise<DeliveryQuoteRow | null> {
  const [row] = await db.query<DeliveryQuoteRow>(`select ${COLUMNS} from delivery_quotes q where q.id = $1`, [id]);
  return row ?? null;
}
