// Reliability, part 2: the server process and the database failing under a running product.
// - The real server (its own process, PGlite in a kept DATA_DIR) killed with SIGKILL between the
//   customer's payment and finalize, for the demo provider and for Stripe (stand-in, signed
//   webhook): after a restart the order is paid once and its points credited once.
// - A SIGTERM and a restart on the same DATA_DIR: every order reads byte for byte as before.
// - PostgreSQL stopped and started under a running server process (a throw-away PostgreSQL of
//   this test's own): requests in flight, a transaction among them, and requests while it is down
//   get a 503 with a sentence; the process lives on and serves again once PostgreSQL is back.
// - Two server processes on one PostgreSQL database: one order per Idempotency-Key, one sign-in
//   limit per account, one menu (sold out through A is refused on B at once), one event stream.
// The PostgreSQL parts run only when DATABASE_URL is set (CI), as the other database suites do.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardAnswer } from '../../shared/api/staff.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { DEMO_STAFF_EMAIL, inviteStaff } from '../../server/auth/staff-auth.ts';
import { SIGN_IN_FAILED } from '../../server/auth/built-in-auth.ts';
import { tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import { DATABASE_UNREACHABLE, openDatabase, type Database } from '../../server/db/database.ts';
import { PAYMENT_NOT_RECEIVED, soldOut } from '../../server/services/orders.ts';
import type { CreateOrderResponse as OrderAnswer, FinalizedOrder as OrderSummary } from '../../shared/api/schemas.ts';
import { migratedDataDir } from '../support/databases.ts';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.ts';
import {
  demoStaffPassword,
  processClient,
  removeDataDir,
  startServerProcess,
  type ProcessClient,
  type ServerProcess,
} from '../support/server-process.ts';
import { readSse } from '../support/sse.ts';
import { startStripeStandIn, type StripeEventJson, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { waitFor } from '../support/wait-for.ts';

const POSTGRES_URL = process.env.DATABASE_URL;
const SECRET_KEY = 'sk_test_process_faults';
const WEBHOOK_SECRET = 'whsec_process_faults';
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
  delivery_country: 'US',
};
const STAFF_PASSWORD = 'comal kitchen board 2026';
const CUSTOMER_PASSWORD = 'green salsa on blue corn';

interface MenuItem {
  id: string;
  name: string;
  available: boolean;
  modifier_groups: { min_required: number }[];
}
type Menus = { categories: { name: string; menu_items: MenuItem[]; subcategories: { menu_items: MenuItem[] }[] }[] }[];

let callerNumber = 0;
/** A caller of its own (TRUST_PROXY=1), so the per-address limits of one test do not reach another. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `198.51.100.${++callerNumber % 250}` });

/** Two items of the demo menu a cart may hold as they are: no choice required, not catering. */
async function plainItems(client: ProcessClient): Promise<MenuItem[]> {
  const menus = (await (await client.call('GET', '/api/menus/')).json()) as Menus;
  const items = menus[0]!.categories
    .filter((category) => category.name !== restaurant.ordering.cateringCategory)
    .flatMap((category) => [...category.menu_items, ...category.subcategories.flatMap((sub) => sub.menu_items)])
    .filter((item) => item.available && item.modifier_groups.every((group) => group.min_required === 0));
  expect(items.length).toBeGreaterThanOrEqual(2);
  return items.slice(0, 2);
}

async function createOrder(
  client: ProcessClient,
  items: MenuItem[],
  options: { phone: string; type?: 'pickup' | 'delivery'; headers?: Record<string, string> },
): Promise<OrderAnswer> {
  let delivery = {};
  if (options.type === 'delivery') {
    const quote = await client.call('POST', '/api/estimate-delivery/', address, fromNewAddress());
    expect(quote.status, await quote.clone().text()).toBe(200);
    delivery = { ...address, delivery_quote_id: ((await quote.json()) as { quote_id: string }).quote_id, tip: 3 };
  }
  const created = await client.call(
    'POST',
    '/api/create-order/',
    {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: options.phone,
      delivery_type: options.type ?? 'pickup',
      promo_code: '',
      cart_items: [
        { menu_item_id: items[0]!.id, quantity: 2, modifiers: [] },
        { menu_item_id: items[1]!.id, quantity: 1, modifiers: [] },
      ],
      ...delivery,
    },
    { ...fromNewAddress(), ...options.headers },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  return (await created.json()) as OrderAnswer;
}

async function payDemo(client: ProcessClient, order: OrderAnswer): Promise<void> {
  const paid = await client.call('POST', '/api/demo-payments/confirm/', {
    client_secret: order.payment.client_secret,
    ...CARD,
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  expect(await paid.json()).toEqual({ status: 'succeeded' });
}

const finalize = (client: ProcessClient, orderId: string) => client.call('POST', `/api/finalize-order/${orderId}/`);

async function points(client: ProcessClient, phone: string): Promise<number> {
  const response = await client.call(
    'GET',
    `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`,
    undefined,
    fromNewAddress(),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { points: number }).points;
}

/** What a paid order left behind, read from the database after the last process ended. */
async function sideEffects(db: Database, order: Pick<OrderAnswer, 'order_id' | 'number'>) {
  const count = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ n: string | number }>(sql, params))[0]!.n);
  return {
    paidHistory: await count(`select count(*) as n from order_status_history where order_id = $1 and status = 'paid'`, [
      order.order_id,
    ]),
    paidEvents: await count(`select count(*) as n from order_events where order_id = $1 and kind = 'paid'`, [
      order.order_id,
    ]),
    ledger: await count('select count(*) as n from loyalty_ledger where order_id = $1', [order.order_id]),
    payment: (
      await db.query<{ status: string }>('select status from payments where order_id = $1', [order.order_id])
    ).map((row) => row.status),
    paidMails: await count('select count(*) as n from outbox where subject like $1', [
      `Order #${order.number} is in:%`,
    ]),
  };
}

const ONCE = { paidHistory: 1, paidEvents: 1, ledger: 1, payment: ['succeeded'], paidMails: 1 };

/** Opens the PGlite files a stopped server left, runs `read`, closes them. */
async function afterTheProcess<T>(dataDir: string, read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('the server process killed or stopped, PGlite in a kept DATA_DIR', () => {
  const dataDirs: string[] = [];
  const running: ServerProcess[] = [];
  let standIn: StripeStandIn | undefined;

  async function start(dataDir: string, env: Record<string, string> = {}) {
    const server = await startServerProcess({ dataDir, env: { TRUST_PROXY: '1', ...env } });
    running.push(server);
    return server;
  }
  async function dataDir() {
    const dir = await migratedDataDir();
    dataDirs.push(dir);
    return dir;
  }

  afterAll(async () => {
    for (const server of running) await server.kill('SIGKILL');
    await standIn?.close();
    for (const dir of dataDirs) await removeDataDir(dir);
  });

  it('killed with SIGKILL after the demo payment and before finalize: after a restart finalize pays it once, with its points once', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    const client = await processClient(first);
    const items = await plainItems(client);
    const phone = '(213) 555-0141';
    const order = await createOrder(client, items, { phone });
    await payDemo(client, order);

    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await start(dir);
    const again = await processClient(second, client.csrfToken);
    const paid = await finalize(again, order.order_id);
    expect(paid.status, second.output()).toBe(200);
    const summary = (await paid.json()) as OrderSummary;
    expect(summary).toMatchObject({
      order_id: order.order_id,
      number: order.number,
      status: 'paid',
      totals: order.totals,
    });
    expect(summary.points_earned).toBeGreaterThan(0);
    const repeated = await finalize(again, order.order_id);
    expect(repeated.status).toBe(200);
    expect(await repeated.json()).toEqual(summary);
    expect(await points(again, phone)).toBe(summary.points_earned);

    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await afterTheProcess(dir, (db) => sideEffects(db, order))).toEqual(ONCE);
  });

  it('killed with SIGKILL after the Stripe payment: the webhook and finalize after the restart pay it once, and a replayed webhook changes nothing', async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const env = {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_API_BASE: `http://${standIn.host}:${standIn.port}`,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_process_faults',
    };
    const dir = await dataDir();
    const first = await start(dir, env);
    const client = await processClient(first);
    const items = await plainItems(client);
    const phone = '(213) 555-0142';
    const order = await createOrder(client, items, { phone });
    expect(order.payment.provider).toBe('stripe');
    const intent = standIn.intents().find((i) => i.metadata.order_id === order.order_id)!;
    expect(intent.client_secret).toBe(order.payment.client_secret);
    standIn.succeed(intent.id); // the customer's card went through in Stripe's iframe

    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await start(dir, env);
    const again = await processClient(second, client.csrfToken);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const deliver = (e: StripeEventJson) => {
      const payload = JSON.stringify(e, null, 2);
      return fetch(`${second.url}/api/webhooks/stripe/`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
    };
    // Stripe's delivery and the customer's page coming back, at the same moment.
    const [webhook, paid] = await Promise.all([deliver(event), finalize(again, order.order_id)]);
    expect(webhook.status, second.output()).toBe(200);
    expect(await webhook.json()).toEqual({ received: true });
    expect(paid.status, second.output()).toBe(200);
    const summary = (await paid.json()) as OrderSummary;
    expect(summary).toMatchObject({ order_id: order.order_id, status: 'paid', totals: order.totals });
    expect(summary.points_earned).toBeGreaterThan(0);

    const replayed = await deliver(event);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ received: true, duplicate: true });
    expect(await (await finalize(again, order.order_id)).json()).toEqual(summary);
    expect(await points(again, phone)).toBe(summary.points_earned);

    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await afterTheProcess(dir, (db) => sideEffects(db, order))).toEqual(ONCE);
  });

  it('stopped with SIGTERM and started again on the same DATA_DIR: every order, paid or not, pickup or delivery, reads byte for byte as before', async () => {
    const dir = await dataDir();
    const first = await start(dir, { DEV_OUTBOX: '1' });
    // The demo staff member of the embedded defaults, its password printed once at first start.
    const password = demoStaffPassword(first);
    const client = await processClient(first);
    const items = await plainItems(client);

    const orders: OrderAnswer[] = [];
    for (const [index, type] of (['pickup', 'delivery', 'pickup', 'delivery', 'pickup'] as const).entries()) {
      const order = await createOrder(client, items, { phone: `(213) 555-015${index}`, type });
      if (index < 3) {
        // Three paid, two left waiting for their payment.
        await payDemo(client, order);
        expect((await finalize(client, order.order_id)).status).toBe(200);
      }
      orders.push(order);
    }
    const staffLogin = async (c: ProcessClient) => {
      const login = await c.call('POST', '/api/staff/login/', { email: DEMO_STAFF_EMAIL, password }, fromNewAddress());
      expect(login.status).toBe(200);
      return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    };
    const staffBefore = await staffLogin(client);
    // The kitchen took the first order, so a status other than 'paid' is on the board too.
    const accepted = await client.call(
      'POST',
      `/api/staff/orders/${orders[0]!.order_id}/move/`,
      { to: 'accepted' },
      staffBefore,
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    /** Every answer about the orders, as text: finalize of each, the board, each board card, the points. */
    const snapshot = async (c: ProcessClient, staffHeaders: Record<string, string>) => {
      const answers: string[] = [];
      for (const order of orders) {
        const response = await finalize(c, order.order_id);
        answers.push(`finalize ${order.order_id} ${response.status} ${await response.text()}`);
        const card = await c.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staffHeaders);
        answers.push(`card ${order.order_id} ${card.status} ${await card.text()}`);
      }
      const board = await c.call('GET', '/api/staff/orders/', undefined, staffHeaders);
      answers.push(`board ${board.status} ${await board.text()}`);
      for (const index of orders.keys()) answers.push(`points ${index} ${await points(c, `(213) 555-015${index}`)}`);
      return answers;
    };
    const before = await snapshot(client, staffBefore);
    // The paid ones are on the board, the unpaid ones are not and finalize says why.
    const board = JSON.parse(
      before.find((line) => line.startsWith('board '))!.slice('board 200 '.length),
    ) as BoardAnswer;
    expect(board.orders.map((o) => o.order_id).sort()).toEqual(
      orders
        .slice(0, 3)
        .map((o) => o.order_id)
        .sort(),
    );
    expect(before[6]).toBe(
      `finalize ${orders[3]!.order_id} 402 ${JSON.stringify({ error: true, message: PAYMENT_NOT_RECEIVED })}`,
    );
    expect(before.filter((line) => line.startsWith('finalize ') && line.includes(' 200 ')).length).toBe(3);

    expect(await first.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const second = await start(dir, { DEV_OUTBOX: '1' });
    expect(second.output()).not.toContain('with password'); // the staff member came back, not made again
    const again = await processClient(second, client.csrfToken);
    expect(await snapshot(again, await staffLogin(again))).toEqual(before);

    // An order left unpaid before the restart can still be paid after it.
    await payDemo(again, orders[4]!);
    expect(await (await finalize(again, orders[4]!.order_id)).json()).toMatchObject({
      status: 'paid',
      totals: orders[4]!.totals,
    });
    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

describe('PostgreSQL restarted under a running server', () => {
  let cluster: PostgresCluster | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (!POSTGRES_URL) return;
    // A PostgreSQL server of this test's own, so restarting it disturbs no other suite.
    cluster = await startPostgresCluster();
    server = await startServerProcess({ env: { DATABASE_URL: cluster.url, TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(async () => {
    // PostgreSQL first: a test that failed half way may have left sessions waiting on a lock.
    await cluster?.destroy();
    await server?.kill('SIGKILL');
  });

  it.skipIf(!POSTGRES_URL)(
    'requests in flight and while it is down get a 503 with a sentence; once it is back the same process serves them again',
    async () => {
      const client = await processClient(server!);
      const items = await plainItems(client);
      const ready = await createOrder(client, items, { phone: '(213) 555-0161' });
      await payDemo(client, ready);
      const unreachable = { error: true, message: DATABASE_UNREACHABLE };
      const expectUnreachable = async (response: Response) => {
        expect(response.status, server!.output().slice(-2000)).toBe(503);
        expect(response.headers.get('Retry-After')).toBe('5');
        expect(await response.json()).toEqual(unreachable);
      };

      // A prepared transaction holds locks, so these requests are waiting inside PostgreSQL when it
      // stops: the slots' orders (GET /api/store-hours/ counts them), the per-address count
      // (create-order; the menu, live settings and store switches are answered from memory while
      // nothing changes them) and, inside finalize's transaction, the points it credits. Prepared, the locks outlive the session that took them:
      // a fast stop ends sessions one by one, and a lock freed by the first could otherwise let a
      // waiting query finish before its own session ends.
      const locker = new pg.Client({ connectionString: cluster!.url });
      locker.on('error', () => {});
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table orders, rate_limit_hits, loyalty_ledger in access exclusive mode');
      await locker.query(`prepare transaction 'comal-restart-lock'`);
      const inFlight = [
        client.call('GET', '/api/store-hours/'),
        client.call('POST', '/api/create-order/', {
          name: 'Ana Ruiz',
          email: 'ana@example.com',
          phone: '(213) 555-0162',
          delivery_type: 'pickup',
          promo_code: '',
          cart_items: [{ menu_item_id: items[0]!.id, quantity: 1, modifiers: [] }],
        }),
        finalize(client, ready.order_id),
      ];
      await waitFor(
        async () => {
          await locker.query('select pg_stat_clear_snapshot()'); // a fresh view each time
          const [row] = (
            await locker.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
            )
          ).rows;
          expect(row!.n, 'sessions waiting on a lock').toBeGreaterThanOrEqual(3);
          return true;
        },
        { timeoutMs: 10_000, intervalMs: 50, what: 'the requests to reach the locked tables' },
      );

      await cluster!.stop(); // fast: every session is ended, the waiting ones with 57P01
      for (const response of await Promise.all(inFlight)) await expectUnreachable(response);
      // While it is down, connections are refused.
      await expectUnreachable(await client.call('GET', '/api/menus/'));
      await expectUnreachable(await finalize(client, ready.order_id));
      await locker.end().catch(() => {});

      await cluster!.start();
      const unlocker = new pg.Client({ connectionString: cluster!.url });
      await unlocker.connect();
      await unlocker.query(`rollback prepared 'comal-restart-lock'`);
      await unlocker.end();
      // The same process, not restarted: its pool opens new connections.
      expect(server!.running()).toBe(true);
      expect((await client.call('GET', '/api/menus/')).status).toBe(200);
      // The finalize cut off half way left nothing behind: it pays now, once.
      const paid = await finalize(client, ready.order_id);
      expect(paid.status, server!.output().slice(-2000)).toBe(200);
      expect(await paid.json()).toMatchObject({ order_id: ready.order_id, status: 'paid' });
      await createOrder(client, items, { phone: '(213) 555-0163' });
      const db = await openDatabase({ databaseUrl: cluster!.url });
      try {
        expect(await sideEffects(db, ready)).toEqual(ONCE);
      } finally {
        await db.close();
      }
      expect(server!.running()).toBe(true);
    },
  );
});

describe('two server processes on one PostgreSQL database', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let clientA: ProcessClient;
  let clientB: ProcessClient;
  let db: Database | undefined;
  let databaseName = '';
  let items: MenuItem[] = [];
  let staff: Record<string, string> = {};

  beforeAll(async () => {
    if (!POSTGRES_URL) return;
    databaseName = `comal_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), TRUST_PROXY: '1' };
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    clientA = await processClient(a);
    clientB = await processClient(b, clientA.csrfToken);
    db = await openDatabase({ databaseUrl: url.toString() });
    items = await plainItems(clientA);

    const invite = await inviteStaff(db, { email: 'cook@comal.example', role: 'staff', origin: clientA.base });
    const set = await clientB.call('POST', '/api/staff/password/', {
      token: new URL(invite.url).searchParams.get('set-password'),
      password: STAFF_PASSWORD,
    });
    expect(set.status).toBe(200);
    const login = await clientA.call(
      'POST',
      '/api/staff/login/',
      { email: 'cook@comal.example', password: STAFF_PASSWORD },
      fromNewAddress(),
    );
    expect(login.status).toBe(200);
    staff = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  }, 120_000);
  afterAll(async () => {
    await a?.kill('SIGTERM');
    await b?.kill('SIGTERM');
    await db?.close();
    if (POSTGRES_URL && databaseName) {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  it.skipIf(!POSTGRES_URL)('one Idempotency-Key sent to A and B at the same moment makes one order', async () => {
    const headers = { 'Idempotency-Key': `both-processes-${randomUUID()}` };
    const phone = '(213) 555-0171';
    const [fromA, fromB] = await Promise.all([
      createOrder(clientA, items, { phone, headers }),
      createOrder(clientB, items, { phone, headers }),
    ]);
    expect(fromB).toEqual(fromA);
    const [row] = await db!.query<{ n: number }>(
      `select count(*)::int as n from orders where phone = (select phone from orders where id = $1)`,
      [fromA.order_id],
    );
    expect(row!.n).toBe(1);
    const [payments] = await db!.query<{ n: number }>('select count(*)::int as n from payments where order_id = $1', [
      fromA.order_id,
    ]);
    expect(payments!.n).toBe(1);
  });

  it.skipIf(!POSTGRES_URL)(
    'failed sign-ins from one address spread over A and B meet the back-off after the sixth, as on one process; the owner still gets in',
    async () => {
      const email = 'limited@example.com';
      const registered = await clientA.call(
        'POST',
        '/api/auth/register/',
        { email, password: CUSTOMER_PASSWORD, name: 'Ana Ruiz', phone: '213-555-0172' },
        fromNewAddress(),
      );
      expect(registered.status).toBe(201);
      const [mail] = await db!.query<{ body: string }>('select body from outbox where recipient = $1 order by id', [
        email,
      ]);
      const token = /token=([\w-]+)/.exec(mail!.body)![1];
      expect(
        (await clientB.call('POST', '/api/auth/confirm/', { token, password: CUSTOMER_PASSWORD }, fromNewAddress()))
          .status,
      ).toBe(200);

      const stranger = fromNewAddress();
      for (let i = 0; i < 6; i++) {
        const wrong = await (i % 2 === 0 ? clientA : clientB).call(
          'POST',
          '/api/auth/login/',
          { email, password: 'not the password' },
          stranger,
        );
        expect(wrong.status).toBe(401);
        expect(await wrong.json()).toEqual({ error: true, message: SIGN_IN_FAILED });
      }
      // Both processes stand still at FIXED_NOW, so the 1-second wait never runs out here.
      for (const client of [clientA, clientB]) {
        const refused = await client.call('POST', '/api/auth/login/', { email, password: CUSTOMER_PASSWORD }, stranger);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('Retry-After')).toBe('1');
        expect(await refused.json()).toEqual({ error: true, message: tooManySignIns(1) });
        expect(
          (await client.call('POST', '/api/auth/login/', { email, password: CUSTOMER_PASSWORD }, fromNewAddress()))
            .status,
        ).toBe(200);
      }
    },
  );

  it.skipIf(!POSTGRES_URL)(
    'an item sold out through A is refused by create-order on B at once and shown sold out in B’s menu',
    async () => {
      const item = items[1]!;
      // B has built its menu before the change.
      await plainItems(clientB);
      const marked = await clientA.call(
        'POST',
        `/api/staff/menu/items/${item.id}/sold-out/`,
        { sold_out: true, until: null },
        staff,
      );
      expect(marked.status, await marked.clone().text()).toBe(200);
      try {
        const refused = await clientB.call(
          'POST',
          '/api/create-order/',
          {
            name: 'Ana Ruiz',
            email: 'ana@example.com',
            phone: '(213) 555-0173',
            delivery_type: 'pickup',
            promo_code: '',
            cart_items: [{ menu_item_id: item.id, quantity: 1, modifiers: [] }],
          },
          fromNewAddress(),
        );
        expect(refused.status).toBe(422);
        expect(await refused.json()).toEqual({ error: true, message: soldOut(item.name) });
        const menus = (await (await clientB.call('GET', '/api/menus/')).json()) as Menus;
        const onB = menus[0]!.categories
          .flatMap((c) => [...c.menu_items, ...c.subcategories.flatMap((s) => s.menu_items)])
          .find((i) => i.id === item.id);
        expect(onB?.available).toBe(false);
      } finally {
        // Back on sale, so the next test's cart can hold it whatever happened here.
        expect(
          (await clientB.call('POST', `/api/staff/menu/items/${item.id}/sold-out/`, { sold_out: false }, staff)).status,
        ).toBe(200);
      }
      await createOrder(clientA, items, { phone: '(213) 555-0174' });
    },
  );

  it.skipIf(!POSTGRES_URL)(
    'an order paid through A reaches B’s staff event stream with the same event id as A’s',
    async () => {
      const open = async (client: ProcessClient) => {
        const response = await fetch(`${client.base}/api/staff/events/`, { headers: staff });
        expect(response.status).toBe(200);
        return readSse(response);
      };
      const onA = await open(clientA);
      const onB = await open(clientB);
      try {
        const order = await createOrder(clientA, items, { phone: '(213) 555-0175' });
        await payDemo(clientA, order);
        expect((await finalize(clientA, order.order_id)).status).toBe(200);
        const [seenOnA] = await onA.next(1, 10_000);
        const [seenOnB] = await onB.next(1, 10_000);
        expect(seenOnB?.event).toBe('order');
        expect(JSON.parse(seenOnB!.data)).toMatchObject({ order_id: order.order_id, status: 'paid' });
        expect(seenOnB!.id).toBeDefined();
        expect(seenOnB!.id).toBe(seenOnA!.id);
        expect(seenOnB!.data).toBe(seenOnA!.data);
      } finally {
        await onA.close();
        await onB.close();
      }
    },
  );
});
