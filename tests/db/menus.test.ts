import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenusResponseSchema } from '../../shared/api/schemas.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../../shared/menu.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { menuVersion } from '../../server/db/menu-store.ts';
import type { MenuCatalog } from '../../server/menu/catalog.ts';
import { createMenuCatalog } from '../../server/menu/menu-catalog.ts';
import { demoMenu } from '../../server/providers/menu/demo-menu.ts';
import { seedMenuIfEmpty } from '../../server/providers/menu/seed.ts';
import { menuRoutes } from '../../server/routes/menus.ts';
import { databaseTargets, type FreshDatabase } from '../support/databases.ts';

const CATEGORIES = ['Tacos', 'Burritos', 'Bowls', 'Sides', 'Drinks', 'Family Meals', 'Taco Boxes', 'Catering'];
const MENU_TABLES = [
  'menu_categories',
  'menu_subcategories',
  'menu_items',
  'modifier_groups',
  'menu_item_modifier_groups',
  'modifiers',
];

/** The menus answer as the widget reads it: checked, the restaurant's menu chosen, flattened. */
function itemsOf(json: string): MenuItem[] {
  const menus = MenusResponseSchema.parse(JSON.parse(json));
  return flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName));
}

function itemById(items: MenuItem[], id: string): MenuItem {
  const item = items.find((i) => i.id === id);
  if (!item) throw new Error(`No item ${id} on the menu`);
  return item;
}

/** The raw answer entry of one item, as the API sends it (string prices, availability). */
function answerItem(json: string, id: string): Record<string, unknown> {
  const menus = JSON.parse(json) as {
    categories: { menu_items: unknown[]; subcategories: { menu_items: unknown[] }[] }[];
  }[];
  for (const category of menus[0]!.categories) {
    for (const entry of [...category.menu_items, ...category.subcategories.flatMap((s) => s.menu_items)]) {
      const item = entry as Record<string, unknown>;
      if (item.id === id) return item;
    }
  }
  throw new Error(`No item ${id} in the answer`);
}

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of MENU_TABLES) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row!.n;
  }
  return counts;
}

/** The catalog behind GET /api/menus/, mounted under /api as the app mounts it. */
function menusApi(menu: MenuCatalog): Hono {
  return new Hono().route('/api', menuRoutes({ menu }));
}

describe.each(databaseTargets)('the menu on $name', (target) => {
  const opened: FreshDatabase[] = [];
  /** A new database with the migrations applied and, unless told otherwise, the demo menu. */
  async function freshDatabase({ seed = true } = {}): Promise<Database> {
    const fresh = await target.create({ migrated: true });
    opened.push(fresh);
    await migrate(fresh.db);
    if (seed) await seedMenuIfEmpty(fresh.db);
    return fresh.db;
  }

  let shared: Database;
  let catalog: MenuCatalog;
  beforeAll(async () => {
    shared = await freshDatabase();
    catalog = createMenuCatalog(shared);
  });
  afterAll(async () => {
    for (const fresh of opened) await fresh.destroy();
  });

  it('seeds the demo menu once: a second call writes nothing and says so', async () => {
    const db = await freshDatabase({ seed: false });
    expect(await menuVersion(db)).toBe('0');
    expect(await seedMenuIfEmpty(db)).toBe(true);
    const counts = await rowCounts(db);
    expect(counts.menu_items).toBeGreaterThanOrEqual(40);
    expect(await menuVersion(db)).toBe('1');

    expect(await seedMenuIfEmpty(db)).toBe(false);
    expect(await rowCounts(db)).toEqual(counts);
    expect(await menuVersion(db)).toBe('1');
  });

  it('two replicas seeding a fresh database together write the menu once', async () => {
    const db = await freshDatabase({ seed: false });
    const results = await Promise.all([seedMenuIfEmpty(db), seedMenuIfEmpty(db)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await menuVersion(db)).toBe('1');
  });

  it('serves at least 40 items in the eight categories the site links to, in menu order', async () => {
    const { json } = await catalog.snapshot();
    const menus = MenusResponseSchema.parse(JSON.parse(json));
    expect(menus).toHaveLength(1);
    expect(menus[0]!.name).toBe('Taquería El Comal');
    expect(menus[0]!.categories.map((c) => c.name)).toEqual(CATEGORIES);

    const items = itemsOf(json);
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(new Set(items.map((i) => i.categoryName))).toEqual(new Set(CATEGORIES));
    // The same items, in the same order, as the fixture lists them.
    const seeded = demoMenu.flatMap((c) => [...c.items, ...c.subcategories.flatMap((s) => s.items)]).map((i) => i.id);
    expect(items.map((i) => i.id)).toEqual(seeded);
  });

  it('keeps subcategories: Tacos > Classic, Vegetarian and Drinks > Aguas Frescas, Sodas', async () => {
    const items = itemsOf((await catalog.snapshot()).json);
    expect(itemById(items, 'taco-asada')).toMatchObject({ categoryName: 'Tacos', subcategoryName: 'Classic' });
    expect(itemById(items, 'taco-nopales')).toMatchObject({ categoryName: 'Tacos', subcategoryName: 'Vegetarian' });
    expect(itemById(items, 'drink-horchata')).toMatchObject({
      categoryName: 'Drinks',
      subcategoryName: 'Aguas Frescas',
    });
    expect(itemById(items, 'drink-jarritos')).toMatchObject({ categoryName: 'Drinks', subcategoryName: 'Sodas' });
    expect(itemById(items, 'taco-plate').subcategoryName).toBeUndefined();
  });

  it('sends prices as POS strings that flatten to the seeded dollars: a $4.25 asada taco, guacamole $1.75', async () => {
    const { json, items: byId } = await catalog.snapshot();
    expect(answerItem(json, 'taco-asada')).toMatchObject({ base_price: '4.25', available: true, is_special: false });
    expect(answerItem(json, 'taco-pastor')).toMatchObject({ is_special: true, photo: '/images/menu/pastor-taco.jpg' });

    const items = itemsOf(json);
    expect(itemById(items, 'taco-asada').base_price).toBe(4.25);
    expect(itemById(items, 'family-taco-night').base_price).toBe(49.95);
    expect(itemById(items, 'catering-taco-bar-25').base_price).toBe(379);
    const extras = itemById(items, 'taco-asada').modifier_groups.find((g) => g.id === 'grp-extras')!;
    expect(extras.modifiers.find((m) => m.id === 'mod-guac')).toEqual({
      id: 'mod-guac',
      name: 'Guacamole',
      price: 1.75,
    });
    expect(extras).toMatchObject({ force_popup: false, min_required: 0, max_allowed: 6 });

    // The catalog's own item map (what create-order prices from) says the same.
    expect([...byId.keys()]).toEqual(items.map((i) => i.id));
    expect(byId.get('taco-asada')).toMatchObject({ base_price: 4.25, available: true });
    expect(byId.get('taco-asada')!.unavailableModifierIds.size).toBe(0);
  });

  it('asks for a protein in a popup: exactly one, and lengua costs $2.00 more', async () => {
    const items = itemsOf((await catalog.snapshot()).json);
    const protein = itemById(items, 'burrito-clasico').modifier_groups[0]!;
    expect(protein).toMatchObject({
      id: 'grp-protein',
      name: 'Choose a protein',
      force_popup: true,
      min_required: 1,
      max_allowed: 1,
    });
    expect(protein.modifiers.find((m) => m.id === 'mod-protein-asada')!.price).toBe(0);
    expect(protein.modifiers.find((m) => m.id === 'mod-protein-lengua')!.price).toBe(2);
  });

  it('keeps the snapshot: the same ETag and JSON on every call while the menu is unchanged', async () => {
    const first = await catalog.snapshot();
    const second = await catalog.snapshot();
    expect(second).toBe(first);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.etag).toBe(`"${createHash('sha256').update(first.json).digest('base64url')}"`);
    // A new catalog on the same rows (a restart, another replica) computes the same tag.
    expect((await createMenuCatalog(shared).snapshot()).etag).toBe(first.etag);
  });

  it('requests arriving together on a cold catalog read the menu tables once', async () => {
    let reads = 0;
    const counted: Database = {
      kind: shared.kind,
      query: (sql, params) => shared.query(sql, params),
      exec: (sql) => shared.exec(sql),
      transaction: (work) => {
        reads += 1;
        return shared.transaction(work);
      },
      close: () => shared.close(),
    };
    const cold = createMenuCatalog(counted);
    const snapshots = await Promise.all(Array.from({ length: 8 }, () => cold.snapshot()));
    expect(reads).toBe(1);
    expect(new Set(snapshots.map((s) => s.etag)).size).toBe(1);
  });

  it('a price change shows after invalidate, here and on another replica, with a new ETag', async () => {
    const db = await freshDatabase();
    const replicaA = createMenuCatalog(db);
    const replicaB = createMenuCatalog(db);
    const before = await replicaA.snapshot();
    expect((await replicaB.snapshot()).etag).toBe(before.etag);

    await db.query(`update menu_items set price_cents = 450 where id = 'taco-asada'`);
    // Until told, the catalog keeps serving what it built.
    expect((await replicaA.snapshot()).etag).toBe(before.etag);
    await replicaA.invalidate();

    const afterA = await replicaA.snapshot();
    const afterB = await replicaB.snapshot();
    expect(afterA.etag).not.toBe(before.etag);
    expect(afterB.etag).toBe(afterA.etag);
    expect(itemById(itemsOf(afterB.json), 'taco-asada').base_price).toBe(4.5);
    expect(answerItem(afterB.json, 'taco-asada').base_price).toBe('4.50');
    expect(afterB.items.get('taco-asada')!.base_price).toBe(4.5);
  });

  it('a sold-out item stays on the menu marked available=false, and a sold-out modifier is listed as such', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    await menu.snapshot();
    await db.query(`update menu_items set available = false where id = 'taco-lengua'`);
    await db.query(`update modifiers set available = false where id = 'mod-guac'`);
    await menu.invalidate();

    const { json, items } = await menu.snapshot();
    expect(answerItem(json, 'taco-lengua')).toMatchObject({ available: false, base_price: '5.25' });
    expect(itemById(itemsOf(json), 'taco-lengua').base_price).toBe(5.25);
    expect(items.get('taco-lengua')!.available).toBe(false);
    expect(items.get('taco-asada')!.available).toBe(true);
    expect([...items.get('taco-asada')!.unavailableModifierIds]).toEqual(['mod-guac']);
    const extras = (
      answerItem(json, 'taco-asada').modifier_groups as {
        id: string;
        modifiers: { id: string; available: boolean }[];
      }[]
    ).find((g) => g.id === 'grp-extras')!;
    expect(extras.modifiers.find((m) => m.id === 'mod-guac')!.available).toBe(false);
  });

  it('GET /api/menus/ answers JSON with a strong ETag, kept 30 s and stale 5 minutes, and 304 with no body when it matches', async () => {
    const api = menusApi(catalog);
    const response = await api.request('/api/menus/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=30, stale-while-revalidate=300');
    const etag = response.headers.get('ETag')!;
    expect(etag).toBe((await catalog.snapshot()).etag);
    expect(itemsOf(await response.text()).length).toBeGreaterThanOrEqual(40);

    const revalidated = await api.request('/api/menus/', { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('ETag')).toBe(etag);
    expect(await revalidated.text()).toBe('');

    const listed = await api.request('/api/menus/', { headers: { 'If-None-Match': `"old", W/${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('sends the menu brotli- or gzip-compressed to browsers that accept it, a tenth of its size', async () => {
    const api = menusApi(catalog);
    const plain = await api.request('/api/menus/');
    const json = await plain.text();
    const br = await api.request('/api/menus/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(json);
    expect(brBytes.length).toBeLessThan(json.length / 10);
    const gz = await api.request('/api/menus/', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json);
  });

  it('a browser holding an old ETag gets the changed menu in full', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    const api = menusApi(menu);
    const oldTag = (await api.request('/api/menus/')).headers.get('ETag')!;

    await db.query(`update menu_items set name = 'Taco de Asada (prime)' where id = 'taco-asada'`);
    await menu.invalidate();

    const response = await api.request('/api/menus/', { headers: { 'If-None-Match': oldTag } });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).not.toBe(oldTag);
    expect(itemById(itemsOf(await response.text()), 'taco-asada').name).toBe('Taco de Asada (prime)');
  });
});
