/** SQL for promo codes. */
import type { Queryable } from './database.ts';

export interface PromoCodeRow {
  code: string;
  discount_type: 'fixed' | 'percent';
  discount_value: number;
  active: boolean;
  starts_at: Date | null;
  expires_at: Date | null;
  min_subtotal_cents: number;
}

export async function findPromoCode(db: Queryable, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db.query<PromoCodeRow & { discount_value: string | number }>(
    `select code, discount_type, discount_value, active, starts_at, expires_at, min_subtotal_cents
       from promo_codes where code = $1`,
    [code.trim().toUpperCase()],
  );
  return row ? { ...row, discount_value: Number(row.discount_value) } : null;
}

export async function insertPromoCode(
  db: Queryable,
  promo: Omit<PromoCodeRow, 'active'> & { description: string },
): Promise<void> {
  await db.query(
    `insert into promo_codes (code, discount_type, discount_value, starts_at, expires_at, min_subtotal_cents, description)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (code) do nothing`,
    [promo.code, promo.discount_type, promo.discount_value, promo.starts_at, promo.expires_at, promo.min_subtotal_cents, promo.description],
  );
}
