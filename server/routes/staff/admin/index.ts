/**
 * The owner's admin area under /api/staff/admin/, one router per screen. The staff router mounts
 * them all behind `requireStaff(…, 'admin')`: 401 to strangers, 403 to staff and customers.
 */
import { Hono } from 'hono';
import type { AppDependencies } from '../../../dependencies.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminCustomerRoutes } from './customers.ts';
import { adminMenuRoutes } from './menu.ts';
import { adminPromoCodeRoutes } from './promo-codes.ts';
import { adminSalesRoutes } from './sales.ts';
import { adminSettingsRoutes } from './settings.ts';

export function adminRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .route('/', adminPromoCodeRoutes(deps))
    .route('/', adminAuditRoutes(deps))
    .route('/', adminCustomerRoutes(deps))
    .route('/', adminSalesRoutes(deps))
    .route('/', adminMenuRoutes(deps))
    .route('/', adminSettingsRoutes(deps));
}
