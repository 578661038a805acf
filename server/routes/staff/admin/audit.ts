/** The admin's audit log: every change made in the admin area, newest first, a page at a time. */
import { Hono } from 'hono';
import { AuditQuerySchema, type AuditPage } from '../../../../shared/api/admin.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { auditEntries } from '../../../db/admin-audit.ts';
import { readQuery } from '../../../http/errors.ts';
import type { StaffEnv } from '../../../http/staff.ts';

/** How many entries one page holds. */
export const AUDIT_PAGE = 50;

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminAuditRoutes({ db }: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>().get('/staff/admin/audit/', async (c) => {
    const query = readQuery(c, AuditQuerySchema);
    const rows = await auditEntries(db, { ...query, limit: AUDIT_PAGE + 1 });
    const page = rows.slice(0, AUDIT_PAGE);
    const body: AuditPage = {
      entries: page.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
      next_before: rows.length > AUDIT_PAGE ? page[page.length - 1]!.id : null,
    };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });
}
