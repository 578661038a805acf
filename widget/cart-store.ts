/**
 * The widget's cart: shared/cart's reducer in a signal, kept in localStorage so it survives a
 * reload (and follows changes made in another tab), announced to the page on every change so
 * the site's cart bubble or a partner's own button can show the count.
 */
import { signal, type Signal } from '@preact/signals-react';
import { cartQuantity, cartReducer, type CartAction, type CartState } from '../shared/cart.ts';
import { CART_STORAGE_KEY, parseStoredCart, readStoredCart, storeCart } from '../shared/cart-storage.ts';
import { CART_CHANGED_EVENT, type CartChangedDetail } from '../shared/events.ts';
import { FILE_PRICING, pricingOf, type LivePricing, type PricingSettings } from '../shared/live-settings.ts';

export interface CartStore {
  cart: Signal<CartState>;
  dispatch: (action: CartAction) => void;
  /** Puts a whole cart in place of this one (a cart handed over from a partner page). */
  replace: (state: CartState) => void;
  quantity: () => number;
  /** Tells the page how many items the cart holds now. */
  announce: () => void;
  /**
   * The owner's live delivery radius and fees, tip presets and earn rate, from the store-hours
   * answer (the settings file's until it arrives): the cart prices with them as create-order does.
   */
  pricing: Signal<LivePricing>;
  takePricing: (settings: PricingSettings | undefined) => void;
}

export function createCartStore(page: { document: Document; storage: Storage | null; window: Window }): CartStore {
  const cart = signal(readStoredCart(page.storage));

  function announce() {
    const detail: CartChangedDetail = { quantity: cartQuantity(cart.value) };
    page.document.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail }));
  }

  page.window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    cart.value = parseStoredCart(event.newValue);
    announce();
  });

  function set(state: CartState) {
    cart.value = state;
    storeCart(page.storage, state);
    announce();
  }

  const pricing = signal(FILE_PRICING);
  return {
    cart,
    pricing,
    takePricing: (settings) => {
      if (settings) pricing.value = pricingOf(settings);
    },
    dispatch: (action) => set(cartReducer(cart.value, action)),
    replace: set,
    quantity: () => cartQuantity(cart.value),
    announce,
  };
}
