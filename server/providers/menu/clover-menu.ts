/**
 * Clover's inventory as our menu tables' rows (the same MenuRows the demo seed writes), with no
 * I/O, so the rules are tested on their own:
 * - ids are Clover's own ids (items, categories, modifier groups, modifiers), and an item's
 *   clover_id is its Clover id too, so an order line names the Clover item it pushes as;
 * - prices are Clover's integer cents as they are;
 * - hidden items are left out; items and modifiers Clover marks unavailable stay on the menu,
 *   marked unavailable (the widget shows them as sold out);
 * - an item in several categories is listed once, in the earliest category on the menu; an item
 *   in none goes under a last category "Other" (made only when needed), so nothing sellable
 *   vanishes because someone forgot to file it;
 * - diet and allergen tags and the spice level come from the item's Clover tags (labels such as
 *   "Vegan", "Gluten Free", "Spicy 2"; shared/diet.ts reads them), other tags are ignored;
 * - Spanish: the restaurant writes Spanish names in Clover's "Alternate name" field, which
 *   items, modifier groups and modifiers have (`alternateName` on each in Clover's inventory
 *   objects, com.clover.sdk.v3.inventory Item, ModifierGroup and Modifier; Inventory > Items >
 *   the item > Alternate name, and the same field on a modifier group and a modifier). A
 *   non-empty one (trimmed) becomes the entry's translations.es.name. Clover keeps no translated
 *   description, and categories have no alternate name, so those stay English (translations
 *   `{}`). Some restaurants use the field for short names on receipts and kitchen tickets: those
 *   would show to Spanish readers, so the restaurant writes Spanish names there before turning
 *   Spanish on;
 * - positions follow Clover's sortOrder for categories and list order for the rest;
 * - a group pops up by itself (force_popup) when a choice is required or Clover shows it by default;
 *   no maxAllowed means no limit, stored as 99 (the table's default).
 * Prices that are not whole cents fail the mapping, so a broken answer never becomes half a menu.
 */
import type { MenuRows, MenuTranslations } from '../../db/menu-store.ts';
import { dietFromLabels } from '../../../shared/diet.ts';
import type { CloverCategory, CloverItem, CloverModifierGroup } from './clover-client.ts';

export const OTHER_CATEGORY = { id: 'clover-other', name: 'Other' } as const;
const NO_LIMIT = 99;

export interface CloverInventory {
  categories: CloverCategory[];
  items: CloverItem[];
  modifierGroups: CloverModifierGroup[];
}

export function menuRowsFromClover(inventory: CloverInventory): MenuRows {
  const rows: MenuRows = { categories: [], subcategories: [], items: [], groups: [], itemGroups: [], modifiers: [] };

  // Categories by sortOrder, then as Clover listed them.
  const sorted = inventory.categories
    .map((category, index) => ({ category, index }))
    .sort((a, b) => (a.category.sortOrder ?? 0) - (b.category.sortOrder ?? 0) || a.index - b.index);
  const categoryPosition = new Map<string, number>();
  sorted.forEach(({ category }, position) => {
    if (categoryPosition.has(category.id)) return;
    categoryPosition.set(category.id, position);
    rows.categories.push({ id: category.id, name: category.name, position, translations: {} });
  });

  const seenGroups = new Set<string>();
  const seenModifiers = new Set<string>();
  for (const group of inventory.modifierGroups) {
    if (seenGroups.has(group.id)) continue;
    seenGroups.add(group.id);
    const min = wholeNumber(group.minRequired ?? 0, `the minimum of modifier group ${group.id}`);
    const max =
      group.maxAllowed && group.maxAllowed > 0
        ? wholeNumber(group.maxAllowed, `the maximum of modifier group ${group.id}`)
        : NO_LIMIT;
    rows.groups.push({
      id: group.id,
      name: group.name,
      force_popup: min > 0 || group.showByDefault === true,
      min_required: min,
      max_allowed: Math.max(max, min, 1),
      translations: spanishName(group.alternateName),
    });
    const modifiers = (group.modifiers?.elements ?? []).filter(
      (m) => !seenModifiers.has(m.id) && seenModifiers.add(m.id),
    );
    modifiers.forEach((modifier, position) =>
      rows.modifiers.push({
        id: modifier.id,
        modifier_group_id: group.id,
        name: modifier.name,
        price_cents: cents(modifier.price ?? 0, `the price of modifier ${modifier.id}`),
        available: modifier.available !== false,
        position,
        translations: spanishName(modifier.alternateName),
      }),
    );
  }
  const groupIds = new Set(rows.groups.map((g) => g.id));

  const countInCategory = new Map<string, number>();
  let needsOther = false;
  const seen = new Set<string>();
  for (const item of inventory.items) {
    // Once each, even if paging moved a row while we read (an item added between pages).
    if (item.hidden === true || seen.has(item.id)) continue;
    seen.add(item.id);
    const known = (item.categories?.elements ?? []).map((ref) => ref.id).filter((id) => categoryPosition.has(id));
    const categoryId =
      known.sort((a, b) => categoryPosition.get(a)! - categoryPosition.get(b)!)[0] ?? OTHER_CATEGORY.id;
    if (categoryId === OTHER_CATEGORY.id) needsOther = true;
    const position = countInCategory.get(categoryId) ?? 0;
    countInCategory.set(categoryId, position + 1);
    rows.items.push({
      id: item.id,
      category_id: categoryId,
      subcategory_id: null,
      name: item.name,
      description: item.description ?? '',
      price_cents: cents(item.price, `the price of item ${item.id}`),
      is_special: false,
      clover_id: item.id,
      photo: null,
      available: item.available !== false,
      position,
      ...dietFromLabels((item.tags?.elements ?? []).map((tag) => tag.name ?? '')),
      translations: spanishName(item.alternateName),
    });
    // A group the item names but Clover no longer lists (deleted meanwhile) is left out.
    const offered = [...new Set((item.modifierGroups?.elements ?? []).map((ref) => ref.id))].filter((id) =>
      groupIds.has(id),
    );
    offered.forEach((groupId, groupPosition) =>
      rows.itemGroups.push({ menu_item_id: item.id, modifier_group_id: groupId, position: groupPosition }),
    );
  }
  if (needsOther && !categoryPosition.has(OTHER_CATEGORY.id)) {
    rows.categories.push({ ...OTHER_CATEGORY, position: rows.categories.length, translations: {} });
  }
  return rows;
}

/**
 * An item's, modifier group's or modifier's alternate name as its Spanish name; none when Clover
 * sends it empty, blank or not at all.
 */
function spanishName(alternateName: unknown): MenuTranslations {
  const name = typeof alternateName === 'string' ? alternateName.trim() : '';
  return name === '' ? {} : { es: { name } };
}

function cents(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`Clover sent ${what} as ${JSON.stringify(value)}, not a whole number of cents.`);
  }
  return value;
}

function wholeNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`Clover sent ${what} as ${JSON.stringify(value)}, not a whole number.`);
  }
  return value;
}
