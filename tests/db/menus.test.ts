import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MenusAnswerSchema, type MenuAnswerItem } from '../../shared/api/menu-answer.ts';
import { MenusResponseSchema } from '../../shared/api/schemas.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../../shared/menu.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { bumpMenuVersion, menuVersion } from '../../server/db/menu-store.ts';
import { MENU_CHANNEL } from '../../server/db/notifications.ts';
import { changedHere } from '../../server/db/watched.ts';
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

  /** The database most tests read, kept for the whole file. */
  let kept: FreshDatabase | undefined;
  let shared: Database;
  let catalog: MenuCatalog;
  beforeAll(async () => {
    shared = await freshDatabase();
    kept = opened.pop();
    catalog = createMenuCatalog(shared);
  });
  // A test's own databases go when it ends, so the next test's is the emptied one given back
  // (PGlite: loading another costs about 2 s).
  afterEach(async () => {
    for (const fresh of opened.splice(0)) await fresh.destroy();
  });
  afterAll(() => kept?.destroy());

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

  it('GET /api/menus/ carries the Spanish words of the demo menu: Taco de Asada in Spanish, Drinks as Bebidas', async () => {
    const response = await menusApi(catalog).request('/api/menus/');
    expect(response.status).toBe(200);
    const json = await response.text();
    const [menu] = MenusAnswerSchema.parse(JSON.parse(json));
    const tacos = menu!.categories.find((c) => c.name === 'Tacos')!;
    const drinks = menu!.categories.find((c) => c.name === 'Drinks')!;
    const sides = menu!.categories.find((c) => c.name === 'Sides')!;
    expect(drinks.translations).toEqual({ es: { name: 'Bebidas' } });
    expect(sides.translations).toEqual({ es: { name: 'Acompañamientos' } });
    expect(drinks.subcategories.map((s) => [s.name, s.translations])).toEqual([
      ['Aguas Frescas', { es: { name: 'Aguas Frescas' } }],
      ['Sodas', { es: { name: 'Refrescos' } }],
    ]);
    expect(tacos.subcategories.find((s) => s.name === 'Seafood')!.translations).toEqual({ es: { name: 'Mariscos' } });

    // English stays the item's own name and description; Spanish rides beside it.
    const asada = answerItem(json, 'taco-asada');
    expect(asada).toMatchObject({
      name: 'Taco de Asada',
      description:
        'Citrus-marinated flank steak seared over mesquite, chopped to order and finished with onion, cilantro and salsa verde.',
      translations: {
        es: {
          name: 'Taco de Asada',
          description:
            'Arrachera marinada en cítricos, asada al carbón de mezquite, picada al momento y servida con cebolla, cilantro y salsa verde.',
        },
      },
    });
    expect(answerItem(json, 'side-chips-salsa').translations).toEqual({
      es: {
        name: 'Totopos con Salsa',
        description: 'Totopos fritos cada mañana con un vasito de salsa roja y otro de salsa verde.',
      },
    });

    // Every item of the demo menu has both, and every category and subcategory a name.
    const all: MenuAnswerItem[] = menu!.categories.flatMap((c) => [
      ...c.menu_items,
      ...c.subcategories.flatMap((s) => s.menu_items),
    ]);
    expect(all.length).toBeGreaterThanOrEqual(40);
    for (const item of all) {
      expect(item.translations.es?.name?.trim(), item.id).toBeTruthy();
      expect(item.translations.es?.description?.trim(), item.id).toBeTruthy();
    }
    for (const entry of menu!.categories.flatMap((c) => [c, ...c.subcategories])) {
      expect(entry.translations.es?.name?.trim(), entry.name).toBeTruthy();
    }

    // Read in Spanish, the menu names the item, its category and subcategory in Spanish.
    const spanish = flattenMenu(menu!, 'es');
    expect(itemById(spanish, 'drink-mexican-coke')).toMatchObject({
      name: 'Coca-Cola Mexicana',
      description: 'En botella de vidrio, hecha con azúcar de caña.',
      categoryName: 'Bebidas',
      subcategoryName: 'Refrescos',
    });
    expect(itemById(flattenMenu(menu!), 'drink-mexican-coke')).toMatchObject({
      name: 'Mexican Coca-Cola',
      categoryName: 'Drinks',
    });
  });

  it('GET /api/menus/ carries the Spanish names of every modifier group and modifier: Elige una proteína, Queso Oaxaca derretido', async () => {
    const response = await menusApi(catalog).request('/api/menus/');
    expect(response.status).toBe(200);
    const json = await response.text();
    const [menu] = MenusAnswerSchema.parse(JSON.parse(json));
    const plate = menu!.categories.flatMap((c) => c.menu_items).find((i) => i.id === 'taco-plate')!;
    const protein = plate.modifier_groups.find((g) => g.id === 'grp-protein')!;
    const extras = plate.modifier_groups.find((g) => g.id === 'grp-extras')!;

    // English stays the group's and the modifier's own name; Spanish rides beside it, name only.
    expect(protein).toMatchObject({ name: 'Choose a protein', translations: { es: { name: 'Elige una proteína' } } });
    expect(extras.translations).toEqual({ es: { name: 'Agrega extras' } });
    expect(protein.modifiers.find((m) => m.id === 'mod-protein-asada')).toMatchObject({
      name: 'Carne asada',
      translations: { es: { name: 'Carne asada' } },
    });
    expect(protein.modifiers.find((m) => m.id === 'mod-protein-hongos')!.translations).toEqual({
      es: { name: 'Hongos al ajillo (vegetariano)' },
    });
    expect(extras.modifiers.find((m) => m.id === 'mod-queso')).toMatchObject({
      name: 'Melted Oaxaca cheese',
      price: '1.25',
      translations: { es: { name: 'Queso Oaxaca derretido' } },
    });

    // Every group and modifier of the demo menu has a Spanish name, and only a name.
    const groups = menu!.categories
      .flatMap((c) => [...c.menu_items, ...c.subcategories.flatMap((s) => s.menu_items)])
      .flatMap((item) => item.modifier_groups);
    expect(new Set(groups.map((g) => g.id)).size).toBe(20);
    for (const entry of [...groups, ...groups.flatMap((g) => g.modifiers)]) {
      expect(entry.translations.es?.name?.trim(), entry.id).toBeTruthy();
      expect(entry.translations.es, entry.id).not.toHaveProperty('description');
    }

    // Read in Spanish, the item dialog's groups and modifiers are named in Spanish; English by default.
    const spanish = itemById(flattenMenu(menu!, 'es'), 'taco-plate');
    expect(spanish.modifier_groups.map((g) => g.name)).toEqual([
      'Elige una proteína',
      'Elige una tortilla',
      'Elige tus frijoles',
      'Salsas aparte',
      'Agrega extras',
    ]);
    expect(spanish.modifier_groups[2]!.modifiers.map((m) => [m.name, m.price])).toEqual([
      ['Frijoles negros', 0],
      ['Frijoles pintos refritos', 0],
      ['Frijoles charros', 0.5],
      ['Sin frijoles', 0],
    ]);
    const english = itemById(flattenMenu(menu!), 'taco-plate');
    expect(english.modifier_groups.map((g) => g.name)).toEqual([
      'Choose a protein',
      'Choose a tortilla',
      'Choose your beans',
      'Salsas on the side',
      'Add extras',
    ]);
    expect(english.modifier_groups[2]!.modifiers.map((m) => m.name)).toEqual([
      'Black beans',
      'Refried pintos',
      'Frijoles charros',
      'No beans',
    ]);
  });

  it('an entry without Spanish sends translations {}, and only non-empty Spanish words are sent', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    await db.query(`update menu_items set translations = '{}' where id = 'taco-lengua'`);
    // Blank words, a language we do not serve and a description on a category are left out.
    await db.query(
      `update menu_items set translations = '{"es": {"name": "  ", "description": "Lengua de res."}, "fr": {"name": "Langue"}}'
        where id = 'taco-asada'`,
    );
    await db.query(
      `update menu_items set translations = '{"es": {"name": "", "description": 7}}' where id = 'taco-pastor'`,
    );
    await db.query(`update menu_categories set translations = '{"es": {"description": "Tacos."}}' where id = 'tacos'`);
    await db.query(`update menu_subcategories set translations = '{}' where id = 'drinks-sodas'`);
    await db.query(`update modifier_groups set translations = '{"es": {"name": "   "}}' where id = 'grp-salsa'`);
    await db.query(
      `update modifiers set translations = '{"es": {"name": "Guacamole", "description": "Hecho al momento."}}'
        where id = 'mod-guac'`,
    );
    await db.query(`update modifiers set translations = '{}' where id = 'mod-queso'`);

    const response = await menusApi(menu).request('/api/menus/');
    const json = await response.text();
    const [answer] = MenusAnswerSchema.parse(JSON.parse(json));
    expect(answerItem(json, 'taco-lengua').translations).toEqual({});
    expect(answerItem(json, 'taco-asada').translations).toEqual({ es: { description: 'Lengua de res.' } });
    expect(answerItem(json, 'taco-pastor').translations).toEqual({});
    expect(answer!.categories.find((c) => c.name === 'Tacos')!.translations).toEqual({});
    const drinks = answer!.categories.find((c) => c.name === 'Drinks')!;
    expect(drinks.subcategories.find((s) => s.name === 'Sodas')!.translations).toEqual({});
    const groups = answer!.categories.flatMap((c) => c.menu_items).find((i) => i.id === 'taco-plate')!.modifier_groups;
    const extras = groups.find((g) => g.id === 'grp-extras')!;
    expect(groups.find((g) => g.id === 'grp-salsa')!.translations).toEqual({});
    expect(extras.modifiers.find((m) => m.id === 'mod-guac')!.translations).toEqual({ es: { name: 'Guacamole' } });
    expect(extras.modifiers.find((m) => m.id === 'mod-queso')!.translations).toEqual({});

    // In Spanish, an entry without falls back to its English words.
    const spanish = flattenMenu(answer!, 'es');
    expect(itemById(spanish, 'taco-lengua')).toMatchObject({ name: 'Taco de Lengua', categoryName: 'Tacos' });
    expect(itemById(spanish, 'taco-lengua').description).toMatch(/^Beef tongue braised/);
    expect(itemById(spanish, 'drink-jarritos')).toMatchObject({ categoryName: 'Bebidas', subcategoryName: 'Sodas' });
    const plate = itemById(spanish, 'taco-plate').modifier_groups;
    expect(plate.find((g) => g.id === 'grp-salsa')!.name).toBe('Salsas on the side');
    const spanishExtras = plate.find((g) => g.id === 'grp-extras')!;
    expect(spanishExtras.name).toBe('Agrega extras');
    expect(spanishExtras.modifiers.find((m) => m.id === 'mod-queso')!.name).toBe('Melted Oaxaca cheese');
    expect(spanishExtras.modifiers.find((m) => m.id === 'mod-cebollitas')!.name).toBe('Cebollitas asadas');
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

  /** Waits until the catalog answers from memory: a call that sends the database no statement. */
  async function answeringFromMemory(db: Database, menu: MenuCatalog): Promise<void> {
    await expect
      .poll(
        async () => {
          const before = db.statements!();
          await menu.snapshot();
          return db.statements!() - before;
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(0);
  }

  it('while nothing changes, the menu is answered from memory: 20 requests send the database no statement', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    const api = menusApi(menu);
    await answeringFromMemory(db, menu);
    const before = db.statements!();
    const tags = new Set<string | null>();
    for (let i = 0; i < 20; i += 1) tags.add((await api.request('/api/menus/')).headers.get('ETag'));
    expect(db.statements!() - before).toBe(0);
    expect(tags).toEqual(new Set([(await menu.snapshot()).etag]));
  });

  it('a change another replica commits (announced on menu_changed) shows here at once, with a new ETag', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    const api = menusApi(menu);
    await answeringFromMemory(db, menu);
    const oldTag = (await api.request('/api/menus/')).headers.get('ETag')!;

    // As another server process writes it: the rows, the version and the announcement, in one commit.
    await db.transaction(async (tx) => {
      await tx.query(`update menu_items set price_cents = 475 where id = 'taco-asada'`);
      const [row] = await tx.query<{ version: string }>(
        'update menu_state set version = version + 1 where id returning version::text as version',
      );
      await tx.query('select pg_notify($1, $2)', [MENU_CHANNEL, row!.version]);
    });

    await expect
      .poll(async () => answerItem(await (await api.request('/api/menus/')).text(), 'taco-asada').base_price, {
        timeout: 5_000,
        interval: 20,
      })
      .toBe('4.75');
    const response = await api.request('/api/menus/', { headers: { 'If-None-Match': oldTag } });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).not.toBe(oldTag);
  });

  it('an owner who saves a change sees it on their very next request, before the announcement is heard', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    await answeringFromMemory(db, menu);
    await db.transaction(async (tx) => {
      await tx.query(`update menu_items set name = 'Taco de Asada (new)' where id = 'taco-asada'`);
      await bumpMenuVersion(tx);
    });
    // As the menu editor does once its transaction commits: no wait for the announcement.
    changedHere(MENU_CHANNEL);
    expect(itemById(itemsOf((await menu.snapshot()).json), 'taco-asada').name).toBe('Taco de Asada (new)');
  });

  it('given the version just read (create-order’s), sees a change another replica committed before its announcement is heard', async () => {
    const db = await freshDatabase();
    const menu = createMenuCatalog(db);
    await answeringFromMemory(db, menu);
    // As another server process writes it, its announcement not yet heard here: none is sent.
    await db.transaction(async (tx) => {
      await tx.query(`update menu_items set available = false where id = 'taco-asada'`);
      await tx.query('update menu_state set version = version + 1 where id');
    });
    expect((await menu.snapshot()).items.get('taco-asada')!.available).toBe(true);
    const version = BigInt(await menuVersion(db));
    expect((await menu.snapshot({ version })).items.get('taco-asada')!.available).toBe(false);
    // What that read found is what the menu answers from then on.
    expect(itemById(itemsOf((await menu.snapshot()).json), 'taco-asada').available).toBe(false);
  });

  it('an item sold out until a time shows again once that time comes, though nothing announces it', async () => {
    const db = await freshDatabase();
    let now = new Date('2026-11-20T19:00:00Z');
    const menu = createMenuCatalog(db, () => now);
    await db.query(
      `update menu_items set available = false, sold_out_until = '2026-11-21T08:00:00Z' where id = 'taco-lengua'`,
    );
    await menu.invalidate();
    await answeringFromMemory(db, menu);
    expect((await menu.snapshot()).items.get('taco-lengua')!.available).toBe(false);
    now = new Date('2026-11-21T08:00:01Z');
    expect((await menu.snapshot()).items.get('taco-lengua')!.available).toBe(true);
  });
});
