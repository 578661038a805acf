/**
 * The ordering app, inside the widget's shadow root: the menu (loading, failed or ready to
 * browse), the item dialog for an item's choices, and the cart sidebar, all working on the one
 * cart store of the page.
 */
import { LOADING } from '../shared/api/messages.ts';
import { TOAST_EVENT, type ToastDetail } from '../shared/events.ts';
import type { MenuItem } from '../shared/menu.ts';
import type { CartStore } from './cart-store.ts';
import { useState } from 'react';
import { CartSidebar } from './cart-sidebar.tsx';
import { ItemDialog } from './item-dialog.tsx';
import type { WidgetControls } from './comal-api.ts';
import { MenuBrowser } from './menu-browser.tsx';
import { useMenu } from './menu-loading.ts';
import { ShadowFrame } from './shadow-frame.tsx';

export interface OrderingAppProps {
  store: CartStore;
  controls: WidgetControls;
  apiOrigin: string;
  initialCategory: string | null;
}

export function OrderingApp({ store, controls, apiOrigin, initialCategory }: OrderingAppProps) {
  const menu = useMenu(apiOrigin);
  const [choosing, setChoosing] = useState<{ item: MenuItem; opener: HTMLElement } | null>(null);
  const onAdded = (item: MenuItem) => {
    const detail: ToastDetail = { message: `Added ${item.name} to cart`, kind: 'success' };
    document.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail }));
  };
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
      <CartSidebar cart={store.cart} open={controls.cartOpen} apiOrigin={apiOrigin} dispatch={store.dispatch} />
    </ShadowFrame>
  );
}
