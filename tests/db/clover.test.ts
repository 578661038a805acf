import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MenusAnswerSchema } from '../../shared/api/menu-answer.ts';
import { MenusResponseSchema } from '../../shared/api/schemas.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../../shared/menu.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../../server/db/database.ts';
import { readMenuSyncStatus } from '../../server/db/menu-sync-status.ts';
import { findOrder, insertOrder, orderLines, type OrderLineRow } from '../../server/db/orders.ts';
import { findPush } from '../../server/db/pos-order-pushes.ts';
import { newId } from '../../server/ids.ts';
import { createCloverClient, type CloverConfig } from '../../server/providers/menu/clover-client.ts';
import { cloverOrderTitle, pushOrderToClover } from '../../server/providers/menu/clover-orders.ts';
import {
  MENU_SYNC_FAILED,
  startMenuSyncSchedule,
  syncCloverMenu,
  type MenuSyncResult,
} from '../../server/services/menu-sync.ts';
import { setSoldOut } from '../../server/services/staff-board.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { CATEGORY_NAMES, generateCatalogue, generatedItemId, generatedPrice } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';
import { waitFor } from '../support/wait-for.ts';

const T1 = new Date('2026-11-20T18:00:00.000Z');
const T2 = new Date('2026-11-20T18:15:00.000Z');

describe.each(databaseTargets)('the Clover menu and order push on $name', (target) => {
  let api: TestApi;
  let clover: CloverStandIn;
  let now = T1;
  const clock = () => now;

  beforeAll(async () => {
    clover = await startCloverStandIn();
    api = await createTestApi(target, { clock });
  });
  afterAll(async () => {
    await api?.close();
    await clover?.close();
  });
  beforeEach(() => {
    clover.clear();
    clover.requests.length = 0;
    now = T1;
  });

  /** A client on the stand-in, 100 rows a page so paging shows. */
  const client = (more: Partial<CloverConfig> = {}) =>
    createCloverClient({
      apiBase: clover.url,
      merchantId: clover.merchantId,
      token: clover.token,
      pageSize: 100,
      ...more,
    });
  const sync = (more: Partial<CloverConfig> = {}) =>
    syncCloverMenu({ db: api.deps.db, clover: client(more), clock, menu: api.deps.menu });

  async function getMenus(): Promise<{ text: string; etag: string | null; items: MenuItem[] }> {
    const response = await api.call('GET', '/api/menus/');
    expect(response.status).toBe(200);
    const text = await response.text();
    const menus = MenusResponseSchema.parse(JSON.parse(text));
    return {
      text,
      etag: response.headers.get('ETag'),
      items: flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName)),
    };
  }
  const calls = (resource: string) => clover.requests.filter((r) => r.resource === resource);

  it('a full sync of 300 Clover items, read 100 a page, is what GET /api/menus/ serves, at Clover prices', async () => {
    clover.catalogue = generateCatalogue(300, { hidden: 5 });
    const result = await sync();
    expect(result).toMatchObject({ ok: true, categories: 6, items: 300, modifierGroups: 2, modifiers: 5 });

    // 305 items in Clover: pages at 0, 100, 200 and 300, the last one short; read twice, as Clover
    // asks for three expansions a call at most: the menu attributes come in their own pass.
    expect(calls('items').map((r) => [r.query.offset, r.query.limit, r.query.expand, r.status])).toEqual([
      ['0', '100', 'categories,modifierGroups,tags', 200],
      ['100', '100', 'categories,modifierGroups,tags', 200],
      ['200', '100', 'categories,modifierGroups,tags', 200],
      ['300', '100', 'categories,modifierGroups,tags', 200],
      ['0', '100', 'menuItem', 200],
      ['100', '100', 'menuItem', 200],
      ['200', '100', 'menuItem', 200],
      ['300', '100', 'menuItem', 200],
    ]);
    expect(clover.requests.every((r) => r.headers.authorization === `Bearer ${clover.token}`)).toBe(true);

    const { items } = await getMenus();
    expect(items).toHaveLength(300);
    expect(new Set(items.map((i) => i.id))).toEqual(new Set(Array.from({ length: 300 }, (_, i) => generatedItemId(i))));
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get('ITEM00000')).toMatchObject({
      name: 'Dish 0',
      base_price: 2.5,
      categoryName: 'Tacos',
      clover_id: 'ITEM00000',
    });
    expect(byId.get('ITEM00017')!.base_price).toBe(3.69);
    // Clover's item tags become diet tags and a spice level; a tag we do not know is ignored.
    expect(byId.get('ITEM00028')).toMatchObject({ diet: ['vegan', 'gluten-free'], spice_level: 3 });
    expect(byId.get('ITEM00002')).toMatchObject({ diet: [], spice_level: 0 });
    expect(byId.get('ITEM00299')!.base_price).toBe(generatedPrice(299) / 100); // $23.43
    expect(byId.has('ITEM00300')).toBe(false); // hidden in Clover
    expect(byId.has('taco-asada')).toBe(false); // the demo menu is gone
    expect([...new Set(items.map((i) => i.categoryName))]).toEqual(CATEGORY_NAMES);

    const salsa = byId.get('ITEM00015')!.modifier_groups.find((g) => g.id === 'GRPSALSA')!;
    expect(salsa).toMatchObject({ force_popup: true, min_required: 1, max_allowed: 1 });
    // The flattened menu marks only what cannot be ordered (available: false).
    expect(salsa.modifiers.map((m) => [m.name, m.price, m.available !== false])).toEqual([
      ['Salsa verde', 0, true],
      ['Salsa roja', 0, true],
      ['Habanero', 0.5, false],
    ]);

    expect(await readMenuSyncStatus(api.deps.db)).toEqual({
      source: 'clover',
      last_success_at: T1,
      last_error: null,
      last_error_detail: null,
      last_error_at: null,
      last_notes: [],
      last_warnings: [],
    });
  });

  it('a Clover outage mid-sync keeps the last good menu served unchanged and records "Failed to fetch Clover menu."', async () => {
    clover.catalogue = generateCatalogue(300);
    expect((await sync()).ok).toBe(true);
    const before = await getMenus();

    // Fifteen minutes on, Clover has new prices, but its modifier groups call fails.
    now = T2;
    clover.requests.length = 0;
    clover.catalogue = generateCatalogue(300, { priceBump: 100 });
    clover.outage('modifier_groups', 500);
    const result = await sync();
    expect(result).toEqual({
      ok: false,
      at: T2,
      error: 'Failed to fetch Clover menu.',
      detail: 'Clover GET modifier_groups failed: HTTP 500 (Internal Server Error).',
    });
    expect(calls('items').map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(calls('modifier_groups').map((r) => r.status)).toEqual([500]);

    const after = await getMenus();
    expect(after.text).toBe(before.text);
    expect(after.etag).toBe(before.etag);
    expect(after.items.find((i) => i.id === 'ITEM00017')!.base_price).toBe(3.69);
    expect(await readMenuSyncStatus(api.deps.db)).toEqual({
      source: 'clover',
      last_success_at: T1,
      last_error: MENU_SYNC_FAILED,
      last_error_detail: 'Clover GET modifier_groups failed: HTTP 500 (Internal Server Error).',
      last_error_at: T2,
      last_notes: [],
      last_warnings: [],
    });

    // Clover back: the next sync brings the new prices and clears the error.
    clover.clear();
    expect((await sync()).ok).toBe(true);
    expect((await getMenus()).items.find((i) => i.id === 'ITEM00017')!.base_price).toBe(4.69);
    expect(await readMenuSyncStatus(api.deps.db)).toMatchObject({
      last_success_at: T2,
      last_error: null,
      last_error_at: null,
    });
  });

  it('a refused token fails the sync with the call and status named, leaving the menu as it was', async () => {
    clover.catalogue = generateCatalogue(20);
    expect((await sync()).ok).toBe(true);
    const before = await getMenus();
    const result = await sync({ token: 'not-the-token' });
    expect(result).toMatchObject({
      ok: false,
      error: MENU_SYNC_FAILED,
      detail: 'Clover GET categories failed: HTTP 401 (401 Unauthorized).',
    });
    expect((await getMenus()).text).toBe(before.text);
  });

  it('a sync keeps past orders whole and a staff sold-out until tonight; an open-ended sold-out yields to Clover', async () => {
    clover.catalogue = generateCatalogue(30);
    expect((await sync()).ok).toBe(true);
    const orderId = await paidOrder(api.deps.db, [line('ITEM00010', 1, ['MODVERDE'])]);
    await setSoldOut({ ...api.deps, clock }, 'item', 'ITEM00011', true, 'end_of_day');
    await setSoldOut({ ...api.deps, clock }, 'item', 'ITEM00012', true, null);
    await setSoldOut({ ...api.deps, clock }, 'modifier', 'MODQUESO', true, 'end_of_day');

    // Clover drops item 10 and renames item 11.
    const next = generateCatalogue(30);
    next.items = next.items
      .filter((i) => i.id !== 'ITEM00010')
      .map((i) => (i.id === 'ITEM00011' ? { ...i, name: 'Dish eleven' } : i));
    clover.catalogue = next;
    now = T2;
    expect((await sync()).ok).toBe(true);

    const { items } = await getMenus();
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.has('ITEM00010')).toBe(false);
    expect(byId.get('ITEM00011')).toMatchObject({ name: 'Dish eleven', available: false });
    expect(byId.get('ITEM00012')!.available).not.toBe(false);
    const extras = byId.get('ITEM00005')!.modifier_groups.find((g) => g.id === 'GRPEXTRAS')!;
    expect(extras.modifiers.find((m) => m.id === 'MODQUESO')!.available).toBe(false);

    expect((await findOrder(api.deps.db, orderId))!.status).toBe('paid');
    expect(await orderLines(api.deps.db, orderId)).toEqual([line('ITEM00010', 1, ['MODVERDE'])]);
  });

  it("an item's Clover alternate name is its Spanish name; an empty or absent one, and every category, send {}", async () => {
    clover.catalogue = generateCatalogue(30);
    expect((await sync()).ok).toBe(true);

    const { text } = await getMenus();
    const menus = MenusAnswerSchema.parse(JSON.parse(text));
    const answered = new Map(menus[0]!.categories.flatMap((c) => c.menu_items).map((item) => [item.id, item]));
    // Item 0 has "Platillo 0"; item 1 sends no alternateName; item 2 sends it empty.
    expect(clover.catalogue.items[0]).toMatchObject({ alternateName: 'Platillo 0' });
    expect(clover.catalogue.items[1]).not.toHaveProperty('alternateName');
    expect(clover.catalogue.items[2]).toMatchObject({ alternateName: '' });
    expect(answered.get('ITEM00000')).toMatchObject({ name: 'Dish 0', translations: { es: { name: 'Platillo 0' } } });
    expect(answered.get('ITEM00006')!.translations).toEqual({ es: { name: 'Platillo 6' } });
    expect(answered.get('ITEM00001')!.translations).toEqual({});
    expect(answered.get('ITEM00002')!.translations).toEqual({});
    // Clover has no translated description and no alternate name on categories.
    expect(menus[0]!.categories.map((c) => c.translations)).toEqual(CATEGORY_NAMES.map(() => ({})));

    // Read in Spanish, the widget shows the alternate name and falls back to English.
    const spanish = new Map(
      flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName), 'es').map((i) => [i.id, i]),
    );
    expect(spanish.get('ITEM00000')).toMatchObject({ name: 'Platillo 0', description: 'House dish number 0' });
    expect(spanish.get('ITEM00002')).toMatchObject({ name: 'Dish 2', categoryName: 'Bowls' });

    // A later sync carries a changed, a new and a cleared alternate name.
    const next = generateCatalogue(30);
    next.items = next.items.map((item) =>
      item.id === 'ITEM00000'
        ? { ...item, alternateName: '  Platillo cero  ' }
        : item.id === 'ITEM00002'
          ? { ...item, alternateName: 'Platillo dos' }
          : item.id === 'ITEM00006'
            ? { ...item, alternateName: '   ' }
            : item,
    );
    clover.catalogue = next;
    expect((await sync()).ok).toBe(true);
    const again = MenusAnswerSchema.parse(JSON.parse((await getMenus()).text));
    const resynced = new Map(again[0]!.categories.flatMap((c) => c.menu_items).map((item) => [item.id, item]));
    expect(resynced.get('ITEM00000')!.translations).toEqual({ es: { name: 'Platillo cero' } });
    expect(resynced.get('ITEM00002')!.translations).toEqual({ es: { name: 'Platillo dos' } });
    expect(resynced.get('ITEM00006')!.translations).toEqual({});
  });

  it("a modifier group's and a modifier's Clover alternate name is their Spanish name; an empty or absent one sends {}", async () => {
    clover.catalogue = generateCatalogue(30);
    expect((await sync()).ok).toBe(true);

    const { text } = await getMenus();
    const menus = MenusAnswerSchema.parse(JSON.parse(text));
    const items = menus[0]!.categories.flatMap((c) => c.menu_items);
    // Item 15 offers both groups: the salsas (required) and the extras.
    const groups = new Map(items.find((i) => i.id === 'ITEM00015')!.modifier_groups.map((g) => [g.id, g]));
    const salsa = groups.get('GRPSALSA')!;
    const extras = groups.get('GRPEXTRAS')!;
    expect(salsa).toMatchObject({ name: 'Choose a salsa', translations: { es: { name: 'Elige una salsa' } } });
    expect(extras.translations).toEqual({}); // sent empty
    expect(salsa.modifiers.map((m) => [m.id, m.name, m.translations])).toEqual([
      ['MODVERDE', 'Salsa verde', {}], // sent empty
      ['MODROJA', 'Salsa roja', {}], // not sent
      ['MODHABANERO', 'Habanero', { es: { name: 'Chile habanero' } }],
    ]);
    expect(extras.modifiers.map((m) => [m.id, m.translations])).toEqual([
      ['MODGUAC', {}],
      ['MODQUESO', { es: { name: 'Queso extra' } }],
    ]);

    // Read in Spanish, the item dialog shows the alternate names and falls back to English.
    const menu = chooseMenu<MenuSource>(menus, restaurant.menuName);
    const spanish = flattenMenu(menu, 'es').find((i) => i.id === 'ITEM00015')!;
    expect(spanish.modifier_groups.map((g) => [g.name, g.modifiers.map((m) => m.name)])).toEqual([
      ['Elige una salsa', ['Salsa verde', 'Salsa roja', 'Chile habanero']],
      ['Extras', ['Guacamole', 'Queso extra']],
    ]);
    const english = flattenMenu(menu).find((i) => i.id === 'ITEM00015')!;
    expect(english.modifier_groups.map((g) => [g.name, g.modifiers.map((m) => m.name)])).toEqual([
      ['Choose a salsa', ['Salsa verde', 'Salsa roja', 'Habanero']],
      ['Extras', ['Guacamole', 'Queso']],
    ]);

    // A later sync carries a changed, a new and a cleared alternate name.
    const next = generateCatalogue(30);
    next.modifierGroups = next.modifierGroups.map((group) =>
      group.id === 'GRPSALSA'
        ? {
            ...group,
            alternateName: '  Escoge tu salsa ',
            modifiers: {
              elements: (group.modifiers?.elements ?? []).map((m) =>
                m.id === 'MODVERDE' ? { ...m, alternateName: 'Salsa verde cruda' } : m,
              ),
            },
          }
        : {
            ...group,
            alternateName: 'Agrega extras',
            modifiers: {
              elements: (group.modifiers?.elements ?? []).map((m) =>
                m.id === 'MODQUESO' ? { ...m, alternateName: '  ' } : m,
              ),
            },
          },
    );
    clover.catalogue = next;
    expect((await sync()).ok).toBe(true);
    const again = MenusAnswerSchema.parse(JSON.parse((await getMenus()).text));
    const resynced = new Map(
      again[0]!.categories
        .flatMap((c) => c.menu_items)
        .find((i) => i.id === 'ITEM00015')!
        .modifier_groups.map((g) => [g.id, g]),
    );
    expect(resynced.get('GRPSALSA')!.translations).toEqual({ es: { name: 'Escoge tu salsa' } });
    expect(resynced.get('GRPEXTRAS')!.translations).toEqual({ es: { name: 'Agrega extras' } });
    expect(resynced.get('GRPSALSA')!.modifiers.map((m) => m.translations)).toEqual([
      { es: { name: 'Salsa verde cruda' } },
      {},
      { es: { name: 'Chile habanero' } },
    ]);
    expect(resynced.get('GRPEXTRAS')!.modifiers.map((m) => m.translations)).toEqual([{}, {}]);
  });

  it('the schedule syncs at once and then on every tick until stopped', async () => {
    clover.catalogue = generateCatalogue(10);
    const results: MenuSyncResult[] = [];
    const stop = startMenuSyncSchedule(
      { db: api.deps.db, clover: client(), clock, menu: api.deps.menu },
      { everyMs: 100, onResult: (result) => results.push(result) },
    );
    await waitFor(
      () => {
        expect(results.length).toBeGreaterThanOrEqual(2);
        return true;
      },
      { what: 'two syncs' },
    );
    stop();
    const seen = calls('categories').length;
    // A fixed wait on purpose: three ticks' time in which a stopped schedule must not sync again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(calls('categories').length).toBeLessThanOrEqual(seen + 1); // at most the one already under way
  });

  describe('pushing a paid order', () => {
    beforeAll(async () => {
      clover.catalogue = generateCatalogue(30);
      expect((await sync()).ok).toBe(true);
    });
    /**
     * Quick tries for tests (10 ms between them) and a time-out of 10 s: a busy machine may take
     * longer than a short one to answer, and the push would then look the order up again, which
     * these tests would see as a request of its own. The tests of a time-out pass a short one
     * (SHORT_TIMEOUT_MS) against an answer held back far longer.
     */
    const push = (orderId: string, timeoutMs = 10_000) =>
      pushOrderToClover({ db: api.deps.db, clover: client({ timeoutMs }), clock, backoffMs: [10, 10] }, orderId);
    const SHORT_TIMEOUT_MS = 1_000;
    const creates = () => calls('atomic_order/orders');

    it('times out once, finds no order in Clover, creates it once more: one Clover order, recorded once, never sent again', async () => {
      const orderId = await paidOrder(api.deps.db, [
        line('ITEM00003', 2, ['MODVERDE']),
        line('ITEM00005', 1, ['MODGUAC', 'MODQUESO']),
      ]);
      const order = (await findOrder(api.deps.db, orderId))!;
      clover.slowNext('atomic_order/orders', 3_000, { made: false });

      const result = await push(orderId, SHORT_TIMEOUT_MS);
      const [made] = clover.orders().filter((o) => o.title === cloverOrderTitle(order));
      expect(result).toEqual({ outcome: 'pushed', cloverOrderId: made!.id });
      // The first create timed out unanswered; the look-up found nothing; the second create made it.
      expect(clover.requests.map((r) => [r.method, r.resource, r.status])).toEqual([
        ['POST', 'atomic_order/orders', null],
        ['GET', 'orders', 200],
        ['POST', 'atomic_order/orders', 200],
      ]);
      expect(calls('orders')[0]!.query.filter).toBe(`title=Online #${order.number} ${orderId}`);
      expect(clover.orders().filter((o) => o.title === cloverOrderTitle(order))).toHaveLength(1);
      expect(
        made!.lineItems.elements.map((l) => [l.item.id, l.modifications.elements.map((m) => m.modifier.id)]),
      ).toEqual([
        ['ITEM00003', ['MODVERDE']],
        ['ITEM00003', ['MODVERDE']],
        ['ITEM00005', ['MODGUAC', 'MODQUESO']],
      ]);
      expect(made!.total).toBe(2 * generatedPrice(3) + generatedPrice(5) + 175 + 125);
      expect(made!.note).toBe('Ana López, +13105550100, pickup');

      const rows = await api.deps.db.query('select order_id from pos_order_pushes where order_id = $1', [orderId]);
      expect(rows).toHaveLength(1);
      expect(await findPush(api.deps.db, orderId)).toMatchObject({
        status: 'pushed',
        pos_order_id: made!.id,
        attempts: 2,
      });

      clover.requests.length = 0;
      expect(await push(orderId)).toEqual({ outcome: 'already-pushed', cloverOrderId: made!.id });
      expect(clover.requests).toEqual([]);
    });

    it('times out after Clover made the order: the look-up finds it and nothing is created twice', async () => {
      const orderId = await paidOrder(api.deps.db, [line('ITEM00001', 1, [])]);
      const order = (await findOrder(api.deps.db, orderId))!;
      clover.slowNext('atomic_order/orders', 3_000, { made: true });

      const result = await push(orderId, SHORT_TIMEOUT_MS);
      const made = clover.orders().filter((o) => o.title === cloverOrderTitle(order));
      expect(made).toHaveLength(1);
      expect(result).toEqual({ outcome: 'pushed', cloverOrderId: made[0]!.id });
      expect(creates()).toHaveLength(1);
      expect(await findPush(api.deps.db, orderId)).toMatchObject({ status: 'pushed', pos_order_id: made[0]!.id });
    });

    it('retries a 500 with back-off and gives up after three tries, recording the failure; a later call succeeds', async () => {
      const orderId = await paidOrder(api.deps.db, [line('ITEM00002', 1, [])]);
      clover.outage('atomic_order/orders', 500);
      const failed = await push(orderId);
      expect(failed).toEqual({
        outcome: 'failed',
        error: 'Clover POST atomic_order/orders failed: HTTP 500 (Internal Server Error).',
      });
      expect(creates().map((r) => r.status)).toEqual([500, 500, 500]);
      expect(await findPush(api.deps.db, orderId)).toMatchObject({ status: 'failed', attempts: 3, pos_order_id: null });

      clover.clear();
      clover.requests.length = 0;
      const result = await push(orderId);
      expect(result.outcome).toBe('pushed');
      // Earlier tries may have reached Clover, so it looks first, then creates.
      expect(clover.requests.map((r) => [r.method, r.resource])).toEqual([
        ['GET', 'orders'],
        ['POST', 'atomic_order/orders'],
      ]);
    });

    it('an item with no Clover id is not sent, and the push says which item', async () => {
      const orderId = await paidOrder(api.deps.db, [line('taco-mystery', 1, [], 'Mystery taco')]);
      expect(await push(orderId)).toEqual({
        outcome: 'failed',
        error: `Order ${orderId}: Mystery taco (taco-mystery) has no Clover item id.`,
      });
      expect(clover.requests).toEqual([]);
    });

    it('an order not paid yet is not sent', async () => {
      const orderId = await paidOrder(api.deps.db, [line('ITEM00001', 1, [])], 'pending_payment');
      expect(await push(orderId)).toEqual({ outcome: 'not-paid', status: 'pending_payment' });
      expect(clover.requests).toEqual([]);
    });
  });
});

function line(
  menuItemId: string,
  quantity: number,
  modifierIds: string[],
  name = `Dish ${Number(menuItemId.slice(4))}`,
): OrderLineRow {
  const prices: Record<string, number> = { MODVERDE: 0, MODGUAC: 175, MODQUESO: 125 };
  return {
    menu_item_id: menuItemId,
    name,
    unit_price_cents: 500,
    quantity,
    modifiers: modifierIds.map((id) => ({ id, name: id, price_cents: prices[id] ?? 0 })),
  };
}

/** An order written as checkout leaves it once paid (or, if told, still awaiting payment). */
async function paidOrder(
  db: Database,
  lines: OrderLineRow[],
  status: 'paid' | 'pending_payment' = 'paid',
): Promise<string> {
  const id = newId('ord');
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unit_price_cents, 0);
  await insertOrder(
    db,
    {
      id,
      status,
      cognito_sub: null,
      name: 'Ana López',
      email: 'ana@example.com',
      phone: '+13105550100',
      marketing_opt_in: false,
      delivery_type: 'pickup',
      delivery_street: null,
      delivery_city: null,
      delivery_state: null,
      delivery_zip: null,
      delivery_country: null,
      delivery_lat: null,
      delivery_lng: null,
      delivery_quote_id: null,
      promo_code: null,
      subtotal_cents: subtotal,
      promo_discount_cents: 0,
      tax_cents: 0,
      delivery_fee_cents: 0,
      delivery_charge_cents: 0,
      tip_cents: 0,
      total_cents: subtotal,
    },
    lines,
  );
  return id;
}
