/** Fixed constants of the storefront's behaviour, shared by the widget and the site. */

/** localStorage key of the signed-in customer's non-secret details (never tokens). */
export const AUTH_INFO_STORAGE_KEY = 'authInfo';
/** Time-out for loading a lazy script chunk: two minutes. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The toast area loads when the browser is idle, or after this long at the latest. */
export const TOAST_IDLE_FALLBACK_MS = 1500;
/** How long one of the widget's own toasts stays on screen. */
export const TOAST_DURATION_MS = 5000;
/** How long a toast stays in the page shell's toast area: shorter than the widget's own. */
export const SHELL_TOAST_DURATION_MS = 2500;
