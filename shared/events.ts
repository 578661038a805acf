/**
 * The DOM events through which the site's islands, a partner page and the widget talk
 * (ARCHITECTURE.md "Embedding"). They are dispatched on `document`; the names and the shape of
 * their detail live here so both sides agree.
 */
export const CART_CHANGED_EVENT = 'comal:cart-changed';
export const OPEN_CART_EVENT = 'comal:open-cart';
export const CLOSE_CART_EVENT = 'comal:close-cart';
export const TOGGLE_CART_EVENT = 'comal:toggle-cart';

export interface CartChangedDetail {
  /** Total quantity of items in the cart. */
  quantity: number;
}
