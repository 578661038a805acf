/**
 * The customer-facing and logged messages whose wording is fixed; keep them spelled exactly as
 * they are. Import these instead of retyping a string, so the UI, the client and the tests agree.
 */

/** Menu fetch failed and the server gave no message (shown in an error toast). */
export const MENU_FETCH_FAILED = 'Failed to fetch Clover menu.';

/** The menus answer was not a non-empty array. */
export const NO_MENUS_RETURNED = 'No menus returned from the API';

/** No menu carries the restaurant's expected name: couldNotFindMenu('Taqueria') = 'Could not find "Taqueria".' */
export function couldNotFindMenu(menuName: string): string {
  return `Could not find "${menuName}".`;
}

/** The delivery estimate carried an error flag and no message. */
export const DELIVERY_ESTIMATE_ERROR = 'Delivery estimate error';

/** Promo validation could not reach the server or the server failed (an invalid code shows the server's own message). */
export const PROMO_SERVER_ERROR = 'Server error validating promo code';

/** Defaults when the server gives no message for the signed-in lists. */
export const SAVED_CARTS_LOAD_FAILED = 'Failed to load saved carts';
export const ORDERS_LOAD_FAILED = 'Failed to load orders';
export const PAYMENT_METHODS_LOAD_FAILED = 'Failed to load payment methods';

/** The auth hook used outside its provider. */
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

/** Script chunk failed to load: loadingChunkFailed(3) = 'Loading chunk 3 failed'. */
export function loadingChunkFailed(chunk: string | number): string {
  return `Loading chunk ${chunk} failed`;
}

/** The `name` of the error raised when a script chunk fails to load. */
export const CHUNK_LOAD_ERROR_NAME = 'ChunkLoadError';

/** The `code` of the error raised when a style chunk fails to load. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** Placeholder while a page or a lazy part loads. */
export const LOADING = 'Loading...';

// ---------------------------------------------------------------------------------------------
// The product's own wording for the cases the fixed messages above do not cover.

/** Logged (never shown) when loyalty points cannot be loaded; the points then read 0. */
export const LOYALTY_POINTS_FAILED = 'Failed to load loyalty points';

/** A call that never reached the server (offline, DNS, CORS refusal). */
export const NETWORK_ERROR = 'We could not reach the restaurant. Check your connection and try again.';

/** A failed call whose answer carried no message. */
export const REQUEST_FAILED = 'Something went wrong. Please try again.';

/**
 * create-order's refusal of an Idempotency-Key it saw before from another caller or with another
 * cart (422); the checkout then places the order once more under a new key.
 */
export const IDEMPOTENCY_KEY_REUSED =
  'This checkout was already used for another order. Reload the page and try again.';

/** A GET from a page whose origin the restaurant has not listed in EMBED_ORIGINS (403): shown in the widget to the partner. */
export const ORIGIN_NOT_ALLOWED = 'This site is not yet allowed to show the menu: add it to EMBED_ORIGINS';
