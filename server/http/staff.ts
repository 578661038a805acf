/**
 * Who a staff call comes from, and whether their role may make it. The rule, the same on every
 * /api/staff/ call:
 * - no token, or one that is expired, tampered with or not ours, or whose session has ended
 *   (signed out, a new password) or whose member was removed: 401 (sign in again);
 * - a valid customer's token: 403 (signed in, but not as staff);
 * - a staff member's token where an admin's is needed: 403. The role is the member's current one,
 *   read on every call, not the one in the token.
 * The token comes from `Authorization: Bearer`. Only the event stream also takes it as
 * `?access_token=`, because a browser's EventSource cannot send headers (see routes/staff/events.ts).
 * Routes check the caller with the `requireStaff` middleware, which runs before a handler reads
 * its body, so a call with no token is 401 whatever its body says.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AuthProvider } from '../auth/auth-provider.ts';
import type { StaffAuth } from '../auth/staff-auth.ts';
import type { VerifiedStaff } from '../auth/staff-tokens.ts';
import type { StaffRole } from '../db/staff.ts';
import { bearerToken } from './bearer.ts';
import { HttpError } from './errors.ts';
import { cameOverHttps, type HttpsSettings } from './https.ts';

export const STAFF_SIGN_IN_REQUIRED = 'Sign in with your staff account to continue.';
export const STAFF_SESSION_ENDED = 'Your staff session has ended. Sign in again.';
export const STAFF_ONLY = 'This is for the restaurant’s staff. Sign in with your staff account.';
export const ADMINS_ONLY = 'Only an admin can do this.';

export const STAFF_REFRESH_COOKIE = 'comal_staff_refresh';
const STAFF_COOKIE_PATH = '/api/staff/';
const FOURTEEN_DAYS = 14 * 24 * 3600;

/** What verifies a staff call's token: staff sign-in, and customers' to tell a customer's token apart. */
export interface StaffAuths {
  staff: StaffAuth;
  customers: AuthProvider;
}

/** A staff route's context once `requireStaff` has let it through: `c.var.staff` is the caller. */
export interface StaffEnv {
  Variables: { staff: VerifiedStaff };
}

export async function staffMember(
  c: Context,
  auth: StaffAuths,
  need: StaffRole,
  options: { tokenInQuery?: boolean } = {},
): Promise<VerifiedStaff> {
  const token = bearerToken(c) ?? (options.tokenInQuery ? c.req.query('access_token') || undefined : undefined);
  if (!token) throw new HttpError(401, STAFF_SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer realm="staff"' });
  const member = await auth.staff.verify(token);
  if (!member) {
    const customer = await auth.customers.verify(token).catch(() => null);
    if (customer) throw new HttpError(403, STAFF_ONLY);
    throw new HttpError(401, STAFF_SESSION_ENDED, {
      'WWW-Authenticate': 'Bearer realm="staff", error="invalid_token"',
    });
  }
  if (need === 'admin' && member.role !== 'admin') throw new HttpError(403, ADMINS_ONLY);
  return member;
}

/** Middleware: the caller must be a staff member with the role `need` (the rules above); it is then `c.var.staff`. */
export function requireStaff(
  auth: StaffAuths,
  need: StaffRole,
  options: { tokenInQuery?: boolean } = {},
): MiddlewareHandler<StaffEnv> {
  return createMiddleware<StaffEnv>(async (c, next) => {
    c.set('staff', await staffMember(c, auth, need, options));
    await next();
  });
}

/** httpOnly, SameSite=Strict (the board is on the restaurant's own site), only sent to /api/staff/, Secure on https. */
export function setStaffRefreshCookie(c: Context, token: string, settings: HttpsSettings): void {
  setCookie(c, STAFF_REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: cameOverHttps(c, settings),
    path: STAFF_COOKIE_PATH,
    maxAge: FOURTEEN_DAYS,
  });
}

export function clearStaffRefreshCookie(c: Context, settings: HttpsSettings): void {
  deleteCookie(c, STAFF_REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: cameOverHttps(c, settings),
    path: STAFF_COOKIE_PATH,
  });
}

export function readStaffRefreshCookie(c: Context): string | undefined {
  return getCookie(c, STAFF_REFRESH_COOKIE) || undefined;
}
