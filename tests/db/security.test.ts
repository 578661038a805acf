// Security checks through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), organised by concern: 1 CSRF on every state-changing call, 2 CORS,
// 3 one customer reaching another's data, 4 tampered amounts in create-order, 5 oversized
// bodies, 6 SQL metacharacters in every text field, 7 response headers and cookie flags.
// tests/db/api-security.test.ts already covers the basics on /api/promo-validate/ alone (one
// route's CSRF answers, the partner's CORS, 413 on create-order, 401 on the account calls); this
// file extends them to every route and field.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE } from '../../server/app.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { CSRF_MISMATCH, CSRF_MISSING, ORIGIN_REFUSED } from '../../server/http/csrf.ts';
import { NOT_YOUR_ACCOUNT } from '../../server/http/customer.ts';
import { API_CSP, HSTS, REFERRER_POLICY } from '../../server/http/security-headers.ts';
import { SAVED_CARD_NOT_USABLE } from '../../server/providers/payments/demo.ts';
import {
  CARD_NOT_SAVED,
  ORDER_NOT_YOURS,
  SAVED_CARD_NOT_FOUND,
  SAVED_CART_NOT_FOUND,
} from '../../server/services/account.ts';
import { ITEM_NOT_ON_MENU, MAXIMUM_TIP_CENTS } from '../../server/services/orders.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '../../server/http/page-policy.ts';
import { ORIGIN_NOT_ALLOWED } from '../../shared/api/messages.ts';
import { formatUSD } from '../../shared/money.ts';
import { hiddenCharactersMessage } from '../../shared/plain-text.ts';
import { signUpAndIn, TEST_PASSWORD, type SignedIn } from '../support/accounts.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { streamedBody } from '../support/bad-input.ts';
import { databaseTargets } from '../support/databases.ts';

const PARTNER = 'https://eastside-eats.example';
const EVIL = 'https://evil.example';
const NOW = new Date('2026-11-20T19:00:00Z'); // a Friday, 11 AM in Los Angeles: open for orders
const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
};
/** Two Mexican Coca-Colas at $3.50: $7.00, tax 9.75% = 68.25 cents, rounded half up to 68. */
const TWO_COKES = [{ menu_item_id: 'drink-mexican-coke', quantity: 2, modifiers: [] }];
const TWO_COKES_PICKUP = {
  subtotal: 7,
  promo_discount: 0,
  loyalty_discount: 0,
  tax: 0.68,
  delivery_charge: 0,
  tip: 0,
  total: 7.68,
};
const STAFF_PASSWORD = 'comal staff board password';

/** Every POST, PATCH and DELETE of server/routes/*.ts that the CSRF check guards. */
const GUARDED_ROUTES: [string, string][] = [
  ['POST', '/api/estimate-delivery/'],
  ['POST', '/api/promo-validate/'],
  ['POST', '/api/create-order/'],
  ['POST', '/api/finalize-order/ord_1/'],
  ['POST', '/api/demo-payments/confirm/'],
  ['POST', '/api/demo-payments/setup/'],
  ['POST', '/api/auth/register/'],
  ['POST', '/api/auth/confirm/'],
  ['POST', '/api/auth/login/'],
  ['POST', '/api/auth/password-reset/'],
  ['POST', '/api/auth/password-reset/confirm/'],
  ['POST', '/api/cognito/refresh/'],
  ['POST', '/api/cognito/signout/'],
  ['POST', '/api/saved-carts/'],
  ['DELETE', '/api/saved-carts/cart_1/'],
  ['POST', '/api/orders/ord_1/reorder/'],
  ['DELETE', '/api/payment-methods/pm_1/'],
  ['POST', '/api/setup-intent/'],
  ['POST', '/api/save-payment-method/'],
  ['POST', '/api/staff/login/'],
  ['POST', '/api/staff/refresh/'],
  ['POST', '/api/staff/signout/'],
  ['POST', '/api/staff/password/'],
  ['POST', '/api/staff/members/'],
  ['PATCH', '/api/staff/members/stf_1/'],
  ['DELETE', '/api/staff/members/stf_1/'],
  ['POST', '/api/staff/orders/ord_1/move/'],
  ['POST', '/api/staff/orders/ord_1/promise/'],
  ['POST', '/api/staff/orders/ord_1/cancel/'],
  ['POST', '/api/staff/orders/ord_1/refunds/'],
  ['POST', '/api/staff/store/'],
  ['POST', '/api/staff/menu/sync/'],
  ['POST', '/api/staff/menu/items/item_1/sold-out/'],
  ['POST', '/api/staff/menu/modifiers/mod_1/sold-out/'],
];

/** Text that breaks naive SQL, JSON or string handling. PostgreSQL cannot store a NUL in text or jsonb: that one is refused (400). */
const NASTY: [string, string][] = [
  ['a quote that ends the SQL string', "O'Brien'; drop table orders; --"],
  ['a double quote and a tautology', '" or 1=1 --'],
  ['backslashes', "back\\slash \\' \\\\"],
  ['a NUL byte', 'nul\u0000byte'],
  ['unicode beyond the basic plane', 'Zoë 🌮 — 日本語 Ωμέγα'],
  ['a percent and underscore (LIKE wildcards)', '100%_off $1 $$x$$'],
];

const body = async (response: Response) => (await response.json()) as Record<string, unknown>;
const message = async (response: Response) => (await body(response)).message;

/** The same for a built page, from the file itself. */
function pageScriptHashes(file: string): string[] {
  return scriptHashesOf(readFileSync(path.join('dist/site', file), 'utf8'));
}

/** The sha256 sources of the inline scripts of a page, computed here from its HTML. */
function scriptHashesOf(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (attributes.includes('src=') || attributes.includes('application/ld+json')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return [...hashes];
}

/** The CSP's directives as a map: 'script-src' → its sources. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe.each(databaseTargets)('security checks on $name', (target) => {
  let api: TestApi;
  let callers = 0;
  /** A fresh client address per call, so the per-address rate limits never answer instead. */
  const from = () => ({ 'X-Forwarded-For': `198.18.${Math.floor(++callers / 250)}.${callers % 250}` });
  const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    api.call(method, url, payload, { ...from(), ...headers });
  const order = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(
      'POST',
      '/api/create-order/',
      { ...contact, delivery_type: 'pickup', cart_items: TWO_COKES, ...fields },
      headers,
    );
  const pay = (clientSecret: string) =>
    call('POST', '/api/demo-payments/confirm/', {
      client_secret: clientSecret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
  const quote = async () => {
    const response = await call('POST', '/api/estimate-delivery/', { ...address, delivery_country: 'US' });
    expect(response.status).toBe(200);
    return (await response.json()) as { quote_id: string; delivery_estimate: number };
  };

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => NOW }, { EMBED_ORIGINS: PARTNER });
  });
  afterAll(() => api?.close());

  describe('1. CSRF on every state-changing call', () => {
    const send = (method: string, url: string, headers: Record<string, string>) =>
      api.app.request(url, {
        method,
        headers: { 'Content-Type': 'application/json', ...from(), ...headers },
        body: method === 'DELETE' ? null : '{}',
      });

    it.each(GUARDED_ROUTES)(
      '%s %s without the X-CSRFToken header is 403 with the missing-token message',
      async (method, url) => {
        const response = await send(method, url, {});
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: true, message: CSRF_MISSING });
      },
    );

    it.each(GUARDED_ROUTES)('%s %s with a forged token is 403 with the invalid-token message', async (method, url) => {
      const [nonce] = api.csrfToken.split('.');
      for (const token of [`${nonce}.forgedsignature`, 'not-a-token', `${api.csrfToken}.extra`]) {
        const response = await send(method, url, { 'X-CSRFToken': token });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: true, message: CSRF_MISMATCH });
      }
    });

    it.each(GUARDED_ROUTES)('%s %s from a foreign Origin is 403 even with a valid token', async (method, url) => {
      for (const origin of [EVIL, 'null', `${PARTNER}.evil.example`, 'http://eastside-eats.example']) {
        const response = await send(method, url, { 'X-CSRFToken': api.csrfToken, Origin: origin });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: true, message: ORIGIN_REFUSED });
      }
    });

    it('guards PUT and PATCH on any path too, whether or not a route takes them', async () => {
      for (const method of ['PUT', 'PATCH']) {
        const response = await send(method, '/api/create-order/', {});
        expect(response.status).toBe(403);
        expect(await message(response)).toBe(CSRF_MISSING);
      }
    });

    it('a valid token of another server (another SECRET) is refused', async () => {
      const other = await createTestApi(target, {}, { SECRET_KEY: 'another-deployment-secret-0123456789abcdef' });
      try {
        const response = await send('POST', '/api/promo-validate/', { 'X-CSRFToken': other.csrfToken });
        expect(response.status).toBe(403);
        expect(await message(response)).toBe(CSRF_MISMATCH);
      } finally {
        await other.close();
      }
    });

    it('the signed provider webhooks need no CSRF token (they prove themselves another way)', async () => {
      for (const url of ['/api/webhooks/stripe/', '/api/webhooks/doordash/']) {
        const response = await send('POST', url, {});
        expect(response.status).not.toBe(403);
        expect(await message(response)).not.toBe(CSRF_MISSING);
      }
    });

    it('the vitals beacon needs no token (sendBeacon cannot set one) but still refuses a foreign Origin', async () => {
      const beacon = { name: 'LCP', value: 1200, rating: 'good', path: '/' };
      const plain = await api.app.request('/api/vitals/', {
        method: 'POST',
        headers: from(),
        body: JSON.stringify(beacon),
      });
      expect(plain.status).toBe(204);
      const foreign = await api.app.request('/api/vitals/', {
        method: 'POST',
        headers: { ...from(), Origin: EVIL },
        body: JSON.stringify(beacon),
      });
      expect(foreign.status).toBe(403);
      expect(await message(foreign)).toBe(ORIGIN_REFUSED);
    });
  });

  describe('2. CORS', () => {
    const preflight = (url: string, origin: string, method = 'POST') =>
      api.app.request(url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'content-type, x-csrftoken, authorization',
        },
      });

    it.each([EVIL, 'null', `${PARTNER}.evil.example`, 'http://eastside-eats.example', `${PARTNER}:8443`])(
      'a preflight and a request from %s get no Access-Control-Allow-Origin',
      async (origin) => {
        for (const url of ['/api/create-order/', '/api/saved-carts/', '/api/auth/login/', '/api/staff/login/']) {
          const answer = await preflight(url, origin);
          expect(answer.headers.get('access-control-allow-origin')).toBeNull();
        }
        // A read gets nothing of the menu: only the sentence telling the partner to be listed,
        // which that page may read (security/embed-origins.test.ts).
        const read = await api.app.request('/api/menus/', { headers: { Origin: origin } });
        expect(read.status).toBe(403);
        expect(await read.json()).toEqual({ error: true, message: ORIGIN_NOT_ALLOWED });
      },
    );

    it('an EMBED_ORIGINS partner gets its own origin (never *) with credentials, on preflights and answers', async () => {
      for (const url of ['/api/create-order/', '/api/saved-carts/', '/api/cognito/refresh/']) {
        const answer = await preflight(url, PARTNER);
        expect(answer.status).toBe(204);
        expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER);
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
        expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-csrftoken');
      }
      const read = await api.app.request('/api/menus/', { headers: { Origin: PARTNER } });
      expect(read.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(read.headers.get('access-control-allow-credentials')).toBe('true');
      expect(read.headers.get('vary')?.toLowerCase()).toContain('origin');
    });

    it("the widget's files are public to every origin without credentials, and carry no page CSP", async () => {
      const script = await api.app.request('/widget/comal.js', { headers: { Origin: EVIL } });
      expect(script.status).toBe(200);
      expect(script.headers.get('access-control-allow-origin')).toBe('*');
      expect(script.headers.get('access-control-allow-credentials')).toBeNull();
      expect(script.headers.get('content-security-policy')).toBeNull();
    });
  });

  describe('3. one customer reaching another customer’s data', () => {
    let a: SignedIn;
    let b: SignedIn;
    let bCart: string;
    let bOrder: string;
    let bCard: string;

    beforeAll(async () => {
      a = await signUpAndIn(api, 'alma@example.com', from());
      b = await signUpAndIn(api, 'beto@example.com', from());
      const cart = await call(
        'POST',
        '/api/saved-carts/',
        { name: 'Beto’s usual', items: TWO_COKES, cognito_sub: b.sub },
        b.bearer,
      );
      expect(cart.status).toBe(201);
      bCart = (await body(cart)).id as string;
      const placed = await order({ cognito_sub: b.sub }, b.bearer);
      expect(placed.status).toBe(201);
      const placedBody = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
      bOrder = placedBody.order_id;
      // The order list shows paid orders only.
      expect((await pay(placedBody.payment.client_secret)).status).toBe(200);
      expect((await call('POST', `/api/finalize-order/${bOrder}/`)).status).toBe(200);
      const setup = await call('POST', '/api/setup-intent/', { cognito_sub: b.sub }, b.bearer);
      const { client_secret } = (await setup.json()) as { client_secret: string };
      const confirmed = await call('POST', '/api/demo-payments/setup/', {
        client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      });
      bCard = ((await confirmed.json()) as { payment_method_id: string }).payment_method_id;
      const saved = await call(
        'POST',
        '/api/save-payment-method/',
        { payment_method_id: bCard, cognito_sub: b.sub },
        b.bearer,
      );
      expect(saved.status).toBe(200);
    });

    it("every account call with A's token and B's cognito_sub is 403 'This belongs to another account.'", async () => {
      const q = () => `?cognito_sub=${encodeURIComponent(b.sub)}`;
      const attempts: [string, string, unknown][] = [
        ['GET', `/api/saved-carts/${q()}`, undefined],
        ['POST', '/api/saved-carts/', { name: 'Mine now', items: TWO_COKES, cognito_sub: b.sub }],
        ['DELETE', `/api/saved-carts/${bCart}/${q()}`, undefined],
        ['GET', `/api/orders/${q()}`, undefined],
        ['POST', `/api/orders/${bOrder}/reorder/`, { cognito_sub: b.sub }],
        ['GET', `/api/payment-methods/${q()}`, undefined],
        ['DELETE', `/api/payment-methods/${bCard}/${q()}`, undefined],
        ['POST', '/api/setup-intent/', { cognito_sub: b.sub }],
        ['POST', '/api/save-payment-method/', { payment_method_id: bCard, cognito_sub: b.sub }],
        [
          'POST',
          '/api/create-order/',
          { ...contact, delivery_type: 'pickup', cart_items: TWO_COKES, cognito_sub: b.sub },
        ],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call(method, url, payload, a.bearer);
        expect({ method, url, status: response.status, body: (await response.json()) as unknown }).toEqual({
          method,
          url,
          status: 403,
          body: { error: true, message: NOT_YOUR_ACCOUNT },
        });
      }
    });

    it("B's cart, order and card read as not found to A (404), with or without A's own cognito_sub", async () => {
      for (const sub of ['', `?cognito_sub=${encodeURIComponent(a.sub)}`]) {
        const cart = await call('DELETE', `/api/saved-carts/${bCart}/${sub}`, undefined, a.bearer);
        expect([cart.status, await cart.json()]).toEqual([404, { error: true, message: SAVED_CART_NOT_FOUND }]);
        const card = await call('DELETE', `/api/payment-methods/${bCard}/${sub}`, undefined, a.bearer);
        expect([card.status, await card.json()]).toEqual([404, { error: true, message: SAVED_CARD_NOT_FOUND }]);
      }
      const reorder = await call('POST', `/api/orders/${bOrder}/reorder/`, { cognito_sub: a.sub }, a.bearer);
      expect([reorder.status, await reorder.json()]).toEqual([404, { error: true, message: ORDER_NOT_YOURS }]);
      const steal = await call(
        'POST',
        '/api/save-payment-method/',
        { payment_method_id: bCard, cognito_sub: a.sub },
        a.bearer,
      );
      expect([steal.status, await steal.json()]).toEqual([404, { error: true, message: CARD_NOT_SAVED }]);
    });

    it("A's lists show none of B's data, and B's data is intact after A's attempts", async () => {
      for (const url of ['/api/saved-carts/', '/api/orders/', '/api/payment-methods/']) {
        const mine = await call('GET', url, undefined, a.bearer);
        expect(mine.status).toBe(200);
        expect(await mine.json()).toEqual([]);
      }
      const carts = (await (await call('GET', '/api/saved-carts/', undefined, b.bearer)).json()) as { id: string }[];
      expect(carts.map((c) => c.id)).toEqual([bCart]);
      const cards = (await (await call('GET', '/api/payment-methods/', undefined, b.bearer)).json()) as {
        id: string;
      }[];
      expect(cards.map((c) => c.id)).toEqual([bCard]);
      const orders = (await (await call('GET', '/api/orders/', undefined, b.bearer)).json()) as { id: string }[];
      expect(orders.map((o) => o.id)).toEqual([bOrder]);
    });

    it("A cannot pay A's order with B's saved card", async () => {
      const placed = (await (await order({ cognito_sub: a.sub }, a.bearer)).json()) as {
        payment: { client_secret: string };
      };
      const response = await call('POST', '/api/demo-payments/confirm/', {
        client_secret: placed.payment.client_secret,
        payment_method_id: bCard,
      });
      expect([response.status, await response.json()]).toEqual([422, { error: true, message: SAVED_CARD_NOT_USABLE }]);
    });

    it('a tampered or unsigned token is 401, never another customer', async () => {
      const [head, , signature] = a.token.split('.');
      const claims = Buffer.from(JSON.stringify({ sub: b.sub, exp: Math.floor(NOW.getTime() / 1000) + 600 })).toString(
        'base64url',
      );
      for (const token of [
        `${head}.${claims}.${signature}`,
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`,
      ]) {
        const response = await call('GET', '/api/saved-carts/', undefined, { Authorization: `Bearer ${token}` });
        expect(response.status).toBe(401);
      }
    });
  });

  describe('4. tampered amounts in create-order', () => {
    const placed = async (response: Response) => {
      const answer = await body(response);
      expect(response.status, JSON.stringify(answer)).toBe(201);
      const [row] = await api.deps.db.query<{ total_cents: number; amount_cents: number }>(
        'select o.total_cents, p.amount_cents from orders o join payments p on p.order_id = o.id where o.id = $1',
        [answer.order_id],
      );
      return { totals: answer.totals, stored: row };
    };

    it('ignores every amount the browser sends: two Mexican Cokes for pickup are $7.68', async () => {
      const tampered = await order({
        cart_items: [{ ...TWO_COKES[0], price: 0.01, unit_price: 0.01, base_price: 0, total: 0.02, line_total: 0.02 }],
        subtotal: 0.01,
        total: 0.01,
        tax: 0,
        promo_discount: 7,
        loyalty_discount: 0,
        discount: 7,
        discount_type: 'fixed',
        discount_value: 100,
        delivery_fee: 0,
        delivery_charge: 0,
        delivery_cost: 0,
        tip: 25,
        amount: 1,
        amount_cents: 1,
      });
      expect(await placed(tampered)).toEqual({
        totals: TWO_COKES_PICKUP,
        stored: { total_cents: 768, amount_cents: 768 },
      });
    });

    it('applies the promo from the server’s table, not the discount the browser claims', async () => {
      const response = await order({
        promo_code: 'welcome10',
        discount_type: 'fixed',
        discount_value: 100,
        promo_discount: 7,
        loyalty_discount: 0,
      });
      // 10% of $7.00 = $0.70; tax on $6.30 = 61.425 cents = 61; total 630 + 61.
      expect(await placed(response)).toEqual({
        totals: {
          subtotal: 7,
          promo_discount: 0.7,
          loyalty_discount: 0,
          tax: 0.61,
          delivery_charge: 0,
          tip: 0,
          total: 6.91,
        },
        stored: { total_cents: 691, amount_cents: 691 },
      });
    });

    it('charges delivery from the stored quote whatever delivery_cost and delivery_fee say', async () => {
      const { quote_id, delivery_estimate } = await quote();
      const response = await order({
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quote_id,
        delivery_cost: 0,
        delivery_fee: 0,
        delivery_charge: 0,
        tip: 2.5,
      });
      // Below $20 there is no delivery discount: the charge is max($10, fee).
      const charge = Math.max(1000, Math.round(delivery_estimate * 100));
      expect(await placed(response)).toEqual({
        totals: {
          subtotal: 7,
          promo_discount: 0,
          loyalty_discount: 0,
          tax: 0.68,
          delivery_charge: charge / 100,
          tip: 2.5,
          total: (768 + charge + 250) / 100,
        },
        stored: { total_cents: 768 + charge + 250, amount_cents: 768 + charge + 250 },
      });
    });

    it.each([
      ['a negative tip', { tip: -5 }, 422, 'The tip cannot be negative.'],
      ['a tip as text', { tip: '5' }, 422, 'The tip must be an amount in dollars.'],
      ['a NaN-ish tip', { tip: 'NaN' }, 422, 'The tip must be an amount in dollars.'],
      ['a null tip', { tip: null }, 422, 'The tip must be an amount in dollars.'],
      ['a negative delivery cost', { delivery_cost: -10 }, 422, 'The delivery cost cannot be negative.'],
      ['a delivery cost as text', { delivery_cost: 'free' }, 422, 'The delivery cost must be an amount in dollars.'],
    ])('refuses %s with %i and a sentence', async (_label, fields, status, text) => {
      const response = await order(fields);
      expect([response.status, await response.json()]).toEqual([status, { error: true, message: text }]);
    });

    it('refuses an infinite tip (1e999 in the JSON) and a tip over the maximum', async () => {
      const { quote_id } = await quote();
      const delivery = {
        ...contact,
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quote_id,
        cart_items: TWO_COKES,
      };
      const infinite = await call(
        'POST',
        '/api/create-order/',
        JSON.stringify(delivery).replace(/}$/, ',"tip":1e999}'),
      );
      expect([infinite.status, await infinite.json()]).toEqual([
        422,
        { error: true, message: 'The tip must be an amount in dollars.' },
      ]);
      const huge = await order({ ...delivery, tip: MAXIMUM_TIP_CENTS / 100 + 0.01 });
      expect([huge.status, await huge.json()]).toEqual([
        422,
        { error: true, message: `A tip can be at most ${formatUSD(MAXIMUM_TIP_CENTS)}.` },
      ]);
    });

    it.each([
      ['0', 0, 'The quantity must be at least 1.'],
      ['negative', -2, 'The quantity must be at least 1.'],
      ['fractional', 1.5, 'The quantity must be a whole number.'],
      ['over 99', 100, 'The quantity can be at most 99.'],
      ['huge', 1e12, 'The quantity can be at most 99.'],
      ['text', '2', 'Enter a quantity as a number.'],
    ])('refuses a quantity that is %s with 422', async (_label, quantity, text) => {
      const response = await order({ cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity, modifiers: [] }] });
      expect([response.status, await response.json()]).toEqual([422, { error: true, message: text }]);
    });

    it('refuses an option sent with its own price, and an item the menu does not have', async () => {
      const priced = await order({
        cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [{ id: 'x', price: -3.5 }] }],
      });
      expect([priced.status, await priced.json()]).toEqual([422, { error: true, message: 'Each option needs an id.' }]);
      const invented = await order({ cart_items: [{ menu_item_id: 'free-drink', quantity: 1, modifiers: [] }] });
      expect([invented.status, await invented.json()]).toEqual([422, { error: true, message: ITEM_NOT_ON_MENU }]);
    });
  });

  describe('5. oversized bodies', () => {
    const big = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });

    it.each([
      ['POST', '/api/auth/register/'],
      ['POST', '/api/auth/login/'],
      ['POST', '/api/saved-carts/'],
      ['POST', '/api/estimate-delivery/'],
      ['POST', '/api/staff/login/'],
      ['POST', '/api/webhooks/stripe/'],
      ['POST', '/api/vitals/'],
    ])('%s %s over 100 KB is 413 with the too-large message', async (method, url) => {
      const response = await call(method, url, big(101 * 1024));
      expect([response.status, await response.json()]).toEqual([413, { error: true, message: BODY_TOO_LARGE }]);
    });

    it('counts the bytes of a streamed body that declares no length', async () => {
      const response = await api.app.request('/api/create-order/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': api.csrfToken, ...from() },
        body: streamedBody(8),
        duplex: 'half',
      } as RequestInit);
      expect([response.status, await response.json()]).toEqual([413, { error: true, message: BODY_TOO_LARGE }]);
    });

    it('a body just under the limit is read and judged on its content (422, not 413)', async () => {
      const response = await order({ name: 'x'.repeat(99 * 1024) });
      expect([response.status, await response.json()]).toEqual([
        422,
        { error: true, message: 'Your name can be at most 100 characters.' },
      ]);
    });
  });

  describe('6. SQL metacharacters in every text field', () => {
    let staffBearer: { Authorization: string };
    let customer: SignedIn;

    beforeAll(async () => {
      const invite = await inviteStaff(api.deps.db, {
        email: 'board@comal.example',
        role: 'staff',
        origin: TEST_ORIGIN,
        now: NOW,
      });
      const token = new URL(invite.url).searchParams.get('set-password')!;
      expect((await call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
      const login = await call('POST', '/api/staff/login/', { email: 'board@comal.example', password: STAFF_PASSWORD });
      staffBearer = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
      customer = await signUpAndIn(api, 'carla@example.com', from());
    });

    /** Never a server fault, always a JSON answer. */
    const harmless = async (response: Response, what: string) => {
      expect(response.status, `${what} answered ${response.status}`).toBeLessThan(500);
      if (response.status !== 204) expect(response.headers.get('content-type'), what).toMatch(/application\/json/);
      return response.status === 204 ? null : await body(response);
    };

    it.each(NASTY)('create-order takes %s in every text field without a fault', async (_label, text) => {
      const fields: Record<string, unknown> = {
        name: text,
        email: text,
        phone: text,
        promo_code: text,
        cognito_sub: text,
        delivery_street: text,
        delivery_city: text,
        delivery_state: text,
        delivery_zip: text,
        delivery_country: text,
        delivery_quote_id: text,
        scheduled_for: text,
        cart_items: [{ menu_item_id: text, quantity: 1, modifiers: [text] }],
      };
      for (const [field, value] of Object.entries(fields)) {
        for (const delivery_type of ['pickup', 'delivery']) {
          const extra = delivery_type === 'delivery' ? { ...address, delivery_quote_id: 'quote_none' } : {};
          await harmless(
            await order({ delivery_type, ...extra, [field]: value }),
            `create-order ${delivery_type} ${field}`,
          );
        }
      }
    });

    it.each(NASTY)(
      'an order under a name with %s keeps the name literally, to finalize and the staff board',
      async (_label, text) => {
        const placed = await order({ name: text });
        const answer = await harmless(placed, 'create-order name');
        // A name is one plain line: a control character is refused, with the field named.
        if (text.includes('\u0000'))
          return expect([placed.status, answer]).toEqual([
            422,
            { error: true, message: hiddenCharactersMessage('Your name') },
          ]);
        expect(placed.status, JSON.stringify(answer)).toBe(201);
        const orderId = answer!.order_id as string;
        const { payment } = answer as { payment: { client_secret: string } };
        expect((await pay(payment.client_secret)).status).toBe(200);
        const finalized = await call('POST', `/api/finalize-order/${orderId}/`);
        expect(await harmless(finalized, 'finalize-order')).toMatchObject({ order_id: orderId, name: text });
        const board = (await (await call('GET', '/api/staff/orders/', undefined, staffBearer)).json()) as {
          orders: { order_id: string; name: string }[];
        };
        expect(board.orders.find((o) => o.order_id === orderId)?.name).toBe(text);
        const [row] = await api.deps.db.query<{ n: number }>('select count(*)::int as n from orders');
        expect(row!.n).toBeGreaterThan(0);
      },
    );

    it.each(NASTY)('register, login and password reset take %s without a fault', async (_label, text) => {
      const register = {
        email: `reg${callers}@example.com`,
        password: TEST_PASSWORD,
        name: 'Ana Ruiz',
        phone: '213-555-0101',
      };
      for (const field of ['email', 'password', 'name', 'phone'] as const) {
        await harmless(await call('POST', '/api/auth/register/', { ...register, [field]: text }), `register ${field}`);
      }
      await harmless(await call('POST', '/api/auth/login/', { email: text, password: 'x' }), 'login email');
      await harmless(
        await call('POST', '/api/auth/login/', { email: 'carla@example.com', password: text }),
        'login password',
      );
      await harmless(await call('POST', '/api/auth/password-reset/', { email: text }), 'password-reset email');
      await harmless(await call('POST', '/api/auth/confirm/', { token: text, password: 'x' }), 'confirm token');
      await harmless(
        await call('POST', '/api/auth/confirm/', { token: 'a'.repeat(43), password: text }),
        'confirm password',
      );
    });

    it.each(NASTY)(
      'promo-validate, estimate-delivery and loyalty points take %s without a fault',
      async (_label, text) => {
        await harmless(await call('POST', '/api/promo-validate/', { code: text }), 'promo code');
        await harmless(await call('POST', '/api/promo-validate/', { code: 'WELCOME10', phone: text }), 'promo phone');
        for (const field of [
          'delivery_street',
          'delivery_city',
          'delivery_state',
          'delivery_zip',
          'delivery_country',
        ]) {
          await harmless(
            await call('POST', '/api/estimate-delivery/', { ...address, delivery_country: 'US', [field]: text }),
            `estimate ${field}`,
          );
        }
        await harmless(await call('GET', `/api/loyalty/points/?phone=${encodeURIComponent(text)}`), 'loyalty phone');
      },
    );

    it.each(NASTY)('a saved cart named with %s keeps its name and ids literally', async (_label, text) => {
      const saved = await call(
        'POST',
        '/api/saved-carts/',
        {
          name: text,
          items: [{ menu_item_id: text, quantity: 1, modifiers: [{ id: text, name: text, price: '1.50' }] }],
          cognito_sub: customer.sub,
        },
        customer.bearer,
      );
      const answer = await harmless(saved, 'saved cart');
      if (text.includes('\u0000'))
        return expect([saved.status, answer]).toEqual([
          422,
          { error: true, message: hiddenCharactersMessage('The cart name') },
        ]);
      expect(saved.status, JSON.stringify(answer)).toBe(201);
      const list = (await (await call('GET', '/api/saved-carts/', undefined, customer.bearer)).json()) as {
        id: string;
        name: string;
        items: { menu_item_id: string; modifiers: { id: string; name: string }[] }[];
      }[];
      const cart = list.find((c) => c.id === answer!.id);
      expect(cart).toMatchObject({
        name: text,
        items: [{ menu_item_id: text, modifiers: [{ id: text, name: text }] }],
      });
      await harmless(
        await call('DELETE', `/api/saved-carts/${encodeURIComponent(text)}/`, undefined, customer.bearer),
        'delete by a nasty id',
      );
      await harmless(
        await call('GET', `/api/saved-carts/?cognito_sub=${encodeURIComponent(text)}`, undefined, customer.bearer),
        'list by a nasty sub',
      );
      expect((await call('DELETE', `/api/saved-carts/${cart!.id}/`, undefined, customer.bearer)).status).toBe(204);
    });

    it('the orders table is still there after all of it', async () => {
      const [row] = await api.deps.db.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name in ('orders', 'customers', 'saved_carts')",
      );
      expect(row!.n).toBeGreaterThanOrEqual(2);
      expect((await order({})).status).toBe(201);
    });
  });

  describe('7. response headers and cookie flags', () => {
    it('every page, file and API answer says nosniff and strict-origin-when-cross-origin', async () => {
      for (const url of [
        '/',
        '/menu/',
        '/checkout/',
        '/widget/comal.js',
        '/og-image.jpg',
        '/api/health/',
        '/api/menus/',
        '/no-such-page/',
        '/api/nothing/',
      ]) {
        const response = await api.app.request(url);
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), url).toBe(REFERRER_POLICY);
      }
      const refused = await api.app.request('/api/create-order/', { method: 'POST', body: '{}' });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('an API answer carries a CSP that lets it do nothing when opened as a page', async () => {
      expect((await api.app.request('/api/health/')).headers.get('content-security-policy')).toBe(API_CSP);
    });

    it('a page’s CSP names the sha256 of each of its inline scripts, and no unsafe-inline or unsafe-eval for scripts', async () => {
      // The home page and /menu/ are rendered by the server with the live menu; the rest are files.
      for (const url of ['/', '/menu/', '/checkout/', '/staff/', '/login/']) {
        const response = await api.app.request(url);
        expect(response.status).toBe(200);
        const csp = directives(response.headers.get('content-security-policy'));
        const scripts = csp.get('script-src')!;
        const hashes = scriptHashesOf(await response.text());
        expect(hashes.length, url).toBeGreaterThan(0);
        expect(
          scripts.filter((s) => s.startsWith("'sha256-")),
          url,
        ).toEqual(hashes);
        expect(scripts).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-eval'");
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'self'"]);
      }
    });

    it('a page without card or address fields allows nothing from other sites: the exact policy of /menu/', async () => {
      const menu = await api.app.request('/menu/');
      const csp = menu.headers.get('content-security-policy');
      expect(csp).toBe(
        `default-src 'self'; script-src 'self' ${scriptHashesOf(await menu.text()).join(' ')}; style-src 'self' 'unsafe-inline'; ` +
          "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; " +
          "form-action 'self'; frame-ancestors 'self'",
      );
      expect(csp).not.toMatch(/stripe|google/);
    });

    it("checkout allows Stripe.js, its frames and API, and calls to Google's Places API (no Google script)", async () => {
      const csp = directives((await api.app.request('/checkout/')).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
      expect(csp.get('script-src')!.join(' ')).not.toMatch(/google/);
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
      );
      expect(csp.get('connect-src')).toEqual(
        expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://places.googleapis.com']),
      );
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    });

    it('/payment/ (saving a card) allows Stripe but not Google', async () => {
      const csp = directives((await api.app.request('/payment/')).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toContain('https://js.stripe.com');
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
      );
      expect(csp.get('connect-src')).toContain('https://api.stripe.com');
      expect(csp.get('connect-src')).not.toContain('https://places.googleapis.com');
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    });

    it('the 404 page carries its own CSP', async () => {
      const response = await api.app.request('/no-such-page/');
      expect(response.status).toBe(404);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('script-src')!.filter((s) => s.startsWith("'sha256-"))).toEqual(pageScriptHashes('404.html'));
    });

    it('hashes only scripts a browser runs, once each (unit of the page scan)', () => {
      const html =
        '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{}</script><script src="/x.js"></script><script>a()</script>';
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
      expect(contentSecurityPolicy('/about-us/', [])).toContain("script-src 'self';");
    });

    it('sends HSTS only for a request that came over https', async () => {
      const plain = await api.app.request('/', { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      // createTestApi trusts the proxy (TRUST_PROXY=1), as behind a load balancer.
      for (const url of ['/', '/api/health/', '/widget/comal.js']) {
        const proxied = await api.app.request(url, { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(proxied.headers.get('strict-transport-security'), url).toBe(HSTS);
      }
      expect((await api.app.request('https://shop.example/')).headers.get('strict-transport-security')).toBe(HSTS);

      const direct = await createTestApi(target, {}, { TRUST_PROXY: '0' });
      const behindHttps = await createTestApi(target, {}, { PUBLIC_ORIGIN: 'https://elcomal.example' });
      try {
        const spoofed = await direct.app.request('/', { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(spoofed.headers.get('strict-transport-security')).toBeNull();
        expect((await behindHttps.app.request('/api/health/')).headers.get('strict-transport-security')).toBe(HSTS);
      } finally {
        await direct.close();
        await behindHttps.close();
      }
    });

    it('csrftoken is script-readable and SameSite=Lax, and Secure whenever the site is on https', async () => {
      const cookieOf = async (app: TestApi['app'], url: string, headers: Record<string, string> = {}) =>
        (await app.request(url, { headers })).headers.get('set-cookie') ?? '';
      const plain = await cookieOf(api.app, '/api/csrf/');
      expect(plain).toMatch(/^csrftoken=[^;]+; /);
      expect(plain).toMatch(/SameSite=Lax/);
      expect(plain).not.toMatch(/HttpOnly|Secure/);
      expect(await cookieOf(api.app, 'https://shop.example/api/csrf/')).toMatch(/; Secure/);
      expect(await cookieOf(api.app, '/api/csrf/', { 'X-Forwarded-Proto': 'https' })).toMatch(/; Secure/);
      const behindHttps = await createTestApi(target, {}, { PUBLIC_ORIGIN: 'https://elcomal.example' });
      try {
        expect(await cookieOf(behindHttps.app, '/api/csrf/')).toMatch(/; Secure/);
      } finally {
        await behindHttps.close();
      }
    });

    it('comal_refresh is HttpOnly, SameSite=Lax, only sent to /api/, and Secure on https', async () => {
      await signUpAndIn(api, 'dora@example.com', from());
      const login = (headers: Record<string, string>) =>
        call('POST', '/api/auth/login/', { email: 'dora@example.com', password: TEST_PASSWORD }, headers);
      const cookies = (response: Response) => response.headers.getSetCookie();
      const plain = cookies(await login({}));
      const refresh = plain.find((c) => c.startsWith('comal_refresh='))!;
      expect(refresh).toMatch(/HttpOnly/);
      expect(refresh).toMatch(/SameSite=Lax/);
      expect(refresh).toMatch(/Path=\/api\//);
      expect(refresh).not.toMatch(/Secure/);
      const signedIn = plain.find((c) => c.startsWith('comal_signed_in='))!;
      expect(signedIn).not.toMatch(/HttpOnly/);
      const secure = cookies(await login({ 'X-Forwarded-Proto': 'https' }));
      expect(secure.find((c) => c.startsWith('comal_refresh='))).toMatch(/; Secure/);
    });

    it('comal_staff_refresh is HttpOnly, SameSite=Strict, only sent to /api/staff/, and Secure on https', async () => {
      const invite = await inviteStaff(api.deps.db, {
        email: 'flags@comal.example',
        role: 'staff',
        origin: TEST_ORIGIN,
        now: NOW,
      });
      const token = new URL(invite.url).searchParams.get('set-password')!;
      expect((await call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
      const login = (headers: Record<string, string>) =>
        call('POST', '/api/staff/login/', { email: 'flags@comal.example', password: STAFF_PASSWORD }, headers);
      const cookie = async (headers: Record<string, string>) =>
        (await login(headers)).headers.getSetCookie().find((c) => c.startsWith('comal_staff_refresh='))!;
      const plain = await cookie({});
      expect(plain).toMatch(/HttpOnly/);
      expect(plain).toMatch(/SameSite=Strict/);
      expect(plain).toMatch(/Path=\/api\/staff\//);
      expect(plain).not.toMatch(/Secure/);
      expect(await cookie({ 'X-Forwarded-Proto': 'https' })).toMatch(/; Secure/);
    });
  });
});
