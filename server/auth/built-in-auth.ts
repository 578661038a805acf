/**
 * The built-in accounts of the embedded defaults: register with a confirmation mail, confirm,
 * sign in, reset a password, and sessions of a 15-minute access token (access-tokens.ts) plus a
 * refresh token that rotates on every use. A spent refresh token used again means it leaked: the
 * whole family of tokens from that sign-in ends (unless within seconds of its use: a page left
 * before the answer came, refresh-rotation.ts). A session is the family: access tokens name it,
 * and ending it (sign-out, a new password, a leaked refresh token) refuses them on the next call.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { turnInRefreshToken, type RefreshTokenStore } from './refresh-rotation.ts';
import type { Database } from '../db/database.ts';
import {
  confirmAccount,
  deleteCustomer,
  findAccount,
  findAccountByEmail,
  liveLink,
  findCustomer,
  insertAccount,
  insertCustomerSession,
  insertLink,
  insertRefreshToken,
  isLiveCustomerSession,
  lockRefreshToken,
  replacePasswordHash,
  revokeCustomerSessions,
  revokeFamily,
  replacePendingPassword,
  setPassword,
  spendLink,
  spendRefreshToken,
  type RefreshTokenRow,
  upsertCustomer,
  voidLinks,
  type CustomerRow,
  type LinkPurpose,
} from '../db/accounts.ts';
import { HttpError } from '../http/errors.ts';
import { countHit, hit, type RateLimit } from '../http/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { localePath } from '../../shared/i18n/locale.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { createAccessTokens, ACCESS_TOKEN_SECONDS } from './access-tokens.ts';
import type { AuthProvider, Customer, LinkSite, PasswordAccounts, Session } from './auth-provider.ts';
import { passwordProblem, type PasswordHasher } from './passwords.ts';
import { mailboxKey } from './mailbox.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

export const REGISTERED = 'Check your email: we sent you a link to confirm your account.';
export const LINK_INVALID = 'This link is not valid or has expired. Ask for a new one.';
export const SIGN_IN_FAILED = 'The email or password is not right.';
export const NOT_CONFIRMED = 'Confirm your email first: we just sent you a new link.';
export const CONFIRM_PASSWORD_WRONG =
  'That is not the password this account was made with. Try again, or choose a new one with "Forgot your password?".';
export const RESET_SENT = 'If there is an account for that email, we sent it a link to choose a new password.';
export const PASSWORD_CHANGED = 'Your password is changed. Sign in with it now.';
export const TOO_MANY_MAILS =
  'We have sent as many mails as we can for now. Check your inbox and spam folder, or try again in about an hour.';
export const TOO_MANY_SIGN_UPS = 'Too many accounts were made from your network. Try again in about an hour.';

/**
 * Mails with links (confirm, reset) per mailbox (the email without its +tag, mailbox.ts) and per
 * client address in an hour, counted whether or not the email has an account, so the limit says
 * nothing about who has one; and sign-ups per address. Kept in the database: they hold across
 * replicas.
 */
export const MAILS_PER_EMAIL: RateLimit = {
  name: 'mail-email',
  limit: 5,
  windowMs: 3_600_000,
  message: TOO_MANY_MAILS,
};
export const MAILS_PER_ADDRESS: RateLimit = {
  name: 'mail-address',
  limit: 20,
  windowMs: 3_600_000,
  message: TOO_MANY_MAILS,
};
export const SIGN_UPS_PER_ADDRESS: RateLimit = {
  name: 'sign-up-address',
  limit: 10,
  windowMs: 3_600_000,
  message: TOO_MANY_SIGN_UPS,
};

/** What the password of an unconfirmed account becomes when its email is signed up for again: matches nothing. */
export const VOIDED_PASSWORD = '!voided: signed up for again before anyone confirmed the email';

const REFRESH_DAYS = 30;
const CONFIRM_HOURS = 24;
const RESET_HOURS = 1;

export type { Registration } from './auth-provider.ts';

export interface BuiltInAuth extends AuthProvider, PasswordAccounts {
  readonly name: 'built-in';
  readonly passwords: PasswordAccounts;
}

/** What a link mail is for: confirm a new account, reset a password, an email already taken, or a contested sign-up. */
type LinkMail = 'confirm' | 'reset' | 'taken' | 'contested';

/** The customers' refresh tokens, for turning one in. */
const CUSTOMER_REFRESH_TOKENS: RefreshTokenStore<RefreshTokenRow> = {
  limitName: 'renewals',
  lock: lockRefreshToken,
  spend: spendRefreshToken,
  revokeFamily,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

export function createBuiltInAuth(deps: {
  db: Database;
  mailer: Mailer;
  secret: string;
  clock: () => Date;
  restaurantName: string;
  passwords: PasswordHasher;
}): BuiltInAuth {
  const { db, mailer, clock, passwords } = deps;
  const tokens = createAccessTokens(deps.secret);
  const throttle = createSignInThrottle({ db, clock, scope: 'customer' });

  const customerOf = (row: CustomerRow): Customer => ({
    cognitoSub: row.cognito_sub,
    email: row.email,
    phone: row.phone,
    name: row.name,
  });

  /**
   * Mails a one-time link. No text a person typed goes in (the name on a sign-up was typed by
   * whoever signed up, who may not own the mailbox), and the link starts with the configured
   * origin only.
   */
  async function sendLink(customer: CustomerRow, kind: LinkMail, site: LinkSite) {
    const token = newToken();
    const purpose: LinkPurpose = kind === 'confirm' ? 'confirm' : 'reset';
    // A link that only sets a password lasts as a reset does; one that also proves a new account's
    // mailbox (confirm, contested) gives its owner the day a confirmation gets.
    const hours = kind === 'reset' || kind === 'taken' ? RESET_HOURS : CONFIRM_HOURS;
    await insertLink(db, {
      tokenHash: hashToken(token),
      cognitoSub: customer.cognito_sub,
      purpose,
      expiresAt: hoursFrom(clock(), hours),
    });
    const page = purpose === 'confirm' ? '/confirmation-instruction/' : '/reset-password/';
    const link = `${site.origin}${localePath(page, site.locale)}?token=${token}`;
    const t = translator(site.locale);
    const values = { link, lasts: t('mail.link.lasts', { hours }) };
    const restaurant = { restaurant: deps.restaurantName };
    const mails: Record<LinkMail, { subject: string; text: string }> = {
      confirm: { subject: t('mail.link.confirmSubject', restaurant), text: t('mail.link.confirm', values) },
      reset: { subject: t('mail.link.resetSubject', restaurant), text: t('mail.link.reset', values) },
      taken: { subject: t('mail.link.takenSubject', restaurant), text: t('mail.link.taken', values) },
      contested: { subject: t('mail.link.contestedSubject', restaurant), text: t('mail.link.contested', values) },
    };
    const { subject, text } = mails[kind];
    await mailer.send({ to: customer.email, subject, body: `${t('mail.hello')}\n\n${text}\n` });
  }

  /**
   * Counts a mail for this address, then for this email; 429 past either limit, whoever the email
   * belongs to. The address first: one past its limit sends nothing and counts nothing against the
   * email, so it cannot use up a stranger's mails (and keep their reset links from them) unseen.
   */
  async function limitMails(email: string, address: string, now: Date) {
    await hit(db, MAILS_PER_ADDRESS, address, now);
    await hit(db, MAILS_PER_EMAIL, mailboxKey(email), now);
  }

  async function startSession(customer: CustomerRow | Customer, familyId: string = randomUUID()): Promise<Session> {
    const now = clock();
    const refreshToken = newToken();
    const who = 'cognito_sub' in customer ? customerOf(customer) : customer;
    await insertCustomerSession(db, { id: familyId, cognitoSub: who.cognitoSub });
    await insertRefreshToken(db, {
      tokenHash: hashToken(refreshToken),
      familyId,
      cognitoSub: who.cognitoSub,
      expiresAt: hoursFrom(now, REFRESH_DAYS * 24),
    });
    return {
      accessToken: await tokens.issue(who, familyId, now),
      expiresIn: ACCESS_TOKEN_SECONDS,
      refreshToken,
      customer: who,
    };
  }

  const auth: Omit<BuiltInAuth, 'passwords'> = {
    name: 'built-in',

    async register(input, site, address) {
      const now = clock();
      const email = input.email.trim();
      await hit(db, SIGN_UPS_PER_ADDRESS, address, now);
      const problem = passwordProblem(input.password, { email, name: input.name });
      if (problem) throw new HttpError(422, problem);
      // Past here a mail goes out, whoever the email belongs to: it counts against the mail limits.
      await limitMails(email, address, now);
      // Hashed whether or not the email has an account, so every answer takes the same time.
      const passwordHash = await passwords.hash(input.password);
      const existing = await findAccountByEmail(db, email);
      // The same answer whether or not the email has an account, so no one can find out who does.
      if (existing?.confirmed_at) return sendLink(existing, 'taken', site);
      if (existing) {
        // Signed up for again before anyone confirmed it: neither sign-up's password may stand
        // (the first could be a stranger's, waiting for the owner to confirm). Earlier links end,
        // and the mailbox's owner chooses the password through the one link mailed now.
        await db.transaction(async (tx) => {
          await voidLinks(tx, existing.cognito_sub, now);
          await replacePendingPassword(tx, existing.cognito_sub, VOIDED_PASSWORD);
        });
        return sendLink(existing, 'contested', site);
      }
      const customer: CustomerRow = {
        cognito_sub: randomUUID(),
        email,
        phone: normalizePhone(input.phone.trim()),
        name: input.name.trim(),
        stripe_customer_id: null,
      };
      const created = await db.transaction(async (tx) => {
        await upsertCustomer(tx, customer);
        if (await insertAccount(tx, customer.cognito_sub, email, passwordHash)) return true;
        await deleteCustomer(tx, customer.cognito_sub);
        return false;
      });
      // A sign-up for the same email got there first: the same answer, and no second account.
      if (created) await sendLink(customer, 'confirm', site);
    },

    async confirm(token, password, address) {
      // The link proves the mailbox, the password proves the sign-up: someone who signed up with
      // a stranger's email cannot have the owner confirm an account whose password they chose.
      // The password is checked before the link is spent, so a wrong one leaves it as it was, and
      // a link voided meanwhile (a reset, a second sign-up) cannot be spent after.
      const tokenHash = hashToken(token);
      const linked = await liveLink(db, tokenHash, 'confirm', clock());
      const row = linked ? await findAccount(db, linked) : null;
      if (!row) throw new HttpError(400, LINK_INVALID);
      // Counted with the sign-ins of the same account (its email as sign-in keys it).
      const attempt = await throttle.attempt(row.email.trim().toLowerCase(), address);
      if (!(await passwords.check(password, row.password_hash))) throw new HttpError(401, CONFIRM_PASSWORD_WRONG);
      await attempt.succeeded();
      await db.transaction(async (tx) => {
        if ((await spendLink(tx, tokenHash, 'confirm', clock())) !== row.cognito_sub)
          throw new HttpError(400, LINK_INVALID);
        await confirmAccount(tx, row.cognito_sub, clock());
      });
      return startSession(row);
    },

    async signIn(email, password, address, site) {
      const account = email.trim().toLowerCase();
      const attempt = await throttle.attempt(account, address);
      const row = await findAccountByEmail(db, account);
      if (!(await passwords.check(password, row?.password_hash)) || !row) throw new HttpError(401, SIGN_IN_FAILED);
      await attempt.succeeded();
      // A hash from older settings (bcrypt) is replaced now that the password is at hand.
      if (passwords.needsRehash(row.password_hash))
        await replacePasswordHash(db, row.cognito_sub, row.password_hash, await passwords.hash(password));
      if (!row.confirmed_at) {
        // A fresh link, within the mail limits of this address and this email (past either, the
        // links already sent still work), the address counted first as limitMails does.
        const now = clock();
        const fromAddress = await countHit(db, MAILS_PER_ADDRESS, address, now);
        const forEmail = fromAddress.allowed
          ? await countHit(db, MAILS_PER_EMAIL, mailboxKey(account), now)
          : fromAddress;
        if (forEmail.allowed) await sendLink(row, 'confirm', site);
        throw new HttpError(403, NOT_CONFIRMED);
      }
      return startSession(row);
    },

    async requestPasswordReset(email, site, address) {
      await limitMails(email, address, clock());
      const row = await findAccountByEmail(db, email.trim());
      if (row) await sendLink(row, 'reset', site);
    },

    async resetPassword(token, password) {
      const now = clock();
      const tokenHash = hashToken(token);
      const cognitoSub = await liveLink(db, tokenHash, 'reset', now);
      if (!cognitoSub) throw new HttpError(400, LINK_INVALID);
      const customer = await findCustomer(db, cognitoSub);
      // Refused before the link is spent: it stays good for another try with a better password.
      const problem = passwordProblem(password, { email: customer?.email, name: customer?.name });
      if (problem) throw new HttpError(422, problem);
      const hash = await passwords.hash(password);
      // Spent with the change, so a link voided meanwhile (another reset) changes nothing. Every
      // other link mailed before this one ends with it: a reset link left in a mailbox, a log or a
      // forwarded mail cannot set the password again behind the new one.
      await db.transaction(async (tx) => {
        if ((await spendLink(tx, tokenHash, 'reset', now)) !== cognitoSub) throw new HttpError(400, LINK_INVALID);
        await setPassword(tx, cognitoSub, hash, now);
        await voidLinks(tx, cognitoSub, now);
        await revokeCustomerSessions(tx, cognitoSub, now);
      });
    },

    async verify(accessToken) {
      const verified = await tokens.verify(accessToken, clock());
      if (!verified) return null;
      return (await isLiveCustomerSession(db, verified.sessionId, verified.customer.cognitoSub))
        ? verified.customer
        : null;
    },

    async refresh(refreshToken) {
      const now = clock();
      const tokenHash = hashToken(refreshToken);
      const rotated = await turnInRefreshToken(db, CUSTOMER_REFRESH_TOKENS, tokenHash, now);
      if (!rotated) return null;
      const customer = await findCustomer(db, rotated.cognito_sub);
      return customer ? startSession(customer, rotated.family_id) : null;
    },

    async endSession(accessToken) {
      const verified = await tokens.verify(accessToken, clock());
      if (verified) await revokeFamily(db, verified.sessionId, clock());
    },

    async signOut(refreshToken) {
      const row = await lockRefreshToken(db, hashToken(refreshToken));
      if (row) await revokeFamily(db, row.family_id, clock());
    },
  };
  return { ...auth, passwords: auth };
}
