/**
 * Amazon Cognito signs customers in (AUTH_PROVIDER=cognito): its hosted UI does sign-up, sign-in
 * and password resets, and comes back to GET /api/cognito/callback/ with a code this provider
 * trades for tokens. Account calls carry Cognito's access token, checked against the pool's JWKS
 * (cognito-access-tokens.ts). An access token names the customer (`sub`) but carries no email or
 * phone, so those come from the customers table, and from Cognito's userInfo endpoint the first
 * time a customer is seen and at every sign-in; the row is what orders refer to. Cognito keeps the
 * refresh token: refresh asks /oauth2/token for a new access token, sign-out revokes it.
 *
 * Cognito's revocation ends the access tokens at Cognito, but a JWT checked against the JWKS would
 * still pass here until it expires. So each session we hand out is recorded (customer_sessions:
 * the tokens' origin_jti and the refresh token's hash), sign-out marks it ended in the database,
 * and every replica refuses its access tokens on the next call.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import {
  findCustomer,
  findCustomerInSession,
  insertCustomerSession,
  revokeCustomerSession,
  revokeSessionsOfRefreshToken,
  upsertCustomer,
  type CustomerRow,
} from '../db/accounts.ts';
import { HttpError } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { normalizePhone } from '../../shared/phone.ts';
import type { AuthProvider, Customer, HostedSignIn, Session } from './auth-provider.ts';
import { cognitoIssuer, createCognitoAccessTokens, type CognitoAccessClaims } from './cognito-access-tokens.ts';
import { createCognitoClient, type CognitoClient, type CognitoRefusal, type CognitoTokens } from './cognito-client.ts';
import { log } from '../logger.ts';
import { TOO_MANY_RENEWALS } from './refresh-rotation.ts';

export const EMAIL_REQUIRED = 'Your account has no email address. Add one on the sign-in page, then sign in again.';
export const EMAIL_NOT_VERIFIED = 'Confirm your email address on the sign-in page, then sign in again.';

/**
 * Renewals asked of Cognito per client address. Each is a call to Cognito's token endpoint, whose
 * quota the whole user pool shares, so a flood of made-up tokens from one address stops here
 * before it throttles every customer's sign-in. A signed-in person renews once a page and every
 * 15 minutes; counted in the database, so it holds across replicas.
 */
export const COGNITO_RENEWALS_PER_ADDRESS: RateLimit = {
  name: 'cognito-renewals',
  limit: 120,
  windowMs: 10 * 60_000,
  message: TOO_MANY_RENEWALS,
};

/** Cognito's answer for a code or refresh token that is unknown, spent, revoked or expired. */
const SPENT_GRANT = 'invalid_grant';
/** userInfo's answer for an access token that is expired, revoked (sign-out everywhere) or whose user is gone. */
const TOKEN_NO_LONGER_GOOD = 'invalid_token';
/** The scopes userInfo needs to name the customer: openid for sub, email and phone for those, profile for the name. */
const NEEDED_SCOPES = ['openid', 'email', 'phone', 'profile'];

export interface CognitoAuthOptions {
  db: Database;
  clock?: () => Date;
  region: string;
  userPoolId: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** The hosted UI's origin (COGNITO_DOMAIN). */
  domain: string;
  /** The user pool API's origin; https://cognito-idp.{region}.amazonaws.com unless a test points elsewhere. */
  idpEndpoint?: string | undefined;
  /** The callback registered on the app client, which a code is exchanged with. */
  redirectUri: string;
}

export interface CognitoAuth extends AuthProvider, HostedSignIn {
  readonly name: 'cognito';
  readonly hostedSignIn: HostedSignIn;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

class CognitoUnavailable extends Error {
  constructor(call: string, refusal: CognitoRefusal) {
    super(`Cognito's ${call} answered ${refusal.status} ${refusal.error}.`);
    this.name = 'CognitoUnavailable';
  }
}

export function createCognitoAuth(options: CognitoAuthOptions): CognitoAuth {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const idpEndpoint = options.idpEndpoint ?? `https://cognito-idp.${options.region}.amazonaws.com`;
  const tokens = createCognitoAccessTokens({
    issuer: cognitoIssuer(idpEndpoint, options.userPoolId),
    clientId: options.clientId,
  });
  const cognito: CognitoClient = createCognitoClient({
    domain: options.domain,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
  });

  const customerOf = (row: Omit<CustomerRow, 'stripe_customer_id'>): Customer => ({
    cognitoSub: row.cognito_sub,
    email: row.email,
    phone: row.phone,
    name: row.name,
  });

  /** Asks Cognito who the token's user is and keeps it in the customers table; null when the token no longer counts. */
  async function customerFromCognito(accessToken: string, claims: CognitoAccessClaims): Promise<Customer | null> {
    const { sub } = claims;
    // A token without these would have userInfo leave out the email or refuse it as if it had ended:
    // the app client's setup is wrong, and every customer's sign-in would fail without a word.
    const granted = claims.scope.split(' ');
    const missing = NEEDED_SCOPES.filter((scope) => !granted.includes(scope));
    if (missing.length > 0)
      throw new Error(
        `Cognito's access token lacks the scopes ${missing.join(', ')}: allow openid, email, phone and profile on the app client ${options.clientId}.`,
      );
    const answer = await cognito.userInfo(accessToken);
    if (!answer.ok) {
      if (answer.refusal.error === TOKEN_NO_LONGER_GOOD) return null;
      throw new CognitoUnavailable('userInfo endpoint', answer.refusal);
    }
    const attributes = answer.value;
    if (attributes.sub !== sub)
      throw new Error(`Cognito's userInfo endpoint named user ${attributes.sub ?? '(none)'} for a token of ${sub}.`);
    const email = attributes.email?.trim();
    if (!email) throw new HttpError(403, EMAIL_REQUIRED);
    // An inbox is what proves whose loyalty points are whose (db/loyalty.ts accountPointsFor): an
    // address a user typed into their profile without confirming it proves nothing.
    if (attributes.email_verified !== 'true') throw new HttpError(403, EMAIL_NOT_VERIFIED);
    const phone = attributes.phone_number?.trim();
    const name =
      attributes.name?.trim() || [attributes.given_name, attributes.family_name].filter(Boolean).join(' ').trim();
    const row = { cognito_sub: sub, email, phone: phone ? normalizePhone(phone) : null, name };
    await upsertCustomer(db, row);
    return customerOf((await findCustomer(db, sub)) ?? row);
  }

  /** The customer a fresh token from /oauth2/token names; `lookUp` asks userInfo even for a known customer. */
  async function sessionFor(issued: CognitoTokens, refreshToken: string, lookUp: boolean): Promise<Session | null> {
    const claims = await tokens.verify(issued.access_token, clock());
    if (!claims)
      throw new Error(
        `Cognito's token endpoint handed out an access token that does not verify: check COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID and COGNITO_IDP_ENDPOINT.`,
      );
    const known = lookUp ? null : await findCustomer(db, claims.sub);
    const customer = known ? customerOf(known) : await customerFromCognito(issued.access_token, claims);
    if (!customer) return null;
    if (claims.sessionId)
      await insertCustomerSession(db, {
        id: claims.sessionId,
        cognitoSub: claims.sub,
        refreshTokenHash: hashToken(refreshToken),
      });
    return { accessToken: issued.access_token, expiresIn: issued.expires_in, refreshToken, customer };
  }

  const auth: Omit<CognitoAuth, 'hostedSignIn'> = {
    name: 'cognito',
    hostedUi: { domain: options.domain, clientId: options.clientId, siteOrigin: new URL(options.redirectUri).origin },

    async verify(accessToken) {
      const claims = await tokens.verify(accessToken, clock());
      if (!claims) return null;
      const { customer: known, revoked } = await findCustomerInSession(db, claims.sub, claims.sessionId);
      // Signed out here: refused at once, whatever the token's own expiry.
      if (revoked) return null;
      return known ? customerOf(known) : customerFromCognito(accessToken, claims);
    },

    async signInWithCode(code) {
      const answer = await cognito.token({ grant_type: 'authorization_code', code, redirect_uri: options.redirectUri });
      if (!answer.ok) {
        if (answer.refusal.error === SPENT_GRANT) return null;
        throw new CognitoUnavailable('token endpoint', answer.refusal);
      }
      const refreshToken = answer.value.refresh_token;
      if (!refreshToken) throw new Error(`Cognito's token endpoint answered a code without a refresh token.`);
      // Each sign-in reads the customer's details again, so a changed email or phone reaches the table.
      return sessionFor(answer.value, refreshToken, true);
    },

    async refresh(refreshToken, address) {
      await hit(db, COGNITO_RENEWALS_PER_ADDRESS, address, clock());
      const answer = await cognito.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      if (!answer.ok) {
        if (answer.refusal.error === SPENT_GRANT) return null;
        throw new CognitoUnavailable('token endpoint', answer.refusal);
      }
      // Cognito does not rotate refresh tokens unless the app client asks it to; keep a new one if it came.
      return sessionFor(answer.value, answer.value.refresh_token ?? refreshToken, false);
    },

    async endSession(accessToken) {
      const claims = await tokens.verify(accessToken, clock());
      if (claims) await revokeCustomerSession(db, claims.sessionId, claims.sub, clock());
    },

    async signOut(refreshToken) {
      // Ended here first, so its access tokens are refused even if Cognito cannot be reached.
      await revokeSessionsOfRefreshToken(db, hashToken(refreshToken), clock());
      try {
        const answer = await cognito.revoke(refreshToken);
        if (!answer.ok)
          log.warn(
            { status: answer.refusal.status, error: answer.refusal.error },
            "Cognito's revoke endpoint refused the sign-out",
          );
      } catch (error) {
        log.warn({ err: error }, "Cognito's revoke endpoint could not be reached");
      }
    },
  };
  return { ...auth, hostedSignIn: auth };
}
