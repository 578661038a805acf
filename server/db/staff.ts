/** SQL for staff members, their one-time links and their rotating refresh tokens (0009_staff.sql). */
import type { Queryable } from './database.ts';

export type StaffRole = 'staff' | 'admin';

export interface StaffMemberRow {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  created_at: Date;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>('select id, email, role, password_hash, created_at from staff_members where email = $1', [
    email.trim().toLowerCase(),
  ]);
  return row ?? null;
}

export async function findStaff(db: Queryable, id: string): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>('select id, email, role, password_hash, created_at from staff_members where id = $1', [id]);
  return row ?? null;
}

/** Adds a member; null when the email is taken already. */
export async function insertStaff(db: Queryable, member: { id: string; email: string; role: StaffRole; passwordHash?: string | null; at: Date }): Promise<StaffMemberRow | null> {
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
  await db.query('update staff_members set password_hash = $2, password_changed_at = $3 where id = $1', [id, passwordHash, at]);
}

/**
 * Stores a new hash of the same password (stronger settings), only if the stored one is still
 * `oldHash`: a password changed meanwhile stays. Sessions and password_changed_at are left alone.
 */
export async function replaceStaffPasswordHash(db: Queryable, id: string, oldHash: string, newHash: string): Promise<void> {
  await db.query('update staff_members set password_hash = $3 where id = $1 and password_hash = $2', [id, oldHash, newHash]);
}

export async function insertStaffLink(db: Queryable, link: { tokenHash: string; staffId: string; expiresAt: Date }): Promise<void> {
  await db.query(`insert into staff_links (token_hash, staff_id, purpose, expires_at) values ($1, $2, 'set-password', $3)`, [
    link.tokenHash,
    link.staffId,
    link.expiresAt,
  ]);
}

/** Spends a link once: the member it was for, or null when it is unknown, spent or expired. */
export async function spendStaffLink(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ staff_id: string }>(
    `update staff_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning staff_id`,
    [tokenHash, now],
  );
  return row?.staff_id ?? null;
}

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

export async function insertStaffRefreshToken(db: Queryable, token: { tokenHash: string; familyId: string; staffId: string; expiresAt: Date }): Promise<void> {
  await db.query('insert into staff_refresh_tokens (token_hash, family_id, staff_id, expires_at) values ($1, $2, $3, $4)', [
    token.tokenHash,
    token.familyId,
    token.staffId,
    token.expiresAt,
  ]);
}

export async function lockStaffRefreshToken(db: Queryable, tokenHash: string): Promise<StaffRefreshTokenRow | null> {
  const [row] = await db.query<StaffRefreshTokenRow>('select * from staff_refresh_tokens where token_hash = $1 for update', [tokenHash]);
  return row ?? null;
}

export async function spendStaffRefreshToken(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set used_at = $2 where token_hash = $1', [tokenHash, now]);
}

export async function revokeStaffFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set revoked_at = coalesce(revoked_at, $2) where family_id = $1', [familyId, now]);
}

export async function revokeStaffSessions(db: Queryable, staffId: string, now: Date): Promise<void> {
  await db.query('update staff_refresh_tokens set revoked_at = coalesce(revoked_at, $2) where staff_id = $1', [staffId, now]);
}
