/** SQL for customers, built-in accounts, their one-time links and their refresh tokens. */
import type { Queryable } from './database.ts';

export interface CustomerRow {
  cognito_sub: string;
  email: string;
  phone: string | null;
  name: string;
  stripe_customer_id: string | null;
}

export interface AccountRow extends CustomerRow {
  password_hash: string;
  confirmed_at: Date | null;
}

/** An account with its customer row, to be narrowed by a where clause. */
const SELECT_ACCOUNT =
  'select c.*, a.password_hash, a.confirmed_at from customers c join accounts a using (cognito_sub)';

export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`${SELECT_ACCOUNT} where a.email = lower($1)`, [email]);
  return row ?? null;
}

export async function findAccount(db: Queryable, cognitoSub: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`${SELECT_ACCOUNT} where a.cognito_sub = $1`, [cognitoSub]);
  return row ?? null;
}

export async function findCustomer(db: Queryable, cognitoSub: string): Promise<CustomerRow | null> {
  const [row] = await db.query<CustomerRow>('select * from customers where cognito_sub = $1', [cognitoSub]);
  return row ?? null;
}

/** Creates or refreshes the customer row a token names (Cognito's first visit, a new account). */
export async function upsertCustomer(db: Queryable, customer: Omit<CustomerRow, 'stripe_customer_id'>): Promise<void> {
  await db.query(
    `insert into customers (cognito_sub, email, phone, name) values ($1, $2, $3, $4)
     on conflict (cognito_sub) do update set email = excluded.email, phone = coalesce(excluded.phone, customers.phone),
       name = case when excluded.name = '' then customers.name else excluded.name end`,
    [customer.cognito_sub, customer.email, customer.phone, customer.name],
  );
}

/** Deletes the customer row (a sign-up that lost its email to another at the same moment). */
export async function deleteCustomer(db: Queryable, cognitoSub: string): Promise<void> {
  await db.query('delete from customers where cognito_sub = $1', [cognitoSub]);
}

/** A built-in account; false when the email already has one (two sign-ups at once). */
export async function insertAccount(
  db: Queryable,
  cognitoSub: string,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db.query(
    'insert into accounts (cognito_sub, email, password_hash) values ($1, lower($2), $3) on conflict (email) do nothing returning cognito_sub',
    [cognitoSub, email, passwordHash],
  );
  return rows.length > 0;
}

export async function confirmAccount(db: Queryable, cognitoSub: string, at: Date): Promise<void> {
  await db.query('update accounts set confirmed_at = coalesce(confirmed_at, $2) where cognito_sub = $1', [
    cognitoSub,
    at,
  ]);
}

export async function setPassword(db: Queryable, cognitoSub: string, passwordHash: string, at: Date): Promise<void> {
  // Following a reset link proves the mailbox too: the account counts as confirmed.
  await db.query(
    'update accounts set password_hash = $2, password_changed_at = $3, confirmed_at = coalesce(confirmed_at, $3) where cognito_sub = $1',
    [cognitoSub, passwordHash, at],
  );
}

/**
 * Stores a new hash of the same password (stronger settings), only if the stored one is still
 * `oldHash`: a password changed meanwhile stays. Sessions and password_changed_at are left alone.
 */
export async function replacePasswordHash(
  db: Queryable,
  cognitoSub: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db.query('update accounts set password_hash = $3 where cognito_sub = $1 and password_hash = $2', [
    cognitoSub,
    oldHash,
    newHash,
  ]);
}

/** The account a Stripe Customer was made for (setStripeCustomer), or null. */
export async function customerByStripeId(db: Queryable, stripeCustomerId: string): Promise<CustomerRow | null> {
  const [row] = await db.query<CustomerRow>('select * from customers where stripe_customer_id = $1', [
    stripeCustomerId,
  ]);
  return row ?? null;
}

export async function setStripeCustomer(db: Queryable, cognitoSub: string, stripeCustomerId: string): Promise<void> {
  await db.query('update customers set stripe_customer_id = $2 where cognito_sub = $1', [cognitoSub, stripeCustomerId]);
}

// ---------------------------------------------------------------------------------------------
// One-time links (confirm an email, reset a password)

export type LinkPurpose = 'confirm' | 'reset';

export async function insertLink(
  db: Queryable,
  link: { tokenHash: string; cognitoSub: string; purpose: LinkPurpose; expiresAt: Date },
): Promise<void> {
  await db.query('insert into account_links (token_hash, cognito_sub, purpose, expires_at) values ($1, $2, $3, $4)', [
    link.tokenHash,
    link.cognitoSub,
    link.purpose,
    link.expiresAt,
  ]);
}

/** A link ($1 its token's hash) for a purpose ($2) that can still be spent at $3: not spent, not expired. */
const LIVE_LINK = 'token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3';

/** The customer a link is for while it can still be spent, without spending it; else null. */
export async function liveLink(
  db: Queryable,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db.query<{ cognito_sub: string }>(`select cognito_sub from account_links where ${LIVE_LINK}`, [
    tokenHash,
    purpose,
    now,
  ]);
  return row?.cognito_sub ?? null;
}

/** Spends a link once: the customer it was for, or null when it is unknown, spent or expired. */
export async function spendLink(
  db: Queryable,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db.query<{ cognito_sub: string }>(
    `update account_links set used_at = $3 where ${LIVE_LINK} returning cognito_sub`,
    [tokenHash, purpose, now],
  );
  return row?.cognito_sub ?? null;
}

/** Ends every link of a customer not yet followed (a second sign-up for an unconfirmed email, a password reset). */
export async function voidLinks(db: Queryable, cognitoSub: string, now: Date): Promise<void> {
  await db.query('update account_links set used_at = $2 where cognito_sub = $1 and used_at is null', [cognitoSub, now]);
}

/** Replaces an unconfirmed account's password hash (without confirming it or ending sessions). */
export async function replacePendingPassword(db: Queryable, cognitoSub: string, passwordHash: string): Promise<void> {
  await db.query('update accounts set password_hash = $2 where cognito_sub = $1 and confirmed_at is null', [
    cognitoSub,
    passwordHash,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Refresh tokens

export interface RefreshTokenRow {
  token_hash: string;
  family_id: string;
  cognito_sub: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertRefreshToken(
  db: Queryable,
  token: { tokenHash: string; familyId: string; cognitoSub: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'insert into refresh_tokens (token_hash, family_id, cognito_sub, expires_at) values ($1, $2, $3, $4)',
    [token.tokenHash, token.familyId, token.cognitoSub, token.expiresAt],
  );
}

/** The token's row, locked for the rotation that follows. */
export async function lockRefreshToken(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.query<RefreshTokenRow>('select * from refresh_tokens where token_hash = $1 for update', [
    tokenHash,
  ]);
  return row ?? null;
}

export async function spendRefreshToken(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('update refresh_tokens set used_at = $2 where token_hash = $1', [tokenHash, now]);
}

/** Ends a family: its refresh tokens, and its session, so the access tokens it issued are refused too. */
export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = coalesce(revoked_at, $2) where family_id = $1', [
    familyId,
    now,
  ]);
  await db.query('update customer_sessions set revoked_at = coalesce(revoked_at, $2) where id = $1', [familyId, now]);
}

/** Ends one session of a customer (its access tokens are refused from now on). */
export async function revokeCustomerSession(db: Queryable, id: string, cognitoSub: string, now: Date): Promise<void> {
  await db.query(
    'update customer_sessions set revoked_at = coalesce(revoked_at, $3) where id = $1 and cognito_sub = $2',
    [id, cognitoSub, now],
  );
}

/** Ends every session of a customer (after a password reset), access tokens included. */
export async function revokeCustomerSessions(db: Queryable, cognitoSub: string, now: Date): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = coalesce(revoked_at, $2) where cognito_sub = $1', [
    cognitoSub,
    now,
  ]);
  await db.query('update customer_sessions set revoked_at = coalesce(revoked_at, $2) where cognito_sub = $1', [
    cognitoSub,
    now,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Sessions (0016_sessions.sql): what an access token's session id is checked against

/** Records a session; a second call for the same id changes nothing (a refresh keeps its session). */
export async function insertCustomerSession(
  db: Queryable,
  session: { id: string; cognitoSub: string; refreshTokenHash?: string | null },
): Promise<void> {
  await db.query(
    'insert into customer_sessions (id, cognito_sub, refresh_token_hash) values ($1, $2, $3) on conflict (id) do nothing',
    [session.id, session.cognitoSub, session.refreshTokenHash ?? null],
  );
}

/** Whether the session exists, belongs to the customer and has not ended. */
export async function isLiveCustomerSession(db: Queryable, id: string, cognitoSub: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from customer_sessions where id = $1 and cognito_sub = $2 and revoked_at is null',
    [id, cognitoSub],
  );
  return rows.length > 0;
}

/**
 * In one query: the customer row (null when unknown) and whether the session `sessionId` was
 * ended. A session with no row has not ended (Amazon Cognito's tokens that we never saw issued).
 */
export async function findCustomerInSession(
  db: Queryable,
  cognitoSub: string,
  sessionId: string,
): Promise<{ customer: CustomerRow | null; revoked: boolean }> {
  const [row] = await db.query<Partial<CustomerRow> & { session_revoked: boolean }>(
    `select c.cognito_sub, c.email, c.phone, c.name, c.stripe_customer_id,
       exists (select 1 from customer_sessions s where s.id = $2 and s.revoked_at is not null) as session_revoked
     from (select 1) as one left join customers c on c.cognito_sub = $1`,
    [cognitoSub, sessionId],
  );
  const customer = row?.cognito_sub
    ? {
        cognito_sub: row.cognito_sub,
        email: row.email!,
        phone: row.phone ?? null,
        name: row.name!,
        stripe_customer_id: row.stripe_customer_id ?? null,
      }
    : null;
  return { customer, revoked: row?.session_revoked === true };
}

/** Ends the sessions that came from one refresh token (Amazon Cognito's sign-out). */
export async function revokeSessionsOfRefreshToken(db: Queryable, refreshTokenHash: string, now: Date): Promise<void> {
  await db.query('update customer_sessions set revoked_at = coalesce(revoked_at, $2) where refresh_token_hash = $1', [
    refreshTokenHash,
    now,
  ]);
}

/**
 * Drops what can no longer be used: refresh tokens expired before `olderThan`, and sessions
 * revoked before it. A revoked session must outlive every access token it issued (Cognito's
 * live up to a day), so `olderThan` is at least a day ago.
 */
export async function pruneCustomerSessions(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from refresh_tokens where expires_at < $1', [olderThan]);
  await db.query('delete from customer_sessions where revoked_at < $1', [olderThan]);
}
