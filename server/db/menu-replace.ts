/**
 * Replaces the menu tables' content with a new whole menu (a POS sync), inside the caller's
 * transaction. Rows are upserted by id and rows no longer present are deleted, rather than
 * emptied and refilled, so:
 * - nothing outside the menu tables points at them (order_lines keep the item's id, name and
 *   price as text, saved carts are JSON), and past orders read the same after a sync;
 * - a staff "sold out until" (0009_staff.sql) on an item or modifier still on the menu survives
 *   while its time is ahead, unless the POS itself says unavailable; a sold-out with no end time
 *   cannot be told apart from an earlier sync's "unavailable", so there the POS's word wins.
 * Every table is written with one statement, the rows passed as one JSON parameter.
 */
import type { Queryable } from './database.ts';
import type { MenuRows } from './menu-store.ts';

const json = (rows: unknown) => JSON.stringify(rows);

export async function replaceMenuRows(tx: Queryable, rows: MenuRows, now: Date): Promise<void> {
  await tx.query(
    `insert into menu_categories (id, name, position, translations)
     select id, name, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (id text, name text, position integer, translations jsonb)
     on conflict (id) do update set name = excluded.name, position = excluded.position,
            translations = excluded.translations`,
    [json(rows.categories)],
  );
  await tx.query(
    `insert into menu_subcategories (id, category_id, name, position, translations)
     select id, category_id, name, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, category_id text, name text, position integer, translations jsonb)
     on conflict (id) do update set category_id = excluded.category_id, name = excluded.name, position = excluded.position,
            translations = excluded.translations`,
    [json(rows.subcategories)],
  );
  await tx.query(
    `insert into modifier_groups (id, name, force_popup, min_required, max_allowed, translations)
     select id, name, force_popup, min_required, max_allowed, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, name text, force_popup boolean, min_required integer, max_allowed integer, translations jsonb)
     on conflict (id) do update set name = excluded.name, force_popup = excluded.force_popup,
            min_required = excluded.min_required, max_allowed = excluded.max_allowed,
            translations = excluded.translations`,
    [json(rows.groups)],
  );
  // Items: a staff sold-out with an end still ahead holds while the POS says available.
  await tx.query(
    `insert into menu_items (id, category_id, subcategory_id, name, description, price_cents, is_special, clover_id,
                             photo, available, position, diet, spice_level, translations)
     select id, category_id, subcategory_id, name, description, price_cents, is_special, clover_id, photo, available,
            position, coalesce(diet, '[]'::jsonb), coalesce(spice_level, 0), coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, category_id text, subcategory_id text, name text, description text, price_cents integer,
              is_special boolean, clover_id text, photo text, available boolean, position integer, diet jsonb,
              spice_level smallint, translations jsonb)
     on conflict (id) do update set
            category_id = excluded.category_id, subcategory_id = excluded.subcategory_id, name = excluded.name,
            description = excluded.description, price_cents = excluded.price_cents, is_special = excluded.is_special,
            clover_id = excluded.clover_id, photo = excluded.photo, position = excluded.position,
            diet = excluded.diet, spice_level = excluded.spice_level, translations = excluded.translations,
            available = excluded.available and not coalesce(menu_items.sold_out_until > $2, false),
            sold_out_until = case when excluded.available and menu_items.sold_out_until > $2
                                  then menu_items.sold_out_until end`,
    [json(rows.items), now],
  );
  await tx.query(
    `insert into modifiers (id, modifier_group_id, name, price_cents, available, position, translations)
     select id, modifier_group_id, name, price_cents, available, position, coalesce(translations, '{}'::jsonb)
       from json_to_recordset($1::text::json) as r (
              id text, modifier_group_id text, name text, price_cents integer, available boolean, position integer,
              translations jsonb)
     on conflict (id) do update set
            modifier_group_id = excluded.modifier_group_id, name = excluded.name, price_cents = excluded.price_cents,
            position = excluded.position, translations = excluded.translations,
            available = excluded.available and not coalesce(modifiers.sold_out_until > $2, false),
            sold_out_until = case when excluded.available and modifiers.sold_out_until > $2
                                  then modifiers.sold_out_until end`,
    [json(rows.modifiers), now],
  );
  // Which item offers which group carries no state of its own: written afresh.
  await tx.query('delete from menu_item_modifier_groups');
  await tx.query(
    `insert into menu_item_modifier_groups (menu_item_id, modifier_group_id, position)
     select menu_item_id, modifier_group_id, position
       from json_to_recordset($1::text::json) as r (menu_item_id text, modifier_group_id text, position integer)`,
    [json(rows.itemGroups)],
  );
  // What the new menu no longer has, children first.
  const gone = (table: string, list: { id: string }[]) =>
    tx.query(`delete from ${table} where id not in (select value from json_array_elements_text($1::text::json))`, [
      json(list.map((row) => row.id)),
    ]);
  await gone('modifiers', rows.modifiers);
  await gone('menu_items', rows.items);
  await gone('modifier_groups', rows.groups);
  await gone('menu_subcategories', rows.subcategories);
  await gone('menu_categories', rows.categories);
}
