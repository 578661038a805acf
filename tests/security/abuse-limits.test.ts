// Every abuse path has a limit that holds across server replicas: two app instances share one
// database (PGlite, and PostgreSQL when DATABASE_URL is set), and the calls of one client
// alternate between them. Each row is an attack: one call more than the limit allows, answered
// 429 with Retry-After and a sentence that says what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { restaurant } from '../../shared/restaurant.ts';
import {
  MAILS_PER_ADDRESS,
  MAILS_PER_EMAIL,
  SIGN_UPS_PER_ADDRESS,
  TOO_MANY_MAILS,
  TOO_MANY_SIGN_UPS,
} from '../../server/auth/built-in-auth.ts';
import { RENEWALS_PER_SESSION, TOO_MANY_RENEWALS } from '../../server/auth/refresh-rotation.ts';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { OPEN_STREAMS_PER_CLIENT, TOO_MANY_STREAMS } from '../../server/http/event-stream.ts';
import { REFRESH_COOKIE } from '../../server/http/refresh-cookie.ts';
import { CARD_DECLINED } from '../../server/providers/payments/demo.ts';
import { LOYALTY_RATE_LIMIT } from '../../server/routes/loyalty.ts';
import { ORDERS_PER_ADDRESS } from '../../server/routes/orders.ts';
import {
  CARD_DECLINES_PER_ACCOUNT,
  CARD_DECLINES_PER_ADDRESS,
  CARD_DECLINES_PER_ORDER,
  TOO_MANY_DECLINES,
} from '../../server/services/card-attempts.ts';
import { CARD_SETUPS_PER_ACCOUNT, TOO_MANY_CARD_SETUPS } from '../../server/services/account.ts';
import { pruneOldRows } from '../../server/services/housekeeping.ts';
import { FINALIZE_CHECKS_PER_ORDER } from '../../server/services/orders.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { deliverStripeEvent, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { refreshCookie, signUpAndIn, TEST_PASSWORD } from '../support/accounts.ts';
import { createTestApi, TEST_ORIGIN, UNCAPPED_SLOTS, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { waitFor } from '../support/wait-for.ts';

const NOW = new Date('2026-11-20T19:00:00Z');
const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };
const DECLINED_CARD = { card_number: '4000 0000 0000 0002', exp: '12/30', cvc: '123' };
const ONE_COKE = {
  cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [] }],
  email: 'ana@example.com',
  phone: '2135550101',
  delivery_type: 'pickup',
};

describe.each(databaseTargets)('abuse limits across two server instances on $name', (target) => {
  let api: TestApi;
  let other: ReturnType<typeof createApp>;
  let otherToken: string;
  let clients = 0;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => NOW });
    // A second replica: its own app and (on PostgreSQL) its own connections, one database.
    const db = target.name === 'postgres' ? await api.fresh.reopen() : api.fresh.db;
    const deps = await createDependencies(
      db,
      readConfig({ DIST_DIR: 'dist', TRUST_PROXY: '1', PUBLIC_ORIGIN: TEST_ORIGIN }),
      // As the harness's first replica: 60 orders at one time test the limits, not a slot's capacity.
      { clock: () => NOW, slotCapacity: UNCAPPED_SLOTS },
    );
    other = createApp(deps);
    otherToken = ((await (await other.request('/api/csrf/')).json()) as { csrftoken: string }).csrftoken;
  });
  afterAll(() => api.close());

  /** A client of its own: its calls go to one replica, then the other, all from one address. */
  function newClient() {
    const address = `198.51.100.${++clients}`;
    let turn = 0;
    return async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Response> => {
      const here = turn++ % 2 === 0;
      const init = {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-CSRFToken': here ? api.csrfToken : otherToken,
          'X-Forwarded-For': address,
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
      return here ? api.app.request(path, init) : other.request(path, init);
    };
  }
  type Call = ReturnType<typeof newClient>;

  async function placeOrder(call: Call): Promise<{ order_id: string; payment: { client_secret: string } }> {
    const placed = await call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Ana Ruiz' });
    expect(placed.status, await placed.clone().text()).toBe(201);
    return (await placed.json()) as { order_id: string; payment: { client_secret: string } };
  }

  const refused = async (answer: Response, message: string) => {
    expect([answer.status, await answer.json()]).toEqual([429, { error: true, message }]);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
  };

  const attacks: [string, number, string, (call: Call, i: number) => Promise<Response>][] = [
    [
      'orders from one address',
      ORDERS_PER_ADDRESS.limit,
      ORDERS_PER_ADDRESS.message,
      (call) => call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Ana Ruiz' }),
    ],
    [
      'sign-ups from one address',
      SIGN_UPS_PER_ADDRESS.limit,
      TOO_MANY_SIGN_UPS,
      (call, i) =>
        call('POST', '/api/auth/register/', {
          email: `signup${clients}-${i}@example.com`,
          password: TEST_PASSWORD,
          name: 'Ana',
          phone: '2135550101',
        }),
    ],
    [
      'reset mails from one address, one email each',
      MAILS_PER_ADDRESS.limit,
      TOO_MANY_MAILS,
      (call, i) => call('POST', '/api/auth/password-reset/', { email: `reset${clients}-${i}@example.com` }),
    ],
    [
      'loyalty look-ups from one address',
      LOYALTY_RATE_LIMIT.limit,
      LOYALTY_RATE_LIMIT.message,
      (call, i) => call('GET', `/api/loyalty/points/?phone=213555${String(1000 + i)}`),
    ],
  ];

  it.each(attacks)(
    '%s: the one past the limit is refused on either replica',
    async (_label, limit, message, attempt) => {
      const call = newClient();
      for (let i = 0; i < limit; i++) {
        const answer = await attempt(call, i);
        expect(answer.status, `call ${i + 1}: ${await answer.clone().text()}`).toBeLessThan(429);
      }
      await refused(await attempt(call, limit), message);
      // Another address is not held back by this one.
      expect((await attempt(newClient(), limit + 1)).status).toBeLessThan(429);
    },
  );

  it('reset mails for one email, asked from many addresses, stop at the limit whether or not it has an account', async () => {
    for (const email of ['owner@example.com', 'nobody@example.com']) {
      if (email === 'owner@example.com')
        await newClient()('POST', '/api/auth/register/', {
          email,
          password: TEST_PASSWORD,
          name: 'Ana',
          phone: '2135550101',
        });
      const already = email === 'owner@example.com' ? 1 : 0; // the confirmation mail counts too
      for (let i = already; i < MAILS_PER_EMAIL.limit; i++)
        expect((await newClient()('POST', '/api/auth/password-reset/', { email })).status).toBe(200);
      await refused(await newClient()('POST', '/api/auth/password-reset/', { email }), TOO_MANY_MAILS);
    }
  });

  it('an address past its mail limit uses up nothing of an email it names: the owner still gets a reset link', async () => {
    const victim = `victim${clients}@example.com`;
    await newClient()('POST', '/api/auth/register/', {
      email: victim,
      password: TEST_PASSWORD,
      name: 'Ana',
      phone: '2135550101',
    });
    const attacker = newClient();
    for (let i = 0; i < MAILS_PER_ADDRESS.limit; i++)
      expect(
        (await attacker('POST', '/api/auth/password-reset/', { email: `junk${clients}-${i}@example.com` })).status,
      ).toBe(200);
    for (let i = 0; i < MAILS_PER_EMAIL.limit; i++)
      await refused(await attacker('POST', '/api/auth/password-reset/', { email: victim }), TOO_MANY_MAILS);
    expect((await newClient()('POST', '/api/auth/password-reset/', { email: victim })).status).toBe(200);
    const [sent] = await api.deps.db.query<{ subjects: string[] }>(
      'select array_agg(subject order by id) as subjects from outbox where recipient = $1',
      [victim],
    );
    // The confirmation of the sign-up, then the reset the owner asked for.
    expect(sent!.subjects).toEqual([
      `Confirm your ${restaurant.name} account`,
      `Choose a new password for ${restaurant.name}`,
    ]);
  });

  it('signing in to an unconfirmed account from an address past its mail limit sends nothing and counts nothing against the email', async () => {
    const owner = `unconfirmed-owner${clients}@example.com`;
    const register = await newClient()('POST', '/api/auth/register/', {
      email: owner,
      password: TEST_PASSWORD,
      name: 'Ana',
      phone: '2135550101',
    });
    expect(register.status).toBe(201);
    const busy = newClient();
    for (let i = 0; i < MAILS_PER_ADDRESS.limit; i++)
      expect(
        (await busy('POST', '/api/auth/password-reset/', { email: `busy${clients}-${i}@example.com` })).status,
      ).toBe(200);
    for (let i = 0; i < MAILS_PER_EMAIL.limit; i++)
      expect((await busy('POST', '/api/auth/login/', { email: owner, password: TEST_PASSWORD })).status).toBe(403);
    // From another address, the owner's sign-ins mail a fresh link each, up to the email's limit.
    const elsewhere = newClient();
    for (let i = 1; i < MAILS_PER_EMAIL.limit; i++)
      expect((await elsewhere('POST', '/api/auth/login/', { email: owner, password: TEST_PASSWORD })).status).toBe(403);
    const [sent] = await api.deps.db.query<{ mails: number }>(
      'select count(*)::int as mails from outbox where recipient = $1',
      [owner],
    );
    expect(sent!.mails).toBe(MAILS_PER_EMAIL.limit);
  });

  it('reset mails for one mailbox, its address spelled with +tags, capitals or Gmail dots, stop at its limit', async () => {
    const spellings = [
      'jo.ruiz@gmail.com',
      'jo.ruiz+1@gmail.com',
      'JoRuiz+2@Gmail.com',
      'j.o.r.u.i.z@googlemail.com',
      'joruiz+tacos@gmail.com',
    ];
    expect(spellings).toHaveLength(MAILS_PER_EMAIL.limit);
    for (const email of spellings)
      expect((await newClient()('POST', '/api/auth/password-reset/', { email })).status).toBe(200);
    await refused(
      await newClient()('POST', '/api/auth/password-reset/', { email: 'jo.ruiz+6@gmail.com' }),
      TOO_MANY_MAILS,
    );
    // Another mailbox on the same domain is its own.
    expect((await newClient()('POST', '/api/auth/password-reset/', { email: 'jo.ruiz2@gmail.com' })).status).toBe(200);
  });

  it('confirmation mails that signing in to unconfirmed accounts sends again count against the address too', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `unconfirmed${clients}-${i}@example.com`);
    for (const email of emails)
      expect(
        (
          await newClient()('POST', '/api/auth/register/', {
            email,
            password: TEST_PASSWORD,
            name: 'Ana',
            phone: '2135550101',
          })
        ).status,
      ).toBe(201);
    // One address signs in to each four times: each email's limit (5, its first mail among them)
    // would allow all 24 mails; the address's allows 20.
    const call = newClient();
    for (const email of emails)
      for (let i = 0; i < MAILS_PER_EMAIL.limit - 1; i++)
        expect((await call('POST', '/api/auth/login/', { email, password: TEST_PASSWORD })).status).toBe(403);
    const [sent] = await api.deps.db.query<{ mails: number }>(
      'select count(*)::int as mails from outbox where recipient = any($1)',
      [emails],
    );
    expect(sent!.mails).toBe(emails.length + MAILS_PER_ADDRESS.limit);
  });

  it('cards saved from one account: the one past the limit is refused, on either replica', async () => {
    const address = `198.51.100.${++clients}`;
    const { sub, bearer } = await signUpAndIn(api, `saver${clients}@example.com`, { 'X-Forwarded-For': address });
    const call = newClient();
    const setUp = () => call('POST', '/api/setup-intent/', { cognito_sub: sub }, bearer);
    for (let i = 0; i < CARD_SETUPS_PER_ACCOUNT.limit; i++) expect((await setUp()).status).toBe(200);
    await refused(await setUp(), TOO_MANY_CARD_SETUPS);
  });

  it('cards declined while saving, through either replica: past five an account gets no try and no new setup', async () => {
    const address = `198.51.100.${++clients}`;
    const { sub, bearer } = await signUpAndIn(api, `declined-saver${clients}@example.com`, {
      'X-Forwarded-For': address,
    });
    const call = newClient();
    const started = await call('POST', '/api/setup-intent/', { cognito_sub: sub }, bearer);
    const { client_secret } = (await started.json()) as { client_secret: string };
    const save = (card: typeof GOOD_CARD, from = newClient()) =>
      from('POST', '/api/demo-payments/setup/', { client_secret, ...card });
    for (let i = 0; i < CARD_DECLINES_PER_ACCOUNT.limit; i++) expect((await save(DECLINED_CARD)).status).toBe(402);
    // The next card, good or not, from any address, is not tried; nor is a new setup started.
    await refused(await save(GOOD_CARD), TOO_MANY_DECLINES);
    await refused(await newClient()('POST', '/api/setup-intent/', { cognito_sub: sub }, bearer), TOO_MANY_DECLINES);
  });

  it('renewals of one session, asked of either replica in turn: the one past the limit is refused', async () => {
    const call = newClient();
    const { cookie } = await signUpAndIn(api, `renewer${clients}@example.com`, { 'X-Forwarded-For': '192.0.2.77' });
    let token = cookie;
    for (let i = 0; i < RENEWALS_PER_SESSION.limit; i++) {
      const renewed = await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `${REFRESH_COOKIE}=${token}` });
      expect(renewed.status, `renewal ${i + 1}`).toBe(200);
      token = refreshCookie(renewed);
    }
    await refused(
      await call('POST', '/api/cognito/refresh/', undefined, { Cookie: `${REFRESH_COOKIE}=${token}` }),
      TOO_MANY_RENEWALS,
    );
  });

  it('payment checks of one unpaid order, from any address: the one past the limit is refused; a paid order is never held', async () => {
    const order = await placeOrder(newClient());
    const check = () => newClient()('POST', `/api/finalize-order/${order.order_id}/`);
    for (let i = 0; i < FINALIZE_CHECKS_PER_ORDER.limit; i++) expect((await check()).status).toBe(402);
    await refused(await check(), FINALIZE_CHECKS_PER_ORDER.message);

    // Another order of the same customer is checked as usual; once paid, its answer is never limited.
    const call = newClient();
    const paid = await placeOrder(call);
    expect(
      (await call('POST', '/api/demo-payments/confirm/', { client_secret: paid.payment.client_secret, ...GOOD_CARD }))
        .status,
    ).toBe(200);
    for (let i = 0; i <= FINALIZE_CHECKS_PER_ORDER.limit; i++)
      expect((await call('POST', `/api/finalize-order/${paid.order_id}/`)).status).toBe(200);
  });

  it('card testing on one order: after five declines even a good card is refused', async () => {
    const call = newClient();
    const order = await placeOrder(call);
    for (let i = 0; i < CARD_DECLINES_PER_ORDER.limit; i++) {
      const declined = await newClient()('POST', '/api/demo-payments/confirm/', {
        client_secret: order.payment.client_secret,
        ...DECLINED_CARD,
      });
      expect([declined.status, await declined.json()]).toEqual([402, { error: true, message: CARD_DECLINED }]);
    }
    await refused(
      await newClient()('POST', '/api/demo-payments/confirm/', {
        client_secret: order.payment.client_secret,
        ...GOOD_CARD,
      }),
      TOO_MANY_DECLINES,
    );
  });

  it('card testing in a burst: of twenty declined cards sent at once, to either replica, five are tried', async () => {
    const order = await placeOrder(newClient());
    const burst = (call: Call) =>
      call('POST', '/api/demo-payments/confirm/', { client_secret: order.payment.client_secret, ...DECLINED_CARD });
    // One order from twenty addresses (the order's limit), then twenty orders from one address.
    const clients = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const call = newClient();
        // Every other client's first call goes to the second replica.
        if (i % 2 === 1) await call('GET', '/api/csrf/');
        return call;
      }),
    );
    const answers = await Promise.all(clients.map(burst));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 402)).toHaveLength(CARD_DECLINES_PER_ORDER.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - CARD_DECLINES_PER_ORDER.limit);
    await refused(
      await newClient()('POST', '/api/demo-payments/confirm/', {
        client_secret: order.payment.client_secret,
        ...GOOD_CARD,
      }),
      TOO_MANY_DECLINES,
    );

    const tester = newClient();
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await placeOrder(tester));
    const fromOne = await Promise.all(
      orders.map((each) =>
        tester('POST', '/api/demo-payments/confirm/', { client_secret: each.payment.client_secret, ...DECLINED_CARD }),
      ),
    );
    const fromOneStatuses = fromOne.map((answer) => answer.status);
    expect(fromOneStatuses.filter((status) => status === 402)).toHaveLength(CARD_DECLINES_PER_ADDRESS.limit);
    expect(fromOneStatuses.filter((status) => status === 429)).toHaveLength(20 - CARD_DECLINES_PER_ADDRESS.limit);
  });

  it('card attempts that are not declined use none of the five: a good card after four declines pays', async () => {
    const order = await placeOrder(newClient());
    for (let i = 0; i < CARD_DECLINES_PER_ORDER.limit - 1; i++) {
      const declined = await newClient()('POST', '/api/demo-payments/confirm/', {
        client_secret: order.payment.client_secret,
        ...DECLINED_CARD,
      });
      expect(declined.status).toBe(402);
    }
    // A mistyped number and an expired card are not declines.
    const mistyped = await newClient()('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      ...GOOD_CARD,
      card_number: '4242 4242 4242 4241',
    });
    expect(mistyped.status).toBe(422);
    const paid = await newClient()('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      ...GOOD_CARD,
    });
    expect([paid.status, await paid.json()]).toEqual([200, { status: 'succeeded' }]);
  });

  it('card testing from one address across orders: after five declines it can neither pay nor place an order', async () => {
    const call = newClient();
    const orders = [];
    for (let i = 0; i <= CARD_DECLINES_PER_ADDRESS.limit; i++) orders.push(await placeOrder(call));
    const spare = orders.pop()!;
    for (const order of orders) {
      expect(
        (
          await call('POST', '/api/demo-payments/confirm/', {
            client_secret: order.payment.client_secret,
            ...DECLINED_CARD,
          })
        ).status,
      ).toBe(402);
    }
    await refused(
      await call('POST', '/api/demo-payments/confirm/', { client_secret: spare.payment.client_secret, ...GOOD_CARD }),
      TOO_MANY_DECLINES,
    );
    await refused(await call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Ana Ruiz' }), TOO_MANY_DECLINES);
    // The same order paid from another address goes through: the limit is on the tester, not the order.
    expect(
      (
        await newClient()('POST', '/api/demo-payments/confirm/', {
          client_secret: spare.payment.client_secret,
          ...GOOD_CARD,
        })
      ).status,
    ).toBe(200);
  });

  it('open event streams per client: the one past the limit is refused, and a closed one frees its place', async () => {
    const call = newClient();
    const order = await placeOrder(call);
    await call('POST', '/api/demo-payments/confirm/', { client_secret: order.payment.client_secret, ...GOOD_CARD });
    expect((await call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    const streams: Response[] = [];
    for (let i = 0; i < OPEN_STREAMS_PER_CLIENT; i++) {
      const stream = await call('GET', `/api/orders/${order.order_id}/status/`);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    await refused(await call('GET', `/api/orders/${order.order_id}/status/`), TOO_MANY_STREAMS);
    // Closing one gives its place back once the server sees it gone.
    const reader = streams.pop()!.body!.getReader();
    await reader.read();
    await reader.cancel();
    const reopened = await waitFor(
      async () => {
        const stream = await call('GET', `/api/orders/${order.order_id}/status/`);
        expect(stream.status, 'a stream opened again').toBe(200);
        return stream;
      },
      { intervalMs: 100, what: "the closed stream's place to be given back" },
    );
    streams.push(reopened);
    expect(reopened?.status).toBe(200);
    for (const stream of streams) await stream.body?.cancel();
  });

  it('old rate-limit windows, vitals and ended sessions are pruned, the current ones kept', async () => {
    const old = new Date(NOW.getTime() - 3 * 24 * 3_600_000);
    await api.deps.db.query(
      `insert into rate_limit_hits (bucket, window_start, hits) values ('old:x', $1, 3), ('new:x', $2, 3)`,
      [old, NOW],
    );
    await api.deps.db.query(
      `insert into web_vitals (name, value, rating, path, created_at) values ('LCP', 1000, 'good', '/', $1), ('LCP', 900, 'good', '/', $2)`,
      [new Date(NOW.getTime() - 40 * 24 * 3_600_000), NOW],
    );
    await api.deps.db.query(
      `insert into customers (cognito_sub, email, name) values ('sub-pruned', 'pruned@example.com', 'Pruned')`,
    );
    await api.deps.db.query(
      `insert into customer_sessions (id, cognito_sub, revoked_at) values ('ended-long-ago', 'sub-pruned', $1), ('ended-now', 'sub-pruned', $2), ('live', 'sub-pruned', null)`,
      [old, NOW],
    );
    await pruneOldRows(api.deps.db, NOW);
    const sessions = (
      await api.deps.db.query<{ id: string }>(
        `select id from customer_sessions where cognito_sub = 'sub-pruned' order by id`,
      )
    ).map((r) => r.id);
    expect(sessions).toEqual(['ended-now', 'live']);
    const buckets = (
      await api.deps.db.query<{ bucket: string }>(
        `select bucket from rate_limit_hits where bucket in ('old:x', 'new:x')`,
      )
    ).map((r) => r.bucket);
    expect(buckets).toEqual(['new:x']);
    const vitals = await api.deps.db.query<{ value: number }>(
      `select value from web_vitals where value in (900, 1000)`,
    );
    expect(vitals.map((v) => v.value)).toEqual([900]);
  });
});

describe('card testing through Stripe, where cards go from the browser to Stripe', () => {
  const SECRET_KEY = 'sk_test_card_testing';
  const WEBHOOK_SECRET = 'whsec_card_testing';
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
    api = await createTestApi(
      databaseTargets[0]!,
      { payments, clock: () => NOW },
      { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    );
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  it('after five declines reported by Stripe the payment is cancelled at Stripe, with every checkout the address opened, and it gets no new order', async () => {
    const tester = { 'X-Forwarded-For': '203.0.113.66' };
    // Checkouts opened beforehand, each a payment a card could be tried on.
    const opened: string[] = [];
    for (let i = 0; i < 3; i++) {
      const early = await api.call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Card Tester' }, tester);
      expect(early.status).toBe(201);
      opened.push(((await early.json()) as { order_id: string }).order_id);
    }
    const placed = await api.call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Card Tester' }, tester);
    expect(placed.status).toBe(201);
    const { order_id } = (await placed.json()) as { order_id: string };
    const intent = standIn.intents().find((i) => i.metadata.order_id === order_id)!;
    for (let i = 0; i < CARD_DECLINES_PER_ORDER.limit; i++) {
      expect(standIn.intent(intent.id)!.status).toBe('requires_payment_method');
      standIn.decline(intent.id);
      const delivered = await deliverStripeEvent(
        api.app,
        standIn.event('payment_intent.payment_failed', intent.id),
        WEBHOOK_SECRET,
      );
      expect(delivered.status).toBe(200);
    }
    // Stripe itself now refuses any further card on it.
    expect(standIn.intent(intent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'fraudulent' });
    const [payment] = await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [
      order_id,
    ]);
    expect(payment!.status).toBe('canceled');
    for (const early of opened) {
      const intentOf = standIn.intents().find((i) => i.metadata.order_id === early)!;
      expect(standIn.intent(intentOf.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'fraudulent' });
    }
    const next = await api.call('POST', '/api/create-order/', { ...ONE_COKE, name: 'Card Tester' }, tester);
    expect([next.status, await next.json()]).toEqual([429, { error: true, message: TOO_MANY_DECLINES }]);
    expect(
      (
        await api.call(
          'POST',
          '/api/create-order/',
          { ...ONE_COKE, name: 'Someone Else' },
          { 'X-Forwarded-For': '203.0.113.67' },
        )
      ).status,
    ).toBe(201);
  });
});
