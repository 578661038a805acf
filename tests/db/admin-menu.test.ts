// The admin's menu editor through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), with the test clock:
// - every editor call answers 401 to a stranger, 403 to a customer and to staff;
// - each bad field is refused with its sentence;
// - a price changed in the editor is what GET /api/menus/ shows at once and what create-order
//   charges, to the cent; every change is in the audit log;
// - moving categories, items and modifiers up, down and to a position changes the menu's order;
// - a hidden category is off the menu and cannot be ordered; a lunch-only category says when it
//   is served and create-order refuses its items outside that window, ASAP or scheduled;
// - the export imported again (JSON and CSV) previews no change; an edited file previews what
//   it adds, changes and removes, its apply writes exactly that, and a stale preview is refused;
// - an uploaded photo is served as AVIF and WebP at every width, immutable, without its metadata;
// - with Clover as the point-of-sale every change is 409 and "sync now" reads Clover's menu.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_NOT_EMPTY,
  ID_SHAPE,
  IMPORT_FORMAT,
  ITEM_DESCRIPTION_TOO_LONG,
  MAX_CHOICES_RANGE,
  MENU_CHANGED_SINCE_PREVIEW,
  MENU_MANAGED_IN_CLOVER,
  MIN_OVER_MAX,
  MOVE_SHAPE,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NOT_MENU_JSON,
  PHOTO_NOT_IMAGE,
  PHOTO_TOO_LARGE,
  PRICE_RANGE,
  SPICE_RANGE,
  TOO_MANY_WINDOWS,
  UNKNOWN_DIET_TAG,
  WINDOW_CLOSES_BEFORE_OPENS,
  WINDOW_NEEDS_DAYS,
  WINDOW_TIME_SHAPE,
  csvHeaderMissing,
  unknownGroupInCsv,
  type ImportApplied,
  type ImportPreview,
  type MenuEditor,
  type MenuFile,
  type MenuSyncNow,
} from '../../shared/api/admin-menu.ts';
import type { AuditPage } from '../../shared/api/admin.ts';
import type { MenusAnswer } from '../../shared/api/menu-answer.ts';
import { flattenMenu } from '../../shared/menu.ts';
import { MENU_PHOTO_WIDTHS } from '../../shared/menu-photo.ts';
import { toCents } from '../../shared/money.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { notServedThen } from '../../server/menu/served.ts';
import { createCloverClient } from '../../server/providers/menu/clover-client.ts';
import { GROUP_NOT_ON_ITEM, noSuchItem } from '../../server/services/admin-menu.ts';
import { ITEM_NOT_ON_MENU } from '../../server/services/orders.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { generateCatalogue } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember } from '../support/staff-members.ts';

const M = '/api/staff/admin/menu/';

/** An invited member's bearer header, after setting a password and signing in. */

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe.each(databaseTargets)('the admin’s menu editor on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open.
  let now = new Date('2026-11-20T19:00:00Z');
  let admin: { Authorization: string };
  let cook: { Authorization: string };
  let customer: { Authorization: string };
  let caller = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller}` });

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    admin = await staffMember(api, 'owner@comal.example', 'admin', now);
    cook = await staffMember(api, 'cook@comal.example', 'staff', now);
    customer = (await signUpAndIn(api, 'diner@example.com', from())).bearer;
  });
  afterAll(() => api?.close());

  const asAdmin = (method: string, path: string, body?: unknown) => api.call(method, path, body, admin);
  async function edit(method: string, path: string, body?: unknown, status = 200): Promise<MenuEditor> {
    const response = await asAdmin(method, path, body);
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as MenuEditor;
  }
  const editor = () => edit('GET', M);
  const menus = async () => {
    const response = await api.call('GET', '/api/menus/');
    expect(response.status).toBe(200);
    return (await response.json()) as MenusAnswer;
  };
  const menuItems = async () => flattenMenu((await menus())[0]!);
  const audit = async () => {
    const response = await asAdmin('GET', '/api/staff/admin/audit/?area=menu');
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };
  const upload = (id: string, bytes: Uint8Array, headers: Record<string, string> = admin) =>
    api.app.request(`${M}items/${id}/photo/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg', 'X-CSRFToken': api.csrfToken, ...headers },
      body: bytes as Uint8Array<ArrayBuffer>,
    });

  let diner = 0;
  async function order(itemId: string, quantity: number, scheduledFor: string | null = null) {
    const n = ++diner;
    return api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        email: `menu${n}@example.com`,
        phone: `(213) 555-${String(4000 + n)}`,
        delivery_type: 'pickup',
        scheduled_for: scheduledFor,
        cart_items: [{ menu_item_id: itemId, quantity, modifiers: [] }],
      },
      from(),
    );
  }

  /** Makes a category and an item in it; answers their ids. */
  async function categoryWithItem(name: string, item: string, priceCents: number) {
    const withCategory = await edit('POST', `${M}categories/`, { name }, 201);
    const category = withCategory.categories.find((c) => c.name === name)!;
    const withItem = await edit(
      'POST',
      `${M}items/`,
      { category_id: category.id, name: item, price_cents: priceCents, description: 'Pan, frijoles, aguacate' },
      201,
    );
    return { categoryId: category.id, itemId: withItem.items.find((i) => i.name === item)!.id };
  }

  it('answers 401 to a stranger, 403 to a customer and to staff, on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', M],
      ['GET', `${M}export.json`],
      ['GET', `${M}export.csv`],
      ['POST', `${M}categories/`, { name: 'Lunch' }],
      ['PATCH', `${M}categories/tacos/`, { name: 'Tacos' }],
      ['DELETE', `${M}categories/tacos/`],
      ['POST', `${M}categories/tacos/move/`, { direction: 'up' }],
      ['POST', `${M}items/`, { category_id: 'tacos', name: 'Torta', price_cents: 900 }],
      ['PATCH', `${M}items/taco-asada/`, { price_cents: 500 }],
      ['DELETE', `${M}items/taco-asada/`],
      ['POST', `${M}items/taco-asada/move/`, { direction: 'down' }],
      ['DELETE', `${M}items/taco-asada/photo/`],
      ['PUT', `${M}items/taco-asada/groups/salsa/`],
      ['DELETE', `${M}items/taco-asada/groups/salsa/`],
      ['POST', `${M}items/taco-asada/groups/salsa/move/`, { direction: 'up' }],
      ['POST', `${M}groups/`, { name: 'Salsa', min_required: 0, max_allowed: 1 }],
      ['PATCH', `${M}groups/salsa/`, { name: 'Salsa' }],
      ['DELETE', `${M}groups/salsa/`],
      ['POST', `${M}groups/salsa/modifiers/`, { name: 'Verde', price_cents: 0 }],
      ['PATCH', `${M}modifiers/verde/`, { price_cents: 50 }],
      ['DELETE', `${M}modifiers/verde/`],
      ['POST', `${M}modifiers/verde/move/`, { direction: 'up' }],
      ['POST', `${M}import/preview/`, { format: 'json', content: '{}' }],
      ['POST', `${M}import/apply/`, { format: 'json', content: '{}', base_version: '1' }],
      ['POST', `${M}sync/`],
    ];
    const before = (await editor()).version;
    for (const [method, path, body] of calls) {
      const anonymous = await api.call(method, path, body);
      expect([path, anonymous.status, await message(anonymous)]).toEqual([path, 401, STAFF_SIGN_IN_REQUIRED]);
      const asCustomer = await api.call(method, path, body, customer);
      expect([path, asCustomer.status, await message(asCustomer)]).toEqual([path, 403, STAFF_ONLY]);
      const asCook = await api.call(method, path, body, cook);
      expect([path, asCook.status, await message(asCook)]).toEqual([path, 403, ADMINS_ONLY]);
    }
    for (const who of [{}, customer, cook]) {
      const photo = await upload('taco-asada', new Uint8Array([1, 2, 3]), who);
      expect(photo.status).toBe('Authorization' in who ? 403 : 401);
    }
    // Nothing changed on the way.
    expect((await editor()).version).toBe(before);
  });

  it('shows the admin the whole menu, in order, and says it is edited here', async () => {
    const menu = await editor();
    expect(menu).toMatchObject({ provider: 'demo', read_only: false, photo_widths: [150, 300, 600] });
    expect(menu.categories.map((c) => c.name).slice(0, 3)).toEqual(['Tacos', 'Burritos', 'Bowls']);
    const asada = menu.items.find((i) => i.id === 'taco-asada')!;
    expect(asada).toMatchObject({ name: 'Taco de Asada', category_id: 'tacos', available: true });
    expect(asada.group_ids.length).toBeGreaterThan(0);
  });

  it('refuses each bad field with its own sentence', async () => {
    const { categoryId, itemId } = await categoryWithItem('Tortas', 'Torta Cubana', 1100);
    const group = (
      await edit('POST', `${M}groups/`, { name: 'Pan', min_required: 1, max_allowed: 1 }, 201)
    ).groups.find((g) => g.name === 'Pan')!;
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `${M}categories/`, { name: '   ' }, 422, NAME_REQUIRED],
      ['POST', `${M}categories/`, { name: 'x'.repeat(81) }, 422, NAME_TOO_LONG],
      ['POST', `${M}items/`, { category_id: categoryId, name: '', price_cents: 100 }, 422, NAME_REQUIRED],
      ['POST', `${M}items/`, { category_id: categoryId, name: 'Torta', price_cents: -1 }, 422, PRICE_RANGE],
      ['POST', `${M}items/`, { category_id: categoryId, name: 'Torta', price_cents: 100_001 }, 422, PRICE_RANGE],
      ['POST', `${M}items/`, { category_id: categoryId, name: 'Torta', price_cents: 9.5 }, 422, PRICE_RANGE],
      ['POST', `${M}items/`, { category_id: '../x', name: 'Torta', price_cents: 100 }, 422, ID_SHAPE],
      ['PATCH', `${M}items/${itemId}/`, { description: 'd'.repeat(501) }, 422, ITEM_DESCRIPTION_TOO_LONG],
      ['PATCH', `${M}items/${itemId}/`, { diet: ['vegan', 'paleo'] }, 422, UNKNOWN_DIET_TAG],
      ['PATCH', `${M}items/${itemId}/`, { spice_level: 4 }, 422, SPICE_RANGE],
      ['PATCH', `${M}items/no-such-item/`, { price_cents: 100 }, 404, noSuchItem('no-such-item')],
      ['POST', `${M}groups/`, { name: 'Salsas', min_required: 3, max_allowed: 2 }, 422, MIN_OVER_MAX],
      ['POST', `${M}groups/`, { name: 'Salsas', min_required: 0, max_allowed: 0 }, 422, MAX_CHOICES_RANGE],
      ['PATCH', `${M}groups/${group.id}/`, { max_allowed: 0 }, 422, MAX_CHOICES_RANGE],
      // Checked with what is stored: the group asks for at least 1.
      ['PATCH', `${M}groups/${group.id}/`, { min_required: 2 }, 422, MIN_OVER_MAX],
      ['POST', `${M}groups/${group.id}/modifiers/`, { name: 'Bolillo', price_cents: -5 }, 422, PRICE_RANGE],
      [
        'PATCH',
        `${M}categories/${categoryId}/`,
        { windows: [{ days: ['friday'], from: '15:00', to: '11:00' }] },
        422,
        WINDOW_CLOSES_BEFORE_OPENS,
      ],
      [
        'PATCH',
        `${M}categories/${categoryId}/`,
        { windows: [{ days: ['friday'], from: '9am', to: '11:00' }] },
        422,
        WINDOW_TIME_SHAPE,
      ],
      [
        'PATCH',
        `${M}categories/${categoryId}/`,
        { windows: [{ days: [], from: '09:00', to: '11:00' }] },
        422,
        WINDOW_NEEDS_DAYS,
      ],
      [
        'PATCH',
        `${M}categories/${categoryId}/`,
        { windows: Array(8).fill({ days: ['monday'], from: '09:00', to: '11:00' }) },
        422,
        TOO_MANY_WINDOWS,
      ],
      ['POST', `${M}categories/${categoryId}/move/`, { direction: 'sideways' }, 422, MOVE_SHAPE],
      ['POST', `${M}categories/${categoryId}/move/`, { direction: 'up', position: 2 }, 422, MOVE_SHAPE],
      ['DELETE', `${M}categories/${categoryId}/`, undefined, 409, CATEGORY_NOT_EMPTY],
      ['POST', `${M}import/preview/`, { format: 'xml', content: '' }, 422, IMPORT_FORMAT],
      ['POST', `${M}import/preview/`, { format: 'json', content: 'not json' }, 422, NOT_MENU_JSON],
      ['POST', `${M}import/preview/`, { format: 'json', content: '{"format":"other"}' }, 422, NOT_MENU_JSON],
      [
        'POST',
        `${M}import/preview/`,
        { format: 'csv', content: 'category,name\nTacos,Taco\n' },
        422,
        csvHeaderMissing('category_id'),
      ],
    ];
    for (const [method, path, body, status, sentence] of cases) {
      const response = await asAdmin(method, path, body);
      expect([method, path, JSON.stringify(body), response.status, await message(response)]).toEqual([
        method,
        path,
        JSON.stringify(body),
        status,
        sentence,
      ]);
    }
  });

  it('a price changed in the editor is on GET /api/menus/ at once and create-order charges it, to the cent', async () => {
    const { itemId } = await categoryWithItem('Tortas del Día', 'Torta de Milanesa', 950);
    expect((await menuItems()).find((i) => i.id === itemId)?.base_price).toBe(9.5);
    const version = (await editor()).version;

    const changed = await edit('PATCH', `${M}items/${itemId}/`, { price_cents: 1025 });
    expect(changed.items.find((i) => i.id === itemId)?.price_cents).toBe(1025);
    expect(BigInt(changed.version)).toBe(BigInt(version) + 1n);
    expect((await menuItems()).find((i) => i.id === itemId)?.base_price).toBe(10.25);

    const placed = await order(itemId, 3);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const body = (await placed.json()) as { order_id: string; totals: { subtotal: number } };
    expect(toCents(body.totals.subtotal)).toBe(3075);
    const [line] = await api.deps.db.query<{ unit_price_cents: number }>(
      'select unit_price_cents from order_lines where order_id = $1',
      [body.order_id],
    );
    expect(line?.unit_price_cents).toBe(1025);

    // In the audit log: who, and the item before and after.
    const [entry] = (await audit()).entries;
    expect(entry).toMatchObject({ actor: 'owner@comal.example', area: 'menu', subject: `item:${itemId}` });
    expect(entry?.before).toMatchObject({ price_cents: 950, name: 'Torta de Milanesa' });
    expect(entry?.after).toMatchObject({ price_cents: 1025 });

    // Sold out in the editor: listed so, and refused at checkout.
    await edit('PATCH', `${M}items/${itemId}/`, { available: false });
    expect((await menuItems()).find((i) => i.id === itemId)?.available).toBe(false);
    expect((await order(itemId, 1)).status).toBe(422);
    await edit('PATCH', `${M}items/${itemId}/`, { available: true, diet: ['vegan', 'vegetarian'], spice_level: 2 });
    const item = (await menuItems()).find((i) => i.id === itemId)!;
    expect([item.available, item.diet, item.spice_level]).toEqual([undefined, ['vegetarian', 'vegan'], 2]);
  });

  it('moves categories, items and modifiers up, down and to a position', async () => {
    const names = async () => (await menus())[0]!.categories.map((c) => c.name);
    const start = await names();
    const burritos = start.indexOf('Burritos');
    let menu = await edit('POST', `${M}categories/burritos/move/`, { direction: 'up' });
    expect((await names()).indexOf('Burritos')).toBe(burritos - 1);
    menu = await edit('POST', `${M}categories/burritos/move/`, { direction: 'down' });
    expect(await names()).toEqual(start);
    // The first one cannot go further up: nothing changes, not even the version.
    const first = menu.categories[0]!.id;
    expect((await edit('POST', `${M}categories/${first}/move/`, { direction: 'up' })).version).toBe(menu.version);
    await edit('POST', `${M}categories/burritos/move/`, { position: 0 });
    expect((await names())[0]).toBe('Burritos');
    await edit('POST', `${M}categories/burritos/move/`, { position: burritos });
    expect(await names()).toEqual(start);

    // Items, among the items of their place.
    const { categoryId } = await categoryWithItem('Aguas', 'Horchata Grande', 450);
    await edit('POST', `${M}items/`, { category_id: categoryId, name: 'Jamaica Grande', price_cents: 450 }, 201);
    const inAguas = async () =>
      (await menus())[0]!.categories.find((c) => c.name === 'Aguas')!.menu_items.map((i) => i.name);
    expect(await inAguas()).toEqual(['Horchata Grande', 'Jamaica Grande']);
    const jamaica = (await editor()).items.find((i) => i.name === 'Jamaica Grande')!;
    await edit('POST', `${M}items/${jamaica.id}/move/`, { direction: 'up' });
    expect(await inAguas()).toEqual(['Jamaica Grande', 'Horchata Grande']);

    // Modifiers, in their group.
    let groups = (await edit('POST', `${M}groups/`, { name: 'Tamaño', min_required: 1, max_allowed: 1 }, 201)).groups;
    const size = groups.find((g) => g.name === 'Tamaño')!;
    await edit('POST', `${M}groups/${size.id}/modifiers/`, { name: 'Chico', price_cents: 0 }, 201);
    groups = (await edit('POST', `${M}groups/${size.id}/modifiers/`, { name: 'Grande', price_cents: 150 }, 201)).groups;
    const grande = groups.find((g) => g.id === size.id)!.modifiers.find((m) => m.name === 'Grande')!;
    menu = await edit('POST', `${M}modifiers/${grande.id}/move/`, { position: 0 });
    expect(menu.groups.find((g) => g.id === size.id)!.modifiers.map((m) => [m.name, m.price_cents])).toEqual([
      ['Grande', 150],
      ['Chico', 0],
    ]);
    // Offered on an item: the widget's menu shows the group, in the new order.
    await edit('PUT', `${M}items/${jamaica.id}/groups/${size.id}/`);
    expect((await asAdmin('PUT', `${M}items/${jamaica.id}/groups/${size.id}/`)).status).toBe(409);
    const offered = (await menuItems()).find((i) => i.id === jamaica.id)!;
    expect(offered.modifier_groups.map((g) => g.modifiers.map((m) => m.name))).toEqual([['Grande', 'Chico']]);
    expect((await order(jamaica.id, 1)).status).toBe(422);
    // A second group on the item: asked after the first, until the admin moves it up.
    const extras = (
      await edit('POST', `${M}groups/`, { name: 'Extras', min_required: 0, max_allowed: 2 }, 201)
    ).groups.find((g) => g.name === 'Extras')!;
    await edit('POST', `${M}groups/${extras.id}/modifiers/`, { name: 'Chamoy', price_cents: 50 }, 201);
    await edit('PUT', `${M}items/${jamaica.id}/groups/${extras.id}/`);
    const askedIn = async () =>
      (await menuItems()).find((i) => i.id === jamaica.id)!.modifier_groups.map((g) => g.name);
    expect(await askedIn()).toEqual(['Tamaño', 'Extras']);
    menu = await edit('POST', `${M}items/${jamaica.id}/groups/${extras.id}/move/`, { direction: 'up' });
    expect(menu.items.find((i) => i.id === jamaica.id)!.group_ids).toEqual([extras.id, size.id]);
    expect(await askedIn()).toEqual(['Extras', 'Tamaño']);
    const groupMove = (await audit()).entries.find((e) => e.subject === `item:${jamaica.id}`);
    expect([groupMove?.before, groupMove?.after]).toEqual([
      { group_ids: [size.id, extras.id] },
      { group_ids: [extras.id, size.id] },
    ]);
    // Already first: nothing changes; a group the item does not offer: 404.
    expect((await edit('POST', `${M}items/${jamaica.id}/groups/${extras.id}/move/`, { direction: 'up' })).version).toBe(
      menu.version,
    );
    const notOffered = await asAdmin('POST', `${M}items/taco-asada/groups/${extras.id}/move/`, { direction: 'up' });
    expect([notOffered.status, await message(notOffered)]).toEqual([404, GROUP_NOT_ON_ITEM]);
    await edit('DELETE', `${M}items/${jamaica.id}/groups/${extras.id}/`);
    await edit('DELETE', `${M}items/${jamaica.id}/groups/${size.id}/`);
    expect((await menuItems()).find((i) => i.id === jamaica.id)!.modifier_groups).toEqual([]);

    const moves = (await audit()).entries.filter((e) => e.subject === `modifier:${grande.id}`);
    expect(moves[0]?.after).toEqual({ order: [grande.id, expect.any(String)] });

    // A modifier's price and sold-out, then the modifier and its group, removed.
    menu = await edit('PATCH', `${M}modifiers/${grande.id}/`, { price_cents: 175, available: false });
    expect(menu.groups.find((g) => g.id === size.id)!.modifiers[0]).toEqual({
      id: grande.id,
      name: 'Grande',
      price_cents: 175,
      available: false,
    });
    menu = await edit('PATCH', `${M}groups/${size.id}/`, { name: 'Tamaño del agua', max_allowed: 2 });
    expect(menu.groups.find((g) => g.id === size.id)).toMatchObject({ name: 'Tamaño del agua', max_allowed: 2 });
    menu = await edit('DELETE', `${M}modifiers/${grande.id}/`);
    expect(menu.groups.find((g) => g.id === size.id)!.modifiers.map((m) => m.name)).toEqual(['Chico']);
    menu = await edit('DELETE', `${M}groups/${size.id}/`);
    expect(menu.groups.some((g) => g.id === size.id)).toBe(false);
    const removal = (await audit()).entries[0];
    expect([removal?.subject, removal?.before?.name, removal?.after]).toEqual([
      `group:${size.id}`,
      'Tamaño del agua',
      null,
    ]);
  });

  it('a hidden category is off the menu and cannot be ordered; removed, it is gone', async () => {
    const { categoryId, itemId } = await categoryWithItem('Secret Menu', 'Torta Ahogada', 1200);
    expect((await menus())[0]!.categories.map((c) => c.name)).toContain('Secret Menu');
    await edit('PATCH', `${M}categories/${categoryId}/`, { visible: false });
    expect((await menus())[0]!.categories.map((c) => c.name)).not.toContain('Secret Menu');
    const refused = await order(itemId, 1);
    expect([refused.status, await message(refused)]).toEqual([422, ITEM_NOT_ON_MENU]);
    // Still in the editor, hidden.
    expect((await editor()).categories.find((c) => c.id === categoryId)?.visible).toBe(false);
    await edit('DELETE', `${M}items/${itemId}/`);
    const after = await edit('DELETE', `${M}categories/${categoryId}/`);
    expect(after.categories.some((c) => c.id === categoryId)).toBe(false);
  });

  it('a lunch-only category says when it is served, and create-order refuses its items outside that time', async () => {
    const { categoryId, itemId } = await categoryWithItem('Lunch', 'Comida Corrida', 1300);
    await edit('PATCH', `${M}categories/${categoryId}/`, {
      windows: [{ days: ['friday', 'monday', 'tuesday', 'wednesday', 'thursday'], from: '11:00', to: '15:00' }],
    });
    const lunch = (await menus())[0]!.categories.find((c) => c.name === 'Lunch')!;
    expect(lunch.windows).toEqual([
      { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from: '11:00', to: '15:00' },
    ]);
    // Friday 11:00 in Los Angeles: ASAP is fine.
    const lunchtime = await order(itemId, 1);
    expect(lunchtime.status, await lunchtime.clone().text()).toBe(201);
    // Scheduled for Friday 16:00: refused, naming the item.
    const late = await order(itemId, 1, '2026-11-21T00:00:00Z');
    expect([late.status, await message(late)]).toEqual([422, notServedThen('Comida Corrida')]);
    // Scheduled for Friday 14:30: fine.
    expect((await order(itemId, 1, '2026-11-20T22:30:00Z')).status).toBe(201);
    // Friday 15:30, ASAP: refused.
    const was = now;
    now = new Date('2026-11-20T23:30:00Z');
    try {
      const asap = await order(itemId, 1);
      expect([asap.status, await message(asap)]).toEqual([422, notServedThen('Comida Corrida')]);
      // Other categories still sell.
      expect((await order('side-chips-salsa', 1)).status).toBe(201);
    } finally {
      now = was;
    }
    await edit('PATCH', `${M}categories/${categoryId}/`, { windows: [] });
    expect((await menus())[0]!.categories.find((c) => c.name === 'Lunch')!.windows).toEqual([]);
  });

  it('the export imported again previews no change, as JSON and as CSV', async () => {
    const json = await asAdmin('GET', `${M}export.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('Content-Disposition')).toBe('attachment; filename="menu.json"');
    const jsonText = await json.text();
    const csv = await asAdmin('GET', `${M}export.csv`);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const csvBytes = Buffer.from(await csv.arrayBuffer());
    // A byte order mark first, so spreadsheets read accents right.
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = csvBytes.toString('utf8');
    expect(csvText.startsWith('\uFEFFcategory_id,category,')).toBe(true);
    for (const [format, content] of [
      ['json', jsonText],
      ['csv', csvText],
    ] as const) {
      const response = await asAdmin('POST', `${M}import/preview/`, { format, content });
      expect(response.status, await response.clone().text()).toBe(200);
      const preview = (await response.json()) as ImportPreview;
      expect([format, preview.added, preview.changed, preview.removed, preview.changes]).toEqual([format, 0, 0, 0, []]);
    }
  });

  it('an edited file previews what it adds, changes and removes; apply writes exactly that, once', async () => {
    const file = (await (await asAdmin('GET', `${M}export.json`)).json()) as MenuFile;
    const tacos = file.categories.find((c) => c.id === 'tacos')!;
    const asada = tacos.items.find((i) => i.id === 'taco-asada')!;
    asada.price_cents = 499;
    const removed = file.categories.find((c) => c.id === 'sides')!.items.shift()!;
    file.categories.push({
      id: 'desayunos',
      name: 'Desayunos',
      visible: true,
      windows: [{ days: ['saturday', 'sunday'], from: '08:00', to: '11:00' }],
      subcategories: [],
      items: [
        {
          id: 'chilaquiles',
          name: 'Chilaquiles',
          description: 'Verdes o rojos',
          price_cents: 1150,
          subcategory_id: null,
          photo: null,
          diet: ['vegetarian'],
          spice_level: 1,
          available: true,
          is_special: false,
          modifier_groups: [],
        },
      ],
    });
    const content = JSON.stringify(file);
    const preview = (await (
      await asAdmin('POST', `${M}import/preview/`, { format: 'json', content })
    ).json()) as ImportPreview;
    expect([preview.added, preview.changed, preview.removed]).toEqual([2, 1, 1]);
    expect(preview.changes).toEqual(
      expect.arrayContaining([
        { action: 'add', kind: 'category', id: 'desayunos', name: 'Desayunos', fields: [] },
        { action: 'add', kind: 'item', id: 'chilaquiles', name: 'Chilaquiles', fields: [] },
        { action: 'change', kind: 'item', id: 'taco-asada', name: 'Taco de Asada', fields: ['price_cents'] },
        { action: 'remove', kind: 'item', id: removed.id, name: removed.name, fields: [] },
      ]),
    );
    // Nothing written by the preview.
    expect((await editor()).version).toBe(preview.base_version);

    // Applying without the preview's version, or after the menu changed since, is refused.
    expect((await asAdmin('POST', `${M}import/apply/`, { format: 'json', content })).status).toBe(422);
    const applied = await asAdmin('POST', `${M}import/apply/`, {
      format: 'json',
      content,
      base_version: preview.base_version,
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
    const result = (await applied.json()) as ImportApplied;
    expect([result.added, result.changed, result.removed]).toEqual([2, 1, 1]);
    const items = await menuItems();
    expect(items.find((i) => i.id === 'taco-asada')?.base_price).toBe(4.99);
    expect(items.find((i) => i.id === removed.id)).toBeUndefined();
    expect(items.find((i) => i.id === 'chilaquiles')).toMatchObject({ base_price: 11.5, diet: ['vegetarian'] });
    // Asada keeps what the file does not carry: its Spanish name.
    const [spanish] = await api.deps.db.query<{ translations: unknown }>(
      `select translations from menu_items where id = 'taco-asada'`,
    );
    expect(JSON.stringify(spanish?.translations)).toContain('Taco de Asada');
    const stale = await asAdmin('POST', `${M}import/apply/`, {
      format: 'json',
      content,
      base_version: preview.base_version,
    });
    expect([stale.status, await message(stale)]).toEqual([409, MENU_CHANGED_SINCE_PREVIEW]);
    // One audit entry a change.
    const subjects = (await audit()).entries.slice(0, 4).map((e) => e.subject);
    expect(subjects.sort()).toEqual(
      ['category:desayunos', 'item:chilaquiles', 'item:taco-asada', `item:${removed.id}`].sort(),
    );
  });

  it('a CSV from a spreadsheet: prices in dollars, formulas neutralised on export, unknown groups refused', async () => {
    await categoryWithItem('Postres', '=1+1 Flan', 500);
    const csvText = await (await asAdmin('GET', `${M}export.csv`)).text();
    expect(csvText).toContain(`,'=1+1 Flan,`);
    expect(csvText).toMatch(/,Taco de Asada,[^\r]*,4\.99,/);
    const noOp = (await (
      await asAdmin('POST', `${M}import/preview/`, { format: 'csv', content: csvText })
    ).json()) as ImportPreview;
    expect(noOp.changes).toEqual([]);

    const edited = csvText.replace(/,Taco de Asada,([^\r]*?),4\.99,/, ',Taco de Asada,$1,5.25,');
    const preview = (await (
      await asAdmin('POST', `${M}import/preview/`, { format: 'csv', content: edited })
    ).json()) as ImportPreview;
    expect(preview.changes).toEqual([
      { action: 'change', kind: 'item', id: 'taco-asada', name: 'Taco de Asada', fields: ['price_cents'] },
    ]);
    await asAdmin('POST', `${M}import/apply/`, { format: 'csv', content: edited, base_version: preview.base_version });
    expect((await menuItems()).find((i) => i.id === 'taco-asada')?.base_price).toBe(5.25);

    const badGroup = csvText.replace(/\r\n([^\r]*,Taco de Asada,[^\r]*),([^,\r]*)\r\n/, '\r\n$1,nope\r\n');
    const refused = await asAdmin('POST', `${M}import/preview/`, { format: 'csv', content: badGroup });
    expect(await message(refused)).toMatch(
      new RegExp(`^Row \\d+: ${unknownGroupInCsv('nope').replace(/[.]/g, '\\.')}$`),
    );
  });

  it('an uploaded photo is served as AVIF and WebP at every width, immutable, with its metadata left behind', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c44a25' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Comal test', Artist: 'Ana' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload('taco-asada', new Uint8Array(jpeg));
    expect(response.status, await response.clone().text()).toBe(200);
    const menu = (await response.json()) as MenuEditor;
    const photo = menu.items.find((i) => i.id === 'taco-asada')!.photo!;
    expect(photo).toMatch(/^\/api\/menu-photos\/[a-f0-9]{32}-600\.webp$/);
    expect((await menuItems()).find((i) => i.id === 'taco-asada')?.photo).toBe(photo);
    const id = /([a-f0-9]{32})/.exec(photo)![1]!;
    for (const width of MENU_PHOTO_WIDTHS) {
      for (const format of ['avif', 'webp'] as const) {
        const served = await api.app.request(`/api/menu-photos/${id}-${width}.${format}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('Content-Type')).toBe(`image/${format}`);
        expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height, meta.exif]).toEqual([
          format,
          width,
          (width * 2) / 3,
          undefined,
        ]);
      }
    }
    expect((await api.app.request(`/api/menu-photos/${id}-640.webp`)).status).toBe(404);
    expect((await api.app.request(`/api/menu-photos/${'0'.repeat(32)}-600.webp`)).status).toBe(404);

    const notImage = await upload('taco-asada', new TextEncoder().encode('<svg onload=alert(1)>'));
    expect([notImage.status, await message(notImage)]).toEqual([422, PHOTO_NOT_IMAGE]);
    const tooLarge = await upload('taco-asada', new Uint8Array(8 * 1024 * 1024 + 1));
    expect([tooLarge.status, await message(tooLarge)]).toEqual([413, PHOTO_TOO_LARGE]);
    const nobody = await upload('no-such-item', new Uint8Array(jpeg));
    expect(nobody.status).toBe(404);
    // The audit log says which photo.
    expect((await audit()).entries[0]).toMatchObject({ subject: 'item:taco-asada', after: { photo } });
    const without = await edit('DELETE', `${M}items/taco-asada/photo/`);
    expect(without.items.find((i) => i.id === 'taco-asada')?.photo).toBeNull();
  });
});

describe.each(databaseTargets)('the menu editor with Clover on $name', (target) => {
  let api: TestApi;
  let clover: CloverStandIn;
  const now = new Date('2026-11-20T19:00:00Z');
  let admin: { Authorization: string };

  beforeAll(async () => {
    clover = await startCloverStandIn({ catalogue: generateCatalogue(12) });
    const pos = createCloverClient({ apiBase: clover.url, merchantId: clover.merchantId, token: clover.token });
    api = await createTestApi(target, { clock: () => now, pos });
    admin = await staffMember(api, 'owner@comal.example', 'admin', now);
  });
  afterAll(async () => {
    await api?.close();
    await clover?.close();
  });

  it('is read-only, says the menu is managed in Clover, and "sync now" reads Clover’s menu', async () => {
    const view = (await (await api.call('GET', M, undefined, admin)).json()) as MenuEditor;
    expect([view.provider, view.read_only]).toEqual(['clover', true]);
    const writes: [string, string, unknown?][] = [
      ['POST', `${M}categories/`, { name: 'Lunch' }],
      ['PATCH', `${M}items/taco-asada/`, { price_cents: 100 }],
      ['DELETE', `${M}items/taco-asada/`],
      ['POST', `${M}items/taco-asada/move/`, { direction: 'up' }],
      ['PUT', `${M}items/taco-asada/photo/`, 'x'],
      ['POST', `${M}groups/`, { name: 'Salsa' }],
      ['PATCH', `${M}modifiers/verde/`, { price_cents: 1 }],
      ['POST', `${M}import/preview/`, { format: 'json', content: '{}' }],
      ['POST', `${M}import/apply/`, { format: 'json', content: '{}', base_version: '1' }],
    ];
    for (const [method, path, body] of writes) {
      const response = await api.call(method, path, body, admin);
      expect([path, response.status, await message(response)]).toEqual([path, 409, MENU_MANAGED_IN_CLOVER]);
    }
    expect((await (await api.call('GET', M, undefined, admin)).json()) as MenuEditor).toMatchObject({
      version: view.version,
    });

    const synced = await api.call('POST', `${M}sync/`, undefined, admin);
    expect(synced.status).toBe(200);
    const result = (await synced.json()) as MenuSyncNow;
    expect([result.ok, result.error, result.items]).toEqual([true, null, 12]);
    expect(result.menu.items.map((i) => i.id).sort()).toEqual(clover.catalogue.items.map((i) => i.id).sort());

    clover.outage('items', 500);
    const failed = (await (await api.call('POST', `${M}sync/`, undefined, admin)).json()) as MenuSyncNow;
    expect([failed.ok, failed.error, failed.items]).toEqual([false, 'Failed to fetch Clover menu.', 0]);
    clover.clear();
  });
});
