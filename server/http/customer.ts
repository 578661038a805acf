/**
 * The signed-in customer of a request (spec section 6): taken from `Authorization: Bearer`, never
 * from the body or query. No token, or one that is expired or tampered with, is 401; a
 * `cognito_sub` in the query or body that is not the token's own is 403.
 */
import type { Context } from 'hono';
import type { AuthProvider, Customer } from '../auth/auth-provider.ts';
import { HttpError } from './errors.ts';

export const SIGN_IN_REQUIRED = 'Sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Sign in again.';
export const NOT_YOUR_ACCOUNT = 'This belongs to another account.';

/** The customer the bearer token proves; 401 otherwise. */
export async function signedInCustomer(c: Context, auth: AuthProvider): Promise<Customer> {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
  const customer = await auth.verify(match[1]!);
  if (!customer) throw new HttpError(401, SESSION_ENDED, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return customer;
}

/** The customer, refusing a `cognito_sub` that names someone else. */
export async function customerNamed(c: Context, auth: AuthProvider, cognitoSub: string | undefined | null): Promise<Customer> {
  return ownedBy(await signedInCustomer(c, auth), cognitoSub);
}

/** The already signed-in customer, when `cognitoSub` (if given) is theirs; 403 otherwise. */
export function ownedBy(customer: Customer, cognitoSub: string | undefined | null): Customer {
  if (cognitoSub && cognitoSub !== customer.cognitoSub) throw new HttpError(403, NOT_YOUR_ACCOUNT);
  return customer;
}

/** The customer when the request carries a valid token, else null (guest checkout). */
export async function optionalCustomer(c: Context, auth: AuthProvider): Promise<Customer | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) return null;
  const customer = await auth.verify(match[1]!);
  if (!customer) throw new HttpError(401, SESSION_ENDED, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return customer;
}
