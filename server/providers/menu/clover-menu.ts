/**
 * Clover's inventory as our menu tables' rows (the same MenuRows the demo seed writes), with the
 * report of what was kept off the online menu or changed and why, and no I/O, so the rules are
 * tested on their own:
 * - ids are Clover's own ids (items, categories, modifier groups, modifiers), and an item's
 *   clover_id is its Clover id too, so an order line names the Clover item it pushes as;
 * - prices are Clover's integer cents as they are;
 * - online visibility is the item's menu switch, `menuItem.enabled` (com.clover.sdk.v3.inventory
 *   MenuItem, "Item enabled for menu", on `Item.menuItem`, "Menu Item attribute that can be
 *   expanded to menu specific attributes"), not `hidden`, which is "True if this item is hidden
 *   from Clover Register App": enabled false leaves the item out, enabled true puts it on even if
 *   the Register hides it. Only when Clover sends no menu attributes does `hidden` decide, as it
 *   always did. Items and modifiers Clover marks unavailable stay on the menu, marked unavailable
 *   (the widget shows them as sold out);
 * - how the item is priced (`priceType`, com.clover.sdk.v3.inventory.PriceType):
 *   VARIABLE items (the price is typed in at the register: open food, market price) are never sold
 *   online: left out, with a note; PER_UNIT items (so much per lb, per hour; a line item carries
 *   `unitQty` in thousandths) are left out too, with a note: the amount is weighed or measured at
 *   the register, and the widget, the cart and the pricing all count whole units, so selling "by the
 *   pound" online would need a unit chosen by the customer, fractional quantities priced the same
 *   way in the widget and at checkout, and `unitQty` pushed: not a small change, and a wrong weight
 *   is a wrong charge. A kind Clover may add later is left out with a note as well. No priceType
 *   is Clover's default, FIXED;
 * - an item at $0 whose price is in its choices: if no required group of all-priced choices
 *   already makes it cost something, its first group with priced choices (one whose choices are
 *   all priced first) becomes required, at least one choice, with a note; groups are shared, so
 *   the note says how many other items the change reaches. A $0 item with no priced choice is a
 *   free item (a cup of water, a side of salsa) only when Clover says FIXED outright; without a
 *   price type it is left out with a note, never sold for nothing on a guess;
 * - an item offering 100 or more modifier groups (Clover cuts nested lists at 100, so its
 *   required choices could be missing) is left out with a note;
 * - an item in several categories is listed once, in the earliest category on the menu; an item
 *   in none goes under a last category "Other" (made only when needed), so nothing sellable
 *   vanishes because someone forgot to file it;
 * - diet and allergen tags and the spice level come from the item's Clover tags (labels such as
 *   "Vegan", "Gluten Free", "Spicy 2"; shared/diet.ts reads them), other tags are ignored;
 * - the description is the menu attributes' "Item description" (`menuItem.description`): Clover's
 *   Item has no description of its own;
 * - Spanish: the restaurant writes Spanish names in Clover's "Alternate name" field, which
 *   items, modifier groups and modifiers have (`alternateName` on each in Clover's inventory
 *   objects, com.clover.sdk.v3.inventory Item, ModifierGroup and Modifier; Inventory > Items >
 *   the item > Alternate name, and the same field on a modifier group and a modifier). A
 *   non-empty one (trimmed) becomes the entry's translations.es.name. Clover keeps no translated
 *   description, and categories have no alternate name, so those stay English (translations
 *   `{}`). Some restaurants use the field for short names on receipts and kitchen tickets: those
 *   would show to Spanish readers, so the restaurant writes Spanish names there before turning
 *   Spanish on;
 * - positions follow Clover's sortOrder for categories (a number, or a number in a string) and
 *   list order for the rest;
 * - a group pops up by itself (force_popup) when a choice is required or Clover shows it by default;
 *   no maxAllowed means no limit, stored as 99 (the table's default).
 * Prices of items sold at a fixed price that are not whole cents fail the mapping, so a broken
 * answer never becomes half a menu.
 */
import type { MenuRows, MenuTranslations, ModifierGroupRow } from '../../db/menu-store.ts';
import type { MenuSyncNote } from '../../db/menu-sync-status.ts';
import { dietFromLabels } from '../../../shared/diet.ts';
import { NESTED_CAP, type CloverCategory, type CloverItem, type CloverModifierGroup } from './clover-client.ts';

export const OTHER_CATEGORY = { id: 'clover-other', name: 'Other' } as const;
const NO_LIMIT = 99;

export interface CloverInventory {
  categories: CloverCategory[];
  items: CloverItem[];
  modifierGroups: CloverModifierGroup[];
}

export interface CloverMenu {
  rows: MenuRows;
  /** What was kept off the online menu or changed, and why, in Clover's item order. */
  notes: MenuSyncNote[];
}

/** The rows alone. */
export function menuRowsFromClover(inventory: CloverInventory): MenuRows {
  return cloverMenu(inventory).rows;
}

export function cloverMenu(inventory: CloverInventory): CloverMenu {
  const rows: MenuRows = { categories: [], subcategories: [], items: [], groups: [], itemGroups: [], modifiers: [] };
  const notes: MenuSyncNote[] = [];

  // Categories by sortOrder, then as Clover listed them.
  const sorted = inventory.categories
    .map((category, index) => ({ category, index }))
    .sort((a, b) => sortOrder(a.category) - sortOrder(b.category) || a.index - b.index);
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
  const groupById = new Map(rows.groups.map((g) => [g.id, g]));
  const pricesOf = new Map<string, number[]>();
  for (const modifier of rows.modifiers) {
    pricesOf.set(modifier.modifier_group_id, [
      ...(pricesOf.get(modifier.modifier_group_id) ?? []),
      modifier.price_cents,
    ]);
  }
  /** A group whose every choice costs something: choosing from it is never free. */
  const allPriced = (id: string) => (pricesOf.get(id) ?? []).length > 0 && pricesOf.get(id)!.every((p) => p > 0);
  const somePriced = (id: string) => (pricesOf.get(id) ?? []).some((p) => p > 0);
  /** $0 items whose price is in a group made required here, by group. */
  const requiredFor = new Map<string, Array<{ id: string; name: string }>>();

  const countInCategory = new Map<string, number>();
  let needsOther = false;
  const seen = new Set<string>();
  for (const item of inventory.items) {
    // Once each, even if paging moved a row while we read (an item added between pages).
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    if (!shownOnline(item)) continue;
    const name = typeof item.name === 'string' ? item.name : item.id;
    const keepOut = (reason: string) => notes.push({ item_id: item.id, item_name: name, action: 'kept_out', reason });

    const priceType = typeof item.priceType === 'string' ? item.priceType : null;
    if (priceType === 'VARIABLE') {
      keepOut('Its price is typed in at the register (Clover price type Variable), so it is not sold online.');
      continue;
    }
    if (priceType === 'PER_UNIT') {
      const unit = typeof item.unitName === 'string' && item.unitName.trim() ? item.unitName.trim() : 'unit';
      keepOut(
        `Sold by the ${unit.slice(0, 20)} at the register (Clover price type Per unit): the quantity is weighed or measured there, so it is not sold online.`,
      );
      continue;
    }
    if (priceType !== null && priceType !== 'FIXED') {
      keepOut(`Clover price type ${JSON.stringify(priceType.slice(0, 40))} is not one the online menu can sell.`);
      continue;
    }
    const refs = item.modifierGroups?.elements ?? [];
    if (refs.length >= NESTED_CAP) {
      keepOut(
        `It offers ${NESTED_CAP} or more modifier groups, more than Clover lists for one item, so a required choice could be missing.`,
      );
      continue;
    }
    const price = cents(item.price, `the price of item ${item.id}`);
    // A group the item names but Clover no longer lists (deleted meanwhile) is left out.
    const offered = [...new Set(refs.map((ref) => ref.id))].filter((id) => groupById.has(id));
    if (price === 0) {
      const paid = offered.some((id) => groupById.get(id)!.min_required > 0 && allPriced(id));
      if (!paid) {
        const pricing = offered.find(allPriced) ?? offered.find(somePriced);
        if (pricing) requiredFor.set(pricing, [...(requiredFor.get(pricing) ?? []), { id: item.id, name }]);
        else if (priceType !== 'FIXED') {
          keepOut(
            'Clover sends it at $0 with no price type and no priced choice, so it is not sold online for nothing.',
          );
          continue;
        }
        // Else Clover says FIXED at 0: a free item.
      }
    }

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
      description: typeof item.menuItem?.description === 'string' ? item.menuItem.description : '',
      price_cents: price,
      is_special: false,
      clover_id: item.id,
      photo: null,
      available: item.available !== false,
      position,
      ...dietFromLabels((item.tags?.elements ?? []).map((tag) => tag.name ?? '')),
      translations: spanishName(item.alternateName),
    });
    offered.forEach((groupId, groupPosition) =>
      rows.itemGroups.push({ menu_item_id: item.id, modifier_group_id: groupId, position: groupPosition }),
    );
  }
  if (needsOther && !categoryPosition.has(OTHER_CATEGORY.id)) {
    rows.categories.push({ ...OTHER_CATEGORY, position: rows.categories.length, translations: {} });
  }

  // A $0 item priced by its choices: the group that prices it becomes required.
  const changes = new Map<string, MenuSyncNote>();
  for (const [groupId, zeroItems] of requiredFor) {
    const group = groupById.get(groupId)!;
    makeRequired(group);
    const reached = new Set(zeroItems.map((i) => i.id));
    const others = rows.itemGroups.filter(
      (l) => l.modifier_group_id === groupId && !reached.has(l.menu_item_id),
    ).length;
    for (const zero of zeroItems) {
      changes.set(zero.id, {
        item_id: zero.id,
        item_name: zero.name,
        action: 'changed',
        reason:
          `$0 in Clover, priced by its choices: "${group.name}" is now required (at least 1), ` +
          (allPriced(groupId)
            ? 'so it is never sold at $0.'
            : 'but some of its choices are free too: give the item or those choices a price in Clover.') +
          (others === 1
            ? ` The other item offering "${group.name}" now requires it too.`
            : others > 1
              ? ` The ${others} other items offering "${group.name}" now require it too.`
              : ''),
      });
    }
  }
  // Notes in Clover's item order.
  const order = new Map(inventory.items.map((item, index) => [item.id, index]));
  const all = [...notes, ...changes.values()].sort((a, b) => order.get(a.item_id)! - order.get(b.item_id)!);
  return { rows, notes: all };
}

/** The menu switch decides; without one, the Register's `hidden`. */
function shownOnline(item: CloverItem): boolean {
  const enabled = item.menuItem?.enabled;
  if (enabled === true || enabled === false) return enabled;
  return item.hidden !== true;
}

function makeRequired(group: ModifierGroupRow): void {
  group.min_required = Math.max(group.min_required, 1);
  group.max_allowed = Math.max(group.max_allowed, group.min_required);
  group.force_popup = true;
}

/** Clover's sortOrder, a number or a number in a string; anything else sorts as 0. */
function sortOrder(category: CloverCategory): number {
  const value = Number(category.sortOrder ?? 0);
  return Number.isFinite(value) ? value : 0;
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
