/**
 * The menu's state for a component: the menu the first paint drew, if any, else loading on
 * mount, then ready or failed with a message (widget/menu-loading.ts loads it).
 */
import { useEffect, useState } from 'react';
import { MENU_FETCH_FAILED } from '../shared/api/messages.ts';
import { localize } from './i18n.ts';
import { drawnMenu, loadMenu, type LoadedMenu } from './menu-loading.ts';

export type MenuState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; menu: LoadedMenu };

export function useMenu(apiOrigin: string): MenuState {
  const [state, setState] = useState<MenuState>(() => {
    const menu = drawnMenu(apiOrigin);
    return menu ? { status: 'ready', menu } : { status: 'loading' };
  });
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) return;
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
    // Asked once per origin; a menu already drawn is not asked for again (`ready` says only that).
  }, [apiOrigin]);
  return state;
}
