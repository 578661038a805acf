/**
 * The menu as schema.org's `Menu` (sections, subsections, items with their photo, their price as
 * an `Offer` and the diets they suit as `suitableForDiet`), for the JSON-LD of /menu/ and
 * /es/menu/. Pure: the page passes the menu, the site's origin and, for a page not in English,
 * its language. An item's description is left to the page, which prints it beside the item: said
 * again here it would cost /menu/ 260 bytes, enough to take it past what a new connection
 * delivers in its first round trip.
 */
import { suitableForDiet } from '../../../shared/diet.ts';
import { toCents } from '../../../shared/money.ts';
import type { MenuItem, MenuSection } from './menu.ts';

export interface MenuJsonLdLanguage {
  /** The page's BCP 47 tag, schema.org `inLanguage` ('en-US'). */
  inLanguage: string;
  /** A site path in the page's language: '/menu/' -> '/es/menu/'. */
  path: (to: string) => string;
}

const ENGLISH: MenuJsonLdLanguage = { inLanguage: 'en-US', path: (to) => to };

export function menuJsonLd(
  sections: readonly MenuSection[],
  siteUrl: string,
  menuName: string,
  language: MenuJsonLdLanguage = ENGLISH,
) {
  const { inLanguage, path } = language;
  const item = (entry: MenuItem) => {
    const diets = suitableForDiet(entry);
    return {
      '@type': 'MenuItem',
      name: entry.name,
      ...(entry.photo ? { image: new URL(entry.photo, siteUrl).href } : {}),
      offers: {
        '@type': 'Offer',
        price: (toCents(entry.base_price) / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: entry.available === false ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        url: `${siteUrl}${path(`/order/?item=${encodeURIComponent(entry.id)}`)}`,
      },
      ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    };
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    '@id': `${siteUrl}${path('/menu/')}#menu`,
    name: menuName,
    url: `${siteUrl}${path('/menu/')}`,
    inLanguage,
    hasMenuSection: sections.map((section) => ({
      '@type': 'MenuSection',
      name: section.name,
      ...(section.items.length > 0 ? { hasMenuItem: section.items.map(item) } : {}),
      ...(section.subcategories.length > 0
        ? {
            hasMenuSection: section.subcategories.map((sub) => ({
              '@type': 'MenuSection',
              name: sub.name,
              hasMenuItem: sub.items.map(item),
            })),
          }
        : {}),
    })),
  };
}
