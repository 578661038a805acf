/**
 * The signed-in customer's calls of spec section 7. Sign-in itself arrives with the accounts
 * work; until a request proves who it is with `Authorization: Bearer`, each call answers 401.
 */
import { Hono, type Context } from 'hono';
import type { AppDependencies } from '../app.ts';
import { HttpError } from '../http/errors.ts';

export const SIGN_IN_REQUIRED = 'Sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Sign in again.';

function requireCustomer(_c: Context): never {
  // No token issuer exists yet, so no bearer token can be valid.
  throw new HttpError(401, SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
}

export function accountRoutes(_deps: AppDependencies): Hono {
  return new Hono()
    .get('/saved-carts/', requireCustomer)
    .post('/saved-carts/', requireCustomer)
    .delete('/saved-carts/:id/', requireCustomer)
    .get('/orders/', requireCustomer)
    .post('/orders/:id/reorder/', requireCustomer)
    .get('/payment-methods/', requireCustomer)
    .delete('/payment-methods/:id/', requireCustomer)
    .post('/setup-intent/', requireCustomer)
    .post('/save-payment-method/', requireCustomer)
    .post('/cognito/refresh/', () => {
      throw new HttpError(401, SESSION_ENDED);
    })
    .post('/cognito/signout/', (c) => c.body(null, 204));
}
