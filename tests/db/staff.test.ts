// The staff side through the real API on a fresh database (PGlite, and PostgreSQL in CI): every
// staff call refuses the anonymous (401) and customers (403), and staff on an admin call (403);
// staff sign-in with rotating refresh tokens and a rate limit; the CLI's one-time link; the board
// (orders, allowed moves and refusals, promised times, cancel with one refund); the order event
// stream with replay after Last-Event-ID (and, on PostgreSQL, across two app instances); the
// sold-out switches and the pause switch.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardAnswer, BoardOrder, SoldOutAnswer } from '../../shared/api/staff.ts';
import { createApp } from '../../server/app.ts';
import {
  ensureDemoStaff,
  inviteStaff,
  STAFF_LINK_INVALID,
  STAFF_PASSWORD_SET,
  STAFF_SIGN_IN_FAILED,
} from '../../server/auth/staff-auth.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../server/auth/refresh-rotation.ts';
import { tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import { STAFF_ACCESS_TOKEN_SECONDS } from '../../server/auth/staff-tokens.ts';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { findStaffByEmail } from '../../server/db/staff.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SESSION_ENDED, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { cannotCancel } from '../../server/services/order-cancel.ts';
import { refusedMove } from '../../server/services/staff-board.ts';
import { nextLocalMidnight } from '../../shared/schedule.ts';
import { soldOut } from '../../server/services/orders.ts';
import { ITEM_NOT_FOUND } from '../../server/services/menu-diet.ts';
import type { MenusAnswer } from '../../shared/api/menu-answer.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { databaseTargets, migratedDataDir } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';

const STAFF_PASSWORD = 'comal kitchen board 2026';
const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
};

describe.each(databaseTargets)('staff on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open for pickup and delivery.
  let now = new Date('2026-11-20T19:00:00Z');
  let address_ = 0;
  let admin: { Authorization: string };
  let staff: { Authorization: string };
  let staffToken: string;
  let customer: { Authorization: string };

  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++address_}` });

  async function staffSignIn(email: string, role: 'staff' | 'admin') {
    const invite = await inviteStaff(api.deps.db, { email, role, origin: TEST_ORIGIN, now });
    const token = new URL(invite.url).searchParams.get('set-password')!;
    const set = await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD });
    expect(set.status).toBe(200);
    const login = await api.call('POST', '/api/staff/login/', { email, password: STAFF_PASSWORD }, from());
    expect(login.status).toBe(200);
    const body = (await login.json()) as { access_token: string };
    return {
      token: body.access_token,
      cookie: /comal_staff_refresh=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!,
    };
  }

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [
      {
        id: 'st-taco',
        name: 'Taco de Turno',
        priceCents: 1500,
        groups: [
          {
            id: 'st-salsa',
            name: 'Salsa',
            min: 0,
            max: 2,
            modifiers: [{ id: 'st-verde', name: 'Verde', priceCents: 50 }],
          },
        ],
      },
      { id: 'st-flan', name: 'Flan de Turno', priceCents: 800 },
    ]);
    admin = { Authorization: `Bearer ${(await staffSignIn('boss@comal.example', 'admin')).token}` };
    staffToken = (await staffSignIn('cook@comal.example', 'staff')).token;
    staff = { Authorization: `Bearer ${staffToken}` };
    customer = (await signUpAndIn(api, 'diner@example.com', from())).bearer;
  });
  afterAll(() => api?.close());

  async function paidOrder(
    type: 'pickup' | 'delivery' = 'pickup',
    lines = [{ menu_item_id: 'st-taco', quantity: 2, modifiers: ['st-verde'] }],
  ) {
    let extra: Record<string, unknown> = {};
    if (type === 'delivery') {
      const quote = (await (
        await api.call('POST', '/api/estimate-delivery/', { ...address, delivery_country: 'US' })
      ).json()) as { quote_id: string };
      extra = { ...address, delivery_country: 'US', delivery_quote_id: quote.quote_id, tip: 2 };
    }
    const created = await api.call('POST', '/api/create-order/', {
      ...contact,
      delivery_type: type,
      promo_code: '',
      cart_items: lines,
      ...extra,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return order;
  }

  const staffCall = (method: string, path: string, body?: unknown, who = staff) => api.call(method, path, body, who);
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;

  describe('who may call', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/me/'],
      ['GET', '/api/staff/orders/'],
      ['GET', '/api/staff/orders/ord_x/'],
      ['POST', '/api/staff/orders/ord_x/move/', { to: 'accepted' }],
      ['POST', '/api/staff/orders/ord_x/promise/', { promised_at: '2026-11-20T19:30:00Z' }],
      ['POST', '/api/staff/orders/ord_x/cancel/', { reason: 'out_of_stock', note: 'Out of tortillas' }],
      ['GET', '/api/staff/store/'],
      ['POST', '/api/staff/store/', { paused: true }],
      ['POST', '/api/staff/menu/items/st-flan/sold-out/', { sold_out: true, until: null }],
      ['POST', '/api/staff/menu/modifiers/st-verde/sold-out/', { sold_out: true, until: null }],
      ['GET', '/api/staff/events/'],
      ['GET', '/api/staff/menu/'],
      ['POST', '/api/staff/members/', { email: 'new@comal.example', role: 'staff' }],
      ['PUT', '/api/staff/menu/items/st-flan/diet/', { diet: ['vegetarian'], spice_level: 0 }],
    ];

    it.each(calls)(
      '%s %s: 401 anonymous, 401 with a bad token, 403 with a customer’s token',
      async (method, path, body) => {
        const anonymous = await api.call(method, path, body);
        expect(anonymous.status).toBe(401);
        expect(await message(anonymous)).toBe(STAFF_SIGN_IN_REQUIRED);
        const bad = await api.call(method, path, body, { Authorization: 'Bearer not.a.token' });
        expect(bad.status).toBe(401);
        expect(await message(bad)).toBe(STAFF_SESSION_ENDED);
        const diner = await api.call(method, path, body, customer);
        expect(diner.status).toBe(403);
        expect(await message(diner)).toBe(STAFF_ONLY);
      },
    );

    it('a customer’s token in ?access_token= on the event stream is 403 too', async () => {
      const token = customer.Authorization.slice('Bearer '.length);
      const response = await api.app.request(`/api/staff/events/?access_token=${token}`);
      expect(response.status).toBe(403);
    });

    it("an admin tags an item's diet and spice (staff may not); the menu says so at once", async () => {
      const tags = { diet: ['gluten-free', 'vegetarian'], spice_level: 2 };
      const refused = await staffCall('PUT', '/api/staff/menu/items/st-flan/diet/', tags);
      expect([refused.status, await message(refused)]).toEqual([403, ADMINS_ONLY]);
      const set = await staffCall('PUT', '/api/staff/menu/items/st-flan/diet/', tags, admin);
      // Kept in the vocabulary's order.
      expect([set.status, await set.json()]).toEqual([
        200,
        { id: 'st-flan', diet: ['vegetarian', 'gluten-free'], spice_level: 2 },
      ]);
      const menus = (await (await api.call('GET', '/api/menus/')).json()) as MenusAnswer;
      const flan = menus[0]!.categories.flatMap((c) => c.menu_items).find((item) => item.id === 'st-flan');
      expect(flan).toMatchObject({ diet: ['vegetarian', 'gluten-free'], spice_level: 2 });

      const unknown = await staffCall('PUT', '/api/staff/menu/items/no-such/diet/', tags, admin);
      expect([unknown.status, await message(unknown)]).toEqual([404, ITEM_NOT_FOUND]);
      const badTag = await staffCall('PUT', '/api/staff/menu/items/st-flan/diet/', { ...tags, diet: ['paleo'] }, admin);
      expect([badTag.status, await message(badTag)]).toEqual([
        422,
        'A diet tag is one of vegetarian, vegan, gluten-free, dairy-free, contains-nuts.',
      ]);
      const tooHot = await staffCall('PUT', '/api/staff/menu/items/st-flan/diet/', { ...tags, spice_level: 4 }, admin);
      expect([tooHot.status, await message(tooHot)]).toEqual([422, 'The spice level is a whole number from 0 to 3.']);
    });

    it('a staff member may not add members (admins only): 403; an admin may', async () => {
      const refused = await staffCall('POST', '/api/staff/members/', { email: 'new@comal.example', role: 'staff' });
      expect(refused.status).toBe(403);
      expect(await message(refused)).toBe(ADMINS_ONLY);
      const added = await staffCall(
        'POST',
        '/api/staff/members/',
        { email: 'New@Comal.example', role: 'staff' },
        admin,
      );
      expect(added.status).toBe(201);
      expect(await added.json()).toEqual({
        staff: { id: expect.stringMatching(/^stf_/) as unknown, email: 'new@comal.example', role: 'staff' },
        created: true,
        set_password_url: expect.stringMatching(/^http:\/\/localhost\/staff\/\?set-password=[\w-]{43}$/) as unknown,
        expires_at: new Date(now.getTime() + 48 * 3_600_000).toISOString(),
      });
    });

    it('a staff token does not pass a customer check', async () => {
      expect((await api.call('GET', '/api/saved-carts/', undefined, staff)).status).toBe(401);
    });
  });

  describe('staff sign-in', () => {
    it('signs in, rotates the refresh token, refuses a spent one, and signs out', async () => {
      const { cookie: first } = await staffSignIn('shift@comal.example', 'staff');
      const refreshed = await api.call('POST', '/api/staff/refresh/', undefined, {
        Cookie: `comal_staff_refresh=${first}`,
      });
      expect(refreshed.status).toBe(200);
      expect(await refreshed.json()).toEqual({
        access_token: expect.any(String) as unknown,
        expires_in: STAFF_ACCESS_TOKEN_SECONDS,
        staff: { id: expect.any(String) as unknown, email: 'shift@comal.example', role: 'staff' },
      });
      const setCookie = refreshed.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/Path=\/api\/staff\//);
      const second = /comal_staff_refresh=([^;]*)/.exec(setCookie)![1]!;
      expect(second).not.toBe(first);
      // The spent one again, past the grace for a page left mid-refresh: refused, and the family ends.
      now = new Date(now.getTime() + REFRESH_REUSE_GRACE_MS + 1_000);
      expect(
        (await api.call('POST', '/api/staff/refresh/', undefined, { Cookie: `comal_staff_refresh=${first}` })).status,
      ).toBe(401);
      expect(
        (await api.call('POST', '/api/staff/refresh/', undefined, { Cookie: `comal_staff_refresh=${second}` })).status,
      ).toBe(401);

      const again = await api.call(
        'POST',
        '/api/staff/login/',
        { email: 'SHIFT@comal.example', password: STAFF_PASSWORD },
        from(),
      );
      const third = /comal_staff_refresh=([^;]*)/.exec(again.headers.get('set-cookie')!)![1]!;
      const out = await api.call('POST', '/api/staff/signout/', undefined, { Cookie: `comal_staff_refresh=${third}` });
      expect(out.status).toBe(204);
      expect(
        (await api.call('POST', '/api/staff/refresh/', undefined, { Cookie: `comal_staff_refresh=${third}` })).status,
      ).toBe(401);
    });

    it('a customer’s refresh cookie and password do not sign in as staff', async () => {
      expect(
        (
          await api.call(
            'POST',
            '/api/staff/login/',
            { email: 'diner@example.com', password: 'green salsa on blue corn' },
            from(),
          )
        ).status,
      ).toBe(401);
    });

    it('refuses a wrong password, then slows down the address that keeps failing like customers’, while the member signs in from elsewhere', async () => {
      const who = from();
      for (let i = 0; i < 6; i++) {
        const wrong = await api.call(
          'POST',
          '/api/staff/login/',
          { email: 'cook@comal.example', password: 'not the password' },
          who,
        );
        expect(wrong.status).toBe(401);
        expect(await message(wrong)).toBe(STAFF_SIGN_IN_FAILED);
      }
      const limited = await api.call(
        'POST',
        '/api/staff/login/',
        { email: 'cook@comal.example', password: STAFF_PASSWORD },
        who,
      );
      expect(limited.status).toBe(429);
      expect(await message(limited)).toBe(tooManySignIns(1));
      expect(limited.headers.get('Retry-After')).toBe('1');
      expect(
        (await api.call('POST', '/api/staff/login/', { email: 'cook@comal.example', password: STAFF_PASSWORD }, from()))
          .status,
      ).toBe(200);
    });

    it('the one-time link sets a password once; a member without a password cannot sign in', async () => {
      const invite = await inviteStaff(api.deps.db, {
        email: 'linked@comal.example',
        role: 'admin',
        origin: 'https://elcomal.example',
        now,
      });
      expect(invite.url).toMatch(/^https:\/\/elcomal\.example\/staff\/\?set-password=/);
      expect(
        (
          await api.call(
            'POST',
            '/api/staff/login/',
            { email: 'linked@comal.example', password: STAFF_PASSWORD },
            from(),
          )
        ).status,
      ).toBe(401);
      const token = new URL(invite.url).searchParams.get('set-password')!;
      const weak = await api.call('POST', '/api/staff/password/', { token, password: 'short' });
      expect(weak.status).toBe(422);
      const set = await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD });
      expect(await set.json()).toEqual({ message: STAFF_PASSWORD_SET });
      const twice = await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD });
      expect(twice.status).toBe(400);
      expect(await message(twice)).toBe(STAFF_LINK_INVALID);
      const login = await api.call(
        'POST',
        '/api/staff/login/',
        { email: 'linked@comal.example', password: STAFF_PASSWORD },
        from(),
      );
      expect(((await login.json()) as { staff: { role: string } }).staff.role).toBe('admin');
    });

    it('a link works for 48 hours and not a second longer', async () => {
      const invite = await inviteStaff(api.deps.db, {
        email: 'late@comal.example',
        role: 'staff',
        origin: TEST_ORIGIN,
        now,
      });
      expect(invite.expiresAt.getTime() - now.getTime()).toBe(48 * 3_600_000);
      const token = new URL(invite.url).searchParams.get('set-password')!;
      const saved = now;
      try {
        now = new Date(saved.getTime() + 48 * 3_600_000 + 1000);
        const late = await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD });
        expect(late.status).toBe(400);
        expect(await message(late)).toBe(STAFF_LINK_INVALID);
        now = new Date(saved.getTime() + 48 * 3_600_000 - 1000);
        expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
      } finally {
        now = saved;
      }
    });

    it('the demo admin is made only on the embedded defaults, once', async () => {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const { passwords } = api.deps;
      expect(
        await ensureDemoStaff(api.deps.db, { devOutbox: false, databaseUrl: undefined }, { log, passwords }),
      ).toBeNull();
      expect(
        await ensureDemoStaff(api.deps.db, { devOutbox: true, databaseUrl: 'postgres://x' }, { log, passwords }),
      ).toBeNull();
      expect(
        await ensureDemoStaff(
          api.deps.db,
          { devOutbox: true, databaseUrl: undefined },
          { log, passwords, production: true },
        ),
      ).toBeNull();
      const password = await ensureDemoStaff(
        api.deps.db,
        { devOutbox: true, databaseUrl: undefined },
        { log, passwords },
      );
      expect(password).toMatch(/^[\w-]{16}$/);
      expect(lines).toEqual([expect.stringContaining(`staff@comal.example with password ${password}`)]);
      expect(
        await ensureDemoStaff(api.deps.db, { devOutbox: true, databaseUrl: undefined }, { log, passwords }),
      ).toBeNull();
      expect(lines).toHaveLength(1);
      const login = await api.call('POST', '/api/staff/login/', { email: 'staff@comal.example', password }, from());
      expect(((await login.json()) as { staff: { role: string } }).staff.role).toBe('admin');
    });
  });

  if (target.name === 'pglite') {
    it('`npm run staff -- create EMAIL --role admin` prints a one-time link for a new member', async () => {
      // Migrated already, as after a first start: a new PGlite directory alone takes seconds to create.
      const dataDir = await migratedDataDir();
      try {
        const output = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'scripts/staff.mjs', 'create', 'Chef@Comal.example', '--role', 'admin'],
            {
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_ORIGIN: '' },
            },
          );
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d) => (stdout += d));
          child.stderr.on('data', (d) => (stderr += d));
          child.on('exit', (code) => resolve({ code, stdout, stderr }));
        });
        expect(output.code, output.stderr).toBe(0);
        expect(output.stdout).toContain('Added chef@comal.example as admin.');
        expect(output.stdout).toMatch(/^http:\/\/127\.0\.0\.1:3000\/staff\/\?set-password=[\w-]{43}$/m);
        const db = await openDatabase({ dataDir });
        try {
          expect(await findStaffByEmail(db, 'chef@comal.example')).toMatchObject({
            role: 'admin',
            password_hash: null,
          });
        } finally {
          await db.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }

  describe('the board', () => {
    it('lists paid orders with their items, newest first, and leaves out unpaid ones', async () => {
      const unpaid = await api.call('POST', '/api/create-order/', {
        ...contact,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [{ menu_item_id: 'st-flan', quantity: 1, modifiers: [] }],
      });
      const unpaidId = ((await unpaid.json()) as { order_id: string }).order_id;
      const first = await paidOrder();
      const second = await paidOrder('delivery');
      const response = await staffCall('GET', '/api/staff/orders/');
      expect(response.status).toBe(200);
      const { orders } = (await response.json()) as { orders: BoardOrder[] };
      const ids = orders.map((o) => o.order_id);
      expect(ids).not.toContain(unpaidId);
      expect(ids.indexOf(second.order_id)).toBeLessThan(ids.indexOf(first.order_id));
      expect(orders.find((o) => o.order_id === first.order_id)).toEqual({
        order_id: first.order_id,
        number: first.number,
        status: 'paid',
        name: 'Ana Ruiz',
        phone: '+12135550199',
        delivery_type: 'pickup',
        delivery_address: null,
        items: [
          {
            position: 0,
            name: 'Taco de Turno',
            quantity: 2,
            modifiers: ['Verde'],
            groups: [{ name: 'Salsa', choices: ['Verde'] }],
            refunded_quantity: 0,
            unit_price_cents: 1550,
          },
        ],
        note: null,
        totals: {
          subtotal: 31,
          promo_discount: 0,
          loyalty_discount: 0,
          tax: expect.any(Number) as unknown,
          delivery_charge: 0,
          tip: 0,
          total: expect.any(Number) as unknown,
        },
        created_at: expect.any(String) as unknown,
        paid_at: now.toISOString(),
        promised_at: null,
        scheduled_for: null,
        // Ready 20 minutes after it was paid (11:20), in the 15-minute slot it was booked into.
        due_at: '2026-11-20T19:30:00.000Z',
        fire_at: now.toISOString(),
        alerted_at: null,
        no_show: false,
        cancel_reason: null,
        cancel_note: null,
        refunded: false,
        refunded_cents: 0,
        refunds: [],
        undo: null,
        problems: [],
      });
      expect(orders.find((o) => o.order_id === second.order_id)!.delivery_address).toEqual({
        street: '200 N Spring St',
        city: 'Los Angeles',
        state: 'CA',
        zip: '90012',
      });
    });

    it('moves a pickup order paid → accepted → ready → completed, and refuses other moves with 409', async () => {
      const order = await paidOrder();
      const skip = await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'ready' });
      expect(skip.status).toBe(409);
      const sentence = await message(skip);
      expect(sentence).toBe(refusedMove(order.number, 'pickup', 'paid', 'ready'));
      expect(sentence).toBe(`Order ${order.number} is new: a pickup order can go from there only to accepted.`);
      const accepted = await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, {
        to: 'accepted',
        promised_at: '2026-11-20T19:25:00Z',
      });
      expect(await accepted.json()).toMatchObject({ status: 'accepted', promised_at: '2026-11-20T19:25:00.000Z' });
      const delivery = await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'out_for_delivery' });
      expect(delivery.status).toBe(409);
      expect(await message(delivery)).toBe(
        `Order ${order.number} is accepted: a pickup order can go from there only to ready.`,
      );
      expect((await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'ready' })).status).toBe(200);
      expect(
        await (await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'completed' })).json(),
      ).toMatchObject({ status: 'completed' });
      const after = await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'ready' });
      expect(after.status).toBe(409);
      expect(await message(after)).toBe(`Order ${order.number} is completed and cannot move to ready.`);
      const cancel = await staffCall('POST', `/api/staff/orders/${order.order_id}/cancel/`, {
        reason: 'other',
        note: 'Too late',
      });
      expect(cancel.status).toBe(409);
      expect(await message(cancel)).toBe(cannotCancel(order.number, 'completed'));
    });

    it('moves a delivery order paid → accepted → out_for_delivery → completed, not through ready', async () => {
      const order = await paidOrder('delivery');
      const move = (to: string) => staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to });
      expect((await move('accepted')).status).toBe(200);
      const ready = await move('ready');
      expect(ready.status).toBe(409);
      expect(await message(ready)).toBe(
        `Order ${order.number} is accepted: a delivery order can go from there only to out for delivery.`,
      );
      expect((await move('out_for_delivery')).status).toBe(200);
      expect((await move('completed')).status).toBe(200);
      expect((await move('nowhere')).status).toBe(422);
    });

    it('promises a time and refuses an unknown order', async () => {
      const order = await paidOrder();
      const promised = await staffCall('POST', `/api/staff/orders/${order.order_id}/promise/`, {
        promised_at: '2026-11-20T11:40:00-08:00',
      });
      expect(await promised.json()).toMatchObject({ status: 'paid', promised_at: '2026-11-20T19:40:00.000Z' });
      expect(
        (await staffCall('POST', `/api/staff/orders/${order.order_id}/promise/`, { promised_at: 'soon' })).status,
      ).toBe(422);
      expect(
        (await staffCall('POST', '/api/staff/orders/ord_missing/promise/', { promised_at: '2026-11-20T19:40:00Z' }))
          .status,
      ).toBe(404);
    });

    it('cancels with a refund through the payment provider, once; a second cancel changes nothing', async () => {
      const order = await paidOrder();
      const refund = vi.spyOn(api.deps.payments, 'refund');
      try {
        const cancelled = await staffCall('POST', `/api/staff/orders/${order.order_id}/cancel/`, {
          reason: 'out_of_stock',
          note: 'Out of tortillas',
        });
        expect(cancelled.status).toBe(200);
        const body = (await cancelled.json()) as unknown;
        expect(body).toMatchObject({
          status: 'cancelled',
          cancel_reason: 'out_of_stock',
          cancel_note: 'Out of tortillas',
          refunded: true,
        });
        const [payment] = await api.deps.db.query<{ status: string; amount_cents: number; provider_reference: string }>(
          'select status, amount_cents, provider_reference from payments where order_id = $1',
          [order.order_id],
        );
        expect(payment!.status).toBe('refunded');
        expect(refund).toHaveBeenCalledTimes(1);
        const [whole] = (body as BoardOrder).refunds;
        expect(whole).toMatchObject({ amount_cents: payment!.amount_cents, whole_order: true, status: 'succeeded' });
        expect(refund).toHaveBeenCalledWith(payment!.provider_reference, payment!.amount_cents, {
          refundId: whole!.id,
          idempotencyKey: `refund-${whole!.id}`,
          retry: false,
        });
        const events = async () =>
          (await api.deps.db.query('select id from order_events where order_id = $1', [order.order_id])).length;
        const before = await events();

        const again = await staffCall('POST', `/api/staff/orders/${order.order_id}/cancel/`, {
          reason: 'duplicate_order',
        });
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual(body);
        expect(refund).toHaveBeenCalledTimes(1);
        expect(await events()).toBe(before);
        // And a cancelled order moves no further.
        expect((await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'accepted' })).status).toBe(
          409,
        );
      } finally {
        refund.mockRestore();
      }
    });

    it('keeps completed and cancelled orders for 24 hours', async () => {
      const order = await paidOrder();
      await staffCall('POST', `/api/staff/orders/${order.order_id}/cancel/`, { reason: 'customer_request' });
      const listed = async (who = staff) =>
        (
          (await (await staffCall('GET', '/api/staff/orders/', undefined, who)).json()) as { orders: BoardOrder[] }
        ).orders.map((o) => o.order_id);
      expect(await listed()).toContain(order.order_id);
      const saved = now;
      now = new Date(now.getTime() + 25 * 3_600_000);
      try {
        // A day later the morning's token has long expired: sign in again.
        const login = await api.call(
          'POST',
          '/api/staff/login/',
          { email: 'boss@comal.example', password: STAFF_PASSWORD },
          from(),
        );
        const later = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
        expect(await listed(later)).not.toContain(order.order_id);
      } finally {
        now = saved;
      }
    });
  });

  describe('the event stream', () => {
    const open = (headers: Record<string, string> = {}, query = '') =>
      api.app.request(`/api/staff/events/${query}`, { headers: { ...staff, ...headers } });

    it('streams a paid order and every change, and replays exactly the events after Last-Event-ID once', async () => {
      const response = await open();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const live = readSse(response);
      try {
        const order = await paidOrder();
        const [paid] = await live.next(1);
        expect(paid).toMatchObject({ event: 'order', id: expect.stringMatching(/^\d+$/) as unknown });
        expect(JSON.parse(paid!.data)).toMatchObject({
          order_id: order.order_id,
          number: order.number,
          status: 'paid',
        });

        await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'accepted' });
        await staffCall('POST', `/api/staff/orders/${order.order_id}/promise/`, {
          promised_at: '2026-11-20T19:30:00Z',
        });
        const later = await live.next(2);
        expect(later.map((e) => (JSON.parse(e.data) as { order_id: string }).order_id)).toEqual([
          order.order_id,
          order.order_id,
        ]);
        expect(JSON.parse(later[1]!.data)).toMatchObject({
          status: 'accepted',
          promised_at: '2026-11-20T19:30:00.000Z',
        });

        // A board that saw only the paid event reconnects: it gets the two later ones, once.
        const replayed = readSse(await open({ 'Last-Event-ID': paid!.id! }));
        const again = await replayed.next(3, 1_500);
        await replayed.close();
        expect(again.map((e) => e.id)).toEqual(later.map((e) => e.id));

        // EventSource reconnecting through a fresh URL carries it in the query, with the token.
        const byQuery = readSse(
          await api.app.request(`/api/staff/events/?access_token=${staffToken}&last_event_id=${later[0]!.id}`),
        );
        const tail = await byQuery.next(2, 1_500);
        await byQuery.close();
        expect(tail.map((e) => e.id)).toEqual([later[1]!.id]);
      } finally {
        await live.close();
      }
    });
    it('the list says the newest event it includes, and a stream opened from there brings only later changes', async () => {
      const order = await paidOrder();
      const board = (await (await staffCall('GET', '/api/staff/orders/')).json()) as BoardAnswer;
      expect(board.orders.find((o) => o.order_id === order.order_id)?.status).toBe('paid');
      expect(board.last_event_id).toMatch(/^\d+$/);
      const stream = readSse(await open({ 'Last-Event-ID': board.last_event_id }));
      try {
        expect(await stream.next(1, 600)).toEqual([]);
        await staffCall('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'accepted' });
        const [moved] = await stream.next(1);
        expect(JSON.parse(moved!.data)).toMatchObject({ order_id: order.order_id, status: 'accepted' });
        expect(BigInt(moved!.id!)).toBeGreaterThan(BigInt(board.last_event_id));
      } finally {
        await stream.close();
      }
    });
  });

  if (target.name === 'postgres') {
    it('two app instances on one database both stream an event made through the other', async () => {
      const otherDb = await api.fresh.reopen();
      const otherDeps = await createDependencies(otherDb, readConfig({ DIST_DIR: 'dist', TRUST_PROXY: '1' }), {
        clock: () => now,
      });
      const other = createApp(otherDeps);
      const here = readSse(await open());
      const there = readSse(await other.request('/api/staff/events/', { headers: staff }));
      try {
        const order = await paidOrder(); // through this instance
        const [seenHere] = await here.next(1);
        const [seenThere] = await there.next(1);
        expect((JSON.parse(seenThere!.data) as { order_id: string }).order_id).toBe(order.order_id);
        expect(seenThere!.id).toBe(seenHere!.id);

        const { csrftoken } = (await (await other.request('/api/csrf/')).json()) as { csrftoken: string };
        const moved = await other.request(`/api/staff/orders/${order.order_id}/move/`, {
          method: 'POST',
          headers: { ...staff, 'Content-Type': 'application/json', 'X-CSRFToken': csrftoken },
          body: JSON.stringify({ to: 'accepted' }),
        });
        expect(moved.status).toBe(200);
        const [movedHere] = await here.next(1);
        expect(JSON.parse(movedHere!.data)).toMatchObject({ order_id: order.order_id, status: 'accepted' });
        const [movedThere] = await there.next(1);
        expect(movedThere!.id).toBe(movedHere!.id);
      } finally {
        await here.close();
        await there.close();
      }
    });
  }

  function open(headers: Record<string, string> = {}) {
    return api.app.request('/api/staff/events/', { headers: { ...staff, ...headers } });
  }

  describe('sold out and paused', () => {
    const menuItem = async (id: string) => {
      const menus = (await (await api.app.request('/api/menus/')).json()) as {
        categories: {
          menu_items: {
            id: string;
            available: boolean;
            modifier_groups: { modifiers: { id: string; available: boolean }[] }[];
          }[];
        }[];
      }[];
      return menus[0]!.categories.flatMap((c) => c.menu_items).find((i) => i.id === id)!;
    };
    const orderFlan = () =>
      api.call('POST', '/api/create-order/', {
        ...contact,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [{ menu_item_id: 'st-flan', quantity: 1, modifiers: [] }],
      });

    it('an item sold out until the end of the day is refused at once and comes back the next local day', async () => {
      const marked = await staffCall('POST', '/api/staff/menu/items/st-flan/sold-out/', {
        sold_out: true,
        until: 'end_of_day',
      });
      expect(await marked.json()).toEqual({
        id: 'st-flan',
        available: false,
        sold_out_until: '2026-11-21T08:00:00.000Z',
      });
      expect((await menuItem('st-flan')).available).toBe(false);
      const switches = (await (await staffCall('GET', '/api/staff/menu/')).json()) as SoldOutAnswer;
      expect(switches.items.find((i) => i.id === 'st-flan')).toEqual({
        id: 'st-flan',
        name: 'Flan de Turno',
        section: expect.any(String) as unknown,
        available: false,
        sold_out_until: '2026-11-21T08:00:00.000Z',
      });
      expect(switches.items.find((i) => i.id === 'st-taco')).toMatchObject({ available: true, sold_out_until: null });
      const refused = await orderFlan();
      expect(refused.status).toBe(422);
      expect(await message(refused)).toBe(soldOut('Flan de Turno'));

      const saved = now;
      now = new Date('2026-11-21T08:00:00Z');
      try {
        expect((await menuItem('st-flan')).available).toBe(true);
      } finally {
        now = saved;
      }
      // Back on by hand.
      expect(
        await (await staffCall('POST', '/api/staff/menu/items/st-flan/sold-out/', { sold_out: false })).json(),
      ).toEqual({ id: 'st-flan', available: true, sold_out_until: null });
      expect((await menuItem('st-flan')).available).toBe(true);
    });

    it('a modifier sold out until further notice is refused, and an unknown item is 404', async () => {
      await staffCall('POST', '/api/staff/menu/modifiers/st-verde/sold-out/', { sold_out: true, until: null });
      const switches = (await (await staffCall('GET', '/api/staff/menu/')).json()) as SoldOutAnswer;
      expect(switches.modifiers.find((m) => m.id === 'st-verde')).toMatchObject({
        available: false,
        sold_out_until: null,
      });
      const taco = await menuItem('st-taco');
      expect(taco.modifier_groups[0]!.modifiers[0]).toMatchObject({ id: 'st-verde', available: false });
      const refused = await api.call('POST', '/api/create-order/', {
        ...contact,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [{ menu_item_id: 'st-taco', quantity: 1, modifiers: ['st-verde'] }],
      });
      expect(refused.status).toBe(422);
      await staffCall('POST', '/api/staff/menu/modifiers/st-verde/sold-out/', { sold_out: false, until: null });
      expect(
        (await staffCall('POST', '/api/staff/menu/items/nope/sold-out/', { sold_out: true, until: null })).status,
      ).toBe(404);
    });

    it('pauses and resumes online ordering', async () => {
      const switches = { paused_until: null, busy_minutes: 0, auto_accept: false };
      expect(await (await staffCall('GET', '/api/staff/store/')).json()).toEqual({
        paused: false,
        paused_at: null,
        ...switches,
      });
      expect(await (await staffCall('POST', '/api/staff/store/', { paused: true })).json()).toEqual({
        paused: true,
        paused_at: now.toISOString(),
        ...switches,
      });
      expect((await orderFlan()).status).toBe(422);
      expect(await (await staffCall('POST', '/api/staff/store/', { paused: false })).json()).toEqual({
        paused: false,
        paused_at: null,
        ...switches,
      });
    });
  });
});

describe.each(databaseTargets)('cancelling a Stripe payment on $name', (target) => {
  const SECRET_KEY = 'sk_test_staff_refunds';
  let standIn: StripeStandIn;
  let api: TestApi;
  const now = new Date('2026-11-20T19:00:00Z');

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    api = await createTestApi(target, { payments, clock: () => now });
    await addTestItems(api, [{ id: 'sr-taco', name: 'Taco de Stripe', priceCents: 1500 }]);
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  it('refunds the PaymentIntent once with an idempotency key; a second cancel asks Stripe nothing', async () => {
    const created = await api.call('POST', '/api/create-order/', {
      ...contact,
      delivery_type: 'pickup',
      promo_code: '',
      cart_items: [{ menu_item_id: 'sr-taco', quantity: 1, modifiers: [] }],
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { order_id: string; totals: { total: number } };
    const intent = standIn.intents().find((i) => i.metadata.order_id === order.order_id)!;
    standIn.succeed(intent.id);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);

    const invite = await inviteStaff(api.deps.db, {
      email: 'cook@comal.example',
      role: 'staff',
      origin: TEST_ORIGIN,
      now,
    });
    await api.call('POST', '/api/staff/password/', {
      token: new URL(invite.url).searchParams.get('set-password'),
      password: STAFF_PASSWORD,
    });
    const login = await api.call('POST', '/api/staff/login/', {
      email: 'cook@comal.example',
      password: STAFF_PASSWORD,
    });
    const staff = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

    const cancelled = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'other', note: 'Kitchen closed early' },
      staff,
    );
    expect(cancelled.status).toBe(200);
    const answer = (await cancelled.json()) as BoardOrder;
    expect(answer).toMatchObject({ status: 'cancelled', refunded: true });
    expect(standIn.refunds()).toEqual([
      expect.objectContaining({ payment_intent: intent.id, amount: Math.round(order.totals.total * 100) }),
    ]);
    const refundCall = standIn.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refundCall.headers['idempotency-key']).toBe(`refund-${answer.refunds[0]!.id}`);

    expect(
      (await api.call('POST', `/api/staff/orders/${order.order_id}/cancel/`, { reason: 'duplicate_order' }, staff))
        .status,
    ).toBe(200);
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(standIn.refunds()).toHaveLength(1);
  });
});

describe('the end of the local day', () => {
  it('is the next midnight in Los Angeles, across daylight saving changes', () => {
    expect(nextLocalMidnight(new Date('2026-11-20T19:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-21T08:00:00.000Z',
    );
    // 23:30 local on Nov 20 is 07:30Z on Nov 21: still Nov 20 there.
    expect(nextLocalMidnight(new Date('2026-11-21T07:30:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-21T08:00:00.000Z',
    );
    // The night clocks go back (Nov 1 2026): midnight of Nov 1 is still PDT.
    expect(nextLocalMidnight(new Date('2026-10-31T20:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    // Into Nov 2 (PST again).
    expect(nextLocalMidnight(new Date('2026-11-01T20:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
    // Spring forward (Mar 8 2026): midnight of Mar 9 is PDT.
    expect(nextLocalMidnight(new Date('2026-03-08T20:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
  });
});
