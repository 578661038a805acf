/**
 * The SQL of the menu tables (0001_menu.sql, diet 0019, translations 0021) and of the menu's
 * version (0003_menu_version.sql).
 * The whole menu is read in a handful of queries, one per table, inside one snapshot, so the rows
 * and the version they carry always belong together.
 */
import { MENU_CHANNEL } from './notifications.ts';
import type { Database, Queryable } from './database.ts';

/**
 * An entry's words in other languages, as stored (0021_menu_translations.sql):
 * `{ "es": { "name": "...", "description": "..." } }`, `{}` when it has none. English is the
 * entry's own name and description. Read back as stored: whoever serves it checks it.
 */
export interface MenuTranslations {
  es?: { name?: string; description?: string };
}

export interface CategoryRow {
  id: string;
  name: string;
  position: number;
  /** Only a name: categories have no description. */
  translations: MenuTranslations;
  /** Shown on the menu (0031_menu_editor.sql); read by readMenu, not written by a seed or a sync. */
  visible?: boolean;
  /** When it is served (shared/menu-windows.ts), as stored; read by readMenu only. */
  windows?: unknown;
}

export interface SubcategoryRow {
  id: string;
  category_id: string;
  name: string;
  position: number;
  /** Only a name: subcategories have no description. */
  translations: MenuTranslations;
}

export interface MenuItemRow {
  id: string;
  category_id: string;
  subcategory_id: string | null;
  name: string;
  description: string;
  price_cents: number;
  is_special: boolean;
  clover_id: string | null;
  photo: string | null;
  available: boolean;
  position: number;
  /** Diet and allergen tags (shared/diet.ts), as stored. */
  diet: string[];
  /** 0 (not spicy) to 3. */
  spice_level: number;
  translations: MenuTranslations;
}

export interface ModifierGroupRow {
  id: string;
  name: string;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  /** Only a name: groups have no description. */
  translations: MenuTranslations;
}

/** Which groups an item offers, in the order it shows them. */
export interface ItemModifierGroupRow {
  menu_item_id: string;
  modifier_group_id: string;
  position: number;
}

export interface ModifierRow {
  id: string;
  modifier_group_id: string;
  name: string;
  price_cents: number;
  available: boolean;
  position: number;
  /** Only a name: modifiers have no description. */
  translations: MenuTranslations;
}

/** Every row of the menu tables, each list in display order (position, then id). */
export interface MenuRows {
  categories: CategoryRow[];
  subcategories: SubcategoryRow[];
  items: MenuItemRow[];
  groups: ModifierGroupRow[];
  itemGroups: ItemModifierGroupRow[];
  modifiers: ModifierRow[];
}

/** The menu's rows with the version they were read at. */
export interface VersionedMenuRows extends MenuRows {
  /** menu_state.version as decimal text (bigint does not fit every JS number). */
  version: string;
}

/** The menu's current version: one primary-key read. */
export async function menuVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>('select version::text as version from menu_state where id');
  if (!row) throw new Error('menu_state has no row; run the migrations first.');
  return row.version;
}

/**
 * Marks the menu changed; call it in the transaction that changed the menu tables (or after it),
 * and db/watched.ts's changedHere(MENU_CHANNEL) once that commits. Every listening replica hears of it on MENU_CHANNEL
 * when the transaction commits.
 */
export async function bumpMenuVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `with bumped as (update menu_state set version = version + 1 where id returning version::text as version)
     select version, pg_notify('${MENU_CHANNEL}', version) from bumped`,
  );
  if (!row) throw new Error('menu_state has no row; run the migrations first.');
  return row.version;
}

/**
 * Reads the whole menu and its version in one repeatable-read snapshot: six queries, whatever the
 * menu's size. An item or modifier sold out until a time (sold_out_until, 0009_staff.sql) reads
 * as available from that time on; `nextChange` is the soonest such time still ahead of `now`.
 */
export async function readMenu(
  db: Database,
  now: Date = new Date(),
): Promise<VersionedMenuRows & { nextChange: Date | null }> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const version = await menuVersion(tx);
    const categories = await tx.query<CategoryRow>(
      'select id, name, position, translations, visible, windows from menu_categories order by position, id',
    );
    const subcategories = await tx.query<SubcategoryRow>(
      'select id, category_id, name, position, translations from menu_subcategories order by position, id',
    );
    const items = await tx.query<MenuItemRow & { sold_out_until: Date | null }>(
      `select id, category_id, subcategory_id, name, description, price_cents, is_special, clover_id, photo,
              available or coalesce(sold_out_until <= $1, false) as available, position, sold_out_until,
              diet, spice_level, translations
         from menu_items
        order by position, id`,
      [now],
    );
    const groups = await tx.query<ModifierGroupRow>(
      'select id, name, force_popup, min_required, max_allowed, translations from modifier_groups order by id',
    );
    const itemGroups = await tx.query<ItemModifierGroupRow>(
      `select menu_item_id, modifier_group_id, position
         from menu_item_modifier_groups
        order by menu_item_id, position, modifier_group_id`,
    );
    const modifiers = await tx.query<ModifierRow & { sold_out_until: Date | null }>(
      `select id, modifier_group_id, name, price_cents, available or coalesce(sold_out_until <= $1, false) as available, position,
              sold_out_until, translations
         from modifiers order by position, id`,
      [now],
    );
    const ahead = [...items, ...modifiers]
      .map((row) => row.sold_out_until)
      .filter((at): at is Date => at !== null && at.getTime() > now.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    return { version, categories, subcategories, items, groups, itemGroups, modifiers, nextChange: ahead[0] ?? null };
  });
}

/** Whether the menu tables hold a menu at all. */
export async function menuIsEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>('select exists (select 1 from menu_categories) as present');
  return !row?.present;
}

/**
 * Writes a whole menu into empty menu tables: one statement per table, the rows passed as one
 * JSON parameter (read as text first, so both drivers hand it over unchanged).
 */
export async function insertMenuRows(tx: Queryable, rows: MenuRows): Promise<void> {
  await tx.query(
    `insert into menu_categories (id, name, position, translations)
     select id, name, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (id text, name text, position integer, translations jsonb)`,
    [JSON.stringify(rows.categories)],
  );
  await tx.query(
    `insert into menu_subcategories (id, category_id, name, position, translations)
     select id, category_id, name, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, category_id text, name text, position integer, translations jsonb)`,
    [JSON.stringify(rows.subcategories)],
  );
  await tx.query(
    `insert into menu_items (id, category_id, subcategory_id, name, description, price_cents, is_special, clover_id,
                             photo, available, position, diet, spice_level, translations)
     select id, category_id, subcategory_id, name, description, price_cents, is_special, clover_id, photo, available,
            position, coalesce(diet, '[]'::jsonb), coalesce(spice_level, 0), coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, category_id text, subcategory_id text, name text, description text, price_cents integer,
              is_special boolean, clover_id text, photo text, available boolean, position integer, diet jsonb,
              spice_level smallint, translations jsonb)`,
    [JSON.stringify(rows.items)],
  );
  await tx.query(
    `insert into modifier_groups (id, name, force_popup, min_required, max_allowed, translations)
     select id, name, force_popup, min_required, max_allowed, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, name text, force_popup boolean, min_required integer, max_allowed integer, translations jsonb)`,
    [JSON.stringify(rows.groups)],
  );
  await tx.query(
    `insert into menu_item_modifier_groups (menu_item_id, modifier_group_id, position)
     select menu_item_id, modifier_group_id, position
       from json_to_recordset($1::text::json) as r (menu_item_id text, modifier_group_id text, position integer)`,
    [JSON.stringify(rows.itemGroups)],
  );
  await tx.query(
    `insert into modifiers (id, modifier_group_id, name, price_cents, available, position, translations)
     select id, modifier_group_id, name, price_cents, available, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, modifier_group_id text, name text, price_cents integer, available boolean, position integer,
              translations jsonb)`,
    [JSON.stringify(rows.modifiers)],
  );
}

/** Our item ids to Clover's, for those of `itemIds` that have one. */
export async function cloverItemIds(db: Queryable, itemIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; clover_id: string | null }>(
    `select id, clover_id from menu_items
      where clover_id is not null and id in (select value from json_array_elements_text($1::text::json))`,
    [JSON.stringify([...new Set(itemIds)])],
  );
  return new Map(rows.map((row) => [row.id, row.clover_id!]));
}

/** Holds the advisory lock `key` until the transaction ends, so two replicas never write the menu at once. */
export async function lockMenuWrites(tx: Queryable, key: number): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [key]);
}

/** Sets an item's diet tags and spice level; answers whether the item exists. */
export async function updateItemDiet(
  tx: Queryable,
  id: string,
  diet: readonly string[],
  spiceLevel: number,
): Promise<boolean> {
  const updated = await tx.query(
    'update menu_items set diet = $2::text::jsonb, spice_level = $3 where id = $1 returning id',
    [id, JSON.stringify(diet), spiceLevel],
  );
  return updated.length > 0;
}
