// Checkout under concurrency, through the real API (app.request, all requests in flight at once with
// Promise.all), on PGlite and on PostgreSQL when DATABASE_URL is set. PGlite has one connection, so
// there the requests interleave between statements; on PostgreSQL they race in real transactions.
// - 50 create-orders with one Idempotency-Key: one order, one payment, 50 identical answers;
//   and with two different carts racing for one key: one order, the loser's cart refused (422).
// - 50 create-orders with 50 keys: 50 orders, 50 payments, 50 distinct numbers.
// - 20 finalize-orders of one paid order (as many as one order may ask in 10 minutes): paid once,
//   points once, one 'paid' event, one mail.
// - A Stripe webhook delivered three times at once, racing the customer's finalize calls, then again
//   under a new event id: one payment status change, one event, points once.
// ordering.test.ts and stripe.test.ts cover the sequential and 20-way/3-way cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse as OrderAnswer } from '../../shared/api/schemas.ts';
import { FINALIZE_CHECKS_PER_ORDER, KEY_REUSED } from '../../server/services/orders.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import {
  deliverStripeEvent,
  startStripeStandIn,
  type StripeEventJson,
  type StripeStandIn,
} from '../support/stripe-stand-in.ts';

const N = 50;
/** As many payment checks as one unpaid order may have in 10 minutes, all at once. */
const CHECKS = FINALIZE_CHECKS_PER_ORDER.limit;
const contact = { name: 'Ana Ruiz', email: 'ana.concurrency@example.com' };
// 2 x 20.00 + 19.99 = 59.99 subtotal: 59 points; tax 9.75% = 5.85; total 65.84.
const cart = [
  { menu_item_id: 'cc2000', quantity: 2, modifiers: [] },
  { menu_item_id: 'cc1999', quantity: 1, modifiers: [] },
];
const POINTS = 59;
// Friday 11:00 in Los Angeles: ASAP orders are taken.
const clock = () => new Date('2026-11-20T19:00:00Z');

/** A JSON text with its object keys sorted, so two answers compare by content. */
/** One client address per customer (phone), as each customer's browser has its own: the per-address order limit counts a customer, not the whole suite. */
const clients = new Map<string, string>();
function clientOf(phone: string): Record<string, string> {
  if (!clients.has(phone)) clients.set(phone, `192.0.2.${clients.size + 1}`);
  return { 'X-Forwarded-For': clients.get(phone)! };
}

function canonical(text: string): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value;
  return JSON.stringify(sort(JSON.parse(text)));
}

const count = async (api: TestApi, sql: string, params: unknown[]) =>
  Number((await api.deps.db.query<{ n: string | number }>(sql, params))[0]!.n);

/** What one paid order left behind: the rows that must exist exactly once. */
async function paidTraces(api: TestApi, orderId: string, phone: string) {
  const [order] = await api.deps.db.query<{ status: string; points_earned: number; number: number; email: string }>(
    'select status, points_earned, number, email from orders where id = $1',
    [orderId],
  );
  return {
    status: order!.status,
    pointsEarned: order!.points_earned,
    paidHistory: await count(
      api,
      `select count(*) as n from order_status_history where order_id = $1 and status = 'paid'`,
      [orderId],
    ),
    paidEvents: await count(api, `select count(*) as n from order_events where order_id = $1 and kind = 'paid'`, [
      orderId,
    ]),
    ledger: await count(api, 'select count(*) as n from loyalty_ledger where order_id = $1', [orderId]),
    points: Number(
      (await api.deps.db.query<{ points: number }>('select points from loyalty_accounts where phone = $1', [phone]))[0]
        ?.points ?? 0,
    ),
    paidMails: await count(api, 'select count(*) as n from outbox where recipient = $1 and subject like $2', [
      order!.email,
      `Order #${order!.number} is in:%`,
    ]),
    payments: await count(api, 'select count(*) as n from payments where order_id = $1', [orderId]),
  };
}

const paidOnce = {
  status: 'paid',
  pointsEarned: POINTS,
  paidHistory: 1,
  paidEvents: 1,
  ledger: 1,
  points: POINTS,
  paidMails: 1,
  payments: 1,
};

describe.each(databaseTargets)('checkout concurrency on $name', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(target, { clock });
    await addTestItems(api, [
      { id: 'cc2000', name: 'Concurrency 20.00', priceCents: 2000 },
      { id: 'cc1999', name: 'Concurrency 19.99', priceCents: 1999 },
      { id: 'cc0500', name: 'Concurrency 5.00', priceCents: 500 },
    ]);
  });
  afterAll(() => api?.close());

  const createOrder = (phone: string, headers: Record<string, string> = {}, items: unknown[] = cart) =>
    api.call(
      'POST',
      '/api/create-order/',
      { ...contact, phone, delivery_type: 'pickup', promo_code: '', cart_items: items },
      { ...clientOf(phone), ...headers },
    );
  const ordersOf = (phone: string) => count(api, 'select count(*) as n from orders where phone = $1', [phone]);
  const paymentsOf = (phone: string) =>
    count(api, 'select count(*) as n from payments p join orders o on o.id = p.order_id where o.phone = $1', [phone]);

  it(`${N} concurrent create-orders with one Idempotency-Key make one order and one payment, and all get the same answer`, async () => {
    const phone = '(213) 555-0301';
    const key = 'concurrency-same-key-0001';
    const responses = await Promise.all(
      Array.from({ length: N }, () => createOrder(phone, { 'Idempotency-Key': key })),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array(N).fill(201));
    // The same answer: order id, number, client secret, totals (a replay comes from jsonb, keys in another order).
    expect(new Set(texts.map(canonical)).size).toBe(1);
    const answer = JSON.parse(texts[0]!) as OrderAnswer;
    expect(answer).toMatchObject({
      status: 'pending_payment',
      payment: { provider: 'demo' },
      totals: { total: 65.84 },
    });
    expect(await ordersOf('+12135550301')).toBe(1);
    expect(await paymentsOf('+12135550301')).toBe(1);
    const [payment] = await api.deps.db.query<{ order_id: string; client_secret: string }>(
      'select order_id, client_secret from payments where order_id = $1',
      [answer.order_id],
    );
    expect(payment).toEqual({ order_id: answer.order_id, client_secret: answer.payment.client_secret });
    expect(await count(api, 'select count(*) as n from order_lines where order_id = $1', [answer.order_id])).toBe(2);
    expect(
      await count(api, `select count(*) as n from idempotency_keys where scope = 'create-order' and key = $1`, [key]),
    ).toBe(1);
    // A late retry still gets the stored answer.
    expect(canonical(await (await createOrder(phone, { 'Idempotency-Key': key })).text())).toBe(canonical(texts[0]!));
  });

  it(`${N} concurrent create-orders with one key but two different carts make one order; the other cart is refused with 422`, async () => {
    const phone = '(213) 555-0302';
    const key = 'concurrency-two-carts-0001';
    const other = [{ menu_item_id: 'cc0500', quantity: 3, modifiers: [] }];
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) => createOrder(phone, { 'Idempotency-Key': key }, i % 2 === 0 ? cart : other)),
    );
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, text: await r.text() })));
    const created = bodies.filter((b) => b.status === 201);
    const refused = bodies.filter((b) => b.status === 422);
    expect(created.length + refused.length).toBe(N);
    // Whichever cart claimed the key first: all its 25 requests got its one answer, all 25 of the other were refused.
    expect(created.length).toBe(N / 2);
    expect(new Set(created.map((b) => canonical(b.text))).size).toBe(1);
    for (const b of refused) expect(JSON.parse(b.text)).toEqual({ error: true, message: KEY_REUSED });
    expect(await ordersOf('+12135550302')).toBe(1);
    expect(await paymentsOf('+12135550302')).toBe(1);
  });

  it(`${N} concurrent create-orders with ${N} different keys make ${N} orders and ${N} payments, one per key, with distinct numbers`, async () => {
    const phone = '(213) 555-0303';
    const keys = Array.from({ length: N }, (_, i) => `concurrency-many-keys-${String(i).padStart(4, '0')}`);
    const responses = await Promise.all(keys.map((key) => createOrder(phone, { 'Idempotency-Key': key })));
    expect(responses.map((r) => r.status)).toEqual(Array(N).fill(201));
    const answers = (await Promise.all(responses.map((r) => r.json()))) as OrderAnswer[];
    expect(new Set(answers.map((a) => a.order_id)).size).toBe(N);
    expect(new Set(answers.map((a) => a.number)).size).toBe(N);
    expect(new Set(answers.map((a) => a.payment.client_secret)).size).toBe(N);
    expect(await ordersOf('+12135550303')).toBe(N);
    expect(await paymentsOf('+12135550303')).toBe(N);
    // Each key names the order it answered with, and nothing else.
    const stored = await api.deps.db.query<{ key: string; order_id: string }>(
      `select key, response->>'order_id' as order_id from idempotency_keys where scope = 'create-order' and key like 'concurrency-many-keys-%'`,
      [],
    );
    expect(new Map(stored.map((row) => [row.key, row.order_id]))).toEqual(
      new Map(keys.map((key, i) => [key, answers[i]!.order_id])),
    );
    const numbers = await api.deps.db.query<{ number: string | number }>('select number from orders where phone = $1', [
      '+12135550303',
    ]);
    expect(new Set(numbers.map((row) => Number(row.number)))).toEqual(new Set(answers.map((a) => a.number)));
  });

  it(`${CHECKS} concurrent finalize-orders of one paid order mark it paid once: points, 'paid' event and mail once`, async () => {
    const phone = '(213) 555-0304';
    const created = (await (await createOrder(phone)).json()) as OrderAnswer;
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: created.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: CHECKS }, () => api.call('POST', `/api/finalize-order/${created.order_id}/`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(CHECKS).fill(200));
    const answers = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ order_id: created.order_id, status: 'paid', points_earned: POINTS });
    expect(await paidTraces(api, created.order_id, '+12135550304')).toEqual(paidOnce);
    const [payment] = await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [
      created.order_id,
    ]);
    expect(payment!.status).toBe('succeeded');
  });

  it(`${CHECKS - 1} concurrent finalize-orders while the card is being paid: never paid twice`, async () => {
    const phone = '(213) 555-0305';
    const created = (await (await createOrder(phone)).json()) as OrderAnswer;
    const pay = api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: created.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    const responses = await Promise.all([
      pay,
      // One check is left for after the payment, should none of these have seen it land.
      ...Array.from({ length: CHECKS - 1 }, () => api.call('POST', `/api/finalize-order/${created.order_id}/`)),
    ]);
    expect(responses[0].status).toBe(200);
    // Before the payment landed: 402 (not received); after: 200 paid.
    for (const r of responses.slice(1)) expect([200, 402]).toContain(r.status);
    expect((await api.call('POST', `/api/finalize-order/${created.order_id}/`)).status).toBe(200);
    expect(await paidTraces(api, created.order_id, '+12135550305')).toEqual(paidOnce);
  });
});

describe.each(databaseTargets)('Stripe checkout concurrency on $name', (target) => {
  const SECRET_KEY = 'sk_test_concurrency';
  const WEBHOOK_SECRET = 'whsec_concurrency_secret';
  let standIn: StripeStandIn;
  let api: TestApi;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    api = await createTestApi(target, { payments, clock }, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await addTestItems(api, [
      { id: 'cc2000', name: 'Concurrency 20.00', priceCents: 2000 },
      { id: 'cc1999', name: 'Concurrency 19.99', priceCents: 1999 },
    ]);
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  const createOrder = (phone: string, headers: Record<string, string> = {}) =>
    api.call(
      'POST',
      '/api/create-order/',
      { ...contact, phone, delivery_type: 'pickup', promo_code: '', cart_items: cart },
      { ...clientOf(phone), ...headers },
    );
  const deliver = (event: StripeEventJson) => deliverStripeEvent(api.app, event, WEBHOOK_SECRET);
  const paymentRow = async (orderId: string) =>
    (
      await api.deps.db.query<{ status: string; updated_at: Date; provider_reference: string }>(
        'select status, updated_at, provider_reference from payments where order_id = $1',
        [orderId],
      )
    )[0]!;

  it(`${N} concurrent create-orders with one key make one PaymentIntent at Stripe, one order and one payment`, async () => {
    const before = standIn.intents().length;
    const responses = await Promise.all(
      Array.from({ length: N }, () => createOrder('(213) 555-0401', { 'Idempotency-Key': 'stripe-concurrency-key-1' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(N).fill(201));
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(texts.map(canonical)).size).toBe(1);
    const answer = JSON.parse(texts[0]!) as OrderAnswer;
    expect(standIn.intents().length).toBe(before + 1);
    const intent = standIn.intents().at(-1)!;
    expect(answer.payment.client_secret).toBe(intent.client_secret);
    expect(await count(api, 'select count(*) as n from orders where phone = $1', ['+12135550401'])).toBe(1);
    expect((await paymentRow(answer.order_id)).provider_reference).toBe(intent.id);
  });

  it('payment_intent.succeeded delivered three times at once, racing the customer’s finalize calls, changes the order once', async () => {
    const created = (await (await createOrder('(213) 555-0402')).json()) as OrderAnswer;
    const intent = standIn.intents().find((i) => i.metadata.order_id === created.order_id)!;
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const responses = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(event),
      ...Array.from({ length: 10 }, () => api.call('POST', `/api/finalize-order/${created.order_id}/`)),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(13).fill(200));
    expect(await paidTraces(api, created.order_id, '+12135550402')).toEqual(paidOnce);
    expect(
      await count(api, `select count(*) as n from webhook_events where provider = 'stripe' and event_id = $1`, [
        event.id,
      ]),
    ).toBe(1);
    const payment = await paymentRow(created.order_id);
    expect(payment.status).toBe('succeeded');

    // Stripe retries the same event, and resends the news under a new event id: nothing changes,
    // not even the payment row's updated_at (its status was changed once).
    const again = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(standIn.event('payment_intent.succeeded', intent.id)),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(again.slice(0, 2).map((r) => r.json()))).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(await paymentRow(created.order_id)).toEqual(payment);
    expect(await paidTraces(api, created.order_id, '+12135550402')).toEqual(paidOnce);
  });

  it('a late payment_intent.payment_failed (three deliveries at once) after the order was paid changes nothing', async () => {
    const created = (await (await createOrder('(213) 555-0403')).json()) as OrderAnswer;
    const intent = standIn.intents().find((i) => i.metadata.order_id === created.order_id)!;
    const failed = standIn.event('payment_intent.payment_failed', intent.id);
    standIn.succeed(intent.id);
    const succeeded = standIn.event('payment_intent.succeeded', intent.id);
    expect((await deliver(succeeded)).status).toBe(200);
    const payment = await paymentRow(created.order_id);
    const responses = await Promise.all([deliver(failed), deliver(failed), deliver(failed)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await paymentRow(created.order_id)).toEqual(payment);
    expect(await paidTraces(api, created.order_id, '+12135550403')).toEqual(paidOnce);
  });
});
