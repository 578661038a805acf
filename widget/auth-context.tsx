/**
 * The signed-in customer for the screens of a lazy chunk: <AuthProvider store={auth}> around
 * them, useAuth() inside. The store (widget/auth-store.ts) lives in the entry; each chunk that
 * imports this file gets its own context, so a chunk puts its own provider at its top.
 * Outside a provider, useAuth throws 'useAuth must be used within an AuthProvider', a coding error.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionResponse } from '../shared/api/schemas.ts';
import { USE_AUTH_OUTSIDE_PROVIDER } from '../shared/api/messages.ts';
import type { AuthInfo, AuthStore } from './auth-store.ts';

export interface Auth {
  info: AuthInfo | null;
  token: string | null;
  /** Logged in means cognitoSub is present, whichever provider signed the customer in. */
  signedIn: boolean;
  /** True until the silent refresh at start has finished. */
  starting: boolean;
  signIn(session: SessionResponse): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const store = useContext(AuthContext);
  if (!store) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  // Reading the signals here re-renders the component when they change.
  const info = store.info.value;
  return {
    info,
    token: store.token.value,
    signedIn: Boolean(info?.cognitoSub),
    starting: store.starting.value,
    signIn: store.signIn,
    signOut: store.signOut,
  };
}
