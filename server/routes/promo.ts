import { Hono } from 'hono';
import { PromoValidateRequestSchema } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../app.ts';
import { clientAddress } from '../http/client-address.ts';
import { readBody } from '../http/errors.ts';
import { hit } from '../http/rate-limit.ts';
import { checkPromoCode } from '../services/promo-codes.ts';

export const PROMO_RATE_LIMIT = {
  name: 'promo',
  limit: 20,
  windowMs: 10 * 60_000,
  message: 'Too many promo code attempts. Wait a few minutes and try again.',
};

/** POST /api/promo-validate/: whether a code applies; an invalid one says why (200, valid false). */
export function promoRoutes({ db, clock, settings }: AppDependencies): Hono {
  return new Hono().post('/promo-validate/', async (c) => {
    const { code } = await readBody(c, PromoValidateRequestSchema);
    await hit(db, PROMO_RATE_LIMIT, clientAddress(c, settings.trustProxy), clock());
    const check = await checkPromoCode(db, code, clock());
    if (!check.valid) return c.json({ valid: false, message: check.message });
    return c.json({ valid: true, discount_type: check.rule.discount_type, discount_value: check.rule.discount_value, message: check.message });
  });
}
