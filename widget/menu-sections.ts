/**
 * The flat item list grouped back into what the customer browses: categories in menu order,
 * each with its own items, then its subcategories with theirs; the search and the diet filters
 * narrow the items and drop whatever ends up empty.
 */
import { passesDietFilters, type DietFilter } from '../shared/diet.ts';
import { categoryKeyOf, type MenuItem } from '../shared/menu.ts';
import type { MenuWindow } from '../shared/menu-windows.ts';
import { foldForSearch, matchesSearch } from '../shared/search.ts';

export interface MenuSection {
  name: string;
  /** The category's own name in the menu (shared/menu.ts `categoryKey`). */
  key: string;
  items: MenuItem[];
  subcategories: { name: string; items: MenuItem[] }[];
  /** When the category is served (a lunch menu); absent: whenever the restaurant takes orders. */
  windows?: MenuWindow[];
}

export function menuSections(
  items: readonly MenuItem[],
  query = '',
  filters: readonly DietFilter[] = [],
): MenuSection[] {
  const sections: MenuSection[] = [];
  const byName = new Map<string, MenuSection>();
  for (const item of items) {
    let section = byName.get(item.categoryName);
    if (!section) {
      section = {
        name: item.categoryName,
        key: categoryKeyOf(item),
        items: [],
        subcategories: [],
        ...(item.windows ? { windows: item.windows } : {}),
      };
      byName.set(item.categoryName, section);
      sections.push(section);
    }
    if (!matchesSearch(item.name, query) || !passesDietFilters(item, filters)) continue;
    if (item.subcategoryName === undefined) {
      section.items.push(item);
      continue;
    }
    let sub = section.subcategories.find((s) => s.name === item.subcategoryName);
    if (!sub) section.subcategories.push((sub = { name: item.subcategoryName, items: [] }));
    sub.items.push(item);
  }
  return sections.filter((s) => s.items.length > 0 || s.subcategories.length > 0);
}

export const categoryId = (index: number) => `comal-category-${index}`;

/**
 * The category the page asked to open at, by its name whatever the case and accents, in the
 * customer's language or the menu's own (a partner's page names it once for every visitor);
 * null for none.
 */
export function openingCategory(sections: readonly MenuSection[], asked: string | null): string | null {
  const wanted = asked ? foldForSearch(asked) : null;
  if (!wanted) return null;
  const named = (s: MenuSection) => foldForSearch(s.name) === wanted || foldForSearch(s.key) === wanted;
  return sections.find(named)?.name ?? null;
}
