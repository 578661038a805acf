// Accounts through the real API on a fresh database (PGlite, and PostgreSQL in CI): the whole
// journey of a built-in account (register, the mail, confirm, sign in, refresh rotation, reuse
// of a spent refresh token refused, sign-out, password reset); every account call without a
// token (401), with another customer's cognito_sub (403), with an expired or tampered token
// (401); saved carts, orders and reorder of a removed item, saved demo cards and paying with one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS } from '../../server/auth/access-tokens.ts';
import {
  CONFIRM_PASSWORD_WRONG,
  LINK_INVALID,
  NOT_CONFIRMED,
  PASSWORD_CHANGED,
  REGISTERED,
  RESET_SENT,
  SIGN_IN_FAILED,
} from '../../server/auth/built-in-auth.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../server/auth/refresh-rotation.ts';
import { tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../server/auth/passwords.ts';
import { NOT_YOUR_ACCOUNT, SESSION_ENDED, SIGN_IN_REQUIRED } from '../../server/http/customer.ts';
import { noLongerOnMenu, ORDER_NOT_YOURS, SAVED_CART_NOT_FOUND } from '../../server/services/account.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { mailsTo, refreshCookie, signUpAndIn, TEST_PASSWORD as PASSWORD } from '../support/accounts.ts';

describe.each(databaseTargets)('accounts on $name', (target) => {
  let api: TestApi;
  let now = new Date('2026-11-20T19:00:00Z');
  let address = 0;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [
      {
        id: 'acct-taco',
        name: 'Taco de Prueba',
        priceCents: 450,
        groups: [
          {
            id: 'acct-salsa',
            name: 'Salsa',
            min: 0,
            max: 2,
            modifiers: [{ id: 'acct-verde', name: 'Verde', priceCents: 50 }],
          },
        ],
      },
      { id: 'acct-elote', name: 'Elote de Prueba', priceCents: 600 },
    ]);
  });
  afterAll(() => api?.close());

  /** A caller of its own, so rate limits by address do not mix tests. */
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.call(method, path, body, { 'X-Forwarded-For': `198.51.100.${address}`, ...headers });

  const mails = (to: string) => mailsTo(api, to);

  /** Registers, confirms through the mail and signs in, from an address of its own. */
  async function signedIn(email: string) {
    address++;
    return signUpAndIn(api, email, { 'X-Forwarded-For': `198.51.100.${address}` });
  }

  describe('the journey of a built-in account', () => {
    it('registers with a confirmation mail, confirms once, signs in, rotates its refresh token, refuses a spent one and signs out', async () => {
      address++;
      const email = 'journey@example.com';
      const registered = await call('POST', '/api/auth/register/', {
        email,
        password: PASSWORD,
        name: 'Ana Ruiz',
        phone: '(213) 555-0101',
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toEqual({ message: REGISTERED });
      const [mail] = await mails(email);
      expect(mail!.subject).toBe('Confirm your Taquería El Comal account');
      expect(mail!.body).toContain(`http://localhost/confirmation-instruction/?token=${mail!.token}`);
      expect(mail!.body).toContain(
        'Confirm your email to finish your account: open this link and enter the password you chose when you signed up.\n',
      );

      const early = await call('POST', '/api/auth/login/', { email, password: PASSWORD });
      expect(early.status).toBe(403);
      expect(await early.json()).toEqual({ error: true, message: NOT_CONFIRMED });

      // The link alone confirms nothing: it takes the password chosen at sign-up, and a wrong one
      // leaves the link good.
      const wrong = await call('POST', '/api/auth/confirm/', { token: mail!.token, password: 'not the one chosen' });
      expect([wrong.status, await wrong.json()]).toEqual([401, { error: true, message: CONFIRM_PASSWORD_WRONG }]);
      const confirmed = await call('POST', '/api/auth/confirm/', { token: mail!.token, password: PASSWORD });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ email, name: 'Ana Ruiz', expires_in: ACCESS_TOKEN_SECONDS });
      expect(confirmed.headers.get('set-cookie')).toMatch(/comal_refresh=[^;]+; .*HttpOnly/);
      const again = await call('POST', '/api/auth/confirm/', { token: mail!.token, password: PASSWORD });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ error: true, message: LINK_INVALID });

      const login = await call('POST', '/api/auth/login/', { email: 'JOURNEY@example.com', password: PASSWORD });
      expect(login.status).toBe(200);
      const session = (await login.json()) as Record<string, unknown>;
      expect(session).toEqual({
        access_token: expect.any(String) as unknown,
        expires_in: ACCESS_TOKEN_SECONDS,
        cognito_sub: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        email,
        phone: '+12135550101',
        name: 'Ana Ruiz',
      });
      const setCookie = login.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\/api\//);
      const first = refreshCookie(login);

      const refreshed = await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${first}` });
      expect(refreshed.status).toBe(200);
      const second = refreshCookie(refreshed);
      expect(second).not.toBe(first);
      expect(((await refreshed.json()) as { cognito_sub: string }).cognito_sub).toBe(session.cognito_sub);

      // The first token again, past the grace for a page left mid-refresh: it leaked. Refused, and
      // the whole sign-in ends, the new token too.
      now = new Date(now.getTime() + REFRESH_REUSE_GRACE_MS + 1_000);
      const reused = await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${first}` });
      expect(reused.status).toBe(401);
      expect(await reused.json()).toEqual({ error: true, message: SESSION_ENDED });
      expect(
        (await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${second}` })).status,
      ).toBe(401);

      const again2 = await call('POST', '/api/auth/login/', { email, password: PASSWORD });
      const third = refreshCookie(again2);
      const out = await call('POST', '/api/cognito/signout/', undefined, { Cookie: `comal_refresh=${third}` });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/comal_refresh=;/);
      expect(
        (await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${third}` })).status,
      ).toBe(401);
    });

    it('a spent refresh token asked again within 30 s (a page left before the answer came) starts a new session; later, it has leaked', async () => {
      address++;
      const email = `grace${address}@example.com`;
      const { cookie: first } = await signUpAndIn(api, email);
      const refresh = (cookie: string) =>
        call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${cookie}` });
      const answered = await refresh(first);
      expect(answered.status).toBe(200);
      const second = refreshCookie(answered); // the answer the browser never read

      now = new Date(now.getTime() + REFRESH_REUSE_GRACE_MS);
      const askedAgain = await refresh(first);
      expect(askedAgain.status).toBe(200);
      const third = refreshCookie(askedAgain);
      expect([first, second]).not.toContain(third);
      expect(((await askedAgain.json()) as { email: string }).email).toBe(email);
      // The sign-in goes on: the token handed out first still works, and so does the new one.
      const fromSecond = await refresh(second);
      expect(fromSecond.status).toBe(200);
      const fourth = refreshCookie(fromSecond);
      expect((await refresh(third)).status).toBe(200);

      // Past the grace (counted from the first use), the first token again has leaked: the family ends.
      now = new Date(now.getTime() + 1_000);
      const leaked = await refresh(first);
      expect(leaked.status).toBe(401);
      expect(await leaked.json()).toEqual({ error: true, message: SESSION_ENDED });
      expect((await refresh(fourth)).status).toBe(401);
    });

    it('refuses short and common passwords, and answers the same for an email that has an account', async () => {
      address++;
      const short = await call('POST', '/api/auth/register/', {
        email: 'p@example.com',
        password: 'short',
        name: 'P',
        phone: '2135550102',
      });
      expect(short.status).toBe(422);
      expect(await short.json()).toEqual({ error: true, message: PASSWORD_TOO_SHORT });
      const common = await call('POST', '/api/auth/register/', {
        email: 'p@example.com',
        password: 'qwertyuiop',
        name: 'P',
        phone: '2135550102',
      });
      expect(await common.json()).toEqual({ error: true, message: PASSWORD_TOO_COMMON });

      await signedIn('taken@example.com');
      const twice = await call('POST', '/api/auth/register/', {
        email: 'taken@example.com',
        password: 'another good password',
        name: 'X',
        phone: '2135550102',
      });
      expect(twice.status).toBe(201);
      expect(await twice.json()).toEqual({ message: REGISTERED });
      // The owner hears about it, with a way back in, and the password did not change.
      const taken = (await mails('taken@example.com')).at(-1)!;
      expect(taken.subject).toBe('Your Taquería El Comal account');
      // Its link sets a password, as a reset's does, and lasts as long.
      expect(taken.body).toContain('The link works for 1 hour.');
      expect((await call('POST', '/api/auth/login/', { email: 'taken@example.com', password: PASSWORD })).status).toBe(
        200,
      );
    });

    it('makes one account when the same email signs up twice at once', async () => {
      address++;
      const body = { email: 'twice@example.com', password: PASSWORD, name: 'T', phone: '2135550103' };
      const answers = await Promise.all([
        call('POST', '/api/auth/register/', body),
        call('POST', '/api/auth/register/', { ...body, email: 'TWICE@example.com' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      const [{ count }] = (await api.deps.db.query<{ count: string }>(
        `select count(*)::text as count from accounts where email = 'twice@example.com'`,
      )) as [{ count: string }];
      expect(count).toBe('1');
    });

    it('resets a password through the mailed link, which ends every session, and says the same for an unknown email', async () => {
      const { cookie } = await signedIn('reset@example.com');
      const unknown = await call('POST', '/api/auth/password-reset/', { email: 'nobody@example.com' });
      expect(await unknown.json()).toEqual({ message: RESET_SENT });
      expect(await mails('nobody@example.com')).toEqual([]);

      expect(await (await call('POST', '/api/auth/password-reset/', { email: 'reset@example.com' })).json()).toEqual({
        message: RESET_SENT,
      });
      const link = (await mails('reset@example.com')).at(-1)!;
      expect(link.body).toContain('http://localhost/reset-password/?token=');
      const weak = await call('POST', '/api/auth/password-reset/confirm/', {
        token: link.token,
        password: 'password123',
      });
      expect(await weak.json()).toEqual({ error: true, message: PASSWORD_TOO_COMMON });
      const changed = await call('POST', '/api/auth/password-reset/confirm/', {
        token: link.token,
        password: 'a brand new long secret',
      });
      expect(await changed.json()).toEqual({ message: PASSWORD_CHANGED });

      expect(
        (await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `comal_refresh=${cookie}` })).status,
      ).toBe(401);
      expect((await call('POST', '/api/auth/login/', { email: 'reset@example.com', password: PASSWORD })).status).toBe(
        401,
      );
      expect(
        (await call('POST', '/api/auth/login/', { email: 'reset@example.com', password: 'a brand new long secret' }))
          .status,
      ).toBe(200);
    });

    it('slows down the address that keeps failing, not the account: from the sixth failure it waits 1 s, then 2, while the owner signs in from elsewhere', async () => {
      await signedIn('limited@example.com');
      const stranger = { 'X-Forwarded-For': '192.0.2.66' };
      const owner = { 'X-Forwarded-For': '192.0.2.77' };
      for (let i = 0; i < 6; i++) {
        const wrong = await call(
          'POST',
          '/api/auth/login/',
          { email: 'limited@example.com', password: 'not the password' },
          stranger,
        );
        expect(wrong.status).toBe(401);
        expect(await wrong.json()).toEqual({ error: true, message: SIGN_IN_FAILED });
      }
      const refused = await call(
        'POST',
        '/api/auth/login/',
        { email: 'limited@example.com', password: PASSWORD },
        stranger,
      );
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect(await refused.json()).toEqual({ error: true, message: tooManySignIns(1) });
      expect(
        (await call('POST', '/api/auth/login/', { email: 'limited@example.com', password: PASSWORD }, owner)).status,
      ).toBe(200);

      now = new Date(now.getTime() + 1000);
      expect(
        (await call('POST', '/api/auth/login/', { email: 'limited@example.com', password: 'still not it' }, stranger))
          .status,
      ).toBe(401);
      const longer = await call(
        'POST',
        '/api/auth/login/',
        { email: 'limited@example.com', password: PASSWORD },
        stranger,
      );
      expect(longer.status).toBe(429);
      expect(longer.headers.get('Retry-After')).toBe('2');
      expect(await longer.json()).toEqual({ error: true, message: tooManySignIns(2) });
      // Once the wait is over the right password gets in, and that address starts afresh.
      now = new Date(now.getTime() + 2000);
      expect(
        (await call('POST', '/api/auth/login/', { email: 'limited@example.com', password: PASSWORD }, stranger)).status,
      ).toBe(200);
      for (let i = 0; i < 5; i++)
        expect(
          (await call('POST', '/api/auth/login/', { email: 'limited@example.com', password: 'wrong again' }, stranger))
            .status,
        ).toBe(401);
      expect(
        (await call('POST', '/api/auth/login/', { email: 'limited@example.com', password: PASSWORD }, stranger)).status,
      ).toBe(200);
    });
  });

  describe('who may call the account calls', () => {
    const calls = (sub: string): [string, string, unknown?][] => [
      ['GET', `/api/saved-carts/?cognito_sub=${sub}`],
      [
        'POST',
        '/api/saved-carts/',
        { name: 'Friday', items: [{ menu_item_id: 'acct-elote', quantity: 1, modifiers: [] }], cognito_sub: sub },
      ],
      ['DELETE', `/api/saved-carts/cart_x/?cognito_sub=${sub}`],
      ['GET', `/api/orders/?cognito_sub=${sub}`],
      ['POST', '/api/orders/ord_x/reorder/', { cognito_sub: sub }],
      ['GET', `/api/payment-methods/?cognito_sub=${sub}`],
      ['DELETE', `/api/payment-methods/pm_x/?cognito_sub=${sub}`],
      ['POST', '/api/setup-intent/', { cognito_sub: sub }],
      ['POST', '/api/save-payment-method/', { payment_method_id: 'pm_x', cognito_sub: sub }],
    ];

    it('answers 401 to every call without a token, and to an expired or tampered token', async () => {
      const ana = await signedIn('who-ana@example.com');
      const [head, payload, signature] = ana.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
      for (const [method, path, body] of calls(ana.sub)) {
        const none = await call(method, path, body);
        expect([path, none.status, await none.json()]).toEqual([path, 401, { error: true, message: SIGN_IN_REQUIRED }]);
        const tampered = await call(method, path, body, { Authorization: `Bearer ${forged}` });
        expect([path, tampered.status, await tampered.json()]).toEqual([
          path,
          401,
          { error: true, message: SESSION_ENDED },
        ]);
      }
      const saved = now;
      now = new Date(now.getTime() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
      try {
        for (const [method, path, body] of calls(ana.sub)) {
          const expired = await call(method, path, body, ana.bearer);
          expect([path, expired.status]).toEqual([path, 401]);
        }
      } finally {
        now = saved;
      }
    });

    it("answers 403 to every call naming another customer's cognito_sub", async () => {
      const ana = await signedIn('who-ana2@example.com');
      const ben = await signedIn('who-ben@example.com');
      for (const [method, path, body] of calls(ben.sub)) {
        const response = await call(method, path, body, ana.bearer);
        expect([path, response.status, await response.json()]).toEqual([
          path,
          403,
          { error: true, message: NOT_YOUR_ACCOUNT },
        ]);
      }
    });
  });

  describe('saved carts, orders, reorder and saved cards', () => {
    it("keeps a customer's carts to themselves, and deletes only their own", async () => {
      const ana = await signedIn('carts-ana@example.com');
      const ben = await signedIn('carts-ben@example.com');
      const items = [
        { menu_item_id: 'acct-taco', quantity: 2, modifiers: [{ id: 'acct-verde', name: 'Verde', price: '0.50' }] },
      ];
      const created = await call(
        'POST',
        '/api/saved-carts/',
        { name: 'Friday tacos', items, cognito_sub: ana.sub },
        ana.bearer,
      );
      expect(created.status).toBe(201);
      const cart = (await created.json()) as { id: string };
      expect(cart).toEqual({
        id: expect.stringMatching(/^cart_/) as unknown,
        name: 'Friday tacos',
        items,
        cognito_sub: ana.sub,
        created_at: expect.any(String) as unknown,
      });
      expect(
        await (await call('GET', `/api/saved-carts/?cognito_sub=${ben.sub}`, undefined, ben.bearer)).json(),
      ).toEqual([]);
      const stolen = await call('DELETE', `/api/saved-carts/${cart.id}/`, undefined, ben.bearer);
      expect(stolen.status).toBe(404);
      expect(await stolen.json()).toEqual({ error: true, message: SAVED_CART_NOT_FOUND });
      expect(
        await (await call('GET', `/api/saved-carts/?cognito_sub=${ana.sub}`, undefined, ana.bearer)).json(),
      ).toEqual([cart]);
      expect((await call('DELETE', `/api/saved-carts/${cart.id}/`, undefined, ana.bearer)).status).toBe(204);
      expect(await (await call('GET', '/api/saved-carts/', undefined, ana.bearer)).json()).toEqual([]);
    });

    it('lists the orders placed signed in (not guest ones), and reorders them without what left the menu', async () => {
      const ana = await signedIn('orders-ana@example.com');
      const order = {
        cart_items: [
          { menu_item_id: 'acct-taco', quantity: 2, modifiers: ['acct-verde'] },
          { menu_item_id: 'acct-elote', quantity: 1, modifiers: [] },
        ],
        name: 'Ana Ruiz',
        email: 'orders-ana@example.com',
        phone: '2135550101',
        delivery_type: 'pickup',
        cognito_sub: ana.sub,
      };
      const placed = (await (await call('POST', '/api/create-order/', order, ana.bearer)).json()) as {
        order_id: string;
        number: number;
        payment: { client_secret: string };
      };
      await call('POST', '/api/demo-payments/confirm/', {
        client_secret: placed.payment.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      });
      expect((await call('POST', `/api/finalize-order/${placed.order_id}/`)).status).toBe(200);
      // A guest order with the same email stays a guest order.
      const guest: Partial<typeof order> = { ...order };
      delete guest.cognito_sub;
      expect((await call('POST', '/api/create-order/', guest)).status).toBe(201);

      const list = (await (
        await call('GET', `/api/orders/?cognito_sub=${ana.sub}`, undefined, ana.bearer)
      ).json()) as unknown[];
      expect(list).toEqual([
        {
          id: placed.order_id,
          number: placed.number,
          status: 'paid',
          created_at: expect.any(String) as unknown,
          delivery_type: 'pickup',
          items: [
            {
              menu_item_id: 'acct-taco',
              name: 'Taco de Prueba',
              quantity: 2,
              modifiers: [{ id: 'acct-verde', name: 'Verde', price: '0.50' }],
            },
            { menu_item_id: 'acct-elote', name: 'Elote de Prueba', quantity: 1, modifiers: [] },
          ],
          totals: {
            subtotal: 16,
            promo_discount: 0,
            loyalty_discount: 0,
            tax: 1.56,
            delivery_charge: 0,
            tip: 0,
            total: 17.56,
          },
        },
      ]);

      await api.deps.db.query(`update menu_items set available = false where id = 'acct-elote'`);
      await api.deps.menu.invalidate();
      try {
        const again = await call(
          'POST',
          `/api/orders/${placed.order_id}/reorder/`,
          { cognito_sub: ana.sub },
          ana.bearer,
        );
        expect(await again.json()).toEqual({
          items: [
            { menu_item_id: 'acct-taco', quantity: 2, modifiers: [{ id: 'acct-verde', name: 'Verde', price: '0.50' }] },
          ],
          message: noLongerOnMenu(['Elote de Prueba']),
        });
      } finally {
        await api.deps.db.query(`update menu_items set available = true where id = 'acct-elote'`);
        await api.deps.menu.invalidate();
      }

      const ben = await signedIn('orders-ben@example.com');
      const notHis = await call(
        'POST',
        `/api/orders/${placed.order_id}/reorder/`,
        { cognito_sub: ben.sub },
        ben.bearer,
      );
      expect(notHis.status).toBe(404);
      expect(await notHis.json()).toEqual({ error: true, message: ORDER_NOT_YOURS });
      // Placing an order in someone else's name is refused.
      expect((await call('POST', '/api/create-order/', order, ben.bearer)).status).toBe(403);
      expect((await call('POST', '/api/create-order/', order)).status).toBe(401);
    });

    it('saves a demo card (brand and last 4 only), pays an order with it, and deletes it', async () => {
      const ana = await signedIn('cards-ana@example.com');
      const setup = (await (await call('POST', '/api/setup-intent/', { cognito_sub: ana.sub }, ana.bearer)).json()) as {
        provider: string;
        client_secret: string;
      };
      expect(setup).toEqual({ provider: 'demo', client_secret: expect.stringMatching(/^demo_seti_/) as unknown });
      const declined = await call('POST', '/api/demo-payments/setup/', {
        client_secret: setup.client_secret,
        card_number: '4000 0000 0000 0002',
        exp: '12/30',
        cvc: '123',
      });
      expect(declined.status).toBe(402);
      const confirmed = await call('POST', '/api/demo-payments/setup/', {
        client_secret: setup.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      });
      const { payment_method_id } = (await confirmed.json()) as { payment_method_id: string };
      const saved = await call(
        'POST',
        '/api/save-payment-method/',
        { payment_method_id, cognito_sub: ana.sub },
        ana.bearer,
      );
      const card = { id: payment_method_id, brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 };
      expect(await saved.json()).toEqual({ ...card, message: 'Visa ending in 4242 is saved.' });
      expect(
        await (await call('GET', `/api/payment-methods/?cognito_sub=${ana.sub}`, undefined, ana.bearer)).json(),
      ).toEqual([card]);

      const ben = await signedIn('cards-ben@example.com');
      expect(
        (await call('POST', '/api/save-payment-method/', { payment_method_id, cognito_sub: ben.sub }, ben.bearer))
          .status,
      ).toBe(404);

      const order = {
        cart_items: [{ menu_item_id: 'acct-elote', quantity: 1, modifiers: [] }],
        name: 'Ana',
        email: 'cards-ana@example.com',
        phone: '2135550101',
        delivery_type: 'pickup',
      };
      const mine = (await (await call('POST', '/api/create-order/', order, ana.bearer)).json()) as {
        order_id: string;
        payment: { client_secret: string };
      };
      const bens = (await (await call('POST', '/api/create-order/', order, ben.bearer)).json()) as {
        payment: { client_secret: string };
      };
      // Ana's saved card cannot pay Ben's order.
      expect(
        (
          await call('POST', '/api/demo-payments/confirm/', {
            client_secret: bens.payment.client_secret,
            payment_method_id,
          })
        ).status,
      ).toBe(422);
      const paid = await call('POST', '/api/demo-payments/confirm/', {
        client_secret: mine.payment.client_secret,
        payment_method_id,
      });
      expect(await paid.json()).toEqual({ status: 'succeeded' });
      expect(
        ((await (await call('POST', `/api/finalize-order/${mine.order_id}/`)).json()) as { status: string }).status,
      ).toBe('paid');

      expect(
        (
          await call(
            'DELETE',
            `/api/payment-methods/${payment_method_id}/?cognito_sub=${ana.sub}`,
            undefined,
            ana.bearer,
          )
        ).status,
      ).toBe(204);
      expect(
        await (await call('GET', `/api/payment-methods/?cognito_sub=${ana.sub}`, undefined, ana.bearer)).json(),
      ).toEqual([]);
    });
  });
});
