/**
 * The menu as the ordering UI uses it: one flat list of items, each knowing its category, with
 * the POS's string prices turned into numbers and every modifier group's defaults filled in.
 */
import { couldNotFindMenu, NO_MENUS_RETURNED } from './api/messages.ts';
import { dietTagsOf, spiceLevelOf, type DietTag } from './diet.ts';

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
  subcategoryName?: string;
  modifier_groups: ModifierGroup[];
  /** false when the menu marks it sold out; absent otherwise. */
  available?: boolean;
  /** Diet and allergen tags; empty when the menu names none. */
  diet: DietTag[];
  /** 0 (not spicy) to 3. */
  spice_level: number;
}

/** The menu as the API sends it; entries are read defensively since a POS fills them. */
export interface MenuSource {
  name: string;
  categories: {
    name: string;
    menu_items?: unknown[];
    subcategories?: { name: string; menu_items?: unknown[] }[];
  }[];
}

/** Picks the restaurant's menu by name from the menus answer: no menus, or none of that name, throws. */
export function chooseMenu<M extends { name: string }>(menus: unknown, menuName: string): M {
  if (!Array.isArray(menus) || menus.length === 0) throw new Error(NO_MENUS_RETURNED);
  const menu = (menus as M[]).find((m) => m && m.name === menuName);
  if (!menu) throw new Error(couldNotFindMenu(menuName));
  return menu;
}

/** Every item of every category and subcategory, in menu order. */
export function flattenMenu(menu: MenuSource): MenuItem[] {
  const items: MenuItem[] = [];
  for (const category of menu.categories ?? []) {
    (category.menu_items ?? []).forEach((entry, index) =>
      items.push(toMenuItem(entry, category.name, undefined, index)),
    );
    for (const sub of category.subcategories ?? []) {
      (sub.menu_items ?? []).forEach((entry, index) => items.push(toMenuItem(entry, category.name, sub.name, index)));
    }
  }
  return items;
}

/**
 * One menu entry as an item. An entry that is not an item at all (no object, no id) becomes a
 * placeholder named 'Menu Item' with price 0, so one bad POS row cannot break the whole menu.
 */
export function toMenuItem(entry: unknown, categoryName: string, subcategoryName?: string, index = 0): MenuItem {
  const raw = isRecord(entry) ? entry : {};
  const known = isId(raw.id);
  const item: MenuItem = {
    id: known ? String(raw.id) : placeholderId(categoryName, subcategoryName, index),
    name: known && nonEmptyString(raw.name) ? raw.name : PLACEHOLDER_ITEM_NAME,
    description: known && typeof raw.description === 'string' ? raw.description : '',
    base_price: known ? priceOf(raw.base_price) : 0,
    is_special: known && raw.is_special === true,
    clover_id: known && isId(raw.clover_id) ? String(raw.clover_id) : null,
    photo: known && nonEmptyString(raw.photo) ? raw.photo : null,
    categoryName,
    modifier_groups: known && Array.isArray(raw.modifier_groups) ? raw.modifier_groups.map(toGroup) : [],
    ...(raw.available === false ? { available: false } : {}),
    diet: known ? dietTagsOf(raw.diet) : [],
    spice_level: known ? spiceLevelOf(raw.spice_level) : 0,
  };
  if (subcategoryName !== undefined) item.subcategoryName = subcategoryName;
  return item;
}

function toGroup(entry: unknown, index: number): ModifierGroup {
  const raw = isRecord(entry) ? entry : {};
  return {
    id: isId(raw.id) ? String(raw.id) : `group-${index}`,
    name: typeof raw.name === 'string' ? raw.name : '',
    force_popup: raw.force_popup === true,
    min_required: wholeNumber(raw.min_required, DEFAULT_MIN_REQUIRED),
    max_allowed: wholeNumber(raw.max_allowed, DEFAULT_MAX_ALLOWED),
    modifiers: Array.isArray(raw.modifiers)
      ? raw.modifiers
          .filter(isRecord)
          .filter((m) => isId(m.id))
          .map((m) => ({
            id: String(m.id),
            name: typeof m.name === 'string' ? m.name : '',
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
