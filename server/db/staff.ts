/**
 * SQL for staff members, their one-time links and their rotating refresh tokens (0009_staff.sql),
 * and their sessions (0016_sessions.sql).
 */
import type { Queryable } from './database.ts';
import { notifyStaffChanged } from './notifications.ts';

export type StaffRole = 'staff' | 'admin';

export interface StaffMemberRow {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  created_at: Date;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(
    'select id, email, role, password_hash, created_at from staff_members where email = $1',
    [email.trim().toLowerCase()],
  );
  return row ?? null;
}

export async function findStaff(db: Queryable, id: string): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(
    'select id, email, role, password_hash, created_at from staff_members where id = $1',
    [id],
  );
  return row ?? null;
}

/** Adds a member; null when the email is taken already. */
export async function insertStaff(
  db: Queryable,
  member: { id: string; email: string; role: StaffRole; passwordHash?: string | null; at: Date },
): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(
    `insert into staff_members (id, email, role, password_hash, password_changed_at, created_at)
     values ($1, $2, $3, $4, case when $4::text is null then null else $5::timestamptz end, $5)
     on conflict (email) do nothing
     returning id, email, role, password_hash, created_at`,
    [member.id, member.email.trim().toLowerCase(), member.role, member.passwordHash ?? null, member.at],
  );
  return row ?? null;
}

export async function setStaffPassword(db: Queryable, id: string, passwordHash: string, at: Date): Promise<void> {
  await db.query('update staff_members set password_hash = $2, password_changed_at = $3 where id = $1', [
    id,
    passwordHash,
    at,
  ]);
}

/** The team, oldest first, and whether each has set a password. */
export async function listStaff(
  db: Queryable,
): Promise<Array<Omit<StaffMemberRow, 'password_hash'> & { password_set: boolean }>> {
  return db.query(
    'select id, email, role, password_hash is not null as password_set, created_at from staff_members order by created_at, email',
  );
}

/** Serialises changes of role and removals, so two at once cannot leave the team without an admin. */
const STAFF_ROLES_LOCK = 72_413_016;
export async function lockStaffRoles(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [STAFF_ROLES_LOCK]);
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from staff_members where role = 'admin'`);
  return row?.n ?? 0;
}

export async function setStaffRole(db: Queryable, id: string, role: StaffRole): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(
    'update staff_members set role = $2 where id = $1 returning id, email, role, password_hash, created_at',
    [id, role],
  );
  if (row) await notifyStaffChanged(db, id);
  return row ?? null;
}

/** Removes a member; their links, refresh tokens and sessions go with them. False when there was none. */
export async function deleteStaff(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('delete from staff_members where id = $1 returning id', [id]);
  if (rows.length > 0) await notifyStaffChanged(db, id);
  return rows.length > 0;
}

/**
 * Stores a new hash of the same password (stronger settings), only if the stored one is still
 * `oldHash`: a password changed meanwhile stays. Sessions and password_changed_at are left alone.
 */
export async function replaceStaffPasswordHash(
  db: Queryable,
  id: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db.query('update staff_members set password_hash = $3 where id = $1 and password_hash = $2', [
    id,
    oldHash,
    newHash,
  ]);
}

/** Adds a set-password link, voiding the member's earlier ones: only the newest link works. */
export async function insertStaffLink(
  db: Queryable,
  link: { tokenHash: string; staffId: string; expiresAt: Date },
): Promise<void> {
  await db.query('delete from staff_links where staff_id = $1', [link.staffId]);
  await db.query(
    `insert into staff_links (token_hash, staff_id, purpose, expires_at) values ($1, $2, 'set-password', $3)`,
    [link.tokenHash, link.staffId, link.expiresAt],
  );
}

/** Spends a link once: the member it was for, or null when it is unknown, spent or expired. */
export async function spendStaffLink(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ staff_id: string }>(
    `update staff_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning staff_id`,
    [tokenHash, now],
  );
  return row?.staff_id ?? null;
}

/** Gives a link spent by a refused attempt back; a link voided meanwhile by a newer one stays gone. */
export async function unspendStaffLink(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('update staff_links set used_at = null where token_hash = $1', [tokenHash]);
}

export interface StaffRefreshTokenRow {
  token_hash: string;
  family_id: string;
  staff_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertStaffRefreshToken(
  db: Queryable,
  token: { tokenHash: string; familyId: string; staffId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'insert into staff_refresh_tokens (token_hash, family_id, staff_id, expires_at) values ($1, $2, $3, $4)',
    [token.tokenHash, token.familyId, token.staffId, token.expiresAt],
  );
}

export async function lockStaffRefreshToken(db: Queryable, tokenHash: string): Promise<StaffRefreshTokenRow | null> {
  const [row] = await db.query<StaffRefreshTokenRow>(
    'select * from staff_refresh_tokens where token_hash = $1 for update',
    [tokenHash],
  );
  return row ?? null;
}

export async function spendStaffRefreshToken(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set used_at = $2 where token_hash = $1', [tokenHash, now]);
}

/** Ends a family: its refresh tokens and its session, so its access tokens are refused too. */
export async function revokeStaffFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set revoked_at = coalesce(revoked_at, $2) where family_id = $1', [
    familyId,
    now,
  ]);
  await db.query('update staff_sessions set revoked_at = coalesce(revoked_at, $2) where id = $1', [familyId, now]);
  await notifyStaffChanged(db, familyId);
}

/** Ends every session of a member. */
export async function revokeStaffSessions(db: Queryable, staffId: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set revoked_at = coalesce(revoked_at, $2) where staff_id = $1', [
    staffId,
    now,
  ]);
  await db.query('update staff_sessions set revoked_at = coalesce(revoked_at, $2) where staff_id = $1', [staffId, now]);
  await notifyStaffChanged(db, staffId);
}

/** Records a session; a second call for the same id changes nothing (a refresh keeps its session). */
export async function insertStaffSession(db: Queryable, session: { id: string; staffId: string }): Promise<void> {
  await db.query('insert into staff_sessions (id, staff_id) values ($1, $2) on conflict (id) do nothing', [
    session.id,
    session.staffId,
  ]);
}

/**
 * The member as they are now (their current role), when the session is theirs and has not ended;
 * null when it ended or the member was removed. One primary-key lookup, made on every staff call.
 */
export async function findStaffInSession(
  db: Queryable,
  sessionId: string,
  staffId: string,
): Promise<Pick<StaffMemberRow, 'id' | 'email' | 'role'> | null> {
  const [row] = await db.query<Pick<StaffMemberRow, 'id' | 'email' | 'role'>>(
    `select m.id, m.email, m.role from staff_sessions s join staff_members m on m.id = s.staff_id
     where s.id = $1 and s.staff_id = $2 and s.revoked_at is null`,
    [sessionId, staffId],
  );
  return row ?? null;
}

/** Drops staff refresh tokens expired, and staff sessions revoked, before `olderThan`. */
export async function pruneStaffSessions(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from staff_refresh_tokens where expires_at < $1', [olderThan]);
  await db.query('delete from staff_sessions where revoked_at < $1', [olderThan]);
}
