/**
 * `window.Comal` and the DOM events that let the site's header and a partner's page drive the
 * widget: open(), close(), toggleCart(), cartQuantity(), and the comal:open-cart,
 * comal:close-cart and comal:toggle-cart events on document.
 */
import { signal, type Signal } from '@preact/signals-react';
import { CLOSE_CART_EVENT, OPEN_CART_EVENT, TOGGLE_CART_EVENT, type ComalWindowApi } from '../shared/events.ts';
import type { CartStore } from './cart-store.ts';
import { createToasts, type Toasts } from './toasts.tsx';

export interface WidgetControls {
  api: ComalWindowApi;
  cartOpen: Signal<boolean>;
  /** The widget's toasts, shared by every screen on the page. */
  toasts: Toasts;
}

export function installComalApi(page: { window: Window; document: Document }, store: CartStore): WidgetControls {
  const cartOpen = signal(false);
  const open = () => void (cartOpen.value = true);
  const close = () => void (cartOpen.value = false);
  const toggleCart = () => void (cartOpen.value = !cartOpen.value);
  const api: ComalWindowApi = { open, close, toggleCart, cartQuantity: () => store.quantity() };
  page.document.addEventListener(OPEN_CART_EVENT, open);
  page.document.addEventListener(CLOSE_CART_EVENT, close);
  page.document.addEventListener(TOGGLE_CART_EVENT, toggleCart);
  (page.window as Window & { Comal?: ComalWindowApi }).Comal = api;
  store.announce();
  return { api, cartOpen, toasts: createToasts() };
}
