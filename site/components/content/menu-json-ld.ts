/**
 * The menu as schema.org's `Menu` (sections, subsections, items with their price as an `Offer`
 * and the diets they suit as `suitableForDiet`), for the JSON-LD of /menu/. Pure: the page
 * passes the menu and the site's origin.
 */
import { suitableForDiet } from '../../../shared/diet.ts';
import { toCents } from '../../../shared/money.ts';
import type { MenuItem, MenuSection } from './menu.ts';

export function menuJsonLd(sections: readonly MenuSection[], siteUrl: string, menuName: string) {
  const item = (entry: MenuItem) => {
    const diets = suitableForDiet(entry);
    return {
      '@type': 'MenuItem',
      name: entry.name,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.photo ? { image: new URL(entry.photo, siteUrl).href } : {}),
      offers: {
        '@type': 'Offer',
        price: (toCents(entry.base_price) / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: entry.available === false ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        url: `${siteUrl}/order/?item=${encodeURIComponent(entry.id)}`,
      },
      ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    };
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    '@id': `${siteUrl}/menu/#menu`,
    name: menuName,
    url: `${siteUrl}/menu/`,
    inLanguage: 'en-US',
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
