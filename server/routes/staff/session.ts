/**
 * A staff member's session: login, refresh and signout (the refresh token in an httpOnly cookie),
 * a password set from a one-time link, none of which needs a token; and who the caller is, which does.
 */
import { bearerToken } from '../../http/bearer.ts';
import { Hono } from 'hono';
import type { MessageResponse } from '../../../shared/api/schemas.ts';
import {
  StaffLoginSchema,
  StaffSetPasswordSchema,
  type StaffMemberAnswer,
  type StaffSessionAnswer,
} from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { STAFF_PASSWORD_SET, staffSessionAnswer } from '../../auth/staff-auth.ts';
import { clientAddress } from '../../http/client-address.ts';
import { HttpError, readBody } from '../../http/errors.ts';
import {
  clearStaffRefreshCookie,
  readStaffRefreshCookie,
  requireStaff,
  setStaffRefreshCookie,
  STAFF_SESSION_ENDED,
  type StaffAuths,
} from '../../http/staff.ts';

export function staffSessionRoutes({ settings }: AppDependencies, auths: StaffAuths): Hono {
  const { staff } = auths;
  return new Hono()
    .post('/staff/login/', async (c) => {
      const { email, password } = await readBody(c, StaffLoginSchema);
      const session = await staff.signIn(email, password, clientAddress(c, settings.trustProxy));
      setStaffRefreshCookie(c, session.refreshToken, settings);
      return c.json(staffSessionAnswer(session) satisfies StaffSessionAnswer);
    })
    .post('/staff/refresh/', async (c) => {
      const token = readStaffRefreshCookie(c);
      const session = token ? await staff.refresh(token) : null;
      if (!session) {
        clearStaffRefreshCookie(c, settings);
        throw new HttpError(401, STAFF_SESSION_ENDED);
      }
      setStaffRefreshCookie(c, session.refreshToken, settings);
      return c.json(staffSessionAnswer(session) satisfies StaffSessionAnswer);
    })
    .post('/staff/signout/', async (c) => {
      const token = readStaffRefreshCookie(c);
      if (token) await staff.signOut(token);
      const accessToken = bearerToken(c);
      if (accessToken) await staff.endSession(accessToken);
      clearStaffRefreshCookie(c, settings);
      return c.body(null, 204);
    })
    .post('/staff/password/', async (c) => {
      const { token, password } = await readBody(c, StaffSetPasswordSchema);
      await staff.setPassword(token, password);
      clearStaffRefreshCookie(c, settings);
      return c.json({ message: STAFF_PASSWORD_SET } satisfies MessageResponse);
    })
    .get('/staff/me/', requireStaff(auths, 'staff'), (c) => {
      const { id, email, role } = c.var.staff;
      return c.json({ id, email, role } satisfies StaffMemberAnswer);
    });
}
