/**
 * The signed-in customer's calls of spec section 7. The customer comes from the bearer token
 * (server/http/customer.ts); the `cognito_sub` the spec puts in queries and bodies must be the
 * token's own (403 otherwise), and no token is 401.
 */
import { Hono } from 'hono';
import {
  CognitoSubQuerySchema,
  ReorderRequestSchema,
  SavedCartRequestSchema,
  SavePaymentMethodRequestSchema,
  SetupIntentRequestSchema,
} from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { customerNamed, ownedBy, signedInCustomer } from '../http/customer.ts';
import { readBody, readQuery } from '../http/errors.ts';
import {
  listCards,
  listOrders,
  listSavedCarts,
  removeCard,
  removeSavedCart,
  reorder,
  saveCard,
  saveCart,
  startCardSetup,
} from '../services/account.ts';

export function accountRoutes(deps: AppDependencies): Hono {
  const { auth } = deps;
  const fromQuery = (c: Parameters<typeof signedInCustomer>[0]) => {
    const sub = c.req.query('cognito_sub');
    return customerNamed(c, auth, sub === undefined ? undefined : readQuery(c, CognitoSubQuerySchema).cognito_sub);
  };
  return new Hono()
    .get('/saved-carts/', async (c) => c.json(await listSavedCarts(deps, await fromQuery(c))))
    .post('/saved-carts/', async (c) => {
      // Signed in before the body is read: no token is 401 whatever the body says.
      const customer = await signedInCustomer(c, auth);
      const body = await readBody(c, SavedCartRequestSchema);
      return c.json(await saveCart(deps, ownedBy(customer, body.cognito_sub), body), 201);
    })
    .delete('/saved-carts/:id/', async (c) => {
      await removeSavedCart(deps, await fromQuery(c), c.req.param('id'));
      return c.body(null, 204);
    })
    .get('/orders/', async (c) => c.json(await listOrders(deps, await fromQuery(c))))
    .post('/orders/:id/reorder/', async (c) => {
      const customer = await signedInCustomer(c, auth);
      const body = await readBody(c, ReorderRequestSchema);
      return c.json(await reorder(deps, ownedBy(customer, body.cognito_sub), c.req.param('id')));
    })
    .get('/payment-methods/', async (c) => c.json(await listCards(deps, await fromQuery(c))))
    .delete('/payment-methods/:id/', async (c) => {
      await removeCard(deps, await fromQuery(c), c.req.param('id'));
      return c.body(null, 204);
    })
    .post('/setup-intent/', async (c) => {
      const customer = await signedInCustomer(c, auth);
      const body = await readBody(c, SetupIntentRequestSchema);
      return c.json(await startCardSetup(deps, ownedBy(customer, body.cognito_sub)));
    })
    .post('/save-payment-method/', async (c) => {
      const customer = await signedInCustomer(c, auth);
      const body = await readBody(c, SavePaymentMethodRequestSchema);
      return c.json(await saveCard(deps, ownedBy(customer, body.cognito_sub), body.payment_method_id));
    });
}
