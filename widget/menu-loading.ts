/**
 * Loading the menu: GET /api/menus/ (once per page, however many widgets), the restaurant's menu by name,
 * flattened with its names in the widget's language; the items and modifiers the POS marks `available: false` are remembered as sold out. A failure
 * carries the server's message, else 'Failed to fetch Clover menu.' or chooseMenu's two menu errors.
 */
import { MENU_FETCH_FAILED, NO_MENUS_RETURNED } from '../shared/api/messages.ts';
import { createTransport } from '../shared/api/transport.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../shared/menu.ts';
import type { Locale } from '../shared/i18n/locale.ts';
import { restaurant } from '../shared/restaurant.ts';
import { localize, widgetLocale } from './i18n.ts';

export interface LoadedMenu {
  /** The language the names are in. */
  locale: Locale;
  items: MenuItem[];
  /** Ids of the items the menu answer marks `available: false`. */
  soldOut: ReadonlySet<string>;
  /** Ids of the modifiers the menu answer marks `available: false`. */
  soldOutModifiers: ReadonlySet<string>;
}

/** The menus answer being loaded or loaded, per API origin: every widget on a page shares one request. */
const loads = new Map<string, Promise<unknown>>();
/** The menu as the first paint drew it, per API origin, for the app to start from. */
const drawn = new Map<string, LoadedMenu>();

/**
 * The request the first paint made (and the menu it drew from the answer, once it came), so the
 * ordering app shows the same menu at once without asking again.
 */
export function seedMenu(apiOrigin: string, load: Promise<unknown>, menu: LoadedMenu | null): void {
  loads.set(apiOrigin, load);
  load.catch(() => loads.delete(apiOrigin));
  if (menu) drawn.set(apiOrigin, menu);
}

/** The menu already drawn for this origin in the widget's language, if any. */
export function drawnMenu(apiOrigin: string): LoadedMenu | null {
  const menu = drawn.get(apiOrigin);
  return menu && menu.locale === widgetLocale() ? menu : null;
}

/** GET /api/menus/ for this origin, asked once and shared (a failure is asked again next time). */
export function menusRequest(apiOrigin: string): Promise<unknown> {
  let load = loads.get(apiOrigin);
  if (!load) {
    // As the API client's getMenus asks it, without the rest of the client (the first paint's size).
    load = createTransport({ baseUrl: apiOrigin, localize }).request('GET', '/api/menus/', {
      fallback: MENU_FETCH_FAILED,
      refuse: (data) => (Array.isArray(data) && data.length > 0 ? undefined : NO_MENUS_RETURNED),
    });
    // A failure is not kept: the next widget (or a reload of this one) asks again.
    load.catch(() => loads.delete(apiOrigin));
    loads.set(apiOrigin, load);
  }
  return load;
}

export function loadMenu(apiOrigin: string): Promise<LoadedMenu> {
  return menusRequest(apiOrigin).then(loadedMenu);
}

export function loadedMenu(menus: unknown): LoadedMenu {
  const locale = widgetLocale();
  return menuOf(flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName), locale), locale);
}

/**
 * The same menu read a category at a time, the browser given a turn (`turn`) after each, so no
 * task of the first paint reads the whole menu.
 */
export async function loadedMenuInTurns(menus: unknown, turn: () => Promise<void>): Promise<LoadedMenu> {
  const locale = widgetLocale();
  const menu = chooseMenu<MenuSource>(menus, restaurant.menuName);
  const items: MenuItem[] = [];
  for (const category of menu.categories ?? []) {
    items.push(...flattenMenu({ ...menu, categories: [category] }, locale));
    await turn();
  }
  return menuOf(items, locale);
}

function menuOf(items: MenuItem[], locale: Locale): LoadedMenu {
  return {
    locale,
    items,
    soldOut: new Set(items.filter((item) => item.available === false).map((item) => item.id)),
    soldOutModifiers: new Set(
      items.flatMap((item) =>
        item.modifier_groups.flatMap((group) => group.modifiers.filter((m) => m.available === false).map((m) => m.id)),
      ),
    ),
  };
}
