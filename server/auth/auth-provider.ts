/**
 * Who a request comes from. The account calls take the customer from `Authorization: Bearer`;
 * the provider says which customer an access token proves, and turns a refresh token into a new
 * session. Built-in accounts are the embedded default (built-in-auth.ts); Amazon Cognito is
 * production's (AUTH_PROVIDER=cognito).
 */
import type { Locale } from '../../shared/i18n/locale.ts';

/** A signed-in customer: `cognitoSub` is the id every account call and order carries. */
export interface Customer {
  cognitoSub: string;
  email: string;
  phone: string | null;
  name: string;
}

/** What a sign-in or a refresh hands the browser. The refresh token goes in an httpOnly cookie. */
export interface Session {
  accessToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  refreshToken: string;
  customer: Customer;
}

/** A sign-up as typed on our own form. */
export interface Registration {
  email: string;
  password: string;
  name: string;
  phone: string;
}

/** Where a mailed link leads: the configured origin only, and the page in the asker's language. */
export interface LinkSite {
  origin: string;
  locale: Locale;
}

/** Accounts whose passwords this server keeps: sign-up confirmed by mail, sign-in, password reset. */
export interface PasswordAccounts {
  register(input: Registration, site: LinkSite, address: string): Promise<void>;
  /** Confirms the email of the link's account for the one who knows its password, and signs them in. */
  confirm(token: string, password: string, address: string): Promise<Session>;
  signIn(email: string, password: string, address: string, site: LinkSite): Promise<Session>;
  requestPasswordReset(email: string, site: LinkSite, address: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
}

/** Sign-in on a hosted page, which sends the browser back with a one-time code. */
export interface HostedSignIn {
  /** The session for a code the hosted page handed back, or null when the code is unknown, spent or expired. */
  signInWithCode(code: string): Promise<Session | null>;
  /** Where the hosted page is and whom it sends back (cognito-hosted-ui.ts). */
  readonly hostedUi: { domain: string; clientId: string; siteOrigin: string };
}

export interface AuthProvider {
  /** Reported by GET /api/auth/config/; what the provider can do is said by the members below. */
  readonly name: 'built-in' | 'cognito';
  /** Present when this server keeps the passwords (built-in accounts). */
  readonly passwords?: PasswordAccounts;
  /** Present when customers sign in on a hosted page (Cognito's hosted UI). */
  readonly hostedSignIn?: HostedSignIn;
  /** The customer an access token proves; null when it is missing, expired, tampered with or not ours. */
  verify(accessToken: string): Promise<Customer | null>;
  /**
   * A new session for a refresh token, or null when the token is unknown, spent, revoked or
   * expired; 429 past the provider's limit on renewals. `address`: who asks (the client address).
   */
  refresh(refreshToken: string, address: string): Promise<Session | null>;
  /** Ends the session the refresh token belongs to. */
  signOut(refreshToken: string): Promise<void>;
  /**
   * Ends the session an access token of ours belongs to (a sign-out that came without the
   * refresh cookie: a partner page's browser may not send it); a token that does not verify ends nothing.
   */
  endSession(accessToken: string): Promise<void>;
}

/** The body sign-in and refresh answer: the access token and the non-secret auth info. */
export function sessionAnswer(session: Session) {
  return {
    access_token: session.accessToken,
    expires_in: session.expiresIn,
    cognito_sub: session.customer.cognitoSub,
    email: session.customer.email,
    phone: session.customer.phone,
    name: session.customer.name,
  };
}
