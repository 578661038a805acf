/**
 * The menu as the marketing pages show it: the snapshot of GET /api/menus/ that the build writes
 * before the site (scripts/site-menu.ts: the live restaurant's with SITE_MENU_URL, else the demo
 * menu as the API serves it), so the prices on /menu/, the home page and the offer pages are the
 * ones the ordering widget charges. Read at build time; no page ships it.
 *
 * Pages name items, categories and groups by their ids and English category names; each function
 * takes the page's language (last, English by default) and answers the entries in its words (the
 * menu's `translations`, else English).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MenuAnswer } from '../../../shared/api/menu-answer.ts';
import { flattenMenu, wordsIn, type MenuItem, type ModifierGroup } from '../../../shared/menu.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';
import { parseSiteMenu, SITE_MENU_FILE } from '../../../shared/site-menu.ts';

export type { MenuItem, ModifierGroup };

export const menu: MenuAnswer = parseSiteMenu(readFileSync(path.resolve(process.cwd(), SITE_MENU_FILE), 'utf8'));

/** Every item in menu order, each knowing its category and subcategory (their English names). */
export const menuItems: MenuItem[] = flattenMenu(menu);

/** The items in another language, by id: names, descriptions and choices in its words. */
const itemsIn: Partial<Record<Locale, Map<string, MenuItem>>> = {};

/** An item in a language; its category names stay the English ones pages look them up by. */
export function inLanguage(item: MenuItem, locale: Locale = 'en'): MenuItem {
  if (locale === 'en') return item;
  const byId = (itemsIn[locale] ??= new Map(flattenMenu(menu, locale).map((entry) => [entry.id, entry])));
  const words = byId.get(item.id);
  return words ? { ...words, categoryName: item.categoryName, subcategoryName: item.subcategoryName } : item;
}

/** A category's or subcategory's name in a language, by its English name. */
export function categoryNameIn(name: string, locale: Locale = 'en'): string {
  for (const category of menu.categories) {
    if (category.name === name) return wordsIn(category, 'name', locale, name);
    for (const sub of category.subcategories) if (sub.name === name) return wordsIn(sub, 'name', locale, name);
  }
  return name;
}

export interface MenuSection {
  name: string;
  /** The category's items listed before its subcategories. */
  items: MenuItem[];
  subcategories: { name: string; items: MenuItem[] }[];
}

/** The menu grouped as the point-of-sale system groups it. */
export const menuSections: MenuSection[] = sectionsIn('en');

/** The menu's sections with their names and items in a language. */
export function sectionsIn(locale: Locale): MenuSection[] {
  return menu.categories.map((category) => ({
    name: wordsIn(category, 'name', locale, category.name),
    items: menuItems
      .filter((item) => item.categoryName === category.name && item.subcategoryName === undefined)
      .map((item) => inLanguage(item, locale)),
    subcategories: category.subcategories.map((sub) => ({
      name: wordsIn(sub, 'name', locale, sub.name),
      items: menuItems
        .filter((item) => item.categoryName === category.name && item.subcategoryName === sub.name)
        .map((item) => inLanguage(item, locale)),
    })),
  }));
}

/** A price as the site shows it: '$4.25'. */
export function priceText(dollars: number | string): string {
  return formatUSD(toCents(dollars));
}

/** One item by its id; the build fails when a page names an item the menu no longer has. */
export function itemById(id: string, locale: Locale = 'en'): MenuItem {
  const item = menuItems.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`The menu has no item ${id}; update the page that names it.`);
  return inLanguage(item, locale);
}

/** The items of one category (all its subcategories included); at least one, or the build fails. */
export function itemsOf(categoryName: string, locale: Locale = 'en'): MenuItem[] {
  const items = menuItems.filter((item) => item.categoryName === categoryName);
  if (items.length === 0) throw new Error(`The menu has no items in ${categoryName}.`);
  return items.map((item) => inLanguage(item, locale));
}

/** The lowest price in a category: 'from $32.00'. */
export function lowestPrice(categoryName: string): string {
  return priceText(Math.min(...itemsOf(categoryName).map((item) => item.base_price)));
}

/** Where the ordering widget opens at one category (named as the widget names it in that language). */
export function orderLink(categoryName: string, locale: Locale = 'en'): string {
  return `/order/?category=${encodeURIComponent(categoryNameIn(categoryName, locale))}`;
}

/** A section id for a category: 'Family Meals' -> 'family-meals'. */
export function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A modifier group in one line: 'Choose a size: Regular (16 oz), Large (32 oz) +$1.75'. */
export function choiceText(group: ModifierGroup): string {
  return `${group.name}: ${optionsText(group)}`;
}

/** A modifier group's options in one line: 'Handmade corn, Flour, Blue corn (masa azul) +$0.50'. */
export function optionsText(group: ModifierGroup): string {
  return group.modifiers.map((m) => (m.price > 0 ? `${m.name} +${priceText(m.price)}` : m.name)).join(', ');
}

/** A modifier group by id as the items of a category offer it, if any item does. */
export function groupIn(categoryName: string, groupId: string, locale: Locale = 'en'): ModifierGroup | undefined {
  return itemsOf(categoryName, locale)
    .flatMap((item) => item.modifier_groups)
    .find((group) => group.id === groupId);
}
