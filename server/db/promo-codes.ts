/** SQL for promo codes and their uses (redemptions). */
import { CHECKOUT_HOLD_MINUTES } from '../../shared/schedule.ts';
import type { Queryable } from './database.ts';
import { GIVEN_BACK_SQL } from './refunds.ts';

export interface PromoCodeRow {
  code: string;
  discount_type: 'fixed' | 'percent';
  discount_value: number;
  active: boolean;
  starts_at: Date | null;
  expires_at: Date | null;
  min_subtotal_cents: number;
  /** How many paid orders one customer may use it on; null: no limit. */
  per_customer_limit: number | null;
  /** How many paid orders may use it in all; null: no limit. */
  total_limit: number | null;
  /** Only for a customer with no paid order before (0027_admin.sql). */
  first_order_only: boolean;
}

/** Who uses a code: any one of these already seen on a use makes it the same customer. */
export interface PromoCustomer {
  cognitoSub?: string | null | undefined;
  /** Normalised (shared/phone.ts). */
  phone?: string | null | undefined;
  /** Lower-cased. */
  email?: string | null | undefined;
}

export async function findPromoCode(db: Queryable, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db.query<PromoCodeRow & { discount_value: string | number }>(
    `select code, discount_type, discount_value, active, starts_at, expires_at, min_subtotal_cents, per_customer_limit, total_limit,
            first_order_only
       from promo_codes where code = $1`,
    [code.trim().toUpperCase()],
  );
  return row ? { ...row, discount_value: Number(row.discount_value) } : null;
}

export async function insertPromoCode(
  db: Queryable,
  promo: Omit<PromoCodeRow, 'active' | 'per_customer_limit' | 'total_limit' | 'first_order_only'> &
    Partial<Pick<PromoCodeRow, 'per_customer_limit' | 'total_limit'>> & { description: string },
): Promise<void> {
  await db.query(
    `insert into promo_codes (code, discount_type, discount_value, starts_at, expires_at, min_subtotal_cents, description, per_customer_limit, total_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (code) do nothing`,
    [
      promo.code,
      promo.discount_type,
      promo.discount_value,
      promo.starts_at,
      promo.expires_at,
      promo.min_subtotal_cents,
      promo.description,
      promo.per_customer_limit ?? null,
      promo.total_limit ?? null,
    ],
  );
}

/**
 * The uses of a code not released: in all, and by this customer (by account, phone or email). The
 * total also counts other customers' checkouts holding the code while they wait for payment (for
 * at most CHECKOUT_HOLD_MINUTES, their payment not stopped), so a code with a total limit is never
 * paid for more often than it allows; the customer's own are replaced by their new checkout.
 */
export async function promoUses(
  db: Queryable,
  code: string,
  who: PromoCustomer,
): Promise<{ total: number; byCustomer: number }> {
  const [row] = await db.query<{ used: string | number; by_customer: string | number; held: string | number }>(
    `select count(*) as used,
            count(*) filter (where (cognito_sub is not null and cognito_sub = $2) or phone = $3 or email = $4) as by_customer,
            (select count(*) from orders o
              where o.promo_code = $1 and o.status = 'pending_payment'
                and o.created_at > now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES})
                and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'canceled')
                and not coalesce((o.cognito_sub is not null and o.cognito_sub = $2) or o.phone = $3 or lower(o.email) = $4, false)
            ) as held
       from promo_redemptions where code = $1 and released_at is null`,
    [code, who.cognitoSub || null, who.phone || null, who.email || null],
  );
  return { total: Number(row?.used ?? 0) + Number(row?.held ?? 0), byCustomer: Number(row?.by_customer ?? 0) };
}

/** Records an order's use of its code, once per order (nothing for a code no longer in the table). */
export async function recordRedemption(
  db: Queryable,
  use: { code: string; orderId: string; cognitoSub: string | null; phone: string; email: string; at: Date },
): Promise<boolean> {
  const inserted = await db.query(
    `insert into promo_redemptions (code, order_id, cognito_sub, phone, email, redeemed_at)
     select code, $2, $3, $4, $5, $6 from promo_codes where code = $1
     on conflict (order_id) do nothing returning id`,
    [use.code, use.orderId, use.cognitoSub, use.phone, use.email.trim().toLowerCase(), use.at],
  );
  return inserted.length > 0;
}

/** Gives an order's use of its code back (the row stays, marked released); once. */
export async function releaseRedemption(db: Queryable, orderId: string, at: Date): Promise<boolean> {
  const released = await db.query(
    'update promo_redemptions set released_at = $2 where order_id = $1 and released_at is null returning id',
    [orderId, at],
  );
  return released.length > 0;
}

/**
 * The customer's other orders waiting for payment with this code (by account, phone or email),
 * with their payments not yet paid or stopped: checkouts a newer one with the same code replaces.
 */
export async function unpaidOrdersWithCode(
  db: Queryable,
  code: string,
  who: PromoCustomer,
  exceptOrderId: string,
): Promise<{ order_id: string; provider_reference: string }[]> {
  return db.query(
    `select o.id as order_id, p.provider_reference from orders o join payments p on p.order_id = o.id
      where o.promo_code = $1 and o.id <> $2 and o.status = 'pending_payment'
        and p.status not in ('succeeded', 'refunded', 'canceled')
        and ((o.cognito_sub is not null and o.cognito_sub = $3) or o.phone = $4 or lower(o.email) = $5)`,
    [code, exceptOrderId, who.cognitoSub || null, who.phone || null, who.email || null],
  );
}

/** A code as the admin area edits it: every column an admin sets, and when it was made and changed. */
export interface AdminPromoCodeRow extends PromoCodeRow {
  description: string;
  created_at: Date;
  updated_at: Date;
}

/** A code with what its paid orders (not cancelled) made: uses, their totals less refunds, the discount given. */
export interface PromoCodeUseRow extends AdminPromoCodeRow {
  uses: number;
  revenue_cents: number;
  discount_given_cents: number;
}

const ADMIN_COLUMNS = `code, discount_type, discount_value, active, starts_at, expires_at, min_subtotal_cents,
  per_customer_limit, total_limit, first_order_only, description, created_at, updated_at`;

const numbered = <T extends { discount_value: string | number }>(row: T) => ({
  ...row,
  discount_value: Number(row.discount_value),
});

/** Every code (or the one named), newest first, with its use. */
export async function promoCodesWithUse(db: Queryable, code?: string): Promise<PromoCodeUseRow[]> {
  const rows = await db.query<PromoCodeUseRow & { discount_value: string | number }>(
    `with used as (
       select o.promo_code as code, count(*) as uses,
              sum(o.total_cents - coalesce((select sum(r.amount_cents) from refunds r
                                             where r.order_id = o.id and ${GIVEN_BACK_SQL}), 0)) as revenue_cents,
              sum(o.promo_discount_cents) as discount_given_cents
         from orders o
        where o.promo_code is not null and ($1::text is null or o.promo_code = $1)
          and o.status not in ('pending_payment', 'cancelled')
        group by o.promo_code)
     select p.code, p.discount_type, p.discount_value, p.active, p.starts_at, p.expires_at, p.min_subtotal_cents,
            p.per_customer_limit, p.total_limit, p.first_order_only, p.description, p.created_at, p.updated_at,
            coalesce(u.uses, 0) as uses, coalesce(u.revenue_cents, 0) as revenue_cents,
            coalesce(u.discount_given_cents, 0) as discount_given_cents
       from promo_codes p left join used u on u.code = p.code
      where $1::text is null or p.code = $1
      order by p.created_at desc, p.code`,
    [code ?? null],
  );
  return rows.map((row) => ({
    ...numbered(row),
    uses: Number(row.uses),
    revenue_cents: Number(row.revenue_cents),
    discount_given_cents: Number(row.discount_given_cents),
  }));
}

/**
 * One code, locked for the caller's transaction (an admin's change, or a checkout counting the
 * uses of a code with a total limit); null when there is none.
 */
export async function lockPromoCode(db: Queryable, code: string): Promise<AdminPromoCodeRow | null> {
  const [row] = await db.query<AdminPromoCodeRow & { discount_value: string | number }>(
    `select ${ADMIN_COLUMNS} from promo_codes where code = $1 for update`,
    [code],
  );
  return row ? numbered(row) : null;
}

type AdminPromoCodeValues = Omit<AdminPromoCodeRow, 'created_at' | 'updated_at'>;

/** Makes a code; false when one with that code exists. */
export async function createPromoCode(db: Queryable, promo: AdminPromoCodeValues, at: Date): Promise<boolean> {
  const made = await db.query(
    `insert into promo_codes (code, discount_type, discount_value, active, starts_at, expires_at, min_subtotal_cents,
                              per_customer_limit, total_limit, first_order_only, description, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     on conflict (code) do nothing returning code`,
    [...promoValues(promo), at],
  );
  return made.length > 0;
}

/** Writes every field an admin sets of an existing code. */
export async function updatePromoCode(db: Queryable, promo: AdminPromoCodeValues, at: Date): Promise<void> {
  await db.query(
    `update promo_codes set discount_type = $2, discount_value = $3, active = $4, starts_at = $5, expires_at = $6,
            min_subtotal_cents = $7, per_customer_limit = $8, total_limit = $9, first_order_only = $10,
            description = $11, updated_at = $12
      where code = $1`,
    [...promoValues(promo), at],
  );
}

function promoValues(promo: AdminPromoCodeValues): unknown[] {
  return [
    promo.code,
    promo.discount_type,
    promo.discount_value,
    promo.active,
    promo.starts_at,
    promo.expires_at,
    promo.min_subtotal_cents,
    promo.per_customer_limit,
    promo.total_limit,
    promo.first_order_only,
    promo.description,
  ];
}
