// The Clover rows of issue 21, against the stand-in answering with Clover's published examples
// (tests/fixtures/clover/): a price typed in at the register (VARIABLE) and a price per hour
// (PER_UNIT) stay off the online menu with a note saying why; an item at $0 priced by an optional
// choice gets that choice required; the online menu follows the item's menu switch, not the
// Register's `hidden`; a modifier group of 250 modifiers, cut at 100 when expanded, is read whole;
// and "sync now", on the staff board and in the admin area, answers the notes the database keeps.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MenuSyncNow } from '../../shared/api/admin-menu.ts';
import { MenusResponseSchema } from '../../shared/api/schemas.ts';
import type { MenuSyncAnswer } from '../../shared/api/staff.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../../shared/menu.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { readMenuSyncStatus } from '../../server/db/menu-sync-status.ts';
import { createCloverClient, type CloverItem, type CloverModifier } from '../../server/providers/menu/clover-client.ts';
import { OTHER_CATEGORY } from '../../server/providers/menu/clover-menu.ts';
import { MENU_SYNC_FAILED } from '../../server/services/menu-sync.ts';
import { ITEM_NOT_ON_MENU, choiceNotOffered, tooFewChoices } from '../../server/services/orders.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { published } from '../support/clover-catalogue.ts';
import {
  CLOVER_NESTED_CAP,
  startCloverStandIn,
  type CloverCatalogue,
  type CloverStandIn,
} from '../support/clover-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember, type StaffAuthorization } from '../support/staff-members.ts';

const NOW = new Date('2026-11-20T19:00:00Z'); // a Friday, 11:00 in Los Angeles
const LATER = new Date('2026-11-20T19:10:00Z');
const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };

/** What staff are told when Clover refuses the items' online-ordering settings, for want of permission or otherwise. */
const NO_PERMISSION =
  "Clover refused this token the items' online-ordering settings (the app lacks that permission), so the Register's Hidden flag decides which items show online, and no item shows a description. Grant the permission in Clover to set both item by item.";
const REFUSED_404 =
  "Clover answered HTTP 404 when asked for the items' online-ordering settings, so the Register's Hidden flag decides which items show online, and no item shows a description.";
const VARIABLE_REASON = 'Its price is typed in at the register (Clover price type Variable), so it is not sold online.';
const PER_HOUR_REASON =
  'Sold by the hr at the register (Clover price type Per unit): the quantity is weighed or measured there, so it is not sold online.';

/** The three categories Clover's published items name, as the categories listing answers them. */
function categoriesOf(items: Array<{ categories?: { elements?: unknown[] } | null }>) {
  const seen = new Map<string, { id: string; name: string; sortOrder?: number | string | null }>();
  for (const item of items)
    for (const category of (item.categories?.elements ?? []) as Array<{ id: string; name: string }>)
      seen.set(category.id, category);
  return [...seen.values()];
}

/** Clover's published items: Bangers and Mash (Food), Pizza (Italian, From the Oven), and more. */
function catalogue(
  change: (p: ReturnType<typeof published>) => CloverItem[],
  groups = [] as CloverCatalogue['modifierGroups'],
) {
  const p = published();
  const items = change(p);
  return { categories: categoriesOf([p.bangersAndMash, p.pizza]), items, modifierGroups: groups };
}

describe.each(databaseTargets)('Clover as it publishes its answers, on $name', (target) => {
  let api: TestApi;
  let clover: CloverStandIn;
  let staff: StaffAuthorization;
  let admin: StaffAuthorization;
  let now = NOW;

  beforeAll(async () => {
    clover = await startCloverStandIn();
    // 100 rows a page, so paging shows.
    const pos = createCloverClient({
      apiBase: clover.url,
      merchantId: clover.merchantId,
      token: clover.token,
      pageSize: 100,
    });
    api = await createTestApi(target, { pos, clock: () => now });
    staff = await staffMember(api, 'cook@comal.example', 'staff', NOW);
    admin = await staffMember(api, 'owner@comal.example', 'admin', NOW);
  });
  afterAll(async () => {
    await api?.close();
    await clover?.close();
  });
  beforeEach(() => {
    clover.clear();
    clover.requests.length = 0;
    now = NOW;
  });

  async function syncNow(): Promise<MenuSyncAnswer> {
    const response = await api.call('POST', '/api/staff/menu/sync/', undefined, staff);
    expect(response.status).toBe(200);
    return (await response.json()) as MenuSyncAnswer;
  }
  async function menuItems(): Promise<Map<string, MenuItem>> {
    const response = await api.call('GET', '/api/menus/');
    expect(response.status).toBe(200);
    const menus = MenusResponseSchema.parse(await response.json());
    return new Map(flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName)).map((item) => [item.id, item]));
  }
  /** A pickup order for one of `id` with `modifiers`: the status and what the customer is told. */
  async function order(
    id: string,
    modifiers: string[] = [],
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await api.call(
      'POST',
      '/api/create-order/',
      {
        ...contact,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [{ menu_item_id: id, quantity: 1, modifiers }],
      },
      { 'X-Forwarded-For': '198.51.100.21' },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('an item priced at the register (VARIABLE) is not sold online, and the sync report says why', async () => {
    // Clover publishes no VARIABLE example: its Pork Rice Bowl, priced as "open food" would be.
    clover.catalogue = catalogue((p) => [
      p.bangersAndMash,
      p.pizza,
      { ...p.porkRiceBowl, price: 0, priceType: 'VARIABLE' },
    ]);
    const answer = await syncNow();
    expect(answer).toMatchObject({ source: 'clover', last_success_at: NOW.toISOString(), last_error: null });
    expect(answer.notes).toEqual([
      {
        item_id: 'SNGFTY41642NY',
        item_name: 'Pork Rice Bowl with House Salad',
        action: 'kept_out',
        reason: VARIABLE_REASON,
      },
    ]);

    const items = await menuItems();
    expect([...items.keys()].sort()).toEqual(['AK5ESN5YR8YWY', 'Z0EPYQ2R5TQ5Y']);
    expect(items.get('Z0EPYQ2R5TQ5Y')).toMatchObject({
      name: 'Bangers and Mash',
      base_price: 1.5,
      categoryName: 'Food',
    });
    // Pizza is in Italian (sortOrder 1) and From the Oven (0): listed once, in the earlier one.
    expect(items.get('AK5ESN5YR8YWY')).toMatchObject({
      name: 'Pizza',
      base_price: 14.99,
      categoryName: 'From the Oven',
    });
    // A customer holding the bowl in an old cart is told it is no longer on the menu.
    expect(await order('SNGFTY41642NY')).toEqual({ status: 422, body: { error: true, message: ITEM_NOT_ON_MENU } });
  });

  it('an item sold by the hour (PER_UNIT) stays off the online menu with a reason; a FIXED one with a unit name is sold as priced', async () => {
    clover.catalogue = catalogue((p) => [p.itemUse, p.nontaxItem, p.bangersAndMash]);
    const answer = await syncNow();
    expect(answer.notes).toEqual([
      { item_id: 'V33H8XGTZCKNP', item_name: 'Item Use', action: 'kept_out', reason: PER_HOUR_REASON },
    ]);
    const items = await menuItems();
    expect(items.has('V33H8XGTZCKNP')).toBe(false);
    // "Nontax Item" is FIXED at 100 with unitName "oz": one of it is $1.00, in no category.
    expect(items.get('EWKZEMNCBQQ9Y')).toMatchObject({ base_price: 1, categoryName: OTHER_CATEGORY.name });
    const placed = await order('EWKZEMNCBQQ9Y');
    expect(placed.status).toBe(201);
    expect(placed.body.totals).toMatchObject({ subtotal: 1 });
    expect(await order('V33H8XGTZCKNP')).toEqual({ status: 422, body: { error: true, message: ITEM_NOT_ON_MENU } });
  });

  it('an item at $0 priced by an optional choice gets the choice required; a FIXED $0 item is free; $0 with no price type is left out', async () => {
    const p0 = published();
    // Clover's published Salad Add-in group (no minRequired) with its Tofu at $1.00.
    const saladAddIn = { ...p0.saladAddIn, modifiers: { elements: [p0.tofu] } };
    clover.catalogue = catalogue(
      (p) => [
        // Caesar Salad at $0, its price in Salad Add-in.
        { ...p.caesarSalad, price: 0, modifierGroups: { elements: [{ id: saladAddIn.id }] } },
        // Pizza offers the same group, at its own price.
        { ...p.pizza, modifierGroups: { elements: [{ id: saladAddIn.id }] } },
        // A slice given away: FIXED at 0, nothing to choose.
        { ...p.pizzaSlice, price: 0 },
        // $0 and no price type at all.
        (({ priceType: _unsaid, ...item }) => ({ ...item, price: 0 }))(p.bangersAndMash),
      ],
      [saladAddIn],
    );
    const answer = await syncNow();
    expect(answer.notes).toEqual([
      {
        item_id: '9J1F7WW503CZW',
        item_name: 'Caesar Salad',
        action: 'changed',
        reason:
          '$0 in Clover, priced by its choices: "Salad Add-in" is now required (at least 1), so it is never sold at $0. The other item offering "Salad Add-in" now requires it too.',
      },
      {
        item_id: 'Z0EPYQ2R5TQ5Y',
        item_name: 'Bangers and Mash',
        action: 'kept_out',
        reason: 'Clover sends it at $0 with no price type and no priced choice, so it is not sold online for nothing.',
      },
    ]);

    const items = await menuItems();
    expect(items.get('9J1F7WW503CZW')!.modifier_groups).toMatchObject([
      { id: 'QZ587JT76N80Y', name: 'Salad Add-in', min_required: 1, force_popup: true },
    ]);
    // Without a choice the salad is refused; with Tofu it costs Tofu's $1.00.
    expect(await order('9J1F7WW503CZW')).toEqual({
      status: 422,
      body: { error: true, message: tooFewChoices('Salad Add-in', 'Caesar Salad', 1) },
    });
    const salad = await order('9J1F7WW503CZW', ['S47VGYX913K4T']);
    expect(salad.status).toBe(201);
    expect(salad.body.totals).toMatchObject({ subtotal: 1 });
    // The free slice is on the menu at $0; Bangers and Mash at $0 with no price type is not.
    expect(items.get('1CF022RN5TGDM')).toMatchObject({ name: 'Pizza Slice', base_price: 0 });
    expect(items.has('Z0EPYQ2R5TQ5Y')).toBe(false);
  });

  it("the online menu follows the item's menu switch (menuItem.enabled), not the Register's hidden", async () => {
    clover.catalogue = catalogue((p) => [
      // Hidden on the Register, switched on for the menu: sold online.
      { ...p.bangersAndMash, hidden: true, menuItem: { enabled: true, description: 'With onion gravy.' } },
      // On the Register, switched off for the menu: not sold online.
      { ...p.pizza, hidden: false, menuItem: { enabled: false } },
      // No menu attributes from Clover: the Register's hidden decides, as before.
      { ...p.pizzaSlice, hidden: true },
      p.porkRiceBowl,
    ]);
    const answer = await syncNow();
    expect(answer.notes).toEqual([]);
    const items = await menuItems();
    expect([...items.keys()].sort()).toEqual(['SNGFTY41642NY', 'Z0EPYQ2R5TQ5Y']);
    expect(items.get('Z0EPYQ2R5TQ5Y')!.description).toBe('With onion gravy.');
    expect(await order('AK5ESN5YR8YWY')).toEqual({ status: 422, body: { error: true, message: ITEM_NOT_ON_MENU } });

    // Items are read in two passes, never more than the three expansions a call Clover allows.
    const items_ = clover.requests.filter((r) => r.resource === 'items');
    expect(items_.map((r) => r.query.expand)).toEqual(['categories,modifierGroups,tags', 'menuItem']);
    expect(clover.requests.every((r) => (r.query.expand ?? '').split(',').length <= 3)).toBe(true);
  });

  it("a token Clover refuses the menu attributes (no online-ordering permission): the sync goes on, the Register's hidden decides, and staff are told", async () => {
    const ids = { shown: '', hidden: '' };
    clover.catalogue = catalogue((p) => {
      ids.shown = p.bangersAndMash.id;
      ids.hidden = p.pizzaSlice.id;
      return [
        { ...p.bangersAndMash, hidden: false, menuItem: { enabled: false, description: 'With onion gravy.' } },
        { ...p.pizzaSlice, hidden: true },
        p.porkRiceBowl,
      ];
    });
    clover.refuseMenuAttributes(403);
    const answer = await syncNow();
    expect(answer).toMatchObject({ source: 'clover', last_error: null, warnings: [NO_PERMISSION] });
    const items = await menuItems();
    // Without the menu switch, what the Register does not hide is sold online, with no description.
    expect(items.has(ids.shown)).toBe(true);
    expect(items.get(ids.shown)!.description).toBe('');
    expect(items.has(ids.hidden)).toBe(false);
    // Refused for good (a 4xx): asked once, not again.
    expect(clover.requests.filter((r) => r.resource === 'items' && r.query.expand === 'menuItem')).toHaveLength(1);
    // Every replica answers the warning, the admin's "Sync now" too; Clover down keeps it with the menu it is about.
    const status = await api.call('GET', '/api/staff/menu/sync/', undefined, staff);
    expect(((await status.json()) as MenuSyncAnswer).warnings).toEqual([NO_PERMISSION]);
    const adminAnswer = (await (
      await api.call('POST', '/api/staff/admin/menu/sync/', undefined, admin)
    ).json()) as MenuSyncNow;
    expect([adminAnswer.ok, adminAnswer.warnings]).toEqual([true, [NO_PERMISSION]]);
    clover.clear();
    clover.outage('items', 503);
    expect(await syncNow()).toMatchObject({ last_error: MENU_SYNC_FAILED, warnings: [NO_PERMISSION] });

    // Another refusal for good names its status, and claims no permission is missing.
    clover.clear();
    clover.refuseMenuAttributes(404);
    expect(await syncNow()).toMatchObject({ last_error: null, warnings: [REFUSED_404] });

    // The permission granted: the next sync follows the menu switch, and the warning goes.
    clover.clear();
    expect(await syncNow()).toMatchObject({ last_error: null, warnings: [] });
    expect((await menuItems()).has(ids.shown)).toBe(false);
  });

  it('a modifier group of 250 modifiers, cut at 100 when expanded, is read whole from its own listing', async () => {
    const p0 = published();
    // Clover's published Tofu, then 249 more add-ins of its shape, $1.00 up, a cent apart.
    const modifiers: CloverModifier[] = [
      p0.tofu,
      ...Array.from({ length: 249 }, (_, i) => ({
        ...p0.tofu,
        id: `ADDIN${String(i + 2).padStart(8, '0')}`,
        name: `Add-in ${i + 2}`,
        price: 100 + i + 1,
      })),
    ];
    const saladAddIn = { ...p0.saladAddIn, modifiers: { elements: modifiers } };
    clover.catalogue = catalogue(
      (p) => [{ ...p.caesarSalad, modifierGroups: { elements: [{ id: saladAddIn.id }] } }],
      [saladAddIn],
    );
    expect((await syncNow()).last_error).toBeNull();

    // The expanded group came back with its first 100; the rest were paged from its own listing.
    const groupCall = clover.requests.find((r) => r.resource === 'modifier_groups')!;
    expect(groupCall.query.expand).toBe('modifiers');
    expect(
      clover.requests
        .filter((r) => r.resource === 'modifiers')
        .map((r) => [r.path, r.query.offset, r.query.limit, r.status]),
    ).toEqual([
      [`/v3/merchants/${clover.merchantId}/modifier_groups/QZ587JT76N80Y/modifiers`, '0', '100', 200],
      [`/v3/merchants/${clover.merchantId}/modifier_groups/QZ587JT76N80Y/modifiers`, '100', '100', 200],
      [`/v3/merchants/${clover.merchantId}/modifier_groups/QZ587JT76N80Y/modifiers`, '200', '100', 200],
    ]);
    expect(CLOVER_NESTED_CAP).toBe(100);

    const group = (await menuItems()).get('9J1F7WW503CZW')!.modifier_groups[0]!;
    expect(group.modifiers).toHaveLength(250);
    expect(group.modifiers.map((m) => m.id)).toEqual(modifiers.map((m) => m.id));
    expect(group.modifiers[239]).toMatchObject({ id: 'ADDIN00000240', name: 'Add-in 240', price: 3.39 });
    // The 240th add-in can be ordered: $12.00 for the salad and $3.39 for it.
    const placed = await order('9J1F7WW503CZW', ['ADDIN00000240']);
    expect(placed.status).toBe(201);
    expect(placed.body.totals).toMatchObject({ subtotal: 15.39 });
    expect(await order('9J1F7WW503CZW', ['NOTACHOICE01'])).toEqual({
      status: 422,
      body: { error: true, message: choiceNotOffered('Caesar Salad') },
    });
  });

  it('"sync now" shows what was kept out and why, on the board and in the admin area, kept while Clover is down', async () => {
    clover.catalogue = catalogue((p) => [
      p.bangersAndMash,
      { ...p.porkRiceBowl, price: 0, priceType: 'VARIABLE' },
      p.itemUse,
    ]);
    const notes = [
      {
        item_id: 'SNGFTY41642NY',
        item_name: 'Pork Rice Bowl with House Salad',
        action: 'kept_out',
        reason: VARIABLE_REASON,
      },
      { item_id: 'V33H8XGTZCKNP', item_name: 'Item Use', action: 'kept_out', reason: PER_HOUR_REASON },
    ];
    expect(await syncNow()).toEqual({
      source: 'clover',
      last_success_at: NOW.toISOString(),
      last_error: null,
      last_error_at: null,
      notes,
      warnings: [],
    });
    // Kept in the database: what every replica answers.
    expect((await readMenuSyncStatus(api.deps.db)).last_notes).toEqual(notes);
    const status = await api.call('GET', '/api/staff/menu/sync/', undefined, staff);
    expect(((await status.json()) as MenuSyncAnswer).notes).toEqual(notes);

    // The admin's "Sync now" answers the same lines with the menu.
    const adminSync = await api.call('POST', '/api/staff/admin/menu/sync/', undefined, admin);
    expect(adminSync.status).toBe(200);
    const adminAnswer = (await adminSync.json()) as MenuSyncNow;
    expect([adminAnswer.ok, adminAnswer.items, adminAnswer.notes, adminAnswer.warnings]).toEqual([true, 1, notes, []]);

    // Clover down: the error shows, and so do the notes of the menu customers still get.
    now = LATER;
    clover.outage('items', 503);
    expect(await syncNow()).toEqual({
      source: 'clover',
      last_success_at: NOW.toISOString(),
      last_error: MENU_SYNC_FAILED,
      last_error_at: LATER.toISOString(),
      notes,
      warnings: [],
    });
    const failed = (await (
      await api.call('POST', '/api/staff/admin/menu/sync/', undefined, admin)
    ).json()) as MenuSyncNow;
    expect([failed.ok, failed.error, failed.notes]).toEqual([false, MENU_SYNC_FAILED, notes]);

    // Clover back, the bowl now at a fixed price: only the hourly item is left out.
    clover.clear();
    clover.catalogue = catalogue((p) => [p.bangersAndMash, p.porkRiceBowl, p.itemUse]);
    expect((await syncNow()).notes).toEqual([notes[1]]);
  });
});
