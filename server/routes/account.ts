/**
 * The signed-in customer's calls: saved carts, orders and reorder, saved cards. The customer comes from the bearer token
 * (server/http/customer.ts); the `cognito_sub` the storefront puts in queries and bodies must be the
 * token's own (403 otherwise), and no token is 401.
 *
 * Two groups, each checked once by middleware: the calls that name the account in their query
 * read that query first (a malformed one is 400 even without a token), then the token; the calls
 * that name it in their body check the token before the body is read, so no token is 401 whatever
 * the body says. Each handler then checks the `cognito_sub` it read.
 */
import { requestLocale } from '../http/locale.ts';
import { clientAddress } from '../http/client-address.ts';
import { Hono } from 'hono';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import {
  CognitoSubQuerySchema,
  ReorderRequestSchema,
  SavedCartRequestSchema,
  SavePaymentMethodRequestSchema,
  SetupIntentRequestSchema,
} from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { ownedBy, requireCustomer, type CustomerEnv } from '../http/customer.ts';
import { readBody, readQuery } from '../http/errors.ts';
import { guarded } from '../http/guard.ts';
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

interface NamedInQueryEnv {
  Variables: CustomerEnv['Variables'] & { named: string | undefined };
}

/** The `cognito_sub` of the query, if any, as `c.var.named`; 400 when it is malformed. */
const namedInQuery = createMiddleware<NamedInQueryEnv>(async (c, next) => {
  const sub = c.req.query('cognito_sub');
  c.set('named', sub === undefined ? undefined : readQuery(c, CognitoSubQuerySchema).cognito_sub);
  await next();
});

export function accountRoutes(deps: AppDependencies): Hono {
  const signedIn = requireCustomer(deps.auth);
  const fromQuery = new Hono<NamedInQueryEnv>()
    .get('/saved-carts/', async (c) => c.json(await listSavedCarts(deps, ownedBy(c.var.customer, c.var.named))))
    .delete('/saved-carts/:id/', async (c) => {
      await removeSavedCart(deps, ownedBy(c.var.customer, c.var.named), c.req.param('id'));
      return c.body(null, 204);
    })
    .get('/orders/', async (c) =>
      c.json(await listOrders(deps, ownedBy(c.var.customer, c.var.named), requestLocale(c))),
    )
    .get('/payment-methods/', async (c) => c.json(await listCards(deps, ownedBy(c.var.customer, c.var.named))))
    .delete('/payment-methods/:id/', async (c) => {
      await removeCard(deps, ownedBy(c.var.customer, c.var.named), c.req.param('id'));
      return c.body(null, 204);
    });
  const fromBody = new Hono<CustomerEnv>()
    .post('/saved-carts/', async (c) => {
      const body = await readBody(c, SavedCartRequestSchema);
      return c.json(await saveCart(deps, ownedBy(c.var.customer, body.cognito_sub), body), 201);
    })
    .post('/orders/:id/reorder/', async (c) => {
      const body = await readBody(c, ReorderRequestSchema);
      return c.json(await reorder(deps, ownedBy(c.var.customer, body.cognito_sub), c.req.param('id')));
    })
    .post('/setup-intent/', async (c) => {
      const body = await readBody(c, SetupIntentRequestSchema);
      const address = clientAddress(c, deps.settings.trustProxy);
      return c.json(await startCardSetup(deps, ownedBy(c.var.customer, body.cognito_sub), address));
    })
    .post('/save-payment-method/', async (c) => {
      const body = await readBody(c, SavePaymentMethodRequestSchema);
      return c.json(await saveCard(deps, ownedBy(c.var.customer, body.cognito_sub), body.payment_method_id));
    });
  return new Hono()
    .route('/', guarded(every(namedInQuery, signedIn), fromQuery))
    .route('/', guarded(signedIn, fromBody));
}
