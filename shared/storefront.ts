/** Constants of the storefront's behaviour that spec section 9 fixes. */

/** Storage key of the signed-in customer's non-secret details (spec section 3). */
export const AUTH_INFO_STORAGE_KEY = 'authInfo';
/** Time-out for loading a lazy script chunk (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The toast area loads when the browser is idle, or after this long (spec section 9). */
export const TOAST_IDLE_FALLBACK_MS = 1500;
/** How long a toast stays (spec section 4, storefront reading). */
export const TOAST_DURATION_MS = 5000;
/** How long a toast stays in the page shell's toast area (spec section 4, page shell reading). */
export const SHELL_TOAST_DURATION_MS = 2500;
