/** Admins managing the team: add (with a one-time link to set a password), list, change a role, remove. */
import { Hono } from 'hono';
import { StaffInviteSchema, StaffRoleChangeSchema, type InviteAnswer } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { inviteStaff } from '../../auth/staff-auth.ts';
import { readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { changeRole, listTeam, removeMember } from '../../services/staff-team.ts';

/** Mounted behind `requireStaff(…, 'admin')`. */
export function staffMemberRoutes({ db, settings, clock }: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .post('/staff/members/', async (c) => {
      const { email, role } = await readBody(c, StaffInviteSchema);
      const invite = await inviteStaff(db, { email, role, origin: settings.publicOrigin, now: clock() });
      const body: InviteAnswer = {
        staff: invite.member,
        created: invite.created,
        set_password_url: invite.url,
        expires_at: invite.expiresAt.toISOString(),
      };
      return c.json(body, invite.created ? 201 : 200);
    })
    .get('/staff/members/', async (c) => c.json(await listTeam(db), 200, { 'Cache-Control': 'no-store' }))
    .patch('/staff/members/:id/', async (c) => {
      const { role } = await readBody(c, StaffRoleChangeSchema);
      return c.json(await changeRole(db, c.req.param('id'), role));
    })
    .delete('/staff/members/:id/', async (c) => {
      await removeMember(db, c.req.param('id'));
      return c.body(null, 204);
    });
}
