/**
 * Carrying the cart from a partner's page to the restaurant's own checkout and sign-in
 * (browsers block third-party cookies, and no card form goes on pages we do not
 * control). localStorage belongs to one origin, so the cart rides in the URL's fragment, which
 * browsers never send to a server: item and choice ids and quantities only
 * (shared/cart-handover.ts), which the restaurant's page rebuilds from its live menu.
 */
import { sitePath } from './i18n.ts';
import { encodeHandover } from '../shared/cart-handover.ts';
import type { CartState } from '../shared/cart.ts';

const FRAGMENT_KEY = 'comal-cart';

/** Whether this page runs inside a frame (a site builder's embed), where checkout must leave it. */
export function inFrame(page: Window): boolean {
  try {
    return page.top !== page.self;
  } catch {
    return true; // a cross-origin top that cannot even be compared
  }
}

/**
 * Where a link to one of the restaurant's pages (e.g. '/checkout/') goes from this page: the
 * path on the restaurant's own top-level page, else the absolute address with the cart.
 */
export function restaurantPageHref(
  apiOrigin: string,
  pageOrigin: string,
  path: string,
  cart: CartState,
  framed = false,
): string {
  // The page in the customer's language (/es/checkout/ for a customer reading Spanish).
  const page = sitePath(path);
  if (apiOrigin === pageOrigin && !framed) return page;
  return `${apiOrigin}${page}#${FRAGMENT_KEY}=${encodeURIComponent(encodeHandover(cart))}`;
}

/**
 * The handed-over cart's text in this page's address, or null. The fragment stays until
 * `forgetHandedOverCart`, once the cart is kept: a reload or a quick click before the menu has
 * loaded must not lose it. A mangled fragment gives null and is removed at once.
 */
export function handedOverCart(page: { location: Location; history: History }): string | null {
  const hash = page.location.hash;
  const prefix = `#${FRAGMENT_KEY}=`;
  if (!hash.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(hash.slice(prefix.length));
  } catch {
    forgetHandedOverCart(page);
    return null; // a mangled link: keep the cart this browser already has
  }
}

/** Removes the handed-over cart from the address, keeping path and query. */
export function forgetHandedOverCart(page: { location: Location; history: History }): void {
  if (!page.location.hash.startsWith(`#${FRAGMENT_KEY}=`)) return;
  page.history.replaceState(page.history.state, '', page.location.pathname + page.location.search);
}
