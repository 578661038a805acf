// Slot capacity (settings kitchen.slotCapacity: 8 orders or $400 of item subtotal per 15-minute
// slot), through the real API at Friday 11:00 AM in Los Angeles:
// - 20 concurrent create-orders for one slot make exactly 8 orders, the other 12 get 409 with the
//   sentence; for ASAP too (its slot is the one holding its ready time). On PGlite and, with
//   DATABASE_URL, on PostgreSQL in one process and with TWO server processes on one database.
// - By subtotal: $300 paid in a slot takes $100 more, not $100.01; an order over the whole $400
//   takes an empty slot alone once paid. A checkout waiting for payment holds at most an even
//   share of the slot ($50), so one unpaid giant order cannot turn every other customer away.
// - Which orders hold a place: paid ones, and checkouts waiting for payment for 15 minutes; not a
//   cancelled order, an abandoned checkout, nor one whose payment was stopped. Of one network
//   address's checkouts waiting for payment only the newest holds one: many unpaid checkouts
//   from one address (no card needed) cannot book a slot up.
// - GET /api/store-hours/ leaves full slots out (for the cart's subtotal when given), says when
//   ASAP's slot is full, and names the next slot; its ETag changes when a slot fills.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, StoreHoursResponse } from '../../shared/api/schemas.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { ASAP_FULL, CHECKOUT_HOLD_MINUTES, SLOT_FULL } from '../../shared/schedule.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import {
  processClient,
  startServerProcess,
  type ProcessClient,
  type ServerProcess,
} from '../support/server-process.ts';

const NOW = new Date('2026-11-20T19:00:00Z'); // Friday 11:00 AM in Los Angeles
const N = 20;
const CAPACITY = kitchenSettings.slotCapacity;
const contact = { name: 'Ana Ruiz', email: 'ana.pace@example.com' };

let caller = 0;
/** A customer of their own: phone and network address. */
function customer() {
  caller += 1;
  return {
    phone: `(213) 555-${String(1000 + caller).slice(-4)}`,
    headers: { 'X-Forwarded-For': `198.51.100.${(caller % 250) + 1}` },
  };
}

it('the capacity under test is the settings’: 8 orders or $400 per 15 minutes', () => {
  expect(CAPACITY).toEqual({ orders: 8, subtotalCents: 40_000 });
  expect(restaurant.ordering.slotMinutes).toBe(15);
});

describe.each(databaseTargets)('slot capacity on $name', (target) => {
  let api: TestApi;
  let now = NOW;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now, slotCapacity: CAPACITY });
    await addTestItems(api, [
      { id: 'cap-taco', name: 'Capacity Taco', priceCents: 1500 },
      { id: 'cap-tray', name: 'Capacity Tray', priceCents: 10_000 },
      { id: 'cap-cent', name: 'Capacity Cent', priceCents: 1 },
      { id: 'cap-feast', name: 'Capacity Feast', priceCents: 50_000 },
    ]);
  });
  afterAll(() => api?.close());

  const order = (
    scheduledFor: string | null,
    lines: { id: string; quantity?: number }[] = [{ id: 'cap-taco' }],
    headers: Record<string, string> = {},
  ) => {
    const who = customer();
    return api.call(
      'POST',
      '/api/create-order/',
      {
        ...contact,
        phone: who.phone,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: lines.map((line) => ({ menu_item_id: line.id, quantity: line.quantity ?? 1, modifiers: [] })),
        ...(scheduledFor ? { scheduled_for: scheduledFor } : {}),
      },
      { ...who.headers, ...headers },
    );
  };
  const placed = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreateOrderResponse;
  };
  const refused = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(409);
    return ((await response.json()) as { error: boolean; message: string }).message;
  };
  const inSlot = async (slot: string) =>
    Number(
      (
        await api.deps.db.query<{ n: string | number }>(
          `select count(*) as n from orders where slot_at = $1 and status <> 'cancelled'`,
          [slot],
        )
      )[0]!.n,
    );
  const storeHours = async (query = '') => {
    const response = await api.call('GET', `/api/store-hours/${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as StoreHoursResponse;
  };
  const pay = async (created: CreateOrderResponse) => {
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: created.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${created.order_id}/`)).status).toBe(200);
  };

  it(`${N} concurrent create-orders for one slot with capacity 8 make exactly 8 orders; 12 hear it is fully booked`, async () => {
    const slot = '2026-11-20T21:00:00.000Z'; // 1:00 PM
    const responses = await Promise.all(Array.from({ length: N }, () => order(slot)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 8);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({ error: true, message: SLOT_FULL });
    }
    expect(SLOT_FULL).toBe('That time is fully booked. Choose another time.');
    expect(await inSlot(slot)).toBe(8);
    // Eight orders, each with its payment; the refused left no order behind.
    const [payments] = await api.deps.db.query<{ n: string | number }>(
      'select count(*) as n from payments p join orders o on o.id = p.order_id where o.slot_at = $1',
      [slot],
    );
    expect(Number(payments!.n)).toBe(8);
    // The full slot is no longer offered; the ones beside it are.
    const hours = await storeHours();
    expect(hours.slots.pickup).not.toContain(slot);
    expect(hours.slots.pickup).toContain('2026-11-20T20:45:00.000Z');
    expect(hours.slots.pickup).toContain('2026-11-20T21:15:00.000Z');
  });

  it(`${N} concurrent ASAP orders: 8 take the slot of their ready time (11:30 AM); then ASAP is not offered, and says why`, async () => {
    const responses = await Promise.all(Array.from({ length: N }, () => order(null)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({ error: true, message: ASAP_FULL });
    }
    expect(ASAP_FULL).toBe('We have as many orders as we can make for as soon as possible. Choose a later time.');
    expect(await inSlot('2026-11-20T19:30:00.000Z')).toBe(8);

    const hours = await storeHours();
    expect(hours.asap_full).toEqual({ pickup: true, delivery: false });
    expect(hours.open_now.pickup).toBe(true);
    expect(hours.closed_message).toEqual({ pickup: ASAP_FULL, delivery: null });
    expect(hours.slots.pickup[0]).toBe('2026-11-20T19:45:00.000Z');
    expect(hours.next_slot?.pickup).toBe('2026-11-20T19:45:00.000Z');
    // In Spanish for a Spanish caller.
    const es = await api.call('GET', '/api/store-hours/', undefined, { 'Accept-Language': 'es' });
    expect(((await es.json()) as StoreHoursResponse).closed_message.pickup).toBe(
      'Ya tenemos todos los pedidos que podemos preparar lo antes posible. Elige una hora más tarde.',
    );
    const spanish = await order(null, undefined, { 'Accept-Language': 'es' });
    expect(await refused(spanish)).toBe(
      'Ya tenemos todos los pedidos que podemos preparar lo antes posible. Elige una hora más tarde.',
    );
    // A scheduled order for the next slot is taken; at 11:10:01 ASAP is ready after 11:30, so it
    // counts against that next slot.
    await placed(await order('2026-11-20T19:45:00Z'));
    const later = new Date('2026-11-20T19:10:01Z');
    now = later;
    try {
      const asap = await placed(await order(null));
      const [row] = await api.deps.db.query<{ slot_at: Date }>('select slot_at from orders where id = $1', [
        asap.order_id,
      ]);
      expect(row!.slot_at.toISOString()).toBe('2026-11-20T19:45:00.000Z');
    } finally {
      now = NOW;
    }
  });

  it('by subtotal: $300 paid in a slot takes $100 more but not $100.01; the slot is then not offered', async () => {
    const slot = '2026-11-20T22:00:00Z'; // 2:00 PM
    await pay(await placed(await order(slot, [{ id: 'cap-tray', quantity: 3 }]))); // $300
    const refusedOrder = await order(slot, [{ id: 'cap-tray' }, { id: 'cap-cent' }]); // $100.01
    expect(await refused(refusedOrder)).toBe(SLOT_FULL);
    // Offered to a $100 cart, not to a $100.01 one.
    expect((await storeHours('?subtotal_cents=10000')).slots.pickup).toContain('2026-11-20T22:00:00.000Z');
    expect((await storeHours('?subtotal_cents=10001')).slots.pickup).not.toContain('2026-11-20T22:00:00.000Z');
    await pay(await placed(await order(slot, [{ id: 'cap-tray' }]))); // $400 in all
    expect(await refused(await order(slot, [{ id: 'cap-taco' }]))).toBe(SLOT_FULL);
    expect((await storeHours()).slots.pickup).not.toContain('2026-11-20T22:00:00.000Z');
    expect(await inSlot('2026-11-20T22:00:00.000Z')).toBe(2);
  });

  it('an order over the whole $400 takes an empty slot alone once paid, not one already holding an order', async () => {
    const empty = '2026-11-20T23:00:00Z'; // 3:00 PM
    await pay(await placed(await order(empty, [{ id: 'cap-feast' }]))); // $500
    expect(await refused(await order(empty, [{ id: 'cap-taco' }]))).toBe(SLOT_FULL);
    const taken = '2026-11-20T23:15:00Z';
    await placed(await order(taken, [{ id: 'cap-taco' }]));
    expect(await refused(await order(taken, [{ id: 'cap-feast' }]))).toBe(SLOT_FULL);
    expect((await storeHours('?subtotal_cents=50000')).slots.pickup).not.toContain('2026-11-20T23:15:00.000Z');
    expect((await storeHours('?subtotal_cents=50000')).slots.pickup).toContain('2026-11-20T23:30:00.000Z');
  });

  it(`holds a place for paid orders and for checkouts waiting ${CHECKOUT_HOLD_MINUTES} minutes; not for cancelled, abandoned or stopped ones`, async () => {
    const slot = '2026-11-21T00:00:00Z'; // 4:00 PM
    const orders: CreateOrderResponse[] = [];
    for (let i = 0; i < 8; i++) orders.push(await placed(await order(slot)));
    await pay(orders[0]!);
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
    const age = (id: string, minutes: number) =>
      api.deps.db.query(`update orders set created_at = now() - make_interval(mins => $2) where id = $1`, [
        id,
        minutes,
      ]);

    // A paid order made long ago still holds its place; a checkout of 14 minutes too.
    await age(orders[0]!.order_id, 60);
    await age(orders[1]!.order_id, CHECKOUT_HOLD_MINUTES - 1);
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
    // A checkout abandoned for 16 minutes gives its place back.
    await age(orders[1]!.order_id, CHECKOUT_HOLD_MINUTES + 1);
    expect((await storeHours()).slots.pickup).toContain('2026-11-21T00:00:00.000Z');
    await placed(await order(slot));
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
    // A cancelled order, and a checkout whose payment was stopped (replaced by a newer one), too.
    await api.deps.db.query(`update orders set status = 'cancelled' where id = $1`, [orders[2]!.order_id]);
    await placed(await order(slot));
    await api.deps.db.query(`update payments set status = 'canceled' where order_id = $1`, [orders[3]!.order_id]);
    await placed(await order(slot));
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
  });

  it('an unpaid checkout as large as the slot holds only its share ($50 of $400) until it is paid', async () => {
    const slot = '2026-11-21T04:00:00Z'; // 8:00 PM
    const feast = await placed(await order(slot, [{ id: 'cap-feast' }], { 'X-Forwarded-For': '203.0.113.77' }));
    // No card yet: other customers still get the slot, up to $350 more beside the feast's $50 share.
    expect((await storeHours('?subtotal_cents=35000')).slots.pickup).toContain('2026-11-21T04:00:00.000Z');
    expect((await storeHours('?subtotal_cents=35001')).slots.pickup).not.toContain('2026-11-21T04:00:00.000Z');
    await placed(await order(slot, [{ id: 'cap-taco' }]));
    // Paid, it counts in full: the slot is over its $400, so it takes nothing more.
    await pay(feast);
    expect(await refused(await order(slot, [{ id: 'cap-taco' }]))).toBe(SLOT_FULL);
    expect(await inSlot('2026-11-21T04:00:00.000Z')).toBe(2);
  });

  it('many unpaid checkouts from one address hold one place, leaving room for other customers', async () => {
    const slot = '2026-11-21T03:00:00Z'; // 7:00 PM
    const address = { 'X-Forwarded-For': '203.0.113.9' };
    // More unpaid checkouts than the slot has places, from one address: each replaces the one before.
    for (let i = 0; i < CAPACITY.orders + 4; i++) await placed(await order(slot, undefined, address));
    expect((await storeHours()).slots.pickup).toContain('2026-11-21T03:00:00.000Z');
    // Seven other customers take the other places; the address's newest checkout keeps its one.
    for (let i = 0; i < CAPACITY.orders - 1; i++) await placed(await order(slot));
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
    expect((await storeHours()).slots.pickup).not.toContain('2026-11-21T03:00:00.000Z');
    // The address can still change its cart: the new checkout replaces its own, not another's.
    await placed(await order(slot, [{ id: 'cap-taco', quantity: 2 }], address));
    expect(await refused(await order(slot))).toBe(SLOT_FULL);
  });

  it('a retry of an order already placed gets its answer, though its slot is full now', async () => {
    const slot = '2026-11-21T01:00:00Z'; // 5:00 PM
    const who = customer();
    const body = {
      ...contact,
      phone: who.phone,
      delivery_type: 'pickup',
      promo_code: '',
      cart_items: [{ menu_item_id: 'cap-taco', quantity: 1, modifiers: [] }],
      scheduled_for: slot,
    };
    const headers = { ...who.headers, 'Idempotency-Key': `capacity-retry-${randomUUID()}` };
    const first = await placed(await api.call('POST', '/api/create-order/', body, headers));
    for (let i = 0; i < 7; i++) await placed(await order(slot));
    const again = await placed(await api.call('POST', '/api/create-order/', body, headers));
    expect(again.order_id).toBe(first.order_id);
    expect(await inSlot('2026-11-21T01:00:00.000Z')).toBe(8);
  });

  it('store-hours changes its ETag when a slot fills, and refuses a subtotal that is not whole cents', async () => {
    const slot = '2026-11-21T02:00:00Z'; // 6:00 PM
    for (let i = 0; i < 7; i++) await placed(await order(slot));
    const before = await api.call('GET', '/api/store-hours/');
    const etag = before.headers.get('ETag')!;
    expect((await api.call('GET', '/api/store-hours/', undefined, { 'If-None-Match': etag })).status).toBe(304);
    await placed(await order(slot));
    const after = await api.call('GET', '/api/store-hours/', undefined, { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as StoreHoursResponse).slots.pickup).not.toContain('2026-11-21T02:00:00.000Z');
    for (const bad of ['-1', '12.5', 'abc', '9999999999']) {
      const response = await api.call('GET', `/api/store-hours/?subtotal_cents=${bad}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: true, message: 'Give the subtotal in whole cents.' });
    }
  });
});

describe('slot capacity with two server processes on one PostgreSQL database', () => {
  const POSTGRES_URL = process.env.DATABASE_URL;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let clientA: ProcessClient;
  let clientB: ProcessClient;
  let db: Database | undefined;
  let databaseName = '';
  let itemId = '';

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
    // The demo menu's cheapest plain item: 8 of them stay under $400.
    const [item] = await db.query<{ id: string }>(
      `select i.id from menu_items i join menu_categories c on c.id = i.category_id
        where i.available and c.name <> $1 and i.price_cents <= 4000
          and not exists (select 1 from menu_item_modifier_groups mg join modifier_groups g on g.id = mg.modifier_group_id
                           where mg.menu_item_id = i.id and g.min_required > 0)
        order by i.price_cents, i.id limit 1`,
      [restaurant.ordering.cateringCategory],
    );
    itemId = item!.id;
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

  it.skipIf(!POSTGRES_URL)(
    `${N} concurrent create-orders for one slot, spread over A and B, make exactly 8 orders`,
    async () => {
      const slot = '2026-11-20T21:00:00.000Z';
      const responses = await Promise.all(
        Array.from({ length: N }, (_, i) => {
          const who = customer();
          return (i % 2 === 0 ? clientA : clientB).call(
            'POST',
            '/api/create-order/',
            {
              ...contact,
              phone: who.phone,
              delivery_type: 'pickup',
              promo_code: '',
              cart_items: [{ menu_item_id: itemId, quantity: 1, modifiers: [] }],
              scheduled_for: slot,
            },
            who.headers,
          );
        }),
      );
      const answers = await Promise.all(
        responses.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
      );
      expect(answers.filter((x) => x.status === 201)).toHaveLength(8);
      expect(answers.filter((x) => x.status === 409)).toEqual(
        Array.from({ length: N - 8 }, () => ({ status: 409, body: { error: true, message: SLOT_FULL } })),
      );
      const [row] = await db!.query<{ n: number }>('select count(*)::int as n from orders where slot_at = $1', [slot]);
      expect(row!.n).toBe(8);
      // Both processes now leave the slot out.
      for (const client of [clientA, clientB]) {
        const hours = (await (await client.call('GET', '/api/store-hours/')).json()) as StoreHoursResponse;
        expect(hours.slots.pickup).not.toContain(slot);
      }
    },
  );
});
