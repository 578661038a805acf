/**
 * The ordering app, inside the widget's shadow root: the menu (loading, failed or ready to
 * browse; a failure is also an error toast), whether the restaurant is closed, the item dialog for an item's choices, and the
 * cart sidebar, all working on the one cart store of the page.
 */
import type { ApiClient } from '../shared/api/client.ts';
import { LOADING } from '../shared/api/messages.ts';
import type { MenuItem } from '../shared/menu.ts';
import type { CartStore } from './cart-store.ts';
import { useEffect, useState } from 'react';
import { CartSidebar } from './cart-sidebar.tsx';
import { ItemDialog } from './item-dialog.tsx';
import type { WidgetControls } from './comal-api.ts';
import { MenuBrowser } from './menu-browser.tsx';
import { useMenu } from './menu-loading.ts';
import { ShadowFrame } from './shadow-frame.tsx';
import { StoreNotice } from './store-notice.tsx';
import { ToastRegion } from './toasts.tsx';

export interface OrderingAppProps {
  store: CartStore;
  controls: WidgetControls;
  api: ApiClient;
  apiOrigin: string;
  initialCategory: string | null;
}

export function OrderingApp({ store, controls, api, apiOrigin, initialCategory }: OrderingAppProps) {
  const menu = useMenu(apiOrigin);
  const [choosing, setChoosing] = useState<{ item: MenuItem; opener: HTMLElement } | null>(null);
  const onAdded = (item: MenuItem) => controls.toasts.show(`Added ${item.name} to cart`, 'success');
  const failed = menu.status === 'failed' ? menu.message : null;
  useEffect(() => {
    if (failed) controls.toasts.show(failed, 'error');
  }, [failed, controls.toasts]);
  return (
    <ShadowFrame>
      {menu.status === 'loading' && (
        <p className="status" role="status">
          {LOADING}
        </p>
      )}
      {menu.status === 'failed' && (
        <p className="error" role="alert">
          {menu.message}
        </p>
      )}
      {menu.status === 'ready' && (
        <MenuBrowser
          menu={menu.menu}
          apiOrigin={apiOrigin}
          initialCategory={initialCategory}
          dispatch={store.dispatch}
          onAdded={onAdded}
          onCustomize={(item, opener) => setChoosing({ item, opener })}
        />
      )}
      {menu.status === 'ready' && choosing && (
        <ItemDialog
          key={choosing.item.id}
          item={choosing.item}
          soldOutModifiers={menu.menu.soldOutModifiers}
          opener={choosing.opener}
          dispatch={store.dispatch}
          onAdded={onAdded}
          onClose={() => setChoosing(null)}
        />
      )}
      {menu.status === 'ready' && <StoreNotice api={api} />}
      <CartSidebar cart={store.cart} open={controls.cartOpen} apiOrigin={apiOrigin} dispatch={store.dispatch} />
      <ToastRegion toasts={controls.toasts} />
    </ShadowFrame>
  );
}
