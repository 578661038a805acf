// Who is signed in (widget/auth-store.ts, widget/auth-context.tsx), on the preact build in
// happy-dom with its real localStorage and cookies, against the real server in its own process
// (a fresh database, mail readable at /api/dev/outbox/): the details under `authInfo`, the token in memory only; the silent
// refresh at start from the httpOnly cookie (none for a visitor who never signed in; silent when
// it fails; signed out when the server has no session); a new token before the old runs out;
// sign-out through the server; the token in the API client's Authorization header; and
// useAuth outside its provider throwing its exact message.
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shared/api/client.ts';
import { USE_AUTH_OUTSIDE_PROVIDER } from '../../shared/api/messages.ts';
import type { SessionResponse } from '../../shared/api/schemas.ts';
import { AuthProvider, useAuth } from '../../widget/auth-context.tsx';
import { createAuthStore, readAuthInfo } from '../../widget/auth-store.ts';
import { TEST_PASSWORD } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { waitFor } from '../support/wait-for.ts';

const SIGN_IN_REQUIRED = 'Sign in to continue.';
let server: RunningServer;
let origin: string;
/** The API paths the page asked for, in order (recorded on the way to the real fetch). */
const asked: string[] = [];

beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  origin = server.url;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/account/`);
  // Ana's account, confirmed through the link in her mail.
  const { apiClient } = client();
  await apiClient.csrf();
  await apiClient.register({
    email: 'ana.widget@example.com',
    password: TEST_PASSWORD,
    name: 'Ana Reyes',
    phone: '2135550142',
  });
  const mails = (await (await fetch(`${origin}/api/dev/outbox/`)).json()) as { to: string; links: string[] }[];
  const link = mails.find((mail) => mail.to === 'ana.widget@example.com')!.links[0]!;
  await apiClient.confirmAccount(new URL(link).searchParams.get('token')!, TEST_PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  asked.length = 0;
});
afterEach(() => vi.useRealTimers());

const client = (baseUrl = origin) => {
  let store: ReturnType<typeof createAuthStore> | undefined;
  const recordingFetch: typeof fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : input).pathname);
    return fetch(input, init);
  };
  const apiClient = createApiClient({
    baseUrl,
    fetch: recordingFetch,
    readCookie: () => document.cookie,
    getAccessToken: () => store?.token.peek() ?? null,
  });
  return {
    apiClient,
    store: (navigate: (url: string) => void = () => {}) =>
      (store = createAuthStore({
        api: apiClient,
        storage: localStorage,
        navigate,
        hasCsrfToken: () => /csrftoken=/.test(document.cookie),
      })),
  };
};

/** Signs Ana in from the page: the refresh cookie lands in the page's cookie jar. */
async function signInAna(apiClient: ReturnType<typeof client>['apiClient']): Promise<SessionResponse> {
  await apiClient.csrf();
  return apiClient.login('ana.widget@example.com', TEST_PASSWORD);
}

/** Lets the page's pending network calls finish (setImmediate is not a faked timer). */
const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the auth store', () => {
  it('keeps cognitoSub, phone and email under authInfo and the token in memory only', async () => {
    const { apiClient, store } = client();
    const session = await signInAna(apiClient);
    const auth = store();
    auth.signIn(session);
    expect(auth.token.value).toBe(session.access_token);
    const stored: unknown = JSON.parse(localStorage.getItem('authInfo')!);
    expect(stored).toMatchObject({
      cognitoSub: session.cognito_sub,
      phone: '+12135550142',
      email: 'ana.widget@example.com',
    });
    expect(Object.values(localStorage).join(' ')).not.toContain(session.access_token);
    // A new page reads the details back, but not the token.
    const next = client().store();
    expect(next.info.value?.cognitoSub).toBe(session.cognito_sub);
    expect(next.token.value).toBeNull();
  });

  it('refreshes silently at start from the cookie when someone signed in here, and is ready after', async () => {
    const first = client();
    const session = await signInAna(first.apiClient);
    first.store().signIn(session);
    asked.length = 0;

    const auth = client().store();
    expect(auth.starting.value).toBe(true);
    const ready = auth.ready();
    await auth.start();
    await ready;
    expect(asked).toEqual(['/api/cognito/refresh/']);
    expect(auth.token.value).toMatch(/^ey/);
    expect(auth.token.value).not.toBe(session.access_token);
    expect(auth.starting.value).toBe(false);
  });

  it('makes no call at start for a visitor who never signed in', async () => {
    const auth = client().store();
    await auth.start();
    expect(asked).toEqual([]);
    expect(auth.starting.value).toBe(false);
    expect(auth.info.value).toBeNull();
  });

  it('keeps the details when the server cannot be reached, and forgets them when it has no session, silently', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('authInfo', JSON.stringify({ cognitoSub: 'sub-ana', phone: '', email: 'ana@example.com' }));
    const offline = client('http://127.0.0.1:9').store();
    await offline.start();
    expect(offline.info.value?.cognitoSub).toBe('sub-ana');
    expect(offline.token.value).toBeNull();
    expect(offline.starting.value).toBe(false);

    // The page's cookie is gone (signed out elsewhere): the server has no session.
    document.cookie = 'comal_refresh=; Max-Age=0; Path=/api/';
    await client().apiClient.signout();
    const ended = client().store();
    await ended.start();
    expect(ended.info.value).toBeNull();
    expect(localStorage.getItem('authInfo')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('gets a new token a minute before the old one runs out, and when a late tab is shown again', async () => {
    const { apiClient, store } = client();
    const session = await signInAna(apiClient);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const auth = store();
    auth.signIn(session);
    asked.length = 0;
    vi.advanceTimersByTime(839_000);
    await settle();
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => auth.token.value !== session.access_token, { what: 'the refreshed token' }); // waitFor keeps real time: the network answers in its own
    expect(asked).toEqual(['/api/cognito/refresh/']);
    const second = auth.token.value;
    expect(second).not.toBe(session.access_token);

    // A background tab: the clock moves on but the timer has not fired yet.
    auth.resume();
    await settle();
    expect(asked).toHaveLength(1);
    vi.setSystemTime(Date.now() + 850_000);
    auth.resume();
    await waitFor(() => auth.token.value !== second, { what: 'the second refreshed token' });
    expect(asked).toEqual(['/api/cognito/refresh/', '/api/cognito/refresh/']);
    expect(auth.token.value).not.toBe(second);
  });

  it('signs out: calls the server, forgets the token and authInfo, and goes to /', async () => {
    const { apiClient, store } = client();
    const went: string[] = [];
    const auth = store((url) => went.push(url));
    auth.signIn(await signInAna(apiClient));
    asked.length = 0;
    await auth.signOut();
    expect(asked).toEqual(['/api/cognito/signout/']);
    expect(auth.token.value).toBeNull();
    expect(auth.info.value).toBeNull();
    expect(localStorage.getItem('authInfo')).toBeNull();
    expect(went).toEqual(['/']);
    // The session is over on the server too.
    expect(await apiClient.refreshSession()).toBe(false);
  });

  it('ignores stored details that are not ours', () => {
    localStorage.setItem('authInfo', '{not json');
    expect(readAuthInfo(localStorage)).toBeNull();
    localStorage.setItem('authInfo', JSON.stringify({ email: 'x@example.com' }));
    expect(readAuthInfo(localStorage)).toBeNull();
  });

  it("gives the API client its token, which is what lets the customer's own calls through", async () => {
    const { apiClient, store } = client();
    const auth = store();
    const session = await signInAna(apiClient);
    await expect(apiClient.listOrders(session.cognito_sub)).rejects.toThrow(SIGN_IN_REQUIRED);
    auth.signIn(session);
    await expect(apiClient.listOrders(session.cognito_sub)).resolves.toEqual([]);
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
      void act(() => root.render(<Who />));
    } catch (error) {
      thrown = error;
    }
    errors.mockRestore();
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('useAuth must be used within an AuthProvider');
    host.remove();
  });

  it('follows the store inside its provider', async () => {
    const { apiClient, store } = client();
    const auth = store();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    void act(() =>
      root.render(
        <AuthProvider store={auth}>
          <Who />
        </AuthProvider>,
      ),
    );
    expect(host.textContent).toBe('Signed out');
    const session = await signInAna(apiClient);
    void act(() => auth.signIn(session));
    expect(host.textContent).toBe('Signed in as ana.widget@example.com');
    void act(() => root.unmount());
    host.remove();
  });
});
