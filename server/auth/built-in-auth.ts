/**
 * The built-in accounts of the embedded defaults: register with a confirmation mail, confirm,
 * sign in, reset a password, and sessions of a 15-minute access token (access-tokens.ts) plus a
 * refresh token that rotates on every use. A spent refresh token used again means it leaked: the
 * whole family of tokens from that sign-in ends.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import {
  confirmAccount,
  findAccountByEmail,
  findCustomer,
  insertAccount,
  insertLink,
  insertRefreshToken,
  lockRefreshToken,
  replacePasswordHash,
  revokeCustomerSessions,
  revokeFamily,
  setPassword,
  spendLink,
  spendRefreshToken,
  upsertCustomer,
  type CustomerRow,
  type LinkPurpose,
} from '../db/accounts.ts';
import { HttpError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { createAccessTokens, ACCESS_TOKEN_SECONDS } from './access-tokens.ts';
import type { AuthProvider, Customer, Session } from './auth-provider.ts';
import { checkPassword, hashPassword, needsRehash, passwordProblem } from './passwords.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

export const REGISTERED = 'Check your email: we sent you a link to confirm your account.';
export const CONFIRMED = 'Your email is confirmed. You can sign in now.';
export const LINK_INVALID = 'This link is not valid or has expired. Ask for a new one.';
export const SIGN_IN_FAILED = 'The email or password is not right.';
export const NOT_CONFIRMED = 'Confirm your email first: we just sent you a new link.';
export const RESET_SENT = 'If there is an account for that email, we sent it a link to choose a new password.';
export const PASSWORD_CHANGED = 'Your password is changed. Sign in with it now.';

const REFRESH_DAYS = 30;
const CONFIRM_HOURS = 24;
const RESET_HOURS = 1;

export interface Registration {
  email: string;
  password: string;
  name: string;
  phone: string;
}

export interface BuiltInAuth extends AuthProvider {
  readonly name: 'built-in';
  register(input: Registration, siteOrigin: string): Promise<void>;
  confirm(token: string): Promise<void>;
  signIn(email: string, password: string, address: string, siteOrigin: string): Promise<Session>;
  requestPasswordReset(email: string, siteOrigin: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

export function createBuiltInAuth(deps: { db: Database; mailer: Mailer; secret: string; clock: () => Date; restaurantName: string }): BuiltInAuth {
  const { db, mailer, clock } = deps;
  const tokens = createAccessTokens(deps.secret);
  const throttle = createSignInThrottle({ db, clock, scope: 'customer' });

  const customerOf = (row: CustomerRow): Customer => ({ cognitoSub: row.cognito_sub, email: row.email, phone: row.phone, name: row.name });

  async function sendLink(customer: CustomerRow, purpose: LinkPurpose, siteOrigin: string) {
    const token = newToken();
    const now = clock();
    await insertLink(db, { tokenHash: hashToken(token), cognitoSub: customer.cognito_sub, purpose, expiresAt: hoursFrom(now, purpose === 'confirm' ? CONFIRM_HOURS : RESET_HOURS) });
    const greeting = customer.name ? `Hi ${customer.name},` : 'Hi,';
    if (purpose === 'confirm') {
      await mailer.send({
        to: customer.email,
        subject: `Confirm your ${deps.restaurantName} account`,
        body: `${greeting}\n\nConfirm your email to finish your account:\n${siteOrigin}/confirmation-instruction/?token=${token}\n\nThe link works for ${CONFIRM_HOURS} hours. If you did not sign up, ignore this mail.\n`,
      });
    } else {
      await mailer.send({
        to: customer.email,
        subject: `Choose a new password for ${deps.restaurantName}`,
        body: `${greeting}\n\nChoose a new password here:\n${siteOrigin}/reset-password/?token=${token}\n\nThe link works for ${RESET_HOURS} hour. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
      });
    }
  }

  async function startSession(customer: CustomerRow | Customer, familyId: string = randomUUID()): Promise<Session> {
    const now = clock();
    const refreshToken = newToken();
    const who = 'cognito_sub' in customer ? customerOf(customer) : customer;
    await insertRefreshToken(db, { tokenHash: hashToken(refreshToken), familyId, cognitoSub: who.cognitoSub, expiresAt: hoursFrom(now, REFRESH_DAYS * 24) });
    return { accessToken: await tokens.issue(who, now), expiresIn: ACCESS_TOKEN_SECONDS, refreshToken, customer: who };
  }

  return {
    name: 'built-in',

    async register(input, siteOrigin) {
      const email = input.email.trim();
      const problem = passwordProblem(input.password, { email, name: input.name });
      if (problem) throw new HttpError(422, problem);
      const existing = await findAccountByEmail(db, email);
      // The same answer whether or not the email has an account, so no one can find out who does.
      if (existing) {
        if (existing.confirmed_at) await sendLink(existing, 'reset', siteOrigin);
        else await sendLink(existing, 'confirm', siteOrigin);
        return;
      }
      const customer: CustomerRow = { cognito_sub: randomUUID(), email, phone: normalizePhone(input.phone.trim()), name: input.name.trim(), stripe_customer_id: null };
      const passwordHash = await hashPassword(input.password);
      const created = await db.transaction(async (tx) => {
        await upsertCustomer(tx, customer);
        if (await insertAccount(tx, customer.cognito_sub, email, passwordHash)) return true;
        await tx.query('delete from customers where cognito_sub = $1', [customer.cognito_sub]);
        return false;
      });
      // A sign-up for the same email got there first: the same answer, and no second account.
      if (created) await sendLink(customer, 'confirm', siteOrigin);
    },

    async confirm(token) {
      const cognitoSub = await spendLink(db, hashToken(token), 'confirm', clock());
      if (!cognitoSub) throw new HttpError(400, LINK_INVALID);
      await confirmAccount(db, cognitoSub, clock());
    },

    async signIn(email, password, address, siteOrigin) {
      const account = email.trim().toLowerCase();
      const attempt = await throttle.attempt(account, address);
      const row = await findAccountByEmail(db, account);
      if (!(await checkPassword(password, row?.password_hash)) || !row) throw new HttpError(401, SIGN_IN_FAILED);
      await attempt.succeeded();
      // A hash from older settings (bcrypt) is replaced now that the password is at hand.
      if (needsRehash(row.password_hash)) await replacePasswordHash(db, row.cognito_sub, row.password_hash, await hashPassword(password));
      if (!row.confirmed_at) {
        await sendLink(row, 'confirm', siteOrigin);
        throw new HttpError(403, NOT_CONFIRMED);
      }
      return startSession(row);
    },

    async requestPasswordReset(email, siteOrigin) {
      const row = await findAccountByEmail(db, email.trim());
      if (row) await sendLink(row, 'reset', siteOrigin);
    },

    async resetPassword(token, password) {
      const now = clock();
      const cognitoSub = await spendLink(db, hashToken(token), 'reset', now);
      if (!cognitoSub) throw new HttpError(400, LINK_INVALID);
      const customer = await findCustomer(db, cognitoSub);
      const problem = passwordProblem(password, { email: customer?.email, name: customer?.name });
      if (problem) {
        // The link stays good for another try with a better password.
        await db.query('update account_links set used_at = null where token_hash = $1', [hashToken(token)]);
        throw new HttpError(422, problem);
      }
      await setPassword(db, cognitoSub, await hashPassword(password), now);
      await revokeCustomerSessions(db, cognitoSub, now);
    },

    verify: (accessToken) => tokens.verify(accessToken, clock()),

    async refresh(refreshToken) {
      const now = clock();
      const tokenHash = hashToken(refreshToken);
      const rotated = await db.transaction(async (tx) => {
        const row = await lockRefreshToken(tx, tokenHash);
        if (!row || row.revoked_at) return null;
        if (row.used_at) {
          await revokeFamily(tx, row.family_id, now);
          return null;
        }
        if (row.expires_at.getTime() <= now.getTime()) return null;
        await spendRefreshToken(tx, tokenHash, now);
        return row;
      });
      if (!rotated) return null;
      const customer = await findCustomer(db, rotated.cognito_sub);
      return customer ? startSession(customer, rotated.family_id) : null;
    },

    async signOut(refreshToken) {
      const row = await lockRefreshToken(db, hashToken(refreshToken));
      if (row) await revokeFamily(db, row.family_id, clock());
    },
  };
}
