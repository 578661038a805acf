import type { CreateOrderResponse as OrderAnswer } from '../../shared/api/schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { CARD_DECLINED } from '../../server/providers/payments/demo.ts';
import { PROMO_EXPIRED, PROMO_UNKNOWN } from '../../server/services/promo-codes.ts';
import {
  ITEM_NOT_ON_MENU,
  KEY_REUSED,
  ORDER_NOT_FOUND,
  PAYMENT_NOT_RECEIVED,
  QUOTE_EXPIRED,
  QUOTE_MISSING,
  choiceNotOffered,
  soldOut,
  tooFewChoices,
  tooManyChoices,
} from '../../server/services/orders.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
};

describe.each(databaseTargets)('ordering on $name', (target) => {
  let api: TestApi;
  let now = new Date('2026-11-20T19:00:00Z');

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [
      { id: 't1999', name: 'Test 19.99', priceCents: 1999 },
      { id: 't0001', name: 'Test 0.01', priceCents: 1 },
      { id: 't2000', name: 'Test 20.00', priceCents: 2000 },
      { id: 't1500', name: 'Test 15.00', priceCents: 1500 },
      { id: 'gone', name: 'Elote', priceCents: 500, available: false },
      {
        id: 'plate',
        name: 'Combo Plate',
        priceCents: 1250,
        groups: [
          {
            id: 'g-protein',
            name: 'Choose a protein',
            min: 1,
            max: 1,
            modifiers: [
              { id: 'p-asada', name: 'Asada', priceCents: 150 },
              { id: 'p-pollo', name: 'Pollo', priceCents: 0 },
            ],
          },
          {
            id: 'g-extras',
            name: 'Extras',
            min: 0,
            max: 2,
            modifiers: [
              { id: 'x-guac', name: 'Guacamole', priceCents: 175 },
              { id: 'x-queso', name: 'Queso', priceCents: 100 },
              { id: 'x-crema', name: 'Crema', priceCents: 50 },
            ],
          },
        ],
      },
    ]);
  });
  afterAll(() => api?.close());

  const order = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/create-order/', { ...contact, delivery_type: 'pickup', promo_code: '', ...body }, headers);
  const line = (menu_item_id: string, quantity = 1, modifiers: string[] = []) => ({
    menu_item_id,
    quantity,
    modifiers,
  });
  const quote = async (zip = '90012') => {
    const response = await api.call('POST', '/api/estimate-delivery/', {
      ...address,
      delivery_zip: zip,
      delivery_country: 'US',
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { quote_id: string; delivery_estimate: number };
  };
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const pay = (clientSecret: string, card_number = '4242 4242 4242 4242') =>
    api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: clientSecret,
      card_number,
      exp: '12/30',
      cvc: '123',
    });

  describe('promo codes', () => {
    it('WELCOME10 is 10 percent and FIVEOFF is $5.00, whatever the letter case', async () => {
      const welcome = await api.call('POST', '/api/promo-validate/', { code: 'welcome10', phone: '' });
      expect(welcome.status).toBe(200);
      expect(await welcome.json()).toEqual({
        valid: true,
        discount_type: 'percent',
        discount_value: 10,
        message: 'WELCOME10 applied: 10% off your order.',
      });
      const five = await api.call('POST', '/api/promo-validate/', { code: 'FIVEOFF' });
      expect(await five.json()).toMatchObject({ valid: true, discount_type: 'fixed', discount_value: 5 });
    });

    it('an expired or unknown code is not valid and says why', async () => {
      expect(await (await api.call('POST', '/api/promo-validate/', { code: 'SUMMER25' })).json()).toEqual({
        valid: false,
        message: PROMO_EXPIRED,
      });
      expect(await (await api.call('POST', '/api/promo-validate/', { code: 'FREEFOOD' })).json()).toEqual({
        valid: false,
        message: PROMO_UNKNOWN,
      });
    });

    it('the 21st try from one address within 10 minutes is refused (429) until its Retry-After has passed', async () => {
      const from = { 'X-Forwarded-For': '203.0.113.9' };
      for (let i = 0; i < 20; i++) {
        expect((await api.call('POST', '/api/promo-validate/', { code: `GUESS${i}` }, from)).status).toBe(200);
      }
      const limited = await api.call('POST', '/api/promo-validate/', { code: 'GUESS20' }, from);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await message(limited)).toBe('Too many promo code attempts. Wait a few minutes and try again.');
      const other = await api.call(
        'POST',
        '/api/promo-validate/',
        { code: 'FIVEOFF' },
        { 'X-Forwarded-For': '203.0.113.10' },
      );
      expect(other.status).toBe(200);
      const before = now;
      const wait = Number(limited.headers.get('Retry-After'));
      try {
        now = new Date(before.getTime() + wait * 1000);
        expect((await api.call('POST', '/api/promo-validate/', { code: 'FIVEOFF' }, from)).status).toBe(200);
      } finally {
        now = before;
      }
    });

    it('an empty code is refused with a sentence', async () => {
      const response = await api.call('POST', '/api/promo-validate/', { code: '  ' });
      expect(response.status).toBe(422);
      expect(await message(response)).toBe('Enter a promo code.');
    });
  });

  describe('pickup totals recomputed by the server', () => {
    it('a pickup order pays subtotal after promo plus tax, no tip, no delivery charge, whatever the browser claims', async () => {
      // 2 x Combo Plate with Asada + Guacamole = 2 x (12.50 + 1.50 + 1.75) = 31.50; WELCOME10 -3.15 = 28.35;
      // tax 9.75% of 28.35 = 2.764125 -> 2.76; total 31.11
      const response = await order({
        cart_items: [line('plate', 2, ['p-asada', 'x-guac'])],
        promo_code: 'WELCOME10',
        tip: 5,
        delivery_cost: 0,
        total: 0.01,
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as OrderAnswer;
      expect(body.status).toBe('pending_payment');
      expect(body.payment.provider).toBe('demo');
      expect(body.totals).toEqual({
        subtotal: 31.5,
        promo_discount: 3.15,
        loyalty_discount: 0,
        tax: 2.76,
        delivery_charge: 0,
        tip: 0,
        total: 31.11,
      });
    });

    it('a fixed promo larger than the cart leaves too little to charge a card', async () => {
      const response = await order({ cart_items: [line('t0001', 3)], promo_code: 'FIVEOFF' });
      expect(response.status).toBe(422);
      expect(await message(response)).toBe('The order total must be at least $0.50 to pay by card.');
    });
  });

  describe('delivery totals at each discount tier', () => {
    // Independently worked: charge = max($10, fee) - tier discount; tax 9.75% half up; no tip.
    const cases: [string, { id: string; q: number }[], Record<string, number>][] = [
      ['19.99', [{ id: 't1999', q: 1 }], { subtotal: 19.99, tax: 1.95, delivery_charge: 10, total: 31.94 }],
      [
        '20.00',
        [
          { id: 't1999', q: 1 },
          { id: 't0001', q: 1 },
        ],
        { subtotal: 20, tax: 1.95, delivery_charge: 7.01, total: 28.96 },
      ],
      [
        '39.99',
        [
          { id: 't1999', q: 2 },
          { id: 't0001', q: 1 },
        ],
        { subtotal: 39.99, tax: 3.9, delivery_charge: 7.01, total: 50.9 },
      ],
      ['40.00', [{ id: 't2000', q: 2 }], { subtotal: 40, tax: 3.9, delivery_charge: 4.01, total: 47.91 }],
      [
        '59.99',
        [
          { id: 't2000', q: 2 },
          { id: 't1999', q: 1 },
        ],
        { subtotal: 59.99, tax: 5.85, delivery_charge: 4.01, total: 69.85 },
      ],
      ['60.00', [{ id: 't2000', q: 3 }], { subtotal: 60, tax: 5.85, delivery_charge: 1.01, total: 66.86 }],
      [
        '75.00',
        [
          { id: 't2000', q: 3 },
          { id: 't1500', q: 1 },
        ],
        { subtotal: 75, tax: 7.31, delivery_charge: 0, total: 82.31 },
      ],
    ];
    it.each(cases)('a $%s delivery cart', async (_, items, expected) => {
      const { quote_id } = await quote();
      const response = await order({
        cart_items: items.map(({ id, q }) => line(id, q)),
        delivery_type: 'delivery',
        ...address,
        delivery_country: 'US',
        delivery_quote_id: quote_id,
        tip: 0,
      });
      expect(response.status).toBe(201);
      expect((await response.json()) as OrderAnswer).toMatchObject({
        totals: { ...expected, promo_discount: 0, loyalty_discount: 0, tip: 0 },
      });
    });

    it('a $74.99 cart still pays $1.01 for delivery', async () => {
      const { quote_id } = await quote();
      // 2 x 20.00 + 19.99 + 15.00 = 74.99
      const response = await order({
        cart_items: [line('t2000', 2), line('t1999', 1), line('t1500', 1)],
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quote_id,
      });
      // 74.99: tier 8.99 -> 10.00 - 8.99 = 1.01; tax 7.311525 -> 7.31; total 83.31
      expect(((await response.json()) as OrderAnswer).totals).toEqual({
        subtotal: 74.99,
        promo_discount: 0,
        loyalty_discount: 0,
        tax: 7.31,
        delivery_charge: 1.01,
        tip: 0,
        total: 83.31,
      });
    });

    it('a delivery with promo and tip: tier on the subtotal before promo, tax after', async () => {
      const { quote_id } = await quote();
      // 40.00 subtotal: tier 5.99, charge 4.01; WELCOME10 -4.00 -> 36.00; tax 3.51; tip 4.25; total 47.77
      const response = await order({
        cart_items: [line('t2000', 2)],
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quote_id,
        promo_code: 'WELCOME10',
        tip: 4.25,
        delivery_cost: 0,
      });
      expect(((await response.json()) as OrderAnswer).totals).toEqual({
        subtotal: 40,
        promo_discount: 4,
        loyalty_discount: 0,
        tax: 3.51,
        delivery_charge: 4.01,
        tip: 4.25,
        total: 47.77,
      });
    });
  });

  describe('refusals', () => {
    const refused = async (body: Record<string, unknown>, expected: string, status = 422) => {
      const response = await order(body);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: true, message: expected });
    };

    it('an item that is not on the menu', () => refused({ cart_items: [line('nope')] }, ITEM_NOT_ON_MENU));
    it('a sold-out item', () => refused({ cart_items: [line('gone')] }, soldOut('Elote')));
    it('a required choice left out', () =>
      refused({ cart_items: [line('plate', 1, ['x-guac'])] }, tooFewChoices('Choose a protein', 'Combo Plate', 1)));
    it('two choices where one is allowed', () =>
      refused(
        { cart_items: [line('plate', 1, ['p-asada', 'p-pollo'])] },
        tooManyChoices('Choose a protein', 'Combo Plate', 1),
      ));
    it('three extras where two are allowed', () =>
      refused(
        { cart_items: [line('plate', 1, ['p-pollo', 'x-guac', 'x-queso', 'x-crema'])] },
        tooManyChoices('Extras', 'Combo Plate', 2),
      ));
    it('a modifier of another item', () =>
      refused({ cart_items: [line('t2000', 1, ['x-guac'])] }, choiceNotOffered('Test 20.00')));
    it('the same modifier twice', () =>
      refused({ cart_items: [line('plate', 1, ['p-pollo', 'p-pollo'])] }, choiceNotOffered('Combo Plate')));
    it('a quantity of 0', () => refused({ cart_items: [line('t2000', 0)] }, 'The quantity must be at least 1.'));
    it('a quantity of 100', () => refused({ cart_items: [line('t2000', 100)] }, 'The quantity can be at most 99.'));
    it('an empty cart', () => refused({ cart_items: [] }, 'Your cart is empty. Add an item before checking out.'));
    it('an expired promo', () => refused({ cart_items: [line('t2000')], promo_code: 'SUMMER25' }, PROMO_EXPIRED));
    it('a delivery without a quote', () =>
      refused(
        { cart_items: [line('t2000')], delivery_type: 'delivery', ...address },
        'Get a delivery estimate for this address before placing the order.',
      ));
    it('a delivery with a quote that does not exist', () =>
      refused(
        { cart_items: [line('t2000')], delivery_type: 'delivery', ...address, delivery_quote_id: 'dq_made_up' },
        QUOTE_MISSING,
      ));
    it('a negative tip', async () => {
      const { quote_id } = await quote();
      await refused(
        { cart_items: [line('t2000')], delivery_type: 'delivery', ...address, delivery_quote_id: quote_id, tip: -1 },
        'The tip cannot be negative.',
      );
    });
    it('a delivery quote past its expiry', async () => {
      const { quote_id } = await quote();
      const before = now;
      now = new Date(now.getTime() + 24 * 60 * 60_000);
      try {
        await refused(
          { cart_items: [line('t2000')], delivery_type: 'delivery', ...address, delivery_quote_id: quote_id },
          QUOTE_EXPIRED,
        );
      } finally {
        now = before;
      }
    });
  });

  describe('idempotency', () => {
    it('20 concurrent identical requests with one key make one order and give one answer', async () => {
      const key = 'checkout-7f3a9c2e-concurrent';
      const body = { cart_items: [line('t2000', 2)] };
      const responses = await Promise.all(Array.from({ length: 20 }, () => order(body, { 'Idempotency-Key': key })));
      const answers = await Promise.all(responses.map((r) => r.json() as Promise<OrderAnswer>));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.order_id)).size).toBe(1);
      const [row] = await api.deps.db.query<{ n: string | number }>(
        `select count(*) as n from orders o join order_lines l on l.order_id = o.id where o.id = $1`,
        [answers[0]!.order_id],
      );
      expect(Number(row!.n)).toBe(1);
      const [payments] = await api.deps.db.query<{ n: string | number }>(
        'select count(*) as n from payments where order_id = $1',
        [answers[0]!.order_id],
      );
      expect(Number(payments!.n)).toBe(1);
    });

    it('the same key with a different cart is refused (422)', async () => {
      const key = 'checkout-reused-key-1';
      expect((await order({ cart_items: [line('t2000')] }, { 'Idempotency-Key': key })).status).toBe(201);
      const again = await order({ cart_items: [line('t1999')] }, { 'Idempotency-Key': key });
      expect(again.status).toBe(422);
      expect(await message(again)).toBe(KEY_REUSED);
    });
  });

  describe('paying and finalising', () => {
    it('a 4242 card pays, finalize marks the order paid once and credits points once', async () => {
      const phone = '(213) 555-0142';
      const created = (await (
        await order({ cart_items: [line('t2000', 2), line('t1999')], phone })
      ).json()) as OrderAnswer;
      const early = await api.call('POST', `/api/finalize-order/${created.order_id}/`);
      expect(early.status).toBe(402);
      expect(await message(early)).toBe(PAYMENT_NOT_RECEIVED);

      const paid = await pay(created.payment.client_secret);
      expect(paid.status).toBe(200);
      expect(await paid.json()).toEqual({ status: 'succeeded' });

      const first = await api.call('POST', `/api/finalize-order/${created.order_id}/`);
      expect(first.status).toBe(200);
      // 59.99 subtotal: 59 points
      expect(await first.json()).toMatchObject({ order_id: created.order_id, status: 'paid', points_earned: 59 });
      const second = await api.call('POST', `/api/finalize-order/${created.order_id}/`);
      expect(await second.json()).toMatchObject({ status: 'paid', points_earned: 59 });
      const points = await api.call('GET', `/api/loyalty/points/?phone=${encodeURIComponent('+1 213 555 0142')}`);
      expect(await points.json()).toEqual({ points: 59 });
    });

    it('a declined card says why, and finalize keeps the order unpaid with that reason', async () => {
      const created = (await (await order({ cart_items: [line('t2000')] })).json()) as OrderAnswer;
      const declined = await pay(created.payment.client_secret, '4000 0000 0000 0002');
      expect(declined.status).toBe(402);
      expect(await declined.json()).toEqual({ error: true, message: CARD_DECLINED });
      const finalize = await api.call('POST', `/api/finalize-order/${created.order_id}/`);
      expect(finalize.status).toBe(402);
      expect(await message(finalize)).toBe(CARD_DECLINED);
      // the customer tries another card and it goes through
      expect((await pay(created.payment.client_secret)).status).toBe(200);
      expect(await (await api.call('POST', `/api/finalize-order/${created.order_id}/`)).json()).toMatchObject({
        status: 'paid',
      });
    });

    it('a mistyped card is refused before the processor sees it', async () => {
      const created = (await (await order({ cart_items: [line('t2000')] })).json()) as OrderAnswer;
      const response = await pay(created.payment.client_secret, '4242 4242 4242 4241');
      expect(response.status).toBe(422);
      expect(await message(response)).toBe('Your card number is not valid.');
    });

    it('the one-tap Demo Pay wallet pays the whole order once; an unknown wallet is refused', async () => {
      const created = (await (await order({ cart_items: [line('t2000')] })).json()) as OrderAnswer;
      const wallet = (name: string) =>
        api.call('POST', '/api/demo-payments/confirm/', { client_secret: created.payment.client_secret, wallet: name });
      const unknown = await wallet('apple_pay');
      expect([unknown.status, await message(unknown)]).toEqual([422, 'Enter your card number.']);
      const paid = await wallet('demo_pay');
      expect([paid.status, await paid.json()]).toEqual([200, { status: 'succeeded' }]);
      expect(await (await api.call('POST', `/api/finalize-order/${created.order_id}/`)).json()).toMatchObject({
        status: 'paid',
        totals: { total: 21.95 },
      });
      // As Stripe: a paid intent is not confirmed twice.
      expect((await wallet('demo_pay')).status).toBe(400);
    });

    it('finalizing an unknown order is 404', async () => {
      const response = await api.call('POST', '/api/finalize-order/ord_unknown/');
      expect(response.status).toBe(404);
      expect(await message(response)).toBe(ORDER_NOT_FOUND);
    });

    it('loyalty points of a phone with no orders are 0, and a bad phone is refused', async () => {
      expect(await (await api.call('GET', '/api/loyalty/points/?phone=2135550100')).json()).toEqual({ points: 0 });
      expect((await api.call('GET', '/api/loyalty/points/?phone=12')).status).toBe(400);
    });
  });

  it('a restart keeps every order', async () => {
    const created = (await (await order({ cart_items: [line('t1500')] })).json()) as OrderAnswer;
    await api.deps.db.close();
    const reopened = await api.fresh.reopen();
    const deps = await createDependencies(reopened, readConfig({ DIST_DIR: 'dist' }));
    const [row] = await deps.db.query<{ total_cents: number; status: string }>(
      'select total_cents, status from orders where id = $1',
      [created.order_id],
    );
    expect(row).toEqual({ total_cents: 1646, status: 'pending_payment' });
  });
});
