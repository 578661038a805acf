/**
 * The menu's names in a customer's language, for what the customer reads about an order placed
 * earlier (its receipt, the account's order history, the mail about a refund): an order keeps its
 * lines' names as the menu had them (the kitchen reads those), and they are said again in the
 * order's language from the menu as it is now, by id. A dish or choice no longer on the menu, or
 * with no name in that language, keeps the name the order has.
 */
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locale.ts';
import { flattenMenu, type MenuSource } from '../../shared/menu.ts';
import type { MenuSnapshot } from './catalog.ts';

export interface MenuWords {
  item(itemId: string, kept: string): string;
  modifier(modifierId: string, kept: string): string;
}

const AS_KEPT: MenuWords = { item: (_id, kept) => kept, modifier: (_id, kept) => kept };

/** Read once per menu version and language. */
const built = new WeakMap<MenuSnapshot, Map<Locale, MenuWords>>();

export function menuWordsIn(snapshot: MenuSnapshot, locale: Locale | undefined): MenuWords {
  if (!locale || locale === DEFAULT_LOCALE) return AS_KEPT;
  let byLocale = built.get(snapshot);
  if (!byLocale) built.set(snapshot, (byLocale = new Map<Locale, MenuWords>()));
  let words = byLocale.get(locale);
  if (!words) {
    const items = new Map<string, string>();
    const modifiers = new Map<string, string>();
    const [menu] = JSON.parse(snapshot.json) as MenuSource[];
    for (const item of menu ? flattenMenu(menu, locale) : []) {
      items.set(item.id, item.name);
      for (const group of item.modifier_groups)
        for (const modifier of group.modifiers) modifiers.set(modifier.id, modifier.name);
    }
    words = {
      item: (id, kept) => items.get(id) ?? kept,
      modifier: (id, kept) => modifiers.get(id) ?? kept,
    };
    byLocale.set(locale, words);
  }
  return words;
}
