/** The admin's sales at a glance: the report over a range of dates, and that range's orders as a CSV file. */
import { Hono } from 'hono';
import { SalesQuerySchema } from '../../../../shared/api/admin-sales.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { readQuery } from '../../../http/errors.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import { salesCsv, salesReport } from '../../../services/admin-sales.ts';

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminSalesRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/admin/sales/', async (c) =>
      c.json(await salesReport(deps, readQuery(c, SalesQuerySchema)), 200, { 'Cache-Control': 'no-store' }),
    )
    .get('/staff/admin/sales/orders.csv', async (c) => {
      const file = await salesCsv(deps, readQuery(c, SalesQuerySchema));
      return c.body(file.text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'no-store',
      });
    });
}
