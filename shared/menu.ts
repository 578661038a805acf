/**
 * The menu as the ordering UI uses it: one flat list of items, each knowing its category, with
 * the POS's string prices turned into numbers and every modifier group's defaults filled in.
 */
import { couldNotFindMenu, NO_MENUS_RETURNED } from './api/messages.ts';
import { dietTagsOf, spiceLevelOf, type DietTag } from './diet.ts';
import { DEFAULT_LOCALE, type Locale } from './i18n/locale.ts';
import { menuWindowsOf, type MenuWindow } from './menu-windows.ts';

export const PLACEHOLDER_ITEM_NAME = 'Menu Item';
export const DEFAULT_MIN_REQUIRED = 0;
export const DEFAULT_MAX_ALLOWED = 99;

export interface Modifier {
  id: string;
  name: string;
  /** Dollars, as the menu states it. */
  price: number;
  /** false when the menu marks it sold out; absent otherwise. */
  available?: boolean;
}

export interface ModifierGroup {
  id: string;
  name: string;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  modifiers: Modifier[];
}

export interface MenuItem {
  id: string;
  name: string;
  description: string;
  /** Dollars, as the menu states it. */
  base_price: number;
  is_special: boolean;
  clover_id: string | null;
  photo: string | null;
  categoryName: string;
  /**
   * The category's own name in the menu, in no particular language (`categoryName` is in the
   * customer's): what a page's `category` attribute and the catering rule name. Absent: the same
   * as `categoryName`.
   */
  categoryKey?: string;
  subcategoryName?: string;
  modifier_groups: ModifierGroup[];
  /** false when the menu marks it sold out; absent otherwise. */
  available?: boolean;
  /** Diet and allergen tags; empty when the menu names none. */
  diet: DietTag[];
  /** 0 (not spicy) to 3. */
  spice_level: number;
  /** When its category is served (shared/menu-windows.ts); absent: whenever the restaurant takes orders. */
  windows?: MenuWindow[];
}

/** The menu as the API sends it; entries are read defensively since a POS fills them. */
export interface MenuSource {
  name: string;
  categories: {
    name: string;
    translations?: unknown;
    windows?: unknown;
    menu_items?: unknown[];
    subcategories?: { name: string; translations?: unknown; menu_items?: unknown[] }[];
  }[];
}

/**
 * An entry's name (or description) in a language, from its `translations` where the menu has
 * them ({ es: { name, description } }), else its own, which is English.
 */
export function wordsIn(
  entry: { translations?: unknown },
  field: 'name' | 'description',
  locale: Locale,
  own: string,
): string {
  if (locale === DEFAULT_LOCALE || !isRecord(entry.translations)) return own;
  const words = entry.translations[locale];
  const text = isRecord(words) ? words[field] : undefined;
  return nonEmptyString(text) ? text : own;
}

/** Picks the restaurant's menu by name from the menus answer: no menus, or none of that name, throws. */
export function chooseMenu<M extends { name: string }>(menus: unknown, menuName: string): M {
  if (!Array.isArray(menus) || menus.length === 0) throw new Error(NO_MENUS_RETURNED);
  const menu = (menus as M[]).find((m) => m && m.name === menuName);
  if (!menu) throw new Error(couldNotFindMenu(menuName));
  return menu;
}

/** The category's own name in the menu, whatever language the item is named in. */
export const categoryKeyOf = (item: Pick<MenuItem, 'categoryName' | 'categoryKey'>): string =>
  item.categoryKey ?? item.categoryName;

/** Every item of every category and subcategory, in menu order, named in the language asked for. */
export function flattenMenu(menu: MenuSource, locale: Locale = DEFAULT_LOCALE): MenuItem[] {
  const items: MenuItem[] = [];
  for (const category of menu.categories ?? []) {
    const categoryName = wordsIn(category, 'name', locale, category.name);
    const windows = menuWindowsOf(category.windows);
    const keyed = categoryName === category.name ? {} : { categoryKey: category.name };
    const served = (item: MenuItem): MenuItem => ({ ...item, ...keyed, ...(windows.length > 0 ? { windows } : {}) });
    (category.menu_items ?? []).forEach((entry, index) =>
      items.push(served(toMenuItem(entry, categoryName, undefined, index, locale))),
    );
    for (const sub of category.subcategories ?? []) {
      const subName = wordsIn(sub, 'name', locale, sub.name);
      (sub.menu_items ?? []).forEach((entry, index) =>
        items.push(served(toMenuItem(entry, categoryName, subName, index, locale))),
      );
    }
  }
  return items;
}

/**
 * One menu entry as an item. An entry that is not an item at all (no object, no id) becomes a
 * placeholder named 'Menu Item' with price 0, so one bad POS row cannot break the whole menu.
 */
export function toMenuItem(
  entry: unknown,
  categoryName: string,
  subcategoryName?: string,
  index = 0,
  locale: Locale = DEFAULT_LOCALE,
): MenuItem {
  const raw = isRecord(entry) ? entry : {};
  const known = isId(raw.id);
  const name = known && nonEmptyString(raw.name) ? raw.name : PLACEHOLDER_ITEM_NAME;
  const description = known && typeof raw.description === 'string' ? raw.description : '';
  const item: MenuItem = {
    id: known ? String(raw.id) : placeholderId(categoryName, subcategoryName, index),
    name: known ? wordsIn(raw, 'name', locale, name) : name,
    description: known ? wordsIn(raw, 'description', locale, description) : description,
    base_price: known ? priceOf(raw.base_price) : 0,
    is_special: known && raw.is_special === true,
    clover_id: known && isId(raw.clover_id) ? String(raw.clover_id) : null,
    photo: known && nonEmptyString(raw.photo) ? raw.photo : null,
    categoryName,
    modifier_groups:
      known && Array.isArray(raw.modifier_groups)
        ? raw.modifier_groups.map((group, groupIndex) => toGroup(group, groupIndex, locale))
        : [],
    ...(raw.available === false ? { available: false } : {}),
    diet: known ? dietTagsOf(raw.diet) : [],
    spice_level: known ? spiceLevelOf(raw.spice_level) : 0,
  };
  if (subcategoryName !== undefined) item.subcategoryName = subcategoryName;
  return item;
}

/**
 * One modifier group of an item, its name and its modifiers' names in the language asked for
 * (their `translations`, else their own English).
 */
function toGroup(entry: unknown, index: number, locale: Locale): ModifierGroup {
  const raw = isRecord(entry) ? entry : {};
  return {
    id: isId(raw.id) ? String(raw.id) : `group-${index}`,
    name: wordsIn(raw, 'name', locale, typeof raw.name === 'string' ? raw.name : ''),
    force_popup: raw.force_popup === true,
    min_required: wholeNumber(raw.min_required, DEFAULT_MIN_REQUIRED),
    max_allowed: wholeNumber(raw.max_allowed, DEFAULT_MAX_ALLOWED),
    modifiers: Array.isArray(raw.modifiers)
      ? raw.modifiers
          .filter(isRecord)
          .filter((m) => isId(m.id))
          .map((m) => ({
            id: String(m.id),
            name: wordsIn(m, 'name', locale, typeof m.name === 'string' ? m.name : ''),
            price: priceOf(m.price),
            ...(m.available === false ? { available: false } : {}),
          }))
      : [],
  };
}

/** A POS price ('8.50', 8.5, '$8.50') as a number of dollars; 0 when it cannot be read. */
export function priceOf(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[$,\s]/g, '')) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : 0;
}

/** Whether choosing this item needs the item dialog: forced, or a choice is required. */
export function needsItemDialog(item: MenuItem): boolean {
  return item.modifier_groups.some((g) => g.force_popup || g.min_required > 0);
}

function placeholderId(category: string, subcategory: string | undefined, index: number): string {
  return ['unknown', category, subcategory ?? '', String(index)].join(':');
}

function wholeNumber(value: unknown, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string | number {
  return (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
