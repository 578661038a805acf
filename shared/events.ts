/**
 * The DOM events through which the site's islands, a partner page and the widget talk
 * (they share no JavaScript, only the page's document). They are dispatched on `document`;
 * the names and the shape of their detail live here so both sides agree.
 */
export const CART_CHANGED_EVENT = 'comal:cart-changed';
export const OPEN_CART_EVENT = 'comal:open-cart';
export const CLOSE_CART_EVENT = 'comal:close-cart';
export const TOGGLE_CART_EVENT = 'comal:toggle-cart';

export interface CartChangedDetail {
  /** Total quantity of items in the cart. */
  quantity: number;
}

/** The widget has shown a paid order (on /congratulations/): `detail` is an OrderShownDetail. */
export const ORDER_SHOWN_EVENT = 'comal:order-shown';

export interface OrderShownDetail {
  deliveryType: 'pickup' | 'delivery';
}

/** Shows a toast in the site's toast area: `detail` is a ToastDetail. */
export const TOAST_EVENT = 'comal:toast';

export interface ToastDetail {
  message: string;
  kind?: 'info' | 'success' | 'error';
}

/** What the widget exposes as `window.Comal` for the site's islands and partner pages. */
export interface ComalWindowApi {
  open(): void;
  close(): void;
  toggleCart(): void;
  /** Total quantity in the cart now. */
  cartQuantity(): number;
}
