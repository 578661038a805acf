import type { CreateOrderResponse as OrderAnswer } from '../../shared/api/schemas.ts';
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FAULT } from '../../server/app.ts';
import {
  createStripePayments,
  paymentFailureMessage,
  paymentStatusOf,
  type StripePayments,
} from '../../server/providers/payments/stripe.ts';
import {
  STRIPE_WEBHOOKS_OFF,
  WEBHOOK_SIGNATURE_INVALID,
  stripeWebhookRoutes,
} from '../../server/routes/stripe-webhooks.ts';
import {
  CHECKOUT_REPLACED,
  PAYMENT_CANCELED,
  PAYMENT_NOT_RECEIVED,
  PAYMENT_PROCESSING,
} from '../../server/services/orders.ts';
import { PROMO_ALREADY_USED } from '../../server/services/promo-codes.ts';
import { slotLoad } from '../../server/db/slots.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { startStripeStandIn, type StripeEventJson, type StripeStandIn } from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_local';
const WEBHOOK_SECRET = 'whsec_local_test_secret';
const contact = { name: 'Ana Ruiz', email: 'ana@example.com' };

describe.each(databaseTargets)('Stripe payments on $name', (target) => {
  let standIn: StripeStandIn;
  let api: TestApi;
  let payments: StripePayments;
  /** The API as it is wired in production: the app plus the webhook route under /api. */
  let app: Hono;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    // The app's own webhook route, behind its middleware (CORS, body limit, CSRF exemption).
    // Friday 11:00 AM in Los Angeles: the store takes ASAP orders (shared/schedule.ts).
    api = await createTestApi(
      target,
      { payments, clock: () => new Date('2026-11-20T19:00:00Z') },
      { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    );
    app = api.app;
    await addTestItems(api, [
      { id: 's2000', name: 'Stripe 20.00', priceCents: 2000 },
      { id: 's1999', name: 'Stripe 19.99', priceCents: 1999 },
    ]);
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  /** 2 x 20.00 + 19.99 = 59.99; tax 9.75% = 5.849025 -> 5.85; total 65.84; 59 points. */
  const placeOrder = async (phone: string, headers: Record<string, string> = {}) => {
    const response = await api.call(
      'POST',
      '/api/create-order/',
      {
        ...contact,
        phone,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [
          { menu_item_id: 's2000', quantity: 2, modifiers: [] },
          { menu_item_id: 's1999', quantity: 1, modifiers: [] },
        ],
      },
      headers,
    );
    expect(response.status).toBe(201);
    const order = (await response.json()) as OrderAnswer;
    const intent = standIn.intents().find((i) => i.metadata.order_id === order.order_id);
    expect(intent).toBeDefined();
    return { order, intent: intent! };
  };
  const finalize = (orderId: string) => api.call('POST', `/api/finalize-order/${orderId}/`);
  const deliver = (payload: string, signature: string | null) =>
    app.request('/api/webhooks/stripe/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { 'Stripe-Signature': signature }),
      },
      body: payload,
    });
  const signed = (event: StripeEventJson, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };
  const deliverEvent = (event: StripeEventJson) => {
    const { payload, signature } = signed(event);
    return deliver(payload, signature);
  };
  const orderRow = async (orderId: string) => {
    const [row] = await api.deps.db.query<{ status: string; points_earned: number }>(
      'select status, points_earned from orders where id = $1',
      [orderId],
    );
    return row;
  };
  const paidRows = async (orderId: string) =>
    Number(
      (
        await api.deps.db.query<{ n: string | number }>(
          `select count(*) as n from order_status_history where order_id = $1 and status = 'paid'`,
          [orderId],
        )
      )[0]!.n,
    );
  const paymentRow = async (orderId: string) => {
    const [row] = await api.deps.db.query<{ status: string; failure_message: string | null }>(
      'select status, failure_message from payments where order_id = $1',
      [orderId],
    );
    return row;
  };
  const points = async (phone: string) =>
    (
      (await (await api.call('GET', `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`)).json()) as {
        points: number;
      }
    ).points;
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;

  it('create-order makes a PaymentIntent for the server’s total and hands the browser its client secret', async () => {
    const { order, intent } = await placeOrder('(213) 555-0101');
    expect(order.payment).toEqual({ provider: 'stripe', client_secret: intent.client_secret });
    expect(order.totals.total).toBe(65.84);
    expect(intent).toMatchObject({
      amount: 6584,
      currency: 'usd',
      metadata: { order_id: order.order_id },
      // Only methods that confirm at once: no bank debit left processing for days.
      automatic_payment_methods: null,
      allowed_payment_method_types: ['card', 'link'],
      payment_method_types: ['card', 'link'],
      status: 'requires_payment_method',
    });
    expect(intent.description).toMatch(/online order/);

    const create = standIn.requests.find(
      (r) =>
        r.method === 'POST' && typeof r.params.metadata === 'object' && r.params.metadata.order_id === order.order_id,
    );
    expect(create).toBeDefined();
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(create!.headers['idempotency-key']).toBe(`create-payment-${order.order_id}`);
    expect(create!.params).toMatchObject({
      amount: '6584',
      currency: 'usd',
      allowed_payment_method_types: { '0': 'card', '1': 'link' },
    });
    expect(Object.keys(create!.params).sort()).toEqual([
      'allowed_payment_method_types',
      'amount',
      'currency',
      'description',
      'metadata',
    ]);
  });

  it('a repeated create-order with one Idempotency-Key asks Stripe once', async () => {
    const before = standIn.intents().length;
    const headers = { 'Idempotency-Key': 'stripe-checkout-once-1' };
    const first = await placeOrder('(213) 555-0102', headers);
    const second = await placeOrder('(213) 555-0102', headers);
    expect(second.order).toEqual(first.order);
    expect(standIn.intents().length).toBe(before + 1);
  });

  it('the provider sends its idempotency key to Stripe, and a retry gets the same PaymentIntent', async () => {
    const input = {
      orderId: 'ord_retry',
      amountCents: 1234,
      currency: 'usd' as const,
      description: 'Retry',
      idempotencyKey: 'create-payment-ord_retry',
    };
    const before = standIn.intents().length;
    const first = await payments.createPayment(input);
    const again = await payments.createPayment(input);
    expect(again).toEqual(first);
    expect(first.reference).toMatch(/^pi_/);
    expect(first.clientSecret).toMatch(new RegExp(`^${first.reference}_secret_`));
    expect(standIn.intents().length).toBe(before + 1);
  });

  it('finalize refuses until Stripe says the money moved, then marks the order paid once', async () => {
    const { order, intent } = await placeOrder('(213) 555-0103');
    const early = await finalize(order.order_id);
    expect(early.status).toBe(402);
    expect(await message(early)).toBe(PAYMENT_NOT_RECEIVED);

    standIn.setStatus(intent.id, 'processing');
    const processing = await finalize(order.order_id);
    expect(processing.status).toBe(409);
    expect(await message(processing)).toBe(PAYMENT_PROCESSING);

    standIn.succeed(intent.id);
    const paid = await finalize(order.order_id);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ order_id: order.order_id, status: 'paid', points_earned: 59 });
    expect((await finalize(order.order_id)).status).toBe(200);
    expect(await paidRows(order.order_id)).toBe(1);
    expect(await paymentRow(order.order_id)).toEqual({ status: 'succeeded', failure_message: null });
    expect(await points('(213) 555-0103')).toBe(59);
  });

  /** A pickup checkout of one 20.00 item with `code`, opened (201), and its PaymentIntent. */
  const openWithCode = async (phone: string, code: string) => {
    const response = await api.call('POST', '/api/create-order/', {
      ...contact,
      phone,
      delivery_type: 'pickup',
      promo_code: code,
      cart_items: [{ menu_item_id: 's2000', quantity: 1, modifiers: [] }],
    });
    expect(response.status).toBe(201);
    const order = (await response.json()) as OrderAnswer;
    return { order, intent: standIn.intents().find((i) => i.metadata.order_id === order.order_id)! };
  };

  it('a newer checkout with the same once-only code stops an unpaid one, not one Stripe has taken the money for', async () => {
    const open = () => openWithCode('(213) 555-0121', 'WELCOME10');
    const unpaid = await open();
    const paidInBrowser = await open();
    expect(standIn.intent(unpaid.intent.id)!.status).toBe('canceled');
    expect(await paymentRow(unpaid.order.order_id)).toEqual({ status: 'canceled', failure_message: CHECKOUT_REPLACED });
    // Paid in the browser; neither finalize nor Stripe's event has come when the next checkout opens.
    standIn.succeed(paidInBrowser.intent.id);
    const meanwhile = await open();
    expect(await paymentRow(paidInBrowser.order.order_id)).toEqual({
      status: 'requires_payment',
      failure_message: null,
    });
    // The paid one uses the code: the new checkout is the one stopped.
    expect(standIn.intent(meanwhile.intent.id)!.status).toBe('canceled');
    expect(await paymentRow(meanwhile.order.order_id)).toEqual({
      status: 'canceled',
      failure_message: PROMO_ALREADY_USED,
    });
    const response = await deliverEvent(standIn.event('payment_intent.succeeded', paidInBrowser.intent.id));
    expect(response.status).toBe(200);
    expect(await orderRow(paidInBrowser.order.order_id)).toMatchObject({ status: 'paid' });
    expect(await paidRows(paidInBrowser.order.order_id)).toBe(1);
  });

  it('a code a customer may use three times: a checkout paid at Stripe leaves the newer one payable', async () => {
    const open = () => openWithCode('(213) 555-0122', 'FIVEOFF');
    const paidInBrowser = await open();
    standIn.succeed(paidInBrowser.intent.id);
    const next = await open();
    expect(standIn.intent(next.intent.id)!.status).toBe('requires_payment_method');
    expect(await paymentRow(next.order.order_id)).toEqual({ status: 'requires_payment', failure_message: null });
  });

  it('a cancelled PaymentIntent is not paid', async () => {
    const { order, intent } = await placeOrder('(213) 555-0104');
    standIn.setStatus(intent.id, 'canceled');
    const response = await finalize(order.order_id);
    expect(response.status).toBe(409);
    expect(await message(response)).toBe(PAYMENT_CANCELED);
  });

  it('payment_intent.succeeded marks the order paid when the browser never called finalize', async () => {
    const { order, intent } = await placeOrder('(213) 555-0105');
    standIn.succeed(intent.id);
    const response = await deliverEvent(standIn.event('payment_intent.succeeded', intent.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await orderRow(order.order_id)).toEqual({ status: 'paid', points_earned: 59 });
    expect(await points('(213) 555-0105')).toBe(59);
    // The customer's page comes back later: finalize agrees and changes nothing.
    expect(await (await finalize(order.order_id)).json()).toMatchObject({ status: 'paid', points_earned: 59 });
    expect(await paidRows(order.order_id)).toBe(1);
  });

  it('the same event delivered three times changes the order once', async () => {
    const { order, intent } = await placeOrder('(213) 555-0106');
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await deliverEvent(event);
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers).toEqual([
      { received: true },
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(await paidRows(order.order_id)).toBe(1);
    expect(await points('(213) 555-0106')).toBe(59);
    const [ledger] = await api.deps.db.query<{ n: string | number }>(
      'select count(*) as n from loyalty_ledger where order_id = $1',
      [order.order_id],
    );
    expect(Number(ledger!.n)).toBe(1);
  });

  it('three deliveries of one event at the same moment still change the order once', async () => {
    const { order, intent } = await placeOrder('(213) 555-0107');
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const responses = await Promise.all([deliverEvent(event), deliverEvent(event), deliverEvent(event)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await paidRows(order.order_id)).toBe(1);
    expect(await points('(213) 555-0107')).toBe(59);
    const [seen] = await api.deps.db.query<{ n: string | number }>(
      `select count(*) as n from webhook_events where provider = 'stripe' and event_id = $1`,
      [event.id],
    );
    expect(Number(seen!.n)).toBe(1);
  });

  it('a succeeded event is checked with Stripe: a forged-looking event for an unpaid intent does not mark it paid', async () => {
    const { order, intent } = await placeOrder('(213) 555-0108');
    // Signed, but Stripe itself says the intent still needs a payment method.
    const event = standIn.event('payment_intent.succeeded', intent.id);
    event.data.object.status = 'succeeded';
    const response = await deliverEvent(event);
    expect(response.status).toBe(402);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending_payment' });
    // Not recorded, so Stripe's retry is handled once the payment has really gone through.
    standIn.succeed(intent.id);
    expect((await deliverEvent(event)).status).toBe(200);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'paid' });
  });

  it('a bad signature is refused with 400 and changes nothing', async () => {
    const { order, intent } = await placeOrder('(213) 555-0109');
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const good = signed(event);
    const wrongSecret = signed(event, 'whsec_someone_else');
    const cases: [string, string | null][] = [
      [wrongSecret.payload, wrongSecret.signature],
      [good.payload.replace('"livemode": false', '"livemode": true'), good.signature],
      [good.payload, null],
      [good.payload, 't=1,v1=abc'],
    ];
    for (const [payload, signature] of cases) {
      const response = await deliver(payload, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: true, message: WEBHOOK_SIGNATURE_INVALID });
    }
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending_payment' });
    // A delivery signed too long ago is refused too (replay protection).
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: good.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(good.payload, old)).status).toBe(400);
    const [seen] = await api.deps.db.query<{ n: string | number }>(
      'select count(*) as n from webhook_events where event_id = $1',
      [event.id],
    );
    expect(Number(seen!.n)).toBe(0);
  });

  it('payment_intent.payment_failed records Stripe’s reason, and finalize answers 402 with it', async () => {
    const { order, intent } = await placeOrder('(213) 555-0110');
    standIn.decline(intent.id, 'Your card has insufficient funds.', 'insufficient_funds');
    const response = await deliverEvent(standIn.event('payment_intent.payment_failed', intent.id));
    expect(response.status).toBe(200);
    expect(await paymentRow(order.order_id)).toEqual({
      status: 'failed',
      failure_message: 'Your card has insufficient funds.',
    });
    const refused = await finalize(order.order_id);
    expect(refused.status).toBe(402);
    expect(await message(refused)).toBe('Your card has insufficient funds.');

    // The customer tries another card and it goes through.
    standIn.succeed(intent.id);
    expect(await (await finalize(order.order_id)).json()).toMatchObject({ status: 'paid' });
    expect(await paymentRow(order.order_id)).toEqual({ status: 'succeeded', failure_message: null });
  });

  it('a failed attempt reported after the order was paid does not mark the payment failed', async () => {
    const { order, intent } = await placeOrder('(213) 555-0111');
    standIn.decline(intent.id);
    const late = standIn.event('payment_intent.payment_failed', intent.id);
    standIn.succeed(intent.id);
    expect((await finalize(order.order_id)).status).toBe(200);
    expect((await deliverEvent(late)).status).toBe(200);
    expect(await paymentRow(order.order_id)).toEqual({ status: 'succeeded', failure_message: null });
  });

  it('events of other kinds, or for PaymentIntents this server did not create, are acknowledged and ignored', async () => {
    const { order, intent } = await placeOrder('(213) 555-0112');
    const created = await deliverEvent(standIn.event('payment_intent.created', intent.id));
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ received: true });

    const stranger = await payments.createPayment({
      orderId: 'pos_sale_7',
      amountCents: 900,
      currency: 'usd',
      description: 'In-store sale',
      idempotencyKey: 'pos-sale-7',
    });
    standIn.succeed(stranger.reference);
    expect((await deliverEvent(standIn.event('payment_intent.succeeded', stranger.reference))).status).toBe(200);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending_payment' });
  });

  it('a PaymentIntent takes only instant methods: Stripe refuses a bank debit on it, while one with automatic methods would sit processing', async () => {
    const { intent } = await placeOrder('(213) 555-0114');
    // As Stripe.js would confirm an ACH Direct Debit the Payment Element offered.
    await expect(
      payments.stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'us_bank_account' } }),
    ).rejects.toThrow(
      'The PaymentMethod provided (us_bank_account) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: card, link.',
    );
    expect(standIn.intent(intent.id)).toMatchObject({ status: 'requires_payment_method' });

    // What the old way (Stripe's default, the Dashboard's methods) let through: a debit processing for days.
    const automatic = await payments.stripe.paymentIntents.create({ amount: 6584, currency: 'usd' });
    expect(automatic.payment_method_types).toEqual(['card', 'link', 'us_bank_account']);
    const debit = await payments.stripe.paymentIntents.confirm(automatic.id, {
      payment_method_data: { type: 'us_bank_account' },
    });
    expect(debit.status).toBe('processing');
    // And the parameter the brief first named is refused by the pinned API version.
    await expect(
      payments.stripe.paymentIntents.create({ amount: 6584, currency: 'usd', payment_method_types: ['card'] } as never),
    ).rejects.toThrow(/payment_method_types is no longer supported/);
  });

  it('payment_intent.processing never marks the order paid; the customer is told it is still processing', async () => {
    const { order, intent } = await placeOrder('(213) 555-0115');
    standIn.setStatus(intent.id, 'processing');
    const response = await deliverEvent(standIn.event('payment_intent.processing', intent.id));
    expect(response.status).toBe(200);
    expect(await orderRow(order.order_id)).toEqual({ status: 'pending_payment', points_earned: 0 });
    expect(await paymentRow(order.order_id)).toEqual({ status: 'processing', failure_message: null });
    expect(await paidRows(order.order_id)).toBe(0);
    // The order page asks finalize-order, which says so (and nothing reaches the kitchen).
    const page = await finalize(order.order_id);
    expect(page.status).toBe(409);
    expect(await message(page)).toBe(PAYMENT_PROCESSING);
    const [events] = await api.deps.db.query<{ n: string | number }>(
      'select count(*) as n from order_events where order_id = $1',
      [order.order_id],
    );
    expect(Number(events!.n)).toBe(0);
    // A report of processing after the payment went through changes nothing.
    standIn.succeed(intent.id);
    expect((await deliverEvent(standIn.event('payment_intent.succeeded', intent.id))).status).toBe(200);
    expect((await deliverEvent(standIn.event('payment_intent.processing', intent.id))).status).toBe(200);
    expect(await paymentRow(order.order_id)).toEqual({ status: 'succeeded', failure_message: null });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'paid' });
  });

  it('payment_intent.canceled ends an unpaid checkout and the slot place it held; a paid order is never touched', async () => {
    const { order, intent } = await placeOrder('(213) 555-0116');
    const [slot] = await api.deps.db.query<{ slot_at: Date }>('select slot_at from orders where id = $1', [
      order.order_id,
    ]);
    const held = async () =>
      (await slotLoad(api.deps.db, new Date(slot!.slot_at), null, { atMost: 1000, heldCents: 1 })).orders;
    const before = await held();
    standIn.setStatus(intent.id, 'canceled');
    expect((await deliverEvent(standIn.event('payment_intent.canceled', intent.id))).status).toBe(200);
    expect(await paymentRow(order.order_id)).toEqual({ status: 'canceled', failure_message: null });
    expect(await held()).toBe(before - 1);
    const answer = await finalize(order.order_id);
    expect(answer.status).toBe(409);
    expect(await message(answer)).toBe(PAYMENT_CANCELED);

    const paid = await placeOrder('(213) 555-0117');
    standIn.succeed(paid.intent.id);
    expect((await finalize(paid.order.order_id)).status).toBe(200);
    const odd = standIn.event('payment_intent.canceled', paid.intent.id);
    odd.data.object.status = 'canceled';
    expect((await deliverEvent(odd)).status).toBe(200);
    expect(await paymentRow(paid.order.order_id)).toEqual({ status: 'succeeded', failure_message: null });
    expect(await orderRow(paid.order.order_id)).toMatchObject({ status: 'paid' });
  });

  it('the webhook route only answers POST', async () => {
    const get = await app.request('/api/webhooks/stripe/');
    expect(get.status).toBe(404);
  });

  it('without a webhook secret the route answers 404', async () => {
    const route = stripeWebhookRoutes({ webhookSecret: undefined })(api.deps);
    const response = await route.request('/webhooks/stripe/', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: true, message: STRIPE_WEBHOOKS_OFF });
  });

  it('Stripe’s refusals surface as errors, and an unknown PaymentIntent makes finalize a 500, not a payment', async () => {
    await expect(
      payments.createPayment({
        orderId: 'ord_small',
        amountCents: 10,
        currency: 'usd',
        description: 'Too small',
        idempotencyKey: 'small-1',
      }),
    ).rejects.toThrow('Amount must be at least $0.50 usd');
    await expect(payments.paymentStatus('pi_does_not_exist')).rejects.toThrow(
      "No such payment_intent: 'pi_does_not_exist'",
    );

    const { order } = await placeOrder('(213) 555-0113');
    await api.deps.db.query(`update payments set provider_reference = 'pi_vanished' where order_id = $1`, [
      order.order_id,
    ]);
    const response = await finalize(order.order_id);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: true, message: SERVER_FAULT });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending_payment' });
  });

  it('a wrong secret key is refused by Stripe', async () => {
    const wrong = createStripePayments({
      secretKey: 'sk_test_wrong_key_0000',
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    await expect(wrong.paymentStatus('pi_x')).rejects.toThrow(/Invalid API Key provided/);
  });
});

describe('Stripe statuses in the app’s words', () => {
  it.each([
    ['succeeded', 'succeeded'],
    ['processing', 'processing'],
    ['requires_capture', 'processing'],
    ['requires_payment_method', 'requires_payment'],
    ['requires_confirmation', 'requires_payment'],
    ['requires_action', 'requires_payment'],
    ['canceled', 'canceled'],
  ] as const)('%s is %s', (stripeStatus, ours) => {
    expect(paymentStatusOf({ id: 'pi_1', status: stripeStatus })).toBe(ours);
  });

  it('a status this code does not know is an error, not a guess', () => {
    expect(() => paymentStatusOf({ id: 'pi_1', status: 'requires_moon_phase' })).toThrow(/does not know/);
  });

  it('the failure message is Stripe’s sentence while the intent waits for another card', () => {
    const error = { type: 'card_error', message: 'Your card was declined.' } as Stripe.PaymentIntent.LastPaymentError;
    expect(paymentFailureMessage({ status: 'requires_payment_method', last_payment_error: error })).toBe(
      'Your card was declined.',
    );
    expect(paymentFailureMessage({ status: 'succeeded', last_payment_error: error })).toBeNull();
    expect(paymentFailureMessage({ status: 'requires_payment_method', last_payment_error: null })).toBeNull();
  });
});
