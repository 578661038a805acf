/**
 * The menu as the marketing pages show it: the snapshot of GET /api/menus/ that the build writes
 * before the site (scripts/site-menu.ts: the live restaurant's with SITE_MENU_URL, else the demo
 * menu as the API serves it), so the prices on /menu/, the home page and the offer pages are the
 * ones the ordering widget charges. Read at build time; no page ships it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MenuAnswer } from '../../../shared/api/menu-answer.ts';
import { flattenMenu, type MenuItem, type ModifierGroup } from '../../../shared/menu.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';
import { parseSiteMenu, SITE_MENU_FILE } from '../../../shared/site-menu.ts';

export type { MenuItem, ModifierGroup };

export const menu: MenuAnswer = parseSiteMenu(readFileSync(path.resolve(process.cwd(), SITE_MENU_FILE), 'utf8'));

/** Every item in menu order, each knowing its category and subcategory. */
export const menuItems: MenuItem[] = flattenMenu(menu);

export interface MenuSection {
  name: string;
  /** The category's items listed before its subcategories. */
  items: MenuItem[];
  subcategories: { name: string; items: MenuItem[] }[];
}

/** The menu grouped as the point-of-sale system groups it. */
export const menuSections: MenuSection[] = menu.categories.map((category) => ({
  name: category.name,
  items: menuItems.filter((item) => item.categoryName === category.name && item.subcategoryName === undefined),
  subcategories: category.subcategories.map((sub) => ({
    name: sub.name,
    items: menuItems.filter((item) => item.categoryName === category.name && item.subcategoryName === sub.name),
  })),
}));

/** A price as the site shows it: '$4.25'. */
export function priceText(dollars: number | string): string {
  return formatUSD(toCents(dollars));
}

/** One item by its id; the build fails when a page names an item the menu no longer has. */
export function itemById(id: string): MenuItem {
  const item = menuItems.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`The menu has no item ${id}; update the page that names it.`);
  return item;
}

/** The items of one category (all its subcategories included); at least one, or the build fails. */
export function itemsOf(categoryName: string): MenuItem[] {
  const items = menuItems.filter((item) => item.categoryName === categoryName);
  if (items.length === 0) throw new Error(`The menu has no items in ${categoryName}.`);
  return items;
}

/** The lowest price in a category: 'from $32.00'. */
export function lowestPrice(categoryName: string): string {
  return priceText(Math.min(...itemsOf(categoryName).map((item) => item.base_price)));
}

/** Where the ordering widget opens at one category. */
export function orderLink(categoryName: string): string {
  return `/order/?category=${encodeURIComponent(categoryName)}`;
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
export function groupIn(categoryName: string, groupId: string): ModifierGroup | undefined {
  return itemsOf(categoryName)
    .flatMap((item) => item.modifier_groups)
    .find((group) => group.id === groupId);
}
