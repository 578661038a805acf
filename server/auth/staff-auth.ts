/**
 * Staff sign-in, separate from customers: members are made by an admin (POST /api/staff/members/)
 * or on the command line (`npm run staff -- create EMAIL`), which hands out a one-time link to
 * set a password (48 hours; a newer link voids the earlier ones). Sessions are a 15-minute access
 * token (staff-tokens.ts) and a refresh token that rotates on every use, in their own table;
 * reusing a spent one ends the whole family, as for customers (built-in-auth.ts). Every call
 * reads the token's session and the member's current role: signing out, being removed or
 * demoted counts from the next call, not when the token expires.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { turnInRefreshToken, type RefreshTokenStore } from './refresh-rotation.ts';
import type { Database } from '../db/database.ts';
import {
  findStaff,
  findStaffByEmail,
  findStaffInSession,
  insertStaff,
  insertStaffLink,
  insertStaffRefreshToken,
  insertStaffSession,
  lockStaffRefreshToken,
  replaceStaffPasswordHash,
  revokeStaffFamily,
  revokeStaffSessions,
  setStaffPassword,
  spendStaffLink,
  spendStaffRefreshToken,
  unspendStaffLink,
  type StaffMemberRow,
  type StaffRefreshTokenRow,
  type StaffRole,
} from '../db/staff.ts';
import { HttpError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { passwordProblem, type PasswordHasher } from './passwords.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { createStaffTokens, STAFF_ACCESS_TOKEN_SECONDS, type StaffMember, type VerifiedStaff } from './staff-tokens.ts';

export const STAFF_SIGN_IN_FAILED = 'The email or password is not right.';
export const STAFF_LINK_INVALID = 'This link is not valid or has expired. Ask an admin for a new one.';
export const STAFF_PASSWORD_SET = 'Your password is set. Sign in with it now.';
export const STAFF_EMAIL_INVALID = 'Enter the staff member’s email address.';

export const SET_PASSWORD_HOURS = 48;
const REFRESH_DAYS = 14;

export interface StaffSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  member: StaffMember;
}

export interface StaffInvite {
  member: StaffMember;
  /** Whether the member was made now (false: they existed and get a fresh link). */
  created: boolean;
  url: string;
  expiresAt: Date;
}

/** The staff's refresh tokens, for turning one in. */
const STAFF_REFRESH_TOKENS: RefreshTokenStore<StaffRefreshTokenRow> = {
  limitName: 'staff-renewals',
  lock: lockStaffRefreshToken,
  spend: spendStaffRefreshToken,
  revokeFamily: revokeStaffFamily,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);
const memberOf = (row: StaffMemberRow): StaffMember => ({ id: row.id, email: row.email, role: row.role });

/** The body sign-in and refresh answer. */
export function staffSessionAnswer(session: StaffSession) {
  return { access_token: session.accessToken, expires_in: session.expiresIn, staff: session.member };
}

/**
 * Makes a staff member (or finds the one with that email) and a one-time link that sets their
 * password: `{origin}/staff/?set-password=TOKEN`, good once, for 48 hours; the member's earlier
 * links stop working. What the CLI calls.
 */
export async function inviteStaff(
  db: Database,
  input: { email: string; role: StaffRole; origin: string; now?: Date },
): Promise<StaffInvite> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new HttpError(422, STAFF_EMAIL_INVALID);
  const inserted = await insertStaff(db, { id: newId('stf'), email, role: input.role, at: now });
  const row = inserted ?? (await findStaffByEmail(db, email))!;
  const token = newToken();
  const expiresAt = hoursFrom(now, SET_PASSWORD_HOURS);
  await insertStaffLink(db, { tokenHash: hashToken(token), staffId: row.id, expiresAt });
  return {
    member: memberOf(row),
    created: inserted !== null,
    url: `${input.origin.replace(/\/$/, '')}/staff/?set-password=${token}`,
    expiresAt,
  };
}

/**
 * On the embedded defaults only (DEV_OUTBOX=1, no DATABASE_URL, not production): the first start
 * makes an admin `staff@comal.example` with a generated password and prints it once. Answers the
 * password when it made the member, else null.
 */
export async function ensureDemoStaff(
  db: Database,
  config: { devOutbox: boolean; databaseUrl: string | undefined },
  options: { log: (line: string) => void; passwords: PasswordHasher; production?: boolean },
): Promise<string | null> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  if (!config.devOutbox || config.databaseUrl || production) return null;
  if (await findStaffByEmail(db, DEMO_STAFF_EMAIL)) return null;
  const password = randomBytes(12).toString('base64url');
  const made = await insertStaff(db, {
    id: newId('stf'),
    email: DEMO_STAFF_EMAIL,
    role: 'admin',
    passwordHash: await options.passwords.hash(password),
    at: new Date(),
  });
  if (!made) return null;
  options.log(
    `Staff board at /staff/: sign in as ${DEMO_STAFF_EMAIL} with password ${password} (shown this once; an admin of the demo data).`,
  );
  return password;
}

export const DEMO_STAFF_EMAIL = 'staff@comal.example';

/**
 * The member a verified token names, as they are now: their current role and email, or null when
 * the token's session ended or the member was removed. An open event stream asks again when told
 * its session or member changed (db/staff.ts notifies on sign-out, removal and a change of role).
 */
export async function liveStaff(db: Database, claimed: VerifiedStaff): Promise<VerifiedStaff | null> {
  const now = await findStaffInSession(db, claimed.sessionId, claimed.id);
  return now ? { ...claimed, email: now.email, role: now.role } : null;
}

export interface StaffAuth {
  signIn(email: string, password: string, address: string): Promise<StaffSession>;
  refresh(refreshToken: string): Promise<StaffSession | null>;
  signOut(refreshToken: string): Promise<void>;
  /** Ends the session an access token belongs to (a sign-out that came without the refresh cookie). */
  endSession(accessToken: string): Promise<void>;
  setPassword(token: string, password: string): Promise<void>;
  verify(accessToken: string): Promise<VerifiedStaff | null>;
}

export function createStaffAuth(deps: {
  db: Database;
  secret: string;
  clock: () => Date;
  passwords: PasswordHasher;
}): StaffAuth {
  const { db, clock, passwords } = deps;
  const tokens = createStaffTokens(deps.secret);
  const throttle = createSignInThrottle({ db, clock, scope: 'staff' });

  async function startSession(row: StaffMemberRow, familyId: string = randomUUID()): Promise<StaffSession> {
    const now = clock();
    const refreshToken = newToken();
    await insertStaffSession(db, { id: familyId, staffId: row.id });
    await insertStaffRefreshToken(db, {
      tokenHash: hashToken(refreshToken),
      familyId,
      staffId: row.id,
      expiresAt: hoursFrom(now, REFRESH_DAYS * 24),
    });
    const member = memberOf(row);
    return {
      accessToken: await tokens.issue(member, familyId, now),
      expiresIn: STAFF_ACCESS_TOKEN_SECONDS,
      refreshToken,
      member,
    };
  }

  return {
    async signIn(email, password, address) {
      const account = email.trim().toLowerCase();
      const attempt = await throttle.attempt(account, address);
      const row = await findStaffByEmail(db, account);
      // A member without a password yet is compared as no account is, taking as long.
      if (!(await passwords.check(password, row?.password_hash)) || !row?.password_hash)
        throw new HttpError(401, STAFF_SIGN_IN_FAILED);
      await attempt.succeeded();
      // A hash from older settings (bcrypt) is replaced now that the password is at hand.
      if (passwords.needsRehash(row.password_hash))
        await replaceStaffPasswordHash(db, row.id, row.password_hash, await passwords.hash(password));
      return startSession(row);
    },

    async refresh(refreshToken) {
      const now = clock();
      const tokenHash = hashToken(refreshToken);
      const rotated = await turnInRefreshToken(db, STAFF_REFRESH_TOKENS, tokenHash, now);
      if (!rotated) return null;
      // The role is read again, so a change of role shows at the next refresh.
      const member = await findStaff(db, rotated.staff_id);
      return member ? startSession(member, rotated.family_id) : null;
    },

    async signOut(refreshToken) {
      const row = await lockStaffRefreshToken(db, hashToken(refreshToken));
      if (row) await revokeStaffFamily(db, row.family_id, clock());
    },

    async endSession(accessToken) {
      const claimed = await tokens.verify(accessToken, clock());
      if (claimed) await revokeStaffFamily(db, claimed.sessionId, clock());
    },

    async setPassword(token, password) {
      const now = clock();
      const staffId = await spendStaffLink(db, hashToken(token), now);
      if (!staffId) throw new HttpError(400, STAFF_LINK_INVALID);
      const member = await findStaff(db, staffId);
      const problem = passwordProblem(password, { email: member?.email });
      if (problem) {
        // The link stays good for another try with a better password.
        await unspendStaffLink(db, hashToken(token));
        throw new HttpError(422, problem);
      }
      await setStaffPassword(db, staffId, await passwords.hash(password), now);
      await revokeStaffSessions(db, staffId, now);
    },

    async verify(accessToken) {
      const claimed = await tokens.verify(accessToken, clock());
      if (!claimed) return null;
      return liveStaff(db, claimed);
    },
  };
}
