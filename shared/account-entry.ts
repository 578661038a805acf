/**
 * What the header's account entry shows: who this browser says is signed in. The readable
 * `comal_signed_in` cookie says a session exists (it holds no secret); the widget's stored details
 * (`authInfo`) give the name. Text only: the name is never markup.
 */
import { localStorageOf, parseAuthInfo, readAuthInfo } from './auth-info.ts';

/** Signed in: the first name, or null when none is stored (a sign-in on Cognito's hosted pages). */
export type AccountEntry = { signedIn: false } | { signedIn: true; firstName: string | null };

const SIGNED_IN = /(^|;\s*)comal_signed_in=1(;|$)/;
const LONGEST_NAME = 24;

/** What this page's browser says: its cookies and the widget's stored details (storage may be blocked). */
export function accountEntryIn(page: { document: { cookie: string }; localStorage: Storage }): AccountEntry {
  return entryOf(page.document.cookie, readAuthInfo(localStorageOf(page))?.name);
}

/** From the page's cookies and the stored details' JSON (or null). */
export function accountEntryOf(cookies: string, storedDetails: string | null): AccountEntry {
  return entryOf(cookies, parseAuthInfo(storedDetails)?.name);
}

function entryOf(cookies: string, name: string | undefined): AccountEntry {
  if (!SIGNED_IN.test(cookies)) return { signedIn: false };
  return { signedIn: true, firstName: firstNameOf(name) };
}

function firstNameOf(name: string | undefined): string | null {
  if (typeof name !== 'string') return null;
  const first = name.trim().split(/\s+/)[0] ?? '';
  if (!first) return null;
  return first.length > LONGEST_NAME ? `${first.slice(0, LONGEST_NAME - 1)}…` : first;
}
