/** The admin's promo codes: the list with each code's use, making one, changing or deactivating one. */
import { Hono } from 'hono';
import { PromoCodeChangeSchema, PromoCodeCreateSchema, type PromoCodeList } from '../../../../shared/api/admin.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { readBody } from '../../../http/errors.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import { changePromoCode, listPromoCodes, makePromoCode } from '../../../services/admin-promo-codes.ts';

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminPromoCodeRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/admin/promo-codes/', async (c) => {
      const body: PromoCodeList = { promo_codes: await listPromoCodes(deps) };
      return c.json(body, 200, { 'Cache-Control': 'no-store' });
    })
    .post('/staff/admin/promo-codes/', async (c) =>
      c.json(await makePromoCode(deps, await readBody(c, PromoCodeCreateSchema), c.var.staff), 201),
    )
    .patch('/staff/admin/promo-codes/:code/', async (c) =>
      c.json(await changePromoCode(deps, c.req.param('code'), await readBody(c, PromoCodeChangeSchema), c.var.staff)),
    );
}
