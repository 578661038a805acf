import { Hono } from 'hono';
import { LoyaltyPointsQuerySchema, type LoyaltyPointsResponse } from '../../shared/api/schemas.ts';
import { normalizePhone } from '../../shared/phone.ts';
import type { AppDependencies } from '../dependencies.ts';
import { clientAddress } from '../http/client-address.ts';
import { readQuery } from '../http/errors.ts';
import { hit } from '../http/rate-limit.ts';
import { pointsFor } from '../db/loyalty.ts';

export const LOYALTY_RATE_LIMIT = {
  name: 'loyalty',
  limit: 30,
  windowMs: 10 * 60_000,
  message: 'Too many look-ups. Wait a few minutes and try again.',
};

/** GET /api/loyalty/points/?phone=: the points of that phone number (0 when it has none). */
export function loyaltyRoutes({ db, clock, settings }: AppDependencies): Hono {
  return new Hono().get('/loyalty/points/', async (c) => {
    const { phone } = readQuery(c, LoyaltyPointsQuerySchema);
    await hit(db, LOYALTY_RATE_LIMIT, clientAddress(c, settings.trustProxy), clock());
    c.header('Cache-Control', 'no-store');
    return c.json({ points: await pointsFor(db, normalizePhone(phone)) } satisfies LoyaltyPointsResponse);
  });
}
