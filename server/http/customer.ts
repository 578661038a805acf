/**
 * The signed-in customer of a request: taken from `Authorization: Bearer`, never
 * from the body or query. No token, or one that is expired or tampered with, is 401; a
 * `cognito_sub` in the query or body that is not the token's own is 403.
 * Account routes check the token with the `requireCustomer` middleware; each handler still checks
 * the `cognito_sub` it reads with `ownedBy`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AuthProvider, Customer } from '../auth/auth-provider.ts';
import { bearerToken } from './bearer.ts';
import { HttpError } from './errors.ts';

export const SIGN_IN_REQUIRED = 'Sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Sign in again.';
export const NOT_YOUR_ACCOUNT = 'This belongs to another account.';

/** The customer the bearer token proves; 401 otherwise. */
export async function signedInCustomer(c: Context, auth: AuthProvider): Promise<Customer> {
  const token = bearerToken(c);
  if (!token) throw new HttpError(401, SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
  const customer = await auth.verify(token);
  if (!customer) throw new HttpError(401, SESSION_ENDED, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return customer;
}

/** A customer route's context once `requireCustomer` has let it through: `c.var.customer` is the caller. */
export interface CustomerEnv {
  Variables: { customer: Customer };
}

/** Middleware: the caller must be signed in (401 otherwise); the customer is then `c.var.customer`. */
export function requireCustomer(auth: AuthProvider): MiddlewareHandler<CustomerEnv> {
  return createMiddleware<CustomerEnv>(async (c, next) => {
    c.set('customer', await signedInCustomer(c, auth));
    await next();
  });
}

/** The already signed-in customer, when `cognitoSub` (if given) is theirs; 403 otherwise. */
export function ownedBy(customer: Customer, cognitoSub: string | undefined | null): Customer {
  if (cognitoSub && cognitoSub !== customer.cognitoSub) throw new HttpError(403, NOT_YOUR_ACCOUNT);
  return customer;
}

/** The customer when the request carries a valid token, else null (guest checkout). */
export async function optionalCustomer(c: Context, auth: AuthProvider): Promise<Customer | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const customer = await auth.verify(token);
  if (!customer) throw new HttpError(401, SESSION_ENDED, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return customer;
}
