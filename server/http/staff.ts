/**
 * Who a staff call comes from, and whether their role may make it. The rule, the same on every
 * /api/staff/ call:
 * - no token, or one that is expired, tampered with or not ours, or whose session has ended
 *   (signed out, a new password) or whose member was removed: 401 (sign in again);
 * - a valid customer's token: 403 (signed in, but not as staff);
 * - a staff member's token where an admin's is needed: 403. The role is the member's current one,
 *   read on every call, not the one in the token.
 * The token comes from `Authorization: Bearer`. Only the event stream also takes it as
 * `?access_token=`, because a browser's EventSource cannot send headers (see routes/staff.ts).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AuthProvider } from '../auth/auth-provider.ts';
import type { StaffAuth } from '../auth/staff-auth.ts';
import type { VerifiedStaff } from '../auth/staff-tokens.ts';
import type { StaffRole } from '../db/staff.ts';
import { HttpError } from './errors.ts';
import { cameOverHttps, type HttpsSettings } from './https.ts';

export const STAFF_SIGN_IN_REQUIRED = 'Sign in with your staff account to continue.';
export const STAFF_SESSION_ENDED = 'Your staff session has ended. Sign in again.';
export const STAFF_ONLY = 'This is for the restaurant’s staff. Sign in with your staff account.';
export const ADMINS_ONLY = 'Only an admin can do this.';

export const STAFF_REFRESH_COOKIE = 'comal_staff_refresh';
const STAFF_COOKIE_PATH = '/api/staff/';
const FOURTEEN_DAYS = 14 * 24 * 3600;

export async function staffMember(
  c: Context,
  auth: { staff: StaffAuth; customers: AuthProvider },
  need: StaffRole,
  options: { tokenInQuery?: boolean } = {},
): Promise<VerifiedStaff> {
  const header = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  const token = header ?? (options.tokenInQuery ? c.req.query('access_token') || undefined : undefined);
  if (!token) throw new HttpError(401, STAFF_SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer realm="staff"' });
  const member = await auth.staff.verify(token);
  if (!member) {
    const customer = await auth.customers.verify(token).catch(() => null);
    if (customer) throw new HttpError(403, STAFF_ONLY);
    throw new HttpError(401, STAFF_SESSION_ENDED, { 'WWW-Authenticate': 'Bearer realm="staff", error="invalid_token"' });
  }
  if (need === 'admin' && member.role !== 'admin') throw new HttpError(403, ADMINS_ONLY);
  return member;
}

/** httpOnly, SameSite=Strict (the board is on the restaurant's own site), only sent to /api/staff/, Secure on https. */
export function setStaffRefreshCookie(c: Context, token: string, settings: HttpsSettings): void {
  setCookie(c, STAFF_REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure: cameOverHttps(c, settings), path: STAFF_COOKIE_PATH, maxAge: FOURTEEN_DAYS });
}

export function clearStaffRefreshCookie(c: Context, settings: HttpsSettings): void {
  deleteCookie(c, STAFF_REFRESH_COOKIE, { httpOnly: true, sameSite: 'Strict', secure: cameOverHttps(c, settings), path: STAFF_COOKIE_PATH });
}

export function readStaffRefreshCookie(c: Context): string | undefined {
  return getCookie(c, STAFF_REFRESH_COOKIE) || undefined;
}
