// Saved cards on Stripe, against the local stand-in of Stripe's API: a SetupIntent for the
// customer's own Stripe Customer, the saved PaymentMethod's brand and last 4, nobody else able
// to claim it, and deleting it detaches it at Stripe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NOT_SAVED } from '../../server/services/account.ts';
import { CARD_DECLINES_PER_ACCOUNT, TOO_MANY_DECLINES } from '../../server/services/card-attempts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { deliverStripeEvent, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_cards_test_secret';

describe.each(databaseTargets)('saved cards on Stripe, $name', (target) => {
  let stripe: StripeStandIn;
  let api: TestApi;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: 'sk_test_cards', publishableKey: 'pk_test_cards' });
    // Friday 11:00 AM in Los Angeles: the store takes ASAP orders (shared/schedule.ts).
    api = await createTestApi(
      target,
      { clock: () => new Date('2026-11-20T19:00:00Z') },
      {
        STRIPE_SECRET_KEY: 'sk_test_cards',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_cards',
        STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    );
    await addTestItems(api, [{ id: 'stripe-card-item', name: 'Horchata de Prueba', priceCents: 450 }]);
  });
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  /** As if Stripe.js had a card declined on the SetupIntent, and Stripe posted setup_intent.setup_failed. */
  async function declinedOn(setupId: string) {
    stripe.declineSetup(setupId);
    const delivered = await deliverStripeEvent(
      api.app,
      stripe.setupEvent('setup_intent.setup_failed', setupId),
      WEBHOOK_SECRET,
    );
    expect(delivered.status).toBe(200);
  }
  async function startSetup(who: { sub: string; bearer: Record<string, string> }, address: string) {
    const started = await api.call(
      'POST',
      '/api/setup-intent/',
      { cognito_sub: who.sub },
      { ...who.bearer, 'X-Forwarded-For': address },
    );
    return {
      status: started.status,
      id: started.ok ? ((await started.json()) as { client_secret: string }).client_secret.split('_secret_')[0]! : '',
    };
  }

  it('saves a card through a SetupIntent on the customer, lists it, refuses it to another customer and detaches it on delete', async () => {
    const ana = await signUpAndIn(api, 'stripe-ana@example.com');
    const setup = (await (
      await api.call('POST', '/api/setup-intent/', { cognito_sub: ana.sub }, ana.bearer)
    ).json()) as Record<string, string>;
    expect(setup).toEqual({
      provider: 'stripe',
      client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/) as unknown,
      publishable_key: 'pk_test_cards',
    });
    const customer = stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customer?.params).toMatchObject({ email: 'stripe-ana@example.com', metadata: { cognito_sub: ana.sub } });

    // The customer confirms the SetupIntent in the Payment Element.
    const method = stripe.saveCard(setup.client_secret!.split('_secret_')[0]!, {
      brand: 'visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2031,
    });
    const saved = await api.call(
      'POST',
      '/api/save-payment-method/',
      { payment_method_id: method.id, cognito_sub: ana.sub },
      ana.bearer,
    );
    const card = { id: method.id, brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2031 };
    expect(await saved.json()).toEqual({ ...card, message: 'Visa ending in 4242 is saved.' });
    expect(
      await (await api.call('GET', `/api/payment-methods/?cognito_sub=${ana.sub}`, undefined, ana.bearer)).json(),
    ).toEqual([card]);

    // An order placed signed in is a PaymentIntent on that Stripe Customer, so the saved card can pay it.
    const order = {
      cart_items: [{ menu_item_id: 'stripe-card-item', quantity: 1, modifiers: [] }],
      name: 'Ana',
      email: 'stripe-ana@example.com',
      phone: '2135550101',
      delivery_type: 'pickup',
    };
    expect((await api.call('POST', '/api/create-order/', order, ana.bearer)).status).toBe(201);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(method.customer).toMatch(/^cus_/);
    expect(created?.params.customer).toBe(method.customer);

    // A second SetupIntent reuses the customer's Stripe Customer.
    await api.call('POST', '/api/setup-intent/', { cognito_sub: ana.sub }, ana.bearer);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);

    const ben = await signUpAndIn(api, 'stripe-ben@example.com');
    const claimed = await api.call(
      'POST',
      '/api/save-payment-method/',
      { payment_method_id: method.id, cognito_sub: ben.sub },
      ben.bearer,
    );
    expect(claimed.status).toBe(404);
    expect(await claimed.json()).toEqual({ error: true, message: CARD_NOT_SAVED });

    expect(
      (await api.call('DELETE', `/api/payment-methods/${method.id}/?cognito_sub=${ana.sub}`, undefined, ana.bearer))
        .status,
    ).toBe(204);
    expect(stripe.paymentMethod(method.id)?.customer).toBeNull();
    expect(
      await (await api.call('GET', `/api/payment-methods/?cognito_sub=${ana.sub}`, undefined, ana.bearer)).json(),
    ).toEqual([]);
  });

  it('cards declined while saving: the fifth for an account cancels its open SetupIntents and it may start no other', async () => {
    const tester = '203.0.113.77';
    const cruz = await signUpAndIn(api, 'stripe-cruz@example.com', { 'X-Forwarded-For': tester });
    const setups = [await startSetup(cruz, tester), await startSetup(cruz, tester)];
    expect(setups.map((setup) => setup.status)).toEqual([200, 200]);
    const setupIds = setups.map((setup) => setup.id);
    // Who asked, and from where, go with the SetupIntent for its declines to count against.
    expect(stripe.setupIntent(setupIds[0]!)!.metadata).toEqual({ cognito_sub: cruz.sub, client_address: tester });
    // Card after card on one SetupIntent, as Stripe.js lets a tester send them.
    for (let i = 1; i < CARD_DECLINES_PER_ACCOUNT.limit; i++) await declinedOn(setupIds[0]!);
    expect(setupIds.map((setupId) => stripe.setupIntent(setupId)!.status)).toEqual([
      'requires_payment_method',
      'requires_payment_method',
    ]);
    await declinedOn(setupIds[0]!);
    expect(setupIds.map((setupId) => stripe.setupIntent(setupId)!.status)).toEqual(['canceled', 'canceled']);
    // No new SetupIntent for the account, even from another address, nor from the address for another account.
    const refused = await api.call(
      'POST',
      '/api/setup-intent/',
      { cognito_sub: cruz.sub },
      { ...cruz.bearer, 'X-Forwarded-For': '198.51.100.200' },
    );
    expect([refused.status, await refused.json()]).toEqual([429, { error: true, message: TOO_MANY_DECLINES }]);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const dora = await signUpAndIn(api, 'stripe-dora@example.com', { 'X-Forwarded-For': '198.51.100.201' });
    expect((await startSetup(dora, tester)).status).toBe(429);
    expect((await startSetup(dora, '198.51.100.201')).status).toBe(200);
  });

  it('a SetupIntent without our metadata (started before it was kept) counts against the account its Stripe Customer is for', async () => {
    const gus = await signUpAndIn(api, 'stripe-gus@example.com', { 'X-Forwarded-For': '203.0.113.90' });
    const { id } = await startSetup(gus, '203.0.113.90');
    stripe.setupIntent(id)!.metadata = {};
    for (let i = 0; i < CARD_DECLINES_PER_ACCOUNT.limit; i++) await declinedOn(id);
    expect(stripe.setupIntent(id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect((await startSetup(gus, '198.51.100.90')).status).toBe(429);
  });

  it('an address past its declines stops the setups of the account whose card used them up, and no setup starts from it', async () => {
    const address = '203.0.113.91';
    const eve = await signUpAndIn(api, 'stripe-eve@example.com', { 'X-Forwarded-For': '198.51.100.91' });
    const fay = await signUpAndIn(api, 'stripe-fay@example.com', { 'X-Forwarded-For': '198.51.100.92' });
    const eves = await startSetup(eve, address);
    const fays = await startSetup(fay, address);
    for (let i = 0; i < 3; i++) await declinedOn(eves.id);
    await declinedOn(fays.id);
    expect(stripe.setupIntent(fays.id)!.status).toBe('requires_payment_method');
    // Fay's second decline is the address's fifth: her account has used two of its five.
    await declinedOn(fays.id);
    expect(stripe.setupIntent(fays.id)!.status).toBe('canceled');
    expect((await startSetup(fay, address)).status).toBe(429);
    expect((await startSetup(eve, address)).status).toBe(429);
    // Fay from elsewhere: her account is under its limit.
    expect((await startSetup(fay, '198.51.100.93')).status).toBe(200);
  });
});
