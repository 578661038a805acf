/**
 * The embedded menu source: with no point-of-sale system configured, a fresh database gets
 * Taquería El Comal's demo menu (demo-menu.ts), written once, in one transaction.
 */
import { toCents, type Cents } from '../../../shared/money.ts';
import type { Database } from '../../db/database.ts';
import { bumpMenuVersion, insertMenuRows, lockMenuWrites, menuIsEmpty, type MenuRows } from '../../db/menu-store.ts';
import {
  demoMenu,
  demoModifierGroups,
  type PosCategory,
  type PosMenuItem,
  type PosModifierGroup,
} from './demo-menu.ts';

/** Serialises two replicas seeding one fresh PostgreSQL at the same moment. */
const MENU_SEED_LOCK = 72_413_003;

/** Writes the demo menu when the menu tables are empty; answers whether it did. */
export async function seedMenuIfEmpty(db: Database): Promise<boolean> {
  const rows = menuRowsFromPos(demoMenu, demoModifierGroups);
  return db.transaction(async (tx) => {
    await lockMenuWrites(tx, MENU_SEED_LOCK);
    if (!(await menuIsEmpty(tx))) return false;
    await insertMenuRows(tx, rows);
    await bumpMenuVersion(tx);
    return true;
  });
}

/**
 * A POS-shaped menu as table rows: dollar strings become integer cents, list order becomes
 * `position`, the Spanish words (`es`) become `translations`. Throws on a price that is not dollars or a group an item names but nobody defines,
 * so a typo in the fixture fails loudly instead of seeding half a menu.
 */
export function menuRowsFromPos(categories: readonly PosCategory[], groups: readonly PosModifierGroup[]): MenuRows {
  const rows: MenuRows = { categories: [], subcategories: [], items: [], groups: [], itemGroups: [], modifiers: [] };
  const groupIds = new Set(groups.map((g) => g.id));

  const addItems = (items: readonly PosMenuItem[], categoryId: string, subcategoryId: string | null) =>
    items.forEach((item, position) => {
      rows.items.push({
        id: item.id,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        name: item.name,
        description: item.description,
        price_cents: cents(item.price, `the price of ${item.id}`),
        is_special: item.is_special ?? false,
        clover_id: null,
        photo: item.photo,
        available: true,
        position,
        diet: [...(item.diet ?? [])],
        spice_level: item.spice_level ?? 0,
        translations: { es: { name: item.es.name, description: item.es.description } },
      });
      item.modifier_groups.forEach((groupId, groupPosition) => {
        if (!groupIds.has(groupId)) throw new Error(`Menu item ${item.id} offers ${groupId}, which no group defines.`);
        rows.itemGroups.push({ menu_item_id: item.id, modifier_group_id: groupId, position: groupPosition });
      });
    });

  categories.forEach((category, position) => {
    rows.categories.push({
      id: category.id,
      name: category.name,
      position,
      translations: { es: { name: category.es.name } },
    });
    addItems(category.items, category.id, null);
    category.subcategories.forEach((sub, subPosition) => {
      rows.subcategories.push({
        id: sub.id,
        category_id: category.id,
        name: sub.name,
        position: subPosition,
        translations: { es: { name: sub.es.name } },
      });
      addItems(sub.items, category.id, sub.id);
    });
  });

  for (const group of groups) {
    const { id, name, force_popup, min_required, max_allowed } = group;
    rows.groups.push({
      id,
      name,
      force_popup,
      min_required,
      max_allowed,
      translations: { es: { name: group.es.name } },
    });
    group.modifiers.forEach((modifier, position) =>
      rows.modifiers.push({
        id: modifier.id,
        modifier_group_id: group.id,
        name: modifier.name,
        price_cents: cents(modifier.price, `the price of ${modifier.id}`),
        available: true,
        position,
        translations: { es: { name: modifier.es.name } },
      }),
    );
  }
  return rows;
}

function cents(dollars: string, what: string): Cents {
  const value = toCents(dollars);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${what} is not an amount in dollars: '${dollars}'.`);
  return value;
}
