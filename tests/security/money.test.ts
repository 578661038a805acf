// Attacks on money, through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), each refused:
// - a once-per-customer promo code used again by the same customer under another phone, email
//   or account, a capped code used past its cap; a cancelled order's use is given back;
// - an Idempotency-Key replayed by another caller or with another body: 422, never the first order;
// - a cancelled and refunded order keeps its loyalty points: reversed once, a ledger entry each way;
// - points buy a reward only for the signed-in owner of the phone number, out of the points its own
//   orders earned (an account registered with someone else's number gets none of theirs), priced by
//   the server, spent at payment, once per open checkout, and given back on refund;
// - a refunded order paid again: the demo provider refuses as Stripe does, and a late Stripe
//   payment_intent.succeeded is recorded and ignored; the order stays cancelled and refunded.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { insertPromoCode } from '../../server/db/promo-codes.ts';
import { ALREADY_SUCCEEDED, UNEXPECTED_STATE_CODE } from '../../server/providers/payments/demo.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { KEY_REUSED, PAYMENT_CANCELED } from '../../server/services/orders.ts';
import { REDEEM_SIGN_IN, REDEEM_WRONG_PHONE, redeemNotYours, redeemTooFew } from '../../shared/loyalty.ts';
import type { FinalizedOrder, CreateOrderResponse as OrderAnswer } from '../../shared/api/schemas.ts';
import { PROMO_ALREADY_USED, PROMO_USED_UP } from '../../server/services/promo-codes.ts';
import { pointsText } from '../../widget/checkout/order-confirmation.tsx';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { startStripeStandIn, type StripeEventJson, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { translator } from '../../shared/i18n/translator.ts';

const english = translator('en');

// Friday 11:00 in Los Angeles: ASAP orders are taken.
const NOW = new Date('2026-11-20T19:00:00Z');
const STAFF_PASSWORD = 'comal kitchen board 2026';
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };
// 2 x 20.00 = 40.00 subtotal; WELCOME10 -4.00; 36 points with it, 40 without.
const CART = [{ menu_item_id: 'mn2000', quantity: 2, modifiers: [] }];
const POINTS = 40;
const DELIVERY_ADDRESS = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
};

let addresses = 0;
/** A fresh client address per call, so no per-address rate limit answers instead. */
const from = () => ({ 'X-Forwarded-For': `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}` });

async function staffBearer(api: TestApi, email: string): Promise<Record<string, string>> {
  const invite = await inviteStaff(api.deps.db, { email, role: 'admin', origin: TEST_ORIGIN, now: NOW });
  const token = new URL(invite.url).searchParams.get('set-password')!;
  expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
  const login = await api.call('POST', '/api/staff/login/', { email, password: STAFF_PASSWORD }, from());
  expect(login.status).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

const count = async (api: TestApi, sql: string, params: unknown[]) =>
  Number((await api.deps.db.query<{ n: string | number }>(sql, params))[0]!.n);

describe.each(databaseTargets)('money on $name', (target) => {
  let api: TestApi;
  let staff: Record<string, string>;
  const accounts: Record<string, { sub: string; bearer: Record<string, string> }> = {};

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => NOW });
    await addTestItems(api, [{ id: 'mn2000', name: 'Money 20.00', priceCents: 2000 }]);
    // A code two paid orders may use in all.
    await insertPromoCode(api.deps.db, {
      code: 'TWOLEFT',
      discount_type: 'fixed',
      discount_value: 1,
      starts_at: null,
      expires_at: null,
      min_subtotal_cents: 0,
      per_customer_limit: null,
      total_limit: 2,
      description: 'Two uses in all',
    });
    staff = await staffBearer(api, 'boss@comal.example');
    for (const name of ['ana', 'ben', 'cruz']) {
      const signedIn = await signUpAndIn(api, `${name}.money@example.com`, from());
      accounts[name] = { sub: signedIn.sub, bearer: signedIn.bearer };
    }
    const dora = await signUpAndIn(api, 'dora.money@example.com', from(), '(213) 555-0901');
    accounts.dora = { sub: dora.sub, bearer: dora.bearer };
    // Someone who registers with Dora's number but their own email.
    const mallory = await signUpAndIn(api, 'mallory.money@example.com', from(), '(213) 555-0901');
    accounts.mallory = { sub: mallory.sub, bearer: mallory.bearer };
  });
  afterAll(() => api?.close());

  interface Who {
    phone: string;
    email: string;
    /** Signed in as this account (its bearer token). */
    account?: string;
  }
  const headersOf = (who: Who, extra: Record<string, string> = {}) => ({
    ...from(),
    ...(who.account ? accounts[who.account]!.bearer : {}),
    ...extra,
  });
  const createOrder = (who: Who, fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    api.call(
      'POST',
      '/api/create-order/',
      { name: 'Ana Ruiz', email: who.email, phone: who.phone, delivery_type: 'pickup', cart_items: CART, ...fields },
      headersOf(who, headers),
    );
  async function paidOrder(who: Who, promoCode = ''): Promise<OrderAnswer> {
    const created = await createOrder(who, { promo_code: promoCode });
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as OrderAnswer;
    expect(
      (
        await api.call(
          'POST',
          '/api/demo-payments/confirm/',
          { client_secret: order.payment.client_secret, ...CARD },
          from(),
        )
      ).status,
    ).toBe(200);
    const finalized = await api.call('POST', `/api/finalize-order/${order.order_id}/`);
    expect(finalized.status).toBe(200);
    expect(await finalized.json()).toMatchObject({ status: 'paid' });
    return order;
  }
  const cancel = (orderId: string) =>
    api.call(
      'POST',
      `/api/staff/orders/${orderId}/cancel/`,
      { reason: 'out_of_stock', note: 'Out of tortillas' },
      staff,
    );

  describe('promo codes: limits per customer and in all', () => {
    interface PromoCase {
      name: string;
      code: string;
      /** The paid orders that use the code first, and whether staff cancel each. */
      uses: { who: Who; cancel?: boolean }[];
      /** Who tries the code next. */
      then: Who;
      /** The refusal, or null when the code must work again. */
      refused: string | null;
      /** Whether promo-validate can tell (it knows the phone and the signed-in account, not a guest's email). */
      validateKnows: boolean;
    }
    const cases: PromoCase[] = [
      {
        name: 'WELCOME10 again by a guest with the same phone written another way and another email',
        code: 'WELCOME10',
        uses: [{ who: { phone: '(213) 555-0601', email: 'dora@example.com' } }],
        then: { phone: '+1 213-555-0601', email: 'dora.other@example.com' },
        refused: PROMO_ALREADY_USED,
        validateKnows: true,
      },
      {
        name: 'WELCOME10 again by a guest with the same email in other letters and another phone',
        code: 'WELCOME10',
        uses: [{ who: { phone: '(213) 555-0602', email: 'eva@example.com' } }],
        then: { phone: '(213) 555-0692', email: ' EVA@Example.COM ' },
        refused: PROMO_ALREADY_USED,
        validateKnows: false,
      },
      {
        name: 'WELCOME10 again by the same account with another phone and email',
        code: 'WELCOME10',
        uses: [{ who: { phone: '(213) 555-0603', email: 'ana.first@example.com', account: 'ana' } }],
        then: { phone: '(213) 555-0693', email: 'ana.second@example.com', account: 'ana' },
        refused: PROMO_ALREADY_USED,
        validateKnows: true,
      },
      {
        name: 'WELCOME10 again by another account that kept the first one’s phone',
        code: 'WELCOME10',
        uses: [{ who: { phone: '(213) 555-0604', email: 'ben.first@example.com', account: 'ben' } }],
        then: { phone: '(213) 555-0604', email: 'cruz.other@example.com', account: 'cruz' },
        refused: PROMO_ALREADY_USED,
        validateKnows: true,
      },
      {
        name: 'a code capped at two uses, a third customer',
        code: 'TWOLEFT',
        uses: [
          { who: { phone: '(213) 555-0605', email: 'fay@example.com' } },
          { who: { phone: '(213) 555-0606', email: 'gil@example.com' } },
        ],
        then: { phone: '(213) 555-0607', email: 'hal@example.com' },
        refused: PROMO_USED_UP,
        validateKnows: true,
      },
      {
        name: 'WELCOME10 after the order that used it was cancelled and refunded: usable again',
        code: 'WELCOME10',
        uses: [{ who: { phone: '(213) 555-0608', email: 'ivy@example.com' }, cancel: true }],
        then: { phone: '(213) 555-0608', email: 'ivy@example.com' },
        refused: null,
        validateKnows: true,
      },
    ];

    it.each(cases)('$name', async ({ code, uses, then, refused, validateKnows }) => {
      const used: OrderAnswer[] = [];
      for (const use of uses) {
        const order = await paidOrder(use.who, code);
        expect(order.totals.promo_discount).toBeGreaterThan(0);
        if (use.cancel) expect((await cancel(order.order_id)).status).toBe(200);
        used.push(order);
      }
      // Each use was recorded at payment; a cancelled one is kept, marked released.
      const rows = await api.deps.db.query<{ order_id: string; released: boolean }>(
        'select order_id, released_at is not null as released from promo_redemptions where order_id = any($1::text[]) order by id',
        [used.map((o) => o.order_id)],
      );
      expect(rows).toEqual(uses.map((use, i) => ({ order_id: used[i]!.order_id, released: use.cancel === true })));

      const validate = await api.call('POST', '/api/promo-validate/', { code, phone: then.phone }, headersOf(then));
      expect(validate.status).toBe(200);
      if (refused && validateKnows) expect(await validate.json()).toEqual({ valid: false, message: refused });
      if (!refused) expect(await validate.json()).toMatchObject({ valid: true });

      const attempt = await createOrder(then, { promo_code: code.toLowerCase() });
      if (refused) {
        expect(attempt.status).toBe(422);
        expect(await attempt.json()).toEqual({ error: true, message: refused });
      } else {
        expect(attempt.status).toBe(201);
        // Same amounts as the first time: the promo still takes 10% of 40.00.
        expect(((await attempt.json()) as OrderAnswer).totals).toEqual(used[0]!.totals);
      }
    });
  });

  it('a code with one use left: another customer’s checkout waiting for payment holds it, and two at once get one', async () => {
    const oneUse = (code: string) =>
      insertPromoCode(api.deps.db, {
        code,
        discount_type: 'fixed',
        discount_value: 1,
        starts_at: null,
        expires_at: null,
        min_subtotal_cents: 0,
        per_customer_limit: null,
        total_limit: 1,
        description: 'One use in all',
      });
    await oneUse('ONELEFT');
    const kim: Who = { phone: '(213) 555-0611', email: 'kim@example.com' };
    const lou: Who = { phone: '(213) 555-0612', email: 'lou@example.com' };
    const first = await createOrder(kim, { promo_code: 'ONELEFT' });
    expect(first.status).toBe(201);
    // Kim has not paid yet, and the code is hers to pay with: Lou hears it is used up, at the
    // check and at checkout.
    const check = await api.call('POST', '/api/promo-validate/', { code: 'ONELEFT', phone: lou.phone }, from());
    expect(await check.json()).toMatchObject({ valid: false, message: PROMO_USED_UP });
    const lous = await createOrder(lou, { promo_code: 'ONELEFT' });
    expect([lous.status, await lous.json()]).toEqual([422, { error: true, message: PROMO_USED_UP }]);
    // Kim changes her cart: her new checkout replaces her own hold, and she pays with the code.
    const order = await paidOrder(kim, 'ONELEFT');
    expect(order.totals.promo_discount).toBe(1);
    expect((await createOrder(lou, { promo_code: 'ONELEFT' })).status).toBe(422);
    expect(
      await count(api, 'select count(*) as n from promo_redemptions where code = $1 and released_at is null', [
        'ONELEFT',
      ]),
    ).toBe(1);

    // Two customers at the same moment, on a code with one use: one checkout, one refusal.
    await oneUse('ONERACE');
    const raced = await Promise.all(
      [
        { phone: '(213) 555-0613', email: 'max@example.com' },
        { phone: '(213) 555-0614', email: 'ned@example.com' },
      ].map((who) => createOrder(who, { promo_code: 'ONERACE' })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 422]);
  });

  it('several checkouts opened with WELCOME10 before paying: only the newest can be paid', async () => {
    const who: Who = { phone: '(213) 555-0609', email: 'jo@example.com' };
    const opened: OrderAnswer[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createOrder(who, { promo_code: 'WELCOME10' });
      expect(created.status).toBe(201);
      opened.push((await created.json()) as OrderAnswer);
    }
    const newest = opened.pop()!;
    for (const older of opened) {
      const paid = await api.call(
        'POST',
        '/api/demo-payments/confirm/',
        { client_secret: older.payment.client_secret, ...CARD },
        from(),
      );
      expect(paid.status).toBe(400);
      const finalized = await api.call('POST', `/api/finalize-order/${older.order_id}/`);
      expect([finalized.status, await finalized.json()]).toEqual([409, { error: true, message: PAYMENT_CANCELED }]);
    }
    expect(
      (
        await api.call(
          'POST',
          '/api/demo-payments/confirm/',
          { client_secret: newest.payment.client_secret, ...CARD },
          from(),
        )
      ).status,
    ).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${newest.order_id}/`)).status).toBe(200);
    expect(
      await count(api, 'select count(*) as n from promo_redemptions where phone = $1 and released_at is null', [
        '+12135550609',
      ]),
    ).toBe(1);
  });

  describe('idempotency keys are bound to their caller and their body', () => {
    interface KeyCase {
      name: string;
      first: Who;
      /** The replay's caller: a guest with another browser's CSRF token, or an account. */
      replay: Who & { otherBrowser?: boolean };
      /** Another cart in the replay. */
      otherBody?: boolean;
    }
    const guest = (n: string): Who => ({ phone: `(213) 555-07${n}`, email: `key${n}@example.com` });
    const cases: KeyCase[] = [
      {
        name: 'another guest (another browser’s CSRF token), same body',
        first: guest('01'),
        replay: { ...guest('01'), otherBrowser: true },
      },
      {
        name: 'a signed-in customer, same body as a guest’s',
        first: guest('02'),
        replay: { ...guest('02'), account: 'ana' },
      },
      {
        name: 'a guest, same body as a signed-in customer’s',
        first: { ...guest('03'), account: 'ben' },
        replay: guest('03'),
      },
      {
        name: 'another account, same body',
        first: { ...guest('04'), account: 'ben' },
        replay: { ...guest('04'), account: 'cruz' },
      },
      { name: 'the same guest with another cart', first: guest('05'), replay: guest('05'), otherBody: true },
    ];

    it.each(cases)('$name: 422 and never the first order', async ({ first, replay, otherBody }) => {
      const key = `money-key-${++addresses}-${Math.random().toString(36).slice(2, 10)}`;
      const created = await createOrder(first, {}, { 'Idempotency-Key': key });
      expect(created.status).toBe(201);
      const firstText = await created.text();
      const firstOrder = JSON.parse(firstText) as OrderAnswer;

      const otherToken = replay.otherBrowser
        ? ((await (await api.app.request('/api/csrf/')).json()) as { csrftoken: string }).csrftoken
        : null;
      expect(otherToken).not.toBe(api.csrfToken);
      const cart = otherBody ? [{ menu_item_id: 'mn2000', quantity: 3, modifiers: [] }] : CART;
      const attack = await createOrder(
        replay,
        { cart_items: cart },
        { 'Idempotency-Key': key, ...(otherToken ? { 'X-CSRFToken': otherToken } : {}) },
      );
      const text = await attack.text();
      expect(attack.status).toBe(422);
      expect(JSON.parse(text)).toEqual({ error: true, message: KEY_REUSED });
      expect(text).not.toContain(firstOrder.order_id);
      expect(text).not.toContain(firstOrder.payment.client_secret);
      // One order for the key; its own caller still gets it back.
      expect(
        await count(api, `select count(*) as n from idempotency_keys where scope = 'create-order' and key = $1`, [key]),
      ).toBe(1);
      expect(await count(api, 'select count(*) as n from orders where email = $1', [first.email])).toBe(1);
      const again = await createOrder(first, {}, { 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(((await again.json()) as OrderAnswer).order_id).toBe(firstOrder.order_id);
      // A reload asks GET /api/csrf/ again with the browser's cookie: the same token, so the same caller.
      const reloaded = await api.app.request('/api/csrf/', { headers: { Cookie: `csrftoken=${api.csrfToken}` } });
      expect(((await reloaded.json()) as { csrftoken: string }).csrftoken).toBe(api.csrfToken);
    });
  });

  describe('loyalty points buy a reward', () => {
    const dora: Who = { phone: '(213) 555-0901', email: 'dora.money@example.com', account: 'dora' };
    const balance = async (phone: string) =>
      (
        (await (
          await api.call('GET', `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`, undefined, from())
        ).json()) as {
          points: number;
        }
      ).points;
    const ledgerOf = (orderId: string) =>
      api.deps.db.query<{ kind: string; points: number }>(
        'select kind, points from loyalty_ledger where order_id = $1 order by id',
        [orderId],
      );
    async function pay(order: OrderAnswer) {
      const paid = await api.call(
        'POST',
        '/api/demo-payments/confirm/',
        { client_secret: order.payment.client_secret, ...CARD },
        from(),
      );
      expect(paid.status).toBe(200);
      const finalized = await api.call('POST', `/api/finalize-order/${order.order_id}/`);
      expect(finalized.status).toBe(200);
      return (await finalized.json()) as FinalizedOrder;
    }

    it('only the signed-in owner of the number with 100 points gets $5.00 off; spent at payment, given back on refund', async () => {
      for (let i = 0; i < 3; i++) await paidOrder(dora);
      expect(await balance(dora.phone)).toBe(3 * POINTS); // 120

      // A stranger who types Dora's number, signed out or signed in as someone else, cannot spend them.
      const guest = await createOrder({ phone: dora.phone, email: 'x@example.com' }, { redeem_points: true });
      expect([guest.status, await guest.json()]).toEqual([401, { error: true, message: REDEEM_SIGN_IN }]);
      const other = await createOrder(
        { phone: dora.phone, email: 'x@example.com', account: 'ana' },
        { redeem_points: true },
      );
      expect([other.status, await other.json()]).toEqual([403, { error: true, message: REDEEM_WRONG_PHONE }]);
      // An account registered with her number but not her email: none of her points are its own.
      const squatter = await createOrder(
        { phone: dora.phone, email: 'mallory.money@example.com', account: 'mallory' },
        { redeem_points: true },
      );
      expect([squatter.status, await squatter.json()]).toEqual([422, { error: true, message: redeemNotYours(0) }]);

      // Dora: 40.00 - 5.00 = 35.00 taxed at 9.75% = 3.41 (3.4125), total 38.41.
      const created = await createOrder(dora, { redeem_points: true });
      expect(created.status).toBe(201);
      const order = (await created.json()) as OrderAnswer;
      expect(order.totals).toEqual({
        subtotal: 40,
        promo_discount: 0,
        loyalty_discount: 5,
        tax: 3.41,
        delivery_charge: 0,
        tip: 0,
        total: 38.41,
      });
      expect(await balance(dora.phone)).toBe(120); // nothing spent before the money moves
      const receipt = await pay(order);
      // It earns on what was paid for: floor(35.00) = 35 points.
      expect(receipt).toMatchObject({ points_redeemed: 100, points_earned: 35, totals: order.totals });
      expect(pointsText(receipt, receipt.status, english)).toBe(
        "You used 100 loyalty points for this order's reward. You earned 35 loyalty points with this order.",
      );
      expect(await ledgerOf(order.order_id)).toEqual([
        { kind: 'redeemed', points: -100 },
        { kind: 'earned', points: 35 },
      ]);
      expect(await balance(dora.phone)).toBe(55);
      const [mail] = await api.deps.db.query<{ body: string }>(
        "select body from outbox where recipient = $1 and subject like 'Order #' || $2 || '%'",
        [dora.email, String(order.number)],
      );
      expect(mail!.body).toContain('You used 100 loyalty points for $5.00 off.');

      // 55 points buy nothing; the server says so whatever the browser sends.
      const again = await createOrder(dora, { redeem_points: true });
      expect([again.status, await again.json()]).toEqual([422, { error: true, message: redeemTooFew(55) }]);

      // Cancelled and refunded (twice, as a retry would): the 100 come back, the 35 go, once each.
      expect((await cancel(order.order_id)).status).toBe(200);
      expect((await cancel(order.order_id)).status).toBe(200);
      expect(await ledgerOf(order.order_id)).toEqual([
        { kind: 'redeemed', points: -100 },
        { kind: 'earned', points: 35 },
        { kind: 'reversed', points: -35 },
        { kind: 'restored', points: 100 },
      ]);
      expect(await balance(dora.phone)).toBe(120);
      const cancelled = (await (
        await api.call('POST', `/api/finalize-order/${order.order_id}/`)
      ).json()) as FinalizedOrder;
      expect(pointsText(cancelled, cancelled.status, english)).toBe(
        'The 100 loyalty points this order used were given back. The 35 loyalty points from this order were taken back when it was cancelled.',
      );
    });

    it('two checkouts that spend the same points: only the newest can be paid', async () => {
      expect(await balance(dora.phone)).toBe(120);
      const first = (await (await createOrder(dora, { redeem_points: true })).json()) as OrderAnswer;
      const second = (await (await createOrder(dora, { redeem_points: true })).json()) as OrderAnswer;
      const paid = await api.call(
        'POST',
        '/api/demo-payments/confirm/',
        { client_secret: first.payment.client_secret, ...CARD },
        from(),
      );
      expect(paid.status).toBe(400);
      const finalized = await api.call('POST', `/api/finalize-order/${first.order_id}/`);
      expect([finalized.status, await finalized.json()]).toEqual([409, { error: true, message: PAYMENT_CANCELED }]);
      expect((await pay(second)).points_redeemed).toBe(100);
      expect(await balance(dora.phone)).toBe(120 - 100 + 35);
    });

    it('a reward worth nothing on the order (a promo took the whole subtotal) spends no points and replaces no checkout', async () => {
      await paidOrder(dora);
      await paidOrder(dora);
      expect(await balance(dora.phone)).toBe(55 + 2 * POINTS);
      await insertPromoCode(api.deps.db, {
        code: 'FORTYOFF',
        discount_type: 'fixed',
        discount_value: 40,
        starts_at: null,
        expires_at: null,
        min_subtotal_cents: 0,
        per_customer_limit: null,
        total_limit: null,
        description: 'The whole cart',
      });
      const estimate = await api.call(
        'POST',
        '/api/estimate-delivery/',
        { ...DELIVERY_ADDRESS, delivery_country: 'US' },
        from(),
      );
      expect(estimate.status).toBe(200);
      const { quote_id } = (await estimate.json()) as { quote_id: string };
      // A checkout that spends the points, waiting: a worthless reward does not replace it.
      const waiting = (await (await createOrder(dora, { redeem_points: true })).json()) as OrderAnswer;
      // A delivery, so something is left to pay: the delivery charge and the tip.
      const created = await createOrder(dora, {
        redeem_points: true,
        promo_code: 'FORTYOFF',
        delivery_type: 'delivery',
        ...DELIVERY_ADDRESS,
        delivery_quote_id: quote_id,
        delivery_cost: 0,
        tip: 1,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const order = (await created.json()) as OrderAnswer;
      expect(order.totals).toMatchObject({ subtotal: 40, promo_discount: 40, loyalty_discount: 0, tax: 0, tip: 1 });
      const receipt = await pay(order);
      expect(receipt).toMatchObject({ points_redeemed: 0, points_earned: 0 });
      expect(await ledgerOf(order.order_id)).toEqual([]);
      expect(await balance(dora.phone)).toBe(55 + 2 * POINTS);
      expect((await pay(waiting)).points_redeemed).toBe(100);
      expect(await balance(dora.phone)).toBe(55 + 2 * POINTS - 100 + 35);
    });
  });

  describe('loyalty points are taken back on cancel and refund', () => {
    const cases = [
      { name: 'one cancel', phone: '(213) 555-0801', cancels: 1, atOnce: false },
      { name: 'a cancel retried', phone: '(213) 555-0802', cancels: 2, atOnce: false },
      { name: 'three cancels at once', phone: '(213) 555-0803', cancels: 3, atOnce: true },
    ];
    const balance = async (phone: string) => {
      const response = await api.app.request(`/api/loyalty/points/?phone=${encodeURIComponent(phone)}`, {
        headers: from(),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { points: number }).points;
    };

    it.each(cases)(
      '$name: reversed once, both ledger entries kept, the balance back, the page says so',
      async ({ phone, cancels, atOnce }) => {
        const who = { phone, email: `points${phone.slice(-4)}@example.com` };
        await paidOrder(who);
        expect(await balance(phone)).toBe(POINTS);
        const order = await paidOrder(who);
        expect(await balance(phone)).toBe(2 * POINTS);

        const responses = atOnce
          ? await Promise.all(Array.from({ length: cancels }, () => cancel(order.order_id)))
          : await (async () => {
              const list: Response[] = [];
              for (let i = 0; i < cancels; i++) list.push(await cancel(order.order_id));
              return list;
            })();
        expect(responses.map((r) => r.status)).toEqual(Array(cancels).fill(200));

        const ledger = await api.deps.db.query<{ kind: string; points: number }>(
          'select kind, points from loyalty_ledger where order_id = $1 order by id',
          [order.order_id],
        );
        expect(ledger).toEqual([
          { kind: 'earned', points: POINTS },
          { kind: 'reversed', points: -POINTS },
        ]);
        expect(await balance(phone)).toBe(POINTS);

        const page = await api.call('POST', `/api/finalize-order/${order.order_id}/`);
        const answer = (await page.json()) as FinalizedOrder;
        expect(answer).toMatchObject({ status: 'cancelled', points_earned: 0, points_reversed: POINTS });
        expect(pointsText(answer, answer.status, english)).toBe(
          `The ${POINTS} loyalty points from this order were taken back when it was cancelled.`,
        );
        // The page open before the cancel, told "cancelled" by the live status, no longer says earned.
        expect(pointsText({ points_earned: POINTS, points_redeemed: 0 }, 'cancelled', english)).not.toMatch(/earned/);
      },
    );
  });

  describe('a refunded order is never paid again (demo provider)', () => {
    const cases = [
      { name: 'the same card again after the refund', cancelFirst: true },
      { name: 'the same card again after it paid', cancelFirst: false },
    ];

    it.each(cases)('$name: 400 payment_intent_unexpected_state, the order unchanged', async ({ cancelFirst }) => {
      const who = { phone: '(213) 555-0901', email: 'late@example.com' };
      const order = await paidOrder(who);
      if (cancelFirst) expect((await cancel(order.order_id)).status).toBe(200);
      const before = (await (
        await api.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staff)
      ).json()) as unknown;

      const again = await api.call(
        'POST',
        '/api/demo-payments/confirm/',
        { client_secret: order.payment.client_secret, ...CARD },
        from(),
      );
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ error: true, code: UNEXPECTED_STATE_CODE, message: ALREADY_SUCCEEDED });

      const finalized = (await (await api.call('POST', `/api/finalize-order/${order.order_id}/`)).json()) as unknown;
      expect(finalized).toMatchObject({ status: cancelFirst ? 'cancelled' : 'paid' });
      const board = (await (
        await api.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staff)
      ).json()) as unknown;
      expect(board).toEqual(before);
      expect(board).toMatchObject({ status: cancelFirst ? 'cancelled' : 'paid', refunded: cancelFirst });
      const [payment] = await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [
        order.order_id,
      ]);
      expect(payment!.status).toBe(cancelFirst ? 'refunded' : 'succeeded');
    });
  });
});

describe.each(databaseTargets)('late Stripe events for a refunded order on $name', (target) => {
  const SECRET_KEY = 'sk_test_money';
  const WEBHOOK_SECRET = 'whsec_money_secret';
  let standIn: StripeStandIn;
  let api: TestApi;
  let staff: Record<string, string>;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    api = await createTestApi(target, { payments, clock: () => NOW }, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await addTestItems(api, [{ id: 'mn2000', name: 'Money 20.00', priceCents: 2000 }]);
    staff = await staffBearer(api, 'boss@comal.example');
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  const deliver = (event: StripeEventJson) => {
    const payload = JSON.stringify(event);
    return api.app.request('/api/webhooks/stripe/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
  };

  const cases: { name: string; late: (paid: StripeEventJson, intentId: string) => StripeEventJson; answer: unknown }[] =
    [
      {
        name: 'a new payment_intent.succeeded',
        late: (_, intentId) => standIn.event('payment_intent.succeeded', intentId),
        answer: { received: true },
      },
      { name: 'the paying event replayed', late: (paid) => paid, answer: { received: true, duplicate: true } },
      {
        name: 'a late payment_intent.payment_failed',
        late: (_, intentId) => standIn.event('payment_intent.payment_failed', intentId),
        answer: { received: true },
      },
    ];

  it.each(cases)(
    '$name after the cancel and refund: recorded, ignored, the order stays cancelled and refunded',
    async ({ late, answer }) => {
      const created = await api.call(
        'POST',
        '/api/create-order/',
        {
          name: 'Ana Ruiz',
          email: 'stripe.late@example.com',
          phone: '(213) 555-0911',
          delivery_type: 'pickup',
          cart_items: CART,
        },
        from(),
      );
      expect(created.status).toBe(201);
      const order = (await created.json()) as OrderAnswer;
      const intent = standIn.intents().find((i) => i.metadata.order_id === order.order_id)!;
      standIn.succeed(intent.id);
      const paid = standIn.event('payment_intent.succeeded', intent.id);
      expect((await deliver(paid)).status).toBe(200);
      const cancelled = await api.call(
        'POST',
        `/api/staff/orders/${order.order_id}/cancel/`,
        { reason: 'other', note: 'Kitchen closed early' },
        staff,
      );
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({ status: 'cancelled', refunded: true });
      const traces = async () => ({
        history: await count(api, 'select count(*) as n from order_status_history where order_id = $1', [
          order.order_id,
        ]),
        events: await count(api, 'select count(*) as n from order_events where order_id = $1', [order.order_id]),
        ledger: await count(api, 'select count(*) as n from loyalty_ledger where order_id = $1', [order.order_id]),
        payment: (
          await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [
            order.order_id,
          ])
        )[0]!.status,
      });
      const before = await traces();
      expect(before.payment).toBe('refunded');

      const event = late(paid, intent.id);
      const response = await deliver(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(answer);
      expect(
        await count(api, `select count(*) as n from webhook_events where provider = 'stripe' and event_id = $1`, [
          event.id,
        ]),
      ).toBe(1);
      expect(await traces()).toEqual(before);
      const board = (await (
        await api.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staff)
      ).json()) as unknown;
      expect(board).toMatchObject({ status: 'cancelled', refunded: true });
      expect(await (await api.call('POST', `/api/finalize-order/${order.order_id}/`)).json()).toMatchObject({
        status: 'cancelled',
      });
      expect(standIn.refunds().filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    },
  );
});
