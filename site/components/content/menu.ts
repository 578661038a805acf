/**
 * The menu as the marketing pages show it: the server's live menu (the GET /api/menus/ answer the
 * ordering widget reads), handed to each page that prints it as `Astro.locals.menu` when the
 * server renders the page (server/site-pages.ts, cached per menu version). So the names, prices
 * and sold-out marks on /menu/, the home page and the offer pages are the ones the widget shows.
 *
 * Pages name items, categories and groups by their ids and English category names; a name the
 * menu no longer has answers undefined (or no items), and the page leaves that part out, since
 * the owner may remove a dish at any time. Each function takes the page's language (last, English
 * by default) and answers the entries in its words (the menu's `translations`, else English).
 */
import type { MenuAnswer } from '../../../shared/api/menu-answer.ts';
import { flattenMenu, wordsIn, type MenuItem, type ModifierGroup } from '../../../shared/menu.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';

export type { MenuItem, ModifierGroup };

export interface MenuSection {
  name: string;
  /** The category's items listed before its subcategories. */
  items: MenuItem[];
  subcategories: { name: string; items: MenuItem[] }[];
}

export interface SiteMenu {
  /** The menu's sections with their names and items in a language. */
  sectionsIn(locale: Locale): MenuSection[];
  /** One item by its id, in a language; undefined once the menu no longer has it. */
  itemById(id: string, locale?: Locale): MenuItem | undefined;
  /** The items of one category (all its subcategories included), in a language. */
  itemsOf(categoryName: string, locale?: Locale): MenuItem[];
  /** A modifier group by id as the items of a category offer it, if any item does. */
  groupIn(categoryName: string, groupId: string, locale?: Locale): ModifierGroup | undefined;
  /** Where the ordering widget opens at one category (named as the widget names it in that language). */
  orderLink(categoryName: string, locale?: Locale): string;
}

/** The menu a page was rendered with; a page that prints the menu is rendered by the server. */
export function pageMenu(astro: { locals: App.Locals }): SiteMenu {
  const menu = astro.locals.menu;
  if (!menu)
    throw new Error('This page prints the menu: the server renders it with the live menu (server/site-pages.ts).');
  return siteMenu(menu);
}

const known = new WeakMap<MenuAnswer, SiteMenu>();

/** The page helpers over one menu answer, made once per answer (the server keeps one per version). */
export function siteMenu(menu: MenuAnswer): SiteMenu {
  let helpers = known.get(menu);
  if (!helpers) {
    helpers = helpersOf(menu);
    known.set(menu, helpers);
  }
  return helpers;
}

function helpersOf(menu: MenuAnswer): SiteMenu {
  /** Every item in menu order, each knowing its category and subcategory (their English names). */
  const menuItems = flattenMenu(menu);
  const byLocale: Partial<Record<Locale, Map<string, MenuItem>>> = {};

  /** An item in a language; its category names stay the English ones pages look them up by. */
  const inLanguage = (item: MenuItem, locale: Locale = 'en'): MenuItem => {
    if (locale === 'en') return item;
    const byId = (byLocale[locale] ??= new Map(flattenMenu(menu, locale).map((entry) => [entry.id, entry])));
    const words = byId.get(item.id);
    return words ? { ...words, categoryName: item.categoryName, subcategoryName: item.subcategoryName } : item;
  };

  /** A category's or subcategory's name in a language, by its English name. */
  const categoryNameIn = (name: string, locale: Locale = 'en'): string => {
    for (const category of menu.categories) {
      if (category.name === name) return wordsIn(category, 'name', locale, name);
      for (const sub of category.subcategories) if (sub.name === name) return wordsIn(sub, 'name', locale, name);
    }
    return name;
  };

  const itemsOf = (categoryName: string, locale: Locale = 'en') =>
    menuItems.filter((item) => item.categoryName === categoryName).map((item) => inLanguage(item, locale));

  return {
    sectionsIn: (locale) =>
      menu.categories.map((category) => ({
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
      })),
    itemById: (id, locale = 'en') => {
      const item = menuItems.find((candidate) => candidate.id === id);
      return item && inLanguage(item, locale);
    },
    itemsOf,
    groupIn: (categoryName, groupId, locale = 'en') =>
      itemsOf(categoryName, locale)
        .flatMap((item) => item.modifier_groups)
        .find((group) => group.id === groupId),
    orderLink: (categoryName, locale = 'en') =>
      `/order/?category=${encodeURIComponent(categoryNameIn(categoryName, locale))}`,
  };
}

/** A price as the site shows it: '$4.25'. */
export function priceText(dollars: number | string): string {
  return formatUSD(toCents(dollars));
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
  return group.modifiers
    .filter((m) => m.available !== false)
    .map((m) => (m.price > 0 ? `${m.name} +${priceText(m.price)}` : m.name))
    .join(', ');
}
