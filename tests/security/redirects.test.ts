/**
 * Open redirects: no answer of ours sends a browser to another site, whatever path or `next`
 * a link carries. The trailing-slash redirect is attacked through the API value and through the
 * real server's socket (a raw request line, as an attacker's link arrives); the Cognito sign-in
 * through its start and its callback.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { cognitoEnv, startCognitoStandIn, type CognitoStandIn } from '../support/cognito-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const pglite = databaseTargets.filter((target) => target.name === 'pglite');

/** Request paths a link can carry that a browser, once moved, would read as another host. */
const HOSTILE_PATHS = [
  '//evil.example/login',
  '//evil.example',
  '///evil.example/login',
  '/\\evil.example/login',
  '/.//evil.example/login',
  '/./\\evil.example/login',
  '/..//evil.example/login',
  '/%2e//evil.example/login',
  '/%2F%2Fevil.example/login',
  '/%2f%2fevil.example',
  '/%5cevil.example/login',
  '/%5C%5Cevil.example',
  '/%252F%252Fevil.example/login',
  '/%09/evil.example/login',
  '/\t/evil.example/login',
  '/\n/evil.example/login',
  '/\u2215\u2215evil.example',
];

/** Whether `location` (absent, or relative to our origin) stays on `origin`. */
function staysOn(location: string | null, origin: string): boolean {
  return location === null || new URL(location, `${origin}/`).origin === origin;
}

describe.each(pglite)('the trailing-slash redirect on $name', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(HOSTILE_PATHS)('GET %j gets the 404 page, never a Location off the site', async (path) => {
    const response = await api.app.request(`${TEST_ORIGIN}${path}`);
    const location = response.headers.get('Location');
    expect(staysOn(location, TEST_ORIGIN)).toBe(true);
    expect(location).toBeNull();
    expect(response.status).toBe(404);
  });

  it.each([
    ['/menu', '/menu/'],
    ['/menu?category=tacos', '/menu/?category=tacos'],
    ['/taco-boxes', '/tacoboxes/'],
    ['/a/../checkout', '/checkout/'],
    ['/menu?next=//evil.example/', '/menu/?next=//evil.example/'],
  ])('GET %s still moves to the slash form %s', async (path, location) => {
    const response = await api.app.request(`${TEST_ORIGIN}${path}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(location);
  });
});

/** One GET with `path` written as is on the request line, as a browser following a link sends it. */
function rawGet(origin: string, path: string): Promise<{ status: number; location: string | null }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: hostname, port, path, method: 'GET', headers: { Host: `${hostname}:${port}` } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('the trailing-slash redirect of the running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Node refuses raw tabs, line breaks and non-ASCII on a request line; browsers encode those.
  const onTheWire = HOSTILE_PATHS.filter((path) => /^[\x21-\x7e]+$/.test(path));

  it.each(onTheWire)('GET %s is refused without a Location', async (path) => {
    const { status, location } = await rawGet(server.url, path);
    expect(staysOn(location, server.url)).toBe(true);
    expect(location).toBeNull();
    // 404 for a path that is no page; 400 where the server will not read the request line at all.
    expect([400, 404]).toContain(status);
  });

  it('GET /menu still moves to /menu/', async () => {
    expect(await rawGet(server.url, '/menu?category=tacos')).toEqual({
      status: 301,
      location: '/menu/?category=tacos',
    });
  });
});

const POOL_ID = 'us-east-1_TestPool1';
const CLIENT_ID = '5abcdefghij0123456789klmno';
const REDIRECT_URI = `${TEST_ORIGIN}/api/cognito/callback/`;

/** `next` values a link to the sign-in start can carry that would land the customer off the site. */
const HOSTILE_NEXT = [
  '//evil.example/',
  '/\\evil.example/',
  '/.//evil.example/',
  '/./\\evil.example/',
  '/..//evil.example/',
  '%2f%2fevil.example/',
  '/%2F%2Fevil.example/',
  '/%5cevil.example/',
  '\t//evil.example/',
  '/\t/evil.example/',
  ' //evil.example/',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  '\uff0f\uff0fevil.example/',
  `/${'a'.repeat(2001)}`,
];

describe.each(pglite)('signing in with Cognito on $name', (target) => {
  let standIn: CognitoStandIn;
  let api: TestApi;
  let sub: string;

  beforeAll(async () => {
    standIn = await startCognitoStandIn({ userPoolId: POOL_ID, clientId: CLIENT_ID });
    api = await createTestApi(target, {}, cognitoEnv(standIn, { userPoolId: POOL_ID, clientId: CLIENT_ID }));
    sub = standIn.addUser({ username: 'ana', email: 'ana.redirects@example.com' }).sub;
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  it.each(
    HOSTILE_NEXT.map((next) => [next.length > 60 ? `${next.slice(0, 20)}… (${next.length} characters)` : next, next]),
  )('next=%j lands on /account/, never off the site', async (_label, next) => {
    const start = await api.app.request(`/api/cognito/sign-in/?page=login&next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(302);
    const hosted = new URL(start.headers.get('Location')!);
    // The start goes to the pool's own hosted page, carrying only a local path to come back to.
    expect(hosted.origin).toBe(standIn.url);
    const state = hosted.searchParams.get('state')!;
    const nonce = state.slice(0, state.indexOf('~'));
    expect(state).toBe(`${nonce}~/account/`);
    const cookie = /comal_sign_in=([^;]*)/.exec(start.headers.get('set-cookie') ?? '')![1];

    // A state forged to carry the hostile value (the nonce is the browser's own) is not obeyed either.
    const forged = `${nonce}~${next}`;
    const back = await api.app.request(
      `/api/cognito/callback/?code=${encodeURIComponent(standIn.signIn(sub, REDIRECT_URI))}&state=${encodeURIComponent(forged)}`,
      {
        headers: { Cookie: `comal_sign_in=${cookie}` },
      },
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('Location')).toBe('/account/');
  });

  it('a local next is kept through the hosted page and back', async () => {
    const start = await api.app.request(
      `/api/cognito/sign-in/?page=login&next=${encodeURIComponent('/checkout/?step=2')}`,
    );
    const state = new URL(start.headers.get('Location')!).searchParams.get('state')!;
    expect(state.slice(state.indexOf('~') + 1)).toBe('/checkout/?step=2');
    const cookie = /comal_sign_in=([^;]*)/.exec(start.headers.get('set-cookie') ?? '')![1];
    const back = await api.app.request(
      `/api/cognito/callback/?code=${encodeURIComponent(standIn.signIn(sub, REDIRECT_URI))}&state=${encodeURIComponent(state)}`,
      {
        headers: { Cookie: `comal_sign_in=${cookie}` },
      },
    );
    expect(back.headers.get('Location')).toBe('/checkout/?step=2');
  });
});
