import { Hono } from 'hono';
import { PromoValidateRequestSchema, type PromoValidateResponse } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { clientAddress } from '../http/client-address.ts';
import { optionalCustomer } from '../http/customer.ts';
import { readBody } from '../http/errors.ts';
import { hit } from '../http/rate-limit.ts';
import { checkPromoCode } from '../services/promo-codes.ts';

export const PROMO_RATE_LIMIT = {
  name: 'promo',
  limit: 20,
  windowMs: 10 * 60_000,
  message: 'Too many promo code attempts. Wait a few minutes and try again.',
};

/**
 * POST /api/promo-validate/: whether a code applies for this customer (the phone given, and the
 * signed-in account with its email when a bearer token comes); an invalid one says why (200, valid false).
 */
export function promoRoutes({ db, clock, settings, auth }: AppDependencies): Hono {
  return new Hono().post('/promo-validate/', async (c) => {
    const { code, phone } = await readBody(c, PromoValidateRequestSchema);
    await hit(db, PROMO_RATE_LIMIT, clientAddress(c, settings.trustProxy), clock());
    // An ended session only makes the check a guest's: the code is checked again at create-order.
    const customer = await optionalCustomer(c, auth).catch(() => null);
    const check = await checkPromoCode(db, code, clock(), {
      cognitoSub: customer?.cognitoSub,
      email: customer?.email,
      phone: phone ?? customer?.phone,
    });
    if (!check.valid) return c.json({ valid: false, message: check.message } satisfies PromoValidateResponse);
    return c.json({
      valid: true,
      discount_type: check.rule.discount_type,
      discount_value: check.rule.discount_value,
      message: check.message,
    } satisfies PromoValidateResponse);
  });
}
