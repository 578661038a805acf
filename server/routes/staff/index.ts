/**
 * The staff side under /api/staff/, one router per concern: sign-in (login, refresh, signout,
 * password from a one-time link, and who am I), admins managing the team (add, list, change a
 * role, remove), the live board (orders, moves, promised times, cancel with refund, refunds), the event
 * stream, the pause switch and the menu's sold-out switches and sync; and the owner's admin area
 * (admin/: promo codes, the audit log).
 *
 * Every call but login/refresh/signout/password checks the caller once, with the `requireStaff`
 * middleware of http/staff.ts on its group, before the handler reads anything: no or a bad token
 * is 401, a customer's token is 403, a staff member on an admin call is 403.
 */
import { Hono } from 'hono';
import type { AppDependencies } from '../../dependencies.ts';
import { createStaffAuth } from '../../auth/staff-auth.ts';
import { guarded } from '../../http/guard.ts';
import { requireStaff, type StaffAuths } from '../../http/staff.ts';
import { adminRoutes } from './admin/index.ts';
import { staffEventRoutes } from './events.ts';
import { staffMemberRoutes } from './members.ts';
import { staffMenuRoutes } from './menu.ts';
import { staffOrderRoutes } from './orders.ts';
import { staffRefundRoutes } from './refunds.ts';
import { staffMenuDietRoutes } from './menu-diet.ts';
import { staffSessionRoutes } from './session.ts';
import { staffStoreRoutes } from './store.ts';

export { PING_MS } from './events.ts';
export { NOTHING_TO_SYNC } from './menu.ts';

export function staffRoutes(deps: AppDependencies): Hono {
  const { db, settings, clock } = deps;
  const staff = createStaffAuth({ db, secret: settings.secret, clock, passwords: deps.passwords });
  const auths: StaffAuths = { staff, customers: deps.auth };
  const staffOnly = requireStaff(auths, 'staff');

  return new Hono()
    .route('/', staffSessionRoutes(deps, auths))
    .route('/', guarded(requireStaff(auths, 'admin'), staffMemberRoutes(deps)))
    .route('/', guarded(requireStaff(auths, 'admin'), adminRoutes(deps)))
    .route('/', guarded(requireStaff(auths, 'admin'), staffMenuDietRoutes(deps)))
    .route('/', guarded(staffOnly, staffOrderRoutes(deps)))
    .route('/', guarded(staffOnly, staffRefundRoutes(deps)))
    .route('/', guarded(staffOnly, staffStoreRoutes(deps)))
    .route('/', guarded(staffOnly, staffMenuRoutes(deps)))
    .route('/', guarded(requireStaff(auths, 'staff', { tokenInQuery: true }), staffEventRoutes(deps)));
}
