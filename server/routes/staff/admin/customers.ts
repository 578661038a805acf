/** The admin's customers: search, one customer's orders and points, adjusting points, the opted-in export. */
import { Hono } from 'hono';
import { CustomerSearchQuerySchema, PointsAdjustmentSchema } from '../../../../shared/api/admin-customers.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { readBody, readQuery } from '../../../http/errors.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import {
  adjustCustomerPoints,
  customerDetail,
  exportOptedInCustomers,
  findCustomers,
} from '../../../services/admin-customers.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminCustomerRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/admin/customers/', async (c) => {
      const { q } = readQuery(c, CustomerSearchQuerySchema);
      return c.json(await findCustomers(deps, q), 200, NO_STORE);
    })
    .get('/staff/admin/customers/export.csv', async (c) => {
      const file = await exportOptedInCustomers(deps, c.var.staff);
      return c.body(file.csv, 200, {
        ...NO_STORE,
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      });
    })
    .get('/staff/admin/customers/:phone/', async (c) =>
      c.json(await customerDetail(deps, c.req.param('phone')), 200, NO_STORE),
    )
    .post('/staff/admin/customers/:phone/points/', async (c) =>
      c.json(
        await adjustCustomerPoints(deps, c.req.param('phone'), await readBody(c, PointsAdjustmentSchema), c.var.staff),
      ),
    );
}
