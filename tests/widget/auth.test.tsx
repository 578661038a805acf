// Who is signed in (widget/auth-store.ts, widget/auth-context.tsx), on the preact build in
// happy-dom with its real localStorage: the details under `authInfo`, the token in memory only;
// the silent refresh at start (silent when it fails, signed out on a 401, no call for a visitor
// who never signed in); sign-out calls the server, forgets both and goes to `/`; the token
// reaches the API client's Authorization header; and useAuth outside its provider throws the
// spec's exact message.
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shared/api/client.ts';
import { USE_AUTH_OUTSIDE_PROVIDER } from '../../shared/api/messages.ts';
import type { SessionResponse } from '../../shared/api/schemas.ts';
import { AuthProvider, useAuth } from '../../widget/auth-context.tsx';
import { createAuthStore, readAuthInfo } from '../../widget/auth-store.ts';

const session: SessionResponse = {
  access_token: 'token-1',
  expires_in: 900,
  cognito_sub: 'sub-ana',
  email: 'ana@example.com',
  phone: '+12135550142',
  name: 'Ana Reyes',
};

function fakeApi(refresh: () => Promise<SessionResponse | false | null>) {
  return {
    refreshSession: vi.fn(refresh),
    signout: vi.fn(async () => {}),
    csrf: vi.fn(async () => {}),
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the auth store', () => {
  it('keeps cognitoSub, phone and email under authInfo and the token in memory only', () => {
    const store = createAuthStore({ api: fakeApi(async () => null), storage: localStorage, navigate: () => {} });
    store.signIn(session);
    expect(store.token.value).toBe('token-1');
    const stored = JSON.parse(localStorage.getItem('authInfo')!);
    expect(stored).toMatchObject({ cognitoSub: 'sub-ana', phone: '+12135550142', email: 'ana@example.com' });
    expect(JSON.stringify(stored)).not.toContain('token-1');
    expect(Object.values(localStorage).join(' ')).not.toContain('token-1');
    // A new page reads the details back, but not the token.
    const next = createAuthStore({ api: fakeApi(async () => null), storage: localStorage, navigate: () => {} });
    expect(next.info.value?.cognitoSub).toBe('sub-ana');
    expect(next.token.value).toBeNull();
  });

  it('refreshes silently at start when someone signed in here, getting a CSRF token first', async () => {
    localStorage.setItem('authInfo', JSON.stringify({ cognitoSub: 'sub-ana', phone: '', email: 'ana@example.com' }));
    const api = fakeApi(async () => ({ ...session, access_token: 'token-2' }));
    const store = createAuthStore({ api, storage: localStorage, navigate: () => {}, hasCsrfToken: () => false });
    expect(store.starting.value).toBe(true);
    await store.start();
    expect(api.csrf).toHaveBeenCalledOnce();
    expect(api.refreshSession).toHaveBeenCalledOnce();
    expect(store.token.value).toBe('token-2');
    expect(store.starting.value).toBe(false);
  });

  it('makes no call at start for a visitor who never signed in', async () => {
    const api = fakeApi(async () => session);
    const store = createAuthStore({ api, storage: localStorage, navigate: () => {} });
    await store.start();
    expect(api.refreshSession).not.toHaveBeenCalled();
    expect(store.starting.value).toBe(false);
    expect(store.info.value).toBeNull();
  });

  it('keeps the details when the refresh cannot reach the server, and forgets them on a 401, silently', async () => {
    localStorage.setItem('authInfo', JSON.stringify({ cognitoSub: 'sub-ana', phone: '', email: 'ana@example.com' }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = createAuthStore({ api: fakeApi(async () => null), storage: localStorage, navigate: () => {}, hasCsrfToken: () => true });
    await offline.start();
    expect(offline.info.value?.cognitoSub).toBe('sub-ana');
    expect(offline.token.value).toBeNull();

    const throwing = createAuthStore({ api: fakeApi(() => Promise.reject(new Error('boom'))), storage: localStorage, navigate: () => {}, hasCsrfToken: () => true });
    await expect(throwing.start()).resolves.toBeUndefined();
    expect(throwing.starting.value).toBe(false);

    const ended = createAuthStore({ api: fakeApi(async () => false), storage: localStorage, navigate: () => {}, hasCsrfToken: () => true });
    await ended.start();
    expect(ended.info.value).toBeNull();
    expect(localStorage.getItem('authInfo')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('refreshes the token a minute before it runs out', async () => {
    vi.useFakeTimers();
    const api = fakeApi(async () => ({ ...session, access_token: 'token-2' }));
    const store = createAuthStore({ api, storage: localStorage, navigate: () => {} });
    store.signIn(session);
    await vi.advanceTimersByTimeAsync(839_000);
    expect(api.refreshSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.refreshSession).toHaveBeenCalledOnce();
    expect(store.token.value).toBe('token-2');
  });

  it('refreshes a late token when the page is shown again (a background tab runs its timers late)', async () => {
    vi.useFakeTimers();
    const api = fakeApi(async () => ({ ...session, access_token: 'token-2' }));
    const store = createAuthStore({ api, storage: localStorage, navigate: () => {} });
    store.signIn(session);
    store.resume();
    expect(api.refreshSession).not.toHaveBeenCalled();
    // The clock moves on while the timer has not fired (throttled).
    vi.setSystemTime(Date.now() + 850_000);
    store.resume();
    await vi.waitFor(() => expect(store.token.value).toBe('token-2'));
    expect(api.refreshSession).toHaveBeenCalledOnce();
  });

  it('signs out: calls the server, forgets the token and authInfo, and goes to /', async () => {
    const navigate = vi.fn();
    const api = fakeApi(async () => null);
    const store = createAuthStore({ api, storage: localStorage, navigate });
    store.signIn(session);
    await store.signOut();
    expect(api.signout).toHaveBeenCalledOnce();
    expect(store.token.value).toBeNull();
    expect(store.info.value).toBeNull();
    expect(localStorage.getItem('authInfo')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('ignores stored details that are not ours', () => {
    localStorage.setItem('authInfo', '{not json');
    expect(readAuthInfo(localStorage)).toBeNull();
    localStorage.setItem('authInfo', JSON.stringify({ email: 'x@example.com' }));
    expect(readAuthInfo(localStorage)).toBeNull();
  });

  it('gives the API client its token for the Authorization header', async () => {
    const calls: Headers[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(new Headers(init?.headers));
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    let store: ReturnType<typeof createAuthStore>;
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: fetch as typeof globalThis.fetch, getAccessToken: () => store.token.peek() });
    store = createAuthStore({ api, storage: localStorage, navigate: () => {} });
    await api.listOrders('sub-ana');
    expect(calls[0]!.get('Authorization')).toBeNull();
    store.signIn(session);
    await api.listOrders('sub-ana');
    expect(calls[1]!.get('Authorization')).toBe('Bearer token-1');
  });
});

describe('useAuth', () => {
  function Who() {
    const auth = useAuth();
    return <p>{auth.signedIn ? `Signed in as ${auth.info!.email}` : 'Signed out'}</p>;
  }

  it(`throws '${USE_AUTH_OUTSIDE_PROVIDER}' outside its provider`, () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown: unknown;
    try {
      act(() => root.render(<Who />));
    } catch (error) {
      thrown = error;
    }
    errors.mockRestore();
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('useAuth must be used within an AuthProvider');
    host.remove();
  });

  it('follows the store inside its provider', () => {
    const store = createAuthStore({ api: fakeApi(async () => null), storage: localStorage, navigate: () => {} });
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() =>
      root.render(
        <AuthProvider store={store}>
          <Who />
        </AuthProvider>,
      ),
    );
    expect(host.textContent).toBe('Signed out');
    act(() => store.signIn(session));
    expect(host.textContent).toBe('Signed in as ana@example.com');
    act(() => root.unmount());
    host.remove();
  });
});
