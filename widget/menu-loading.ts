/**
 * Loading the menu: GET /api/menus/ (once per page, however many widgets), the restaurant's menu by name,
 * flattened with its names in the widget's language; the items and modifiers the POS marks `available: false` are remembered as sold out. A failure
 * carries the server's message, else 'Failed to fetch Clover menu.' or chooseMenu's two menu errors.
 */
import { useEffect, useState } from 'react';
import { createApiClient } from '../shared/api/client.ts';
import { MENU_FETCH_FAILED } from '../shared/api/messages.ts';
import { chooseMenu, flattenMenu, type MenuItem, type MenuSource } from '../shared/menu.ts';
import { restaurant } from '../shared/restaurant.ts';
import { localize, widgetLocale } from './i18n.ts';

export interface LoadedMenu {
  items: MenuItem[];
  /** Ids of the items the menu answer marks `available: false`. */
  soldOut: ReadonlySet<string>;
  /** Ids of the modifiers the menu answer marks `available: false`. */
  soldOutModifiers: ReadonlySet<string>;
}

export type MenuState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; menu: LoadedMenu };

/** The menus answer being loaded or loaded, per API origin: every widget on a page shares one request. */
const loads = new Map<string, Promise<unknown>>();

export function loadMenu(apiOrigin: string): Promise<LoadedMenu> {
  let load = loads.get(apiOrigin);
  if (!load) {
    load = createApiClient({ baseUrl: apiOrigin, localize }).getMenus();
    // A failure is not kept: the next widget (or a reload of this one) asks again.
    load.catch(() => loads.delete(apiOrigin));
    loads.set(apiOrigin, load);
  }
  return load.then(loadedMenu);
}

function loadedMenu(menus: unknown): LoadedMenu {
  const items = flattenMenu(chooseMenu<MenuSource>(menus, restaurant.menuName), widgetLocale());
  return {
    items,
    soldOut: new Set(items.filter((item) => item.available === false).map((item) => item.id)),
    soldOutModifiers: new Set(
      items.flatMap((item) =>
        item.modifier_groups.flatMap((group) => group.modifiers.filter((m) => m.available === false).map((m) => m.id)),
      ),
    ),
  };
}

/** The menu's state for a component: loading on mount, then ready or failed with a message. */
export function useMenu(apiOrigin: string): MenuState {
  const [state, setState] = useState<MenuState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadMenu(apiOrigin).then(
      (menu) => current && setState({ status: 'ready', menu }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: localize(error instanceof Error && error.message ? error.message : MENU_FETCH_FAILED),
        }),
    );
    return () => {
      current = false;
    };
  }, [apiOrigin]);
  return state;
}
