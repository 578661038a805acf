/** Whether a promo code applies now, and the words a customer reads either way. */
import { formatUSD, toCents } from '../../shared/money.ts';
import { normalizePhone } from '../../shared/phone.ts';
import type { PromoRule } from '../../shared/pricing.ts';
import { promoCodeSettings } from '../../shared/settings/values.ts';
import type { Queryable } from '../db/database.ts';
import { hasPaidOrder } from '../db/orders.ts';
import { findPromoCode, insertPromoCode, promoUses, type PromoCustomer } from '../db/promo-codes.ts';

export const PROMO_UNKNOWN = 'That promo code is not valid.';
export const PROMO_EXPIRED = 'This promo code has expired.';
export const PROMO_NOT_STARTED = 'This promo code is not active yet.';
export const PROMO_INACTIVE = 'This promo code is no longer available.';
export const PROMO_ALREADY_USED = 'You have already used this promo code.';
export const PROMO_USED_UP = 'This promo code is no longer available: it has been used as many times as it allows.';
export const PROMO_FIRST_ORDER_ONLY = 'This promo code is for a first order only.';

export type PromoCheck =
  | {
      valid: true;
      code: string;
      rule: PromoRule;
      message: string;
      minSubtotalCents: number;
      /** Uses in all it allows, or null for no limit. */
      totalLimit: number | null;
      /**
       * It allows so many uses (in all, per customer, or one first order): a customer's new
       * checkout replaces their earlier unpaid ones.
       */
      limited: boolean;
    }
  | { valid: false; message: string };

/**
 * Whether `code` applies now for this customer. A code with a total limit is refused once that
 * many paid orders hold it, other customers' checkouts waiting for payment with it included; one with a per-customer limit, once this customer's paid orders hold
 * it that often, the customer being anyone who shares the account, the phone number or the email
 * address of an earlier use. Uses of cancelled (refunded) orders do not count. A first-order-only
 * code is refused to a customer (account, phone or email) with a paid order that was not cancelled.
 * `paidNotRecorded` counts the customer's checkouts with the code the provider has taken the money
 * for whose payment is not recorded yet: uses, and paid orders, as the recorded ones are.
 */
export async function checkPromoCode(
  db: Queryable,
  code: string,
  now: Date,
  who: PromoCustomer,
  paidNotRecorded = 0,
): Promise<PromoCheck> {
  const promo = await findPromoCode(db, code);
  if (!promo) return { valid: false, message: PROMO_UNKNOWN };
  if (!promo.active) return { valid: false, message: PROMO_INACTIVE };
  if (promo.starts_at && promo.starts_at > now) return { valid: false, message: PROMO_NOT_STARTED };
  if (promo.expires_at && promo.expires_at <= now) return { valid: false, message: PROMO_EXPIRED };
  if (promo.total_limit !== null || promo.per_customer_limit !== null) {
    const uses = await promoUses(db, promo.code, customerKeys(who));
    if (promo.total_limit !== null && uses.total + paidNotRecorded >= promo.total_limit)
      return { valid: false, message: PROMO_USED_UP };
    if (promo.per_customer_limit !== null && uses.byCustomer + paidNotRecorded >= promo.per_customer_limit)
      return { valid: false, message: PROMO_ALREADY_USED };
  }
  if (promo.first_order_only && (paidNotRecorded > 0 || (await hasPaidOrder(db, customerKeys(who)))))
    return { valid: false, message: PROMO_FIRST_ORDER_ONLY };
  const rule: PromoRule = { discount_type: promo.discount_type, discount_value: promo.discount_value };
  const off =
    rule.discount_type === 'percent' ? `${rule.discount_value}% off` : `${formatUSD(toCents(rule.discount_value))} off`;
  const minimum =
    promo.min_subtotal_cents > 0 ? ` orders of ${formatUSD(promo.min_subtotal_cents)} or more` : ' your order';
  return {
    valid: true,
    code: promo.code,
    rule,
    minSubtotalCents: promo.min_subtotal_cents,
    totalLimit: promo.total_limit,
    limited: promo.per_customer_limit !== null || promo.total_limit !== null || promo.first_order_only,
    message: `${promo.code} applied: ${off}${minimum}.`,
  };
}

/** The customer as redemptions key them: a normalised phone, a lower-cased email, blanks dropped. */
export function customerKeys(who: PromoCustomer): PromoCustomer {
  const phone = who.phone ? normalizePhone(who.phone.trim()) : '';
  const email = who.email?.trim().toLowerCase() ?? '';
  return { cognitoSub: who.cognitoSub || null, phone: phone || null, email: email || null };
}

/** The subtotal a promo needs, said to the customer when the cart is below it. */
export function promoMinimumMessage(code: string, minSubtotalCents: number): string {
  return `${code} needs an order of at least ${formatUSD(minSubtotalCents)}.`;
}

/**
 * The demo promo codes of settings/restaurant.json: two that work and one that has expired.
 * WELCOME10 is once per customer; FIVEOFF three times per customer and 500 uses in all; SUMMER25
 * once per customer, 1000 in all.
 */
export async function seedPromoCodes(db: Queryable): Promise<void> {
  for (const promo of promoCodeSettings) {
    await insertPromoCode(db, {
      code: promo.code,
      discount_type: promo.discountType,
      discount_value: promo.discountValue,
      starts_at: promo.startsAt === null ? null : new Date(promo.startsAt),
      expires_at: promo.expiresAt === null ? null : new Date(promo.expiresAt),
      min_subtotal_cents: promo.minSubtotalCents,
      per_customer_limit: promo.perCustomerLimit,
      total_limit: promo.totalLimit,
      description: promo.description,
    });
  }
}
