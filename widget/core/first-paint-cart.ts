/**
 * The stored cart before the ordering app has come: its count announced to the page (the cart
 * bubble, a partner's own button), kept up with other tabs, and an item added straight into
 * storage, so a press on 'Add' is kept even if the customer leaves before the app arrives. The
 * app's cart store (widget/cart-store.ts) reads the same storage when it starts.
 */
import { cartQuantity, cartReducer, type CartState } from '../../shared/cart.ts';
import { CART_STORAGE_KEY, parseStoredCart, readStoredCart, storeCart } from '../../shared/cart-storage.ts';
import { CART_CHANGED_EVENT, type CartChangedDetail } from '../../shared/events.ts';
import type { MenuItem } from '../../shared/menu.ts';

export interface FirstPaintCart {
  /** The cart as it stands (also when storage is blocked and it lives in memory). */
  state(): CartState;
  /** Tells the page the cart's count (its cart bubble, a partner's own button). */
  announce(): void;
  quantity(): number;
  add(item: MenuItem): void;
  /** The app's store takes over. */
  stop(): void;
}

export function createFirstPaintCart(page: { document: Document; storage: Storage | null; window: Window }) {
  let cart: CartState = readStoredCart(page.storage);

  function announce() {
    const detail: CartChangedDetail = { quantity: cartQuantity(cart) };
    page.document.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail }));
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== CART_STORAGE_KEY) return;
    cart = parseStoredCart(event.newValue);
    announce();
  }

  page.window.addEventListener('storage', onStorage);
  return {
    state: () => cart,
    announce,
    quantity: () => cartQuantity(cart),
    add(item: MenuItem) {
      cart = cartReducer(cart, { type: 'addItem', menuItem: item });
      // Blocked storage: the app's store takes this cart over from memory (widget/app/index.tsx).
      storeCart(page.storage, cart);
      announce();
    },
    stop: () => page.window.removeEventListener('storage', onStorage),
  } satisfies FirstPaintCart;
}
