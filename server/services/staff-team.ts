/**
 * Admins manage the team: list the members, change a member's role, remove a member. The team
 * always keeps at least one admin: the last admin can neither be demoted nor removed (and since
 * only admins make these calls, the last admin is always the one asking). A change counts from
 * the member's next call: staff tokens are checked against the member's current row every time
 * (auth/staff-auth.ts), and removing a member deletes their sessions with them.
 */
import type { StaffRoleName, StaffTeamAnswer, StaffTeamMember } from '../../shared/api/staff.ts';
import type { Database } from '../db/database.ts';
import { countAdmins, deleteStaff, findStaff, listStaff, lockStaffRoles, setStaffRole } from '../db/staff.ts';
import { HttpError } from '../http/errors.ts';

export const STAFF_MEMBER_NOT_FOUND = 'There is no such staff member.';
export const LAST_ADMIN = 'You are the only admin. Make another member an admin first, then try again.';

const iso = (at: Date | string) => new Date(at).toISOString();

export async function listTeam(db: Database): Promise<StaffTeamAnswer> {
  const rows = await listStaff(db);
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      password_set: row.password_set,
      created_at: iso(row.created_at),
    })),
  };
}

export async function changeRole(db: Database, id: string, role: StaffRoleName): Promise<StaffTeamMember> {
  return db.transaction(async (tx) => {
    await lockStaffRoles(tx);
    const member = await findStaff(tx, id);
    if (!member) throw new HttpError(404, STAFF_MEMBER_NOT_FOUND);
    if (member.role === 'admin' && role !== 'admin' && (await countAdmins(tx)) <= 1)
      throw new HttpError(409, LAST_ADMIN);
    const changed = (await setStaffRole(tx, id, role))!;
    return {
      id: changed.id,
      email: changed.email,
      role: changed.role,
      password_set: changed.password_hash !== null,
      created_at: iso(changed.created_at),
    };
  });
}

export async function removeMember(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStaffRoles(tx);
    const member = await findStaff(tx, id);
    if (!member) throw new HttpError(404, STAFF_MEMBER_NOT_FOUND);
    if (member.role === 'admin' && (await countAdmins(tx)) <= 1) throw new HttpError(409, LAST_ADMIN);
    await deleteStaff(tx, id);
  });
}
