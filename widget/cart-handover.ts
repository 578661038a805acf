/**
 * Carrying the cart from a partner's page to the restaurant's own checkout and sign-in
 * (browsers block third-party cookies, and no card form goes on pages we do not
 * control). localStorage belongs to one origin, so the cart rides in the URL's fragment, which
 * browsers never send to a server; the restaurant's page takes it and removes it from the address.
 */
import type { CartState } from '../shared/cart.ts';
import { parseStoredCart, serializeCart } from '../shared/cart-storage.ts';

const FRAGMENT_KEY = 'comal-cart';

/** Where a link to one of the restaurant's pages (e.g. '/checkout/') goes from this page. */
export function restaurantPageHref(apiOrigin: string, pageOrigin: string, path: string, cart: CartState): string {
  if (apiOrigin === pageOrigin) return path;
  return `${apiOrigin}${path}#${FRAGMENT_KEY}=${encodeURIComponent(serializeCart(cart))}`;
}

/** The cart a partner page handed over in this page's address, or null; the fragment is removed. */
export function takeHandedOverCart(page: { location: Location; history: History }): CartState | null {
  const hash = page.location.hash;
  const prefix = `#${FRAGMENT_KEY}=`;
  if (!hash.startsWith(prefix)) return null;
  let cart: CartState | null = null;
  try {
    cart = parseStoredCart(decodeURIComponent(hash.slice(prefix.length)));
  } catch {
    cart = null; // a mangled link: keep the cart this browser already has
  }
  page.history.replaceState(page.history.state, '', page.location.pathname + page.location.search);
  return cart && cart.items.length > 0 ? cart : null;
}
