import { Hono } from 'hono';
import { CreateOrderRequestSchema } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { CSRF_HEADER } from '../http/csrf.ts';
import { NOT_YOUR_ACCOUNT, optionalCustomer, SIGN_IN_REQUIRED } from '../http/customer.ts';
import { clientAddress } from '../http/client-address.ts';
import { requestLocale } from '../http/locale.ts';
import { HttpError, readBody } from '../http/errors.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { admitNewOrder } from '../services/card-attempts.ts';
import { finalizeOrder, placeOrder } from '../services/orders.ts';

/** New orders per client address: enough for an office ordering lunch, not for a script creating payments. */
export const ORDERS_PER_ADDRESS: RateLimit = {
  name: 'create-order-address',
  limit: 60,
  windowMs: 10 * 60_000,
  message: 'Too many orders from your network in a short time. Wait a few minutes and try again.',
};

/** POST /api/create-order/ and POST /api/finalize-order/{id}/. */
export function orderRoutes(deps: AppDependencies): Hono {
  return new Hono()
    .post('/create-order/', async (c) => {
      const idempotencyKey = idempotencyKeyOf(c);
      // A signed-in customer's order is theirs; a guest's stays a guest order.
      const customer = await optionalCustomer(c, deps.auth);
      const request = await readBody(c, CreateOrderRequestSchema);
      const address = clientAddress(c, deps.settings.trustProxy);
      // Counted per address; an address that used up its card declines gets no new payment to try cards on.
      await admitNewOrder(deps.db, ORDERS_PER_ADDRESS, address, deps.clock());
      if (request.cognito_sub && request.cognito_sub !== customer?.cognitoSub) {
        throw customer
          ? new HttpError(403, NOT_YOUR_ACCOUNT)
          : new HttpError(401, SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
      }
      // The key is bound to its caller: the account when signed in, else the browser's CSRF token.
      const caller = customer ? `customer:${customer.cognitoSub}` : `guest:${c.req.header(CSRF_HEADER) ?? ''}`;
      const { status, body } = await placeOrder(deps, request, {
        idempotencyKey,
        cognitoSub: customer?.cognitoSub ?? null,
        caller,
        clientAddress: address,
        locale: requestLocale(c),
      });
      return c.json(body, status as 201);
    })
    .post('/finalize-order/:id/', async (c) =>
      c.json(await finalizeOrder(deps, c.req.param('id'), { fromBrowser: true })),
    );
}
