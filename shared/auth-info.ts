/**
 * The signed-in customer's non-secret details as the widget keeps them in localStorage under
 * `authInfo` (cognitoSub, phone, email, and the name for checkout and the header). One reader and
 * one eraser for the widget's auth store and the site's header; storage may be missing or blocked.
 */
import { AUTH_INFO_STORAGE_KEY } from './storefront.ts';

export interface AuthInfo {
  cognitoSub: string;
  phone: string;
  email: string;
  name?: string;
}

/** The page's localStorage, or null where reading it throws (a sandboxed frame, blocked storage). */
export function localStorageOf(page: { localStorage: Storage }): Storage | null {
  try {
    return page.localStorage;
  } catch {
    return null;
  }
}

/** The details in stored JSON, or null when absent, broken or not ours. */
export function parseAuthInfo(text: string | null | undefined): AuthInfo | null {
  try {
    const info = JSON.parse(text ?? 'null') as AuthInfo | null;
    return info && typeof info.cognitoSub === 'string' && info.cognitoSub ? info : null;
  } catch {
    return null;
  }
}

/** The stored details, or null when absent or not ours. */
export function readAuthInfo(storage: Storage | null): AuthInfo | null {
  try {
    return parseAuthInfo(storage?.getItem(AUTH_INFO_STORAGE_KEY));
  } catch {
    return null; // blocked storage
  }
}

/** Stores the details, or forgets them (null); blocked storage keeps them for this page only. */
export function writeAuthInfo(storage: Storage | null, info: AuthInfo | null): void {
  try {
    if (info) storage?.setItem(AUTH_INFO_STORAGE_KEY, JSON.stringify(info));
    else storage?.removeItem(AUTH_INFO_STORAGE_KEY);
  } catch {
    // blocked storage
  }
}
