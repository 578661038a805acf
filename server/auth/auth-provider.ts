/**
 * Who a request comes from. The account calls take the customer from `Authorization: Bearer`;
 * the provider says which customer an access token proves, and turns a refresh token into a new
 * session. Built-in accounts are the embedded default (built-in-auth.ts); Amazon Cognito is
 * production's (AUTH_PROVIDER=cognito).
 */

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

export interface AuthProvider {
  readonly name: 'built-in' | 'cognito';
  /** The customer an access token proves; null when it is missing, expired, tampered with or not ours. */
  verify(accessToken: string): Promise<Customer | null>;
  /** A new session for a refresh token, or null when the token is unknown, spent, revoked or expired. */
  refresh(refreshToken: string): Promise<Session | null>;
  /** Ends the session the refresh token belongs to. */
  signOut(refreshToken: string): Promise<void>;
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
