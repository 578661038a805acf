/**
 * `window.Comal` and the DOM events that let the site's header and a partner's page drive the
 * widget: open(), close(), toggleCart(), cartQuantity(), and the comal:open-cart,
 * comal:close-cart and comal:toggle-cart events on document.
 */
import { effect, signal, type Signal } from '@preact/signals-react';
import { useEffect, useState } from 'react';
import type { MenuItem } from '../shared/menu.ts';
import { CLOSE_CART_EVENT, OPEN_CART_EVENT, TOGGLE_CART_EVENT, type ComalWindowApi } from '../shared/events.ts';
import type { CartStore } from './cart-store.ts';
import { createToasts, type Toasts } from './toasts.tsx';

/** An item whose choices the item dialog shows, and the button that asked (focus goes back there). */
export interface Choosing {
  item: MenuItem;
  opener: HTMLElement;
  soldOutModifiers: ReadonlySet<string>;
}

export interface WidgetControls {
  api: ComalWindowApi;
  cartOpen: Signal<boolean>;
  /** The widget's toasts, shared by every screen on the page. */
  toasts: Toasts;
  /** The item dialog's item, whichever widget of the page opened it. */
  choosing: Signal<Choosing | null>;
  /** Opens the item dialog on an item, or closes it (null). */
  choose(choosing: Choosing | null): void;
  /** The mounted screen that shows the page's one set of overlays (cart, item dialog, toasts). */
  overlayOwner: Signal<symbol | null>;
  /** A cart handed over in the address: being rebuilt, then what could not be kept ([] for nothing). */
  handover: Signal<'pending' | string[] | null>;
  setHandover(state: 'pending' | string[] | null): void;
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
  const choosing = signal<Choosing | null>(null);
  const handover = signal<'pending' | string[] | null>(null);
  // The cart opening says what 'Added ... to cart' said; a toast left over it would cover its buttons.
  const toasts = createToasts();
  effect(() => {
    if (cartOpen.value) toasts.clear();
  });
  return {
    api,
    cartOpen,
    toasts,
    choosing,
    choose: (item) => void (choosing.value = item),
    overlayOwner: signal(null),
    handover,
    setHandover: (state) => void (handover.value = state),
  };
}

/**
 * Whether this screen shows the page's overlays: the first one mounted does, and when it goes,
 * the next one takes over. Two widgets on a page show one cart, one item dialog, one set of toasts.
 */
export function useOwnsOverlays(controls: WidgetControls): boolean {
  const [me] = useState(() => Symbol('comal-screen'));
  const owner = controls.overlayOwner.value;
  useEffect(() => {
    if (controls.overlayOwner.peek() === null) controls.overlayOwner.value = me;
  }, [owner, controls, me]);
  useEffect(
    () => () => {
      if (controls.overlayOwner.peek() === me) controls.overlayOwner.value = null;
    },
    [controls, me],
  );
  return owner === me;
}
