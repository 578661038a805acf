/**
 * The SQL of the admin's menu editor (0031_menu_editor.sql): the menu as the editor sees it
 * (hidden categories, time windows, an item's own sold-out switch), one entry written at a time,
 * and positions rewritten when an entry moves. The service holds the menu lock, bumps the menu's
 * version and records the change in the same transaction.
 */
import type { Database, Queryable } from './database.ts';
import { lockMenuWrites, menuVersion, type MenuItemRow } from './menu-store.ts';

/** Serialises two admins' changes (or an import) to the menu. */
const MENU_EDITOR_LOCK = 72_413_031;

export const lockMenuEditor = (tx: Queryable) => lockMenuWrites(tx, MENU_EDITOR_LOCK);

export interface EditorCategoryRow {
  id: string;
  name: string;
  position: number;
  visible: boolean;
  windows: unknown;
  translations: unknown;
}
export interface EditorSubcategoryRow {
  id: string;
  category_id: string;
  name: string;
  position: number;
  translations: unknown;
}
/** An item as stored, read back unchecked; `available` is the column: false while switched off (by the editor, or by staff until a time). */
export interface EditorItemRow extends Omit<MenuItemRow, 'diet' | 'translations'> {
  sold_out_until: Date | null;
  diet: unknown;
  translations: unknown;
}
export interface EditorGroupRow {
  id: string;
  name: string;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  translations: unknown;
}
export interface EditorModifierRow {
  id: string;
  modifier_group_id: string;
  name: string;
  price_cents: number;
  available: boolean;
  sold_out_until: Date | null;
  position: number;
  translations: unknown;
}
export interface EditorLinkRow {
  menu_item_id: string;
  modifier_group_id: string;
  position: number;
}

export interface EditorRows {
  version: string;
  categories: EditorCategoryRow[];
  subcategories: EditorSubcategoryRow[];
  items: EditorItemRow[];
  groups: EditorGroupRow[];
  links: EditorLinkRow[];
  modifiers: EditorModifierRow[];
}

const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Every menu row with the version, in display order; in the caller's transaction, or a snapshot of its own. */
export async function readEditorRows(db: Database | Queryable): Promise<EditorRows> {
  const read = async (tx: Queryable): Promise<EditorRows> => {
    const version = await menuVersion(tx);
    const categories = await tx.query<EditorCategoryRow>(
      'select id, name, position, visible, windows, translations from menu_categories order by position, id',
    );
    const subcategories = await tx.query<EditorSubcategoryRow>(
      `select s.id, s.category_id, s.name, s.position, s.translations
         from menu_subcategories s join menu_categories c on c.id = s.category_id
        order by c.position, c.id, s.position, s.id`,
    );
    const items = await tx.query<EditorItemRow>(
      `select i.id, i.category_id, i.subcategory_id, i.name, i.description, i.price_cents, i.is_special, i.clover_id,
              i.photo, i.available, i.sold_out_until, i.position, i.diet, i.spice_level, i.translations
         from menu_items i join menu_categories c on c.id = i.category_id
        order by c.position, c.id, i.position, i.id`,
    );
    const groups = await tx.query<EditorGroupRow>(
      'select id, name, force_popup, min_required, max_allowed, translations from modifier_groups order by id',
    );
    const links = await tx.query<EditorLinkRow>(
      `select menu_item_id, modifier_group_id, position from menu_item_modifier_groups
        order by menu_item_id, position, modifier_group_id`,
    );
    const modifiers = await tx.query<EditorModifierRow>(
      `select id, modifier_group_id, name, price_cents, available, sold_out_until, position, translations
         from modifiers order by modifier_group_id, position, id`,
    );
    return {
      version,
      categories: categories.map((row) => ({ ...row, windows: jsonOf(row.windows) })),
      subcategories,
      items: items.map((row) => ({ ...row, diet: jsonOf(row.diet) })),
      groups,
      links,
      modifiers,
    };
  };
  if ('transaction' in db) {
    return db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      return read(tx);
    });
  }
  return read(db);
}

const nextPosition = async (tx: Queryable, sql: string, params: unknown[] = []) => {
  const [row] = await tx.query<{ next: number }>(sql, params);
  return Number(row?.next ?? 0);
};

export async function insertCategory(
  tx: Queryable,
  row: { id: string; name: string; visible: boolean; windows: unknown },
): Promise<void> {
  const position = await nextPosition(tx, 'select coalesce(max(position) + 1, 0) as next from menu_categories');
  await tx.query(
    'insert into menu_categories (id, name, position, visible, windows) values ($1, $2, $3, $4, $5::text::jsonb)',
    [row.id, row.name, position, row.visible, JSON.stringify(row.windows)],
  );
}

export async function updateCategory(
  tx: Queryable,
  row: { id: string; name: string; visible: boolean; windows: unknown },
): Promise<void> {
  await tx.query('update menu_categories set name = $2, visible = $3, windows = $4::text::jsonb where id = $1', [
    row.id,
    row.name,
    row.visible,
    JSON.stringify(row.windows),
  ]);
}

export async function deleteCategory(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from menu_categories where id = $1', [id]);
}

/** Sets each category's visibility and windows (an import, after the rows are written). */
export async function setCategoryExtras(
  tx: Queryable,
  rows: readonly { id: string; visible: boolean; windows: unknown }[],
): Promise<void> {
  await tx.query(
    `update menu_categories c set visible = r.visible, windows = coalesce(r.windows, '[]'::jsonb)
       from json_to_recordset($1::text::json) as r (id text, visible boolean, windows jsonb)
      where c.id = r.id`,
    [JSON.stringify(rows)],
  );
}

export async function insertItem(
  tx: Queryable,
  row: Pick<
    EditorItemRow,
    'id' | 'category_id' | 'name' | 'description' | 'price_cents' | 'diet' | 'spice_level' | 'available' | 'is_special'
  >,
): Promise<void> {
  const position = await nextPosition(
    tx,
    'select coalesce(max(position) + 1, 0) as next from menu_items where category_id = $1 and subcategory_id is null',
    [row.category_id],
  );
  await tx.query(
    `insert into menu_items (id, category_id, name, description, price_cents, diet, spice_level, available, is_special, position)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, $10)`,
    [
      row.id,
      row.category_id,
      row.name,
      row.description,
      row.price_cents,
      JSON.stringify(row.diet),
      row.spice_level,
      row.available,
      row.is_special,
      position,
    ],
  );
}

/**
 * Writes an item's fields. Turning it on or off here clears a staff "sold out until"; moved to
 * another category, it leaves its subcategory and goes last there.
 */
export async function updateItem(
  tx: Queryable,
  row: Pick<
    EditorItemRow,
    | 'id'
    | 'category_id'
    | 'subcategory_id'
    | 'name'
    | 'description'
    | 'price_cents'
    | 'diet'
    | 'spice_level'
    | 'available'
    | 'is_special'
  > & { availabilityChanged: boolean; moved: boolean },
): Promise<void> {
  const position = row.moved
    ? await nextPosition(
        tx,
        'select coalesce(max(position) + 1, 0) as next from menu_items where category_id = $1 and subcategory_id is null',
        [row.category_id],
      )
    : null;
  await tx.query(
    `update menu_items set category_id = $2, subcategory_id = $3, name = $4, description = $5, price_cents = $6,
            diet = $7::text::jsonb, spice_level = $8, is_special = $9,
            available = case when $10 then $11 else available end,
            sold_out_until = case when $10 then null else sold_out_until end,
            position = coalesce($12, position)
      where id = $1`,
    [
      row.id,
      row.category_id,
      row.subcategory_id,
      row.name,
      row.description,
      row.price_cents,
      JSON.stringify(row.diet),
      row.spice_level,
      row.is_special,
      row.availabilityChanged,
      row.available,
      position,
    ],
  );
}

export async function deleteItem(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from menu_items where id = $1', [id]);
}

export async function setItemPhoto(tx: Queryable, id: string, photo: string | null): Promise<void> {
  await tx.query('update menu_items set photo = $2 where id = $1', [id, photo]);
}

/** Offers a group on an item, last among its groups; false when it already does. */
export async function attachGroup(tx: Queryable, itemId: string, groupId: string): Promise<boolean> {
  const made = await tx.query(
    `insert into menu_item_modifier_groups (menu_item_id, modifier_group_id, position)
     select $1, $2, coalesce(max(position) + 1, 0) from menu_item_modifier_groups where menu_item_id = $1
     on conflict do nothing returning menu_item_id`,
    [itemId, groupId],
  );
  return made.length > 0;
}

/** The order an item asks its modifier groups in: `groupIds`, the first asked first. */
export async function setItemGroupPositions(tx: Queryable, itemId: string, groupIds: readonly string[]): Promise<void> {
  await tx.query(
    `update menu_item_modifier_groups t set position = r.ordinality - 1
       from json_array_elements_text($2::text::json) with ordinality as r (id, ordinality)
      where t.menu_item_id = $1 and t.modifier_group_id = r.id`,
    [itemId, JSON.stringify(groupIds)],
  );
}

export async function detachGroup(tx: Queryable, itemId: string, groupId: string): Promise<boolean> {
  const gone = await tx.query(
    'delete from menu_item_modifier_groups where menu_item_id = $1 and modifier_group_id = $2 returning menu_item_id',
    [itemId, groupId],
  );
  return gone.length > 0;
}

export async function insertGroup(
  tx: Queryable,
  row: Pick<EditorGroupRow, 'id' | 'name' | 'min_required' | 'max_allowed' | 'force_popup'>,
): Promise<void> {
  await tx.query(
    'insert into modifier_groups (id, name, min_required, max_allowed, force_popup) values ($1, $2, $3, $4, $5)',
    [row.id, row.name, row.min_required, row.max_allowed, row.force_popup],
  );
}

export async function updateGroup(
  tx: Queryable,
  row: Pick<EditorGroupRow, 'id' | 'name' | 'min_required' | 'max_allowed' | 'force_popup'>,
): Promise<void> {
  await tx.query(
    'update modifier_groups set name = $2, min_required = $3, max_allowed = $4, force_popup = $5 where id = $1',
    [row.id, row.name, row.min_required, row.max_allowed, row.force_popup],
  );
}

export async function deleteGroup(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from modifier_groups where id = $1', [id]);
}

export async function insertModifier(
  tx: Queryable,
  row: Pick<EditorModifierRow, 'id' | 'modifier_group_id' | 'name' | 'price_cents' | 'available'>,
): Promise<void> {
  const position = await nextPosition(
    tx,
    'select coalesce(max(position) + 1, 0) as next from modifiers where modifier_group_id = $1',
    [row.modifier_group_id],
  );
  await tx.query(
    `insert into modifiers (id, modifier_group_id, name, price_cents, available, position)
     values ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.modifier_group_id, row.name, row.price_cents, row.available, position],
  );
}

export async function updateModifier(
  tx: Queryable,
  row: Pick<EditorModifierRow, 'id' | 'name' | 'price_cents' | 'available'> & { availabilityChanged: boolean },
): Promise<void> {
  await tx.query(
    `update modifiers set name = $2, price_cents = $3,
            available = case when $4 then $5 else available end,
            sold_out_until = case when $4 then null else sold_out_until end
      where id = $1`,
    [row.id, row.name, row.price_cents, row.availabilityChanged, row.available],
  );
}

export async function deleteModifier(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from modifiers where id = $1', [id]);
}

const POSITIONED = {
  category: 'menu_categories',
  item: 'menu_items',
  modifier: 'modifiers',
} as const;

/** Writes positions 0, 1, 2… in the order of `ids` (an entry's siblings after a move). */
export async function setPositions(
  tx: Queryable,
  kind: keyof typeof POSITIONED,
  ids: readonly string[],
): Promise<void> {
  await tx.query(
    `update ${POSITIONED[kind]} t set position = r.ordinality - 1
       from json_array_elements_text($1::text::json) with ordinality as r (id, ordinality)
      where t.id = r.id`,
    [JSON.stringify(ids)],
  );
}

// ---------------------------------------------------------------------------------------------
// Photos

export interface PhotoVariant {
  width: number;
  format: 'avif' | 'webp';
  bytes: Uint8Array;
}

/** Stores a photo's variants once (an upload of the same file again changes nothing). */
export async function storePhotoVariants(
  tx: Queryable,
  photoId: string,
  variants: readonly PhotoVariant[],
): Promise<void> {
  for (const variant of variants) {
    await tx.query(
      `insert into menu_photo_variants (photo_id, width, format, bytes) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [photoId, variant.width, variant.format, variant.bytes],
    );
  }
}

/** One variant's bytes, or null. */
export async function readPhotoVariant(
  db: Queryable,
  photoId: string,
  width: number,
  format: string,
): Promise<Uint8Array | null> {
  const [row] = await db.query<{ bytes: Uint8Array }>(
    'select bytes from menu_photo_variants where photo_id = $1 and width = $2 and format = $3',
    [photoId, width, format],
  );
  return row ? row.bytes : null;
}

/** Switches items or modifiers on, a staff "sold out until" with them (an import that says so). */
export async function switchOn(tx: Queryable, kind: 'item' | 'modifier', ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `update ${kind === 'item' ? 'menu_items' : 'modifiers'} set available = true, sold_out_until = null
      where id in (select value from json_array_elements_text($1::text::json))`,
    [JSON.stringify(ids)],
  );
}
