/**
 * Kitchen staff and admins made as the product makes them: invited (the invite's link carries the
 * set-password token), their password set, then signed in through POST /api/staff/login/.
 */
import { expect } from 'vitest';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { TEST_ORIGIN, type TestApi } from './api.ts';

export const STAFF_PASSWORD = 'owner of the comal 2026';

export type StaffAuthorization = { Authorization: string };

/** Signs a member in; `headers` carries the caller's address where a test counts sign-ins. */
export async function staffSignIn(
  api: TestApi,
  email: string,
  headers: Record<string, string> = {},
): Promise<StaffAuthorization> {
  const login = await api.call('POST', '/api/staff/login/', { email, password: STAFF_PASSWORD }, headers);
  expect(login.status).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** Invites a member at `now`, sets their password and signs them in. */
export async function staffMember(
  api: TestApi,
  email: string,
  role: 'staff' | 'admin',
  now: Date,
  headers: Record<string, string> = {},
): Promise<StaffAuthorization> {
  const invite = await inviteStaff(api.deps.db, { email, role, origin: TEST_ORIGIN, now });
  const token = new URL(invite.url).searchParams.get('set-password')!;
  expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
  return staffSignIn(api, email, headers);
}
