/**
 * Who is signed in: the customer's non-secret details in localStorage
 * under `authInfo` (cognitoSub, phone, email, and the name for checkout), the access token in
 * memory only. At start, when the details or the readable `comal_signed_in` cookie say someone
 * signed in here (Cognito's hosted pages leave only the cookie), a silent refresh is tried (its
 * refresh token is an httpOnly cookie; a visitor who never signed in costs no call and no 401 in
 * the console); its failures are silent, and a 401 forgets the details. Signing out calls the
 * server, forgets both, and goes to the site root.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ApiClient } from '../shared/api/client.ts';
import type { SessionResponse } from '../shared/api/schemas.ts';
import { readAuthInfo, writeAuthInfo, type AuthInfo } from '../shared/auth-info.ts';

export type { AuthInfo };

export interface AuthStore {
  /** The access token, in memory only; null when signed out or not refreshed yet. */
  token: Signal<string | null>;
  /** The signed-in customer's details; signed in means cognitoSub is present. */
  info: Signal<AuthInfo | null>;
  /** True until the silent refresh at start has finished. */
  starting: Signal<boolean>;
  /** The silent refresh: keeps the session going, or forgets it when the server has none. */
  start: () => Promise<void>;
  /** Settles once the silent refresh at start has (an order placed earlier would go out as a guest's). */
  ready: () => Promise<void>;
  signIn: (session: SessionResponse) => void;
  /** A page shown again (a background tab's timers run late): a new token if this one is about to run out. */
  resume: () => void;
  /** Calls the server, forgets the token and the details, then goes to `/`. */
  signOut: () => Promise<void>;
}

interface Options {
  api: Pick<ApiClient, 'refreshSession' | 'signout' | 'csrf'>;
  storage: Storage | null;
  /** Whether the page can already send a CSRF token (the csrftoken cookie); else GET /api/csrf/ first. */
  hasCsrfToken?: () => boolean;
  /** Whether the server says this browser has a session (the readable comal_signed_in cookie). */
  hasSession?: () => boolean;
  navigate: (url: string) => void;
}

export { readAuthInfo };

export function createAuthStore({ api, storage, navigate, hasCsrfToken, hasSession }: Options): AuthStore {
  const token = signal<string | null>(null);
  const info = signal(readAuthInfo(storage));
  const starting = signal(true);
  let started: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When a new token is due (ms since the epoch): a minute before this one runs out. */
  let due = Infinity;

  function setInfo(next: AuthInfo | null) {
    info.value = next;
    writeAuthInfo(storage, next); // blocked storage: signed in for this page only
  }

  function signIn(session: SessionResponse) {
    token.value = session.access_token;
    setInfo({ cognitoSub: session.cognito_sub, phone: session.phone ?? '', email: session.email, name: session.name });
    clearTimeout(timer);
    // A new token a minute before this one runs out.
    const wait = Math.max(session.expires_in - 60, 10) * 1000;
    due = Date.now() + wait;
    timer = setTimeout(() => void refresh(), wait);
  }

  async function refresh() {
    const session = await api.refreshSession();
    if (session) signIn(session);
    else if (session === false) {
      // The server has no session for this browser: signed out (silently).
      token.value = null;
      setInfo(null);
    }
  }

  return {
    token,
    info,
    starting,
    start() {
      started = (async () => {
        try {
          // Someone signed in here, or came back signed in from Cognito's hosted pages.
          if (!info.value && !hasSession?.()) return;
          if (!hasCsrfToken?.()) await api.csrf();
          await refresh();
        } catch {
          // A failed session refresh is silent: never shown, never thrown
        } finally {
          starting.value = false;
        }
      })();
      return started;
    },
    ready: () => started,
    signIn,
    resume() {
      if (token.peek() && Date.now() >= due) void refresh();
    },
    async signOut() {
      clearTimeout(timer);
      due = Infinity;
      await api.signout();
      token.value = null;
      setInfo(null);
      navigate('/');
    },
  };
}
