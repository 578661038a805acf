import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAuth, EMAIL_NOT_VERIFIED, type CognitoAuth } from '../../server/auth/cognito-auth.ts';
import { readConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/migrate.ts';
import { SESSION_ENDED } from '../../server/http/customer.ts';
import { REFRESH_COOKIE } from '../../server/http/refresh-cookie.ts';
import { HOSTED_SIGN_IN } from '../../server/routes/auth.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { cognitoEnv, startCognitoStandIn, type CognitoStandIn, type StandInUser } from '../support/cognito-stand-in.ts';

const POOL_ID = 'us-east-1_TestPool1';
const CLIENT_ID = '5abcdefghij0123456789klmno';
const CLIENT_SECRET = 'client-secret-for-tests';
const REDIRECT_URI = `${TEST_ORIGIN}/api/cognito/callback/`;
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

const envFor = (standIn: CognitoStandIn) =>
  cognitoEnv(standIn, { userPoolId: POOL_ID, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

/** The value a Set-Cookie header gives the refresh cookie, and its attributes. */
function refreshCookieOf(response: Response): { value: string; attributes: string } | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`));
  if (!header) return null;
  const [pair, ...attributes] = header.split(';');
  return { value: decodeURIComponent(pair!.slice(REFRESH_COOKIE.length + 1)), attributes: attributes.join(';').trim() };
}

describe.each(databaseTargets)('Cognito sign-in on $name', (target) => {
  let standIn: CognitoStandIn;
  let api: TestApi;
  let ana: StandInUser;

  beforeAll(async () => {
    standIn = await startCognitoStandIn({ userPoolId: POOL_ID, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    api = await createTestApi(target, {}, envFor(standIn));
    ana = standIn.addUser({
      username: 'ana',
      email: 'ana.cognito@example.com',
      phone_number: '+12135550177',
      name: 'Ana Cognito',
    });
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const customerRow = async (sub: string) =>
    (
      await api.deps.db.query<{ email: string; phone: string | null; name: string }>(
        'select email, phone, name from customers where cognito_sub = $1',
        [sub],
      )
    )[0];
  const userInfoCalls = () => standIn.requests.filter((r) => r.path === '/oauth2/userInfo');
  /** Starts a sign-in as the site's link does; the hosted page it goes to, and this browser's state cookie. */
  async function startSignIn(query = 'page=login') {
    const start = await api.app.request(`/api/cognito/sign-in/?${query}`);
    const location = new URL(start.headers.get('Location')!);
    const cookie = /comal_sign_in=([^;]*)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
    return { start, location, state: location.searchParams.get('state') ?? '', cookie };
  }
  /** Comes back from the hosted page with `code`, in the browser that started the sign-in (landing on `next`). */
  async function callback(code: string, next?: string) {
    const { state, cookie } = await startSignIn(
      `page=login${next === undefined ? '' : `&next=${encodeURIComponent(next)}`}`,
    );
    return api.app.request(
      `/api/cognito/callback/?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      { headers: { Cookie: `comal_sign_in=${cookie}` } },
    );
  }
  const withCookie = (token: string) => ({ Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` });

  it('GET /api/auth/config/ names Cognito and its hosted UI pages for this client', async () => {
    const response = await api.call('GET', '/api/auth/config/');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      provider: 'cognito',
      hosted_ui: {
        login_url: `${TEST_ORIGIN}/api/cognito/sign-in/?page=login`,
        register_url: `${TEST_ORIGIN}/api/cognito/sign-in/?page=register`,
        reset_url: `${TEST_ORIGIN}/api/cognito/sign-in/?page=reset`,
        logout_url: `${standIn.url}/logout?client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent(`${TEST_ORIGIN}/`)}`,
      },
    });
  });

  it('accepts a valid access token and makes the customer row from userInfo once', async () => {
    expect(await customerRow(ana.sub)).toBeUndefined();
    const token = await standIn.accessToken(ana.sub);
    const before = userInfoCalls().length;

    const response = await api.call('GET', `/api/saved-carts/?cognito_sub=${ana.sub}`, undefined, bearer(token));
    expect(response.status).toBe(200);
    expect(await customerRow(ana.sub)).toEqual({
      email: 'ana.cognito@example.com',
      phone: '+12135550177',
      name: 'Ana Cognito',
    });

    const calls = userInfoCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(calls[0]!.status).toBe(200);

    // A known customer comes from the table: no second userInfo call.
    expect(await api.deps.auth.verify(token)).toEqual({
      cognitoSub: ana.sub,
      email: 'ana.cognito@example.com',
      phone: '+12135550177',
      name: 'Ana Cognito',
    });
    expect(userInfoCalls().length).toBe(before + 1);
  });

  it('refuses another customer’s cognito_sub with a valid token (403)', async () => {
    const token = await standIn.accessToken(ana.sub);
    const response = await api.call('GET', '/api/saved-carts/?cognito_sub=someone-else', undefined, bearer(token));
    expect(response.status).toBe(403);
  });

  it.each([
    ['expired', { expiresIn: -60 }],
    ['signed by a key the pool does not have', { foreignKey: true }],
    ['signed by another key under the pool key’s kid', { foreignKey: true, sameKid: true }],
    ['for another app client', { clientId: 'another-client' }],
    ['from another pool', { issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }],
  ])('an access token %s is null and 401', async (_what, knobs) => {
    const token = await standIn.accessToken(ana.sub, knobs);
    expect(await api.deps.auth.verify(token)).toBeNull();
    const response = await api.call('GET', `/api/saved-carts/?cognito_sub=${ana.sub}`, undefined, bearer(token));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(SESSION_ENDED);
  });

  it('an ID token, a tampered token, an unsigned token and garbage are null and 401', async () => {
    const idToken = await standIn.idToken(ana.sub);
    const [header, payload, signature] = (await standIn.accessToken(ana.sub)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    const unsigned = [Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url'), payload, ''].join('.');
    for (const token of [idToken, tampered, unsigned, 'not-a-token', `${header}.${payload}`]) {
      expect(await api.deps.auth.verify(token)).toBeNull();
      const response = await api.call('GET', `/api/saved-carts/?cognito_sub=${ana.sub}`, undefined, bearer(token));
      expect(response.status).toBe(401);
    }
  });

  it('a valid token of a customer not yet known whose session Cognito has revoked is null', async () => {
    const bo = standIn.addUser({ username: 'bo', email: 'bo@example.com' });
    const session = await (api.deps.auth as CognitoAuth).signInWithCode(standIn.signIn(bo.sub, REDIRECT_URI));
    expect(session).not.toBeNull();
    await api.deps.db.query('delete from customers where cognito_sub = $1', [bo.sub]);
    await api.deps.auth.signOut(session!.refreshToken);
    // The access token's signature is still good, but userInfo says Cognito revoked it.
    expect(await api.deps.auth.verify(session!.accessToken)).toBeNull();
    expect(userInfoCalls().at(-1)!.status).toBe(401);
    expect(await customerRow(bo.sub)).toBeUndefined();
  });

  it('the callback trades the code for tokens, sets the refresh cookie and lands on the state path', async () => {
    const code = standIn.signIn(ana.sub, REDIRECT_URI);
    const response = await callback(code, '/checkout/?step=pay');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/checkout/?step=pay');
    const cookie = refreshCookieOf(response);
    expect(cookie).not.toBeNull();
    expect(cookie!.attributes).toMatch(/HttpOnly/);
    expect(cookie!.attributes).toMatch(/Path=\/api\//);
    expect(cookie!.attributes).toMatch(/SameSite=Lax/);
    expect(standIn.refreshTokens().find((t) => t.token === cookie!.value)).toMatchObject({
      sub: ana.sub,
      revoked: false,
    });

    const exchange = standIn.requests.filter((r) => r.path === '/oauth2/token' && r.params.code === code);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.headers.authorization).toBe(BASIC);
    expect(exchange[0]!.params).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
    });

    // The code is spent: a second use fails and lands on the sign-in page.
    const again = await callback(code, '/checkout/');
    expect(again.status).toBe(302);
    expect(again.headers.get('Location')).toBe('/login/?error=sign-in-failed');
    expect(refreshCookieOf(again)).toBeNull();
  });

  it('takes a user made again in the pool with the same email as a new customer', async () => {
    const first = standIn.addUser({ username: 'dee', email: 'dee@example.com' });
    const again = standIn.addUser({ username: 'dee2', email: 'dee@example.com' });
    for (const user of [first, again]) {
      const response = await api.call(
        'GET',
        `/api/saved-carts/?cognito_sub=${user.sub}`,
        undefined,
        bearer(await standIn.accessToken(user.sub)),
      );
      expect(response.status).toBe(200);
    }
    expect(await customerRow(again.sub)).toMatchObject({ email: 'dee@example.com' });
  });

  it('starts sign-in on the hosted page with a one-time state bound to this browser by an httpOnly cookie', async () => {
    const { start, location, state, cookie } = await startSignIn(
      `page=register&next=${encodeURIComponent('/checkout/')}`,
    );
    expect(start.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${standIn.url}/signup`);
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(state).toBe(`${cookie}~/checkout/`);
    expect(cookie).toMatch(/^[\w-]{24}$/);
    expect(start.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(start.headers.get('set-cookie')).toMatch(/Path=\/api\/cognito\//);
  });

  it('refuses a code that comes back to a browser which did not start the sign-in (login CSRF)', async () => {
    // An attacker's own code and state, sent to a victim as a link: the victim has no such cookie.
    const attacker = await startSignIn();
    const code = standIn.signIn(ana.sub, REDIRECT_URI);
    for (const headers of [{}, { Cookie: 'comal_sign_in=another-value' }] as Record<string, string>[]) {
      const response = await api.app.request(
        `/api/cognito/callback/?code=${code}&state=${encodeURIComponent(attacker.state)}`,
        { headers },
      );
      expect(response.headers.get('Location')).toBe('/login/?error=sign-in-failed');
      expect(refreshCookieOf(response)).toBeNull();
    }
  });

  it('the callback refreshes the customer row from userInfo at every sign-in', async () => {
    const cy = standIn.addUser({ username: 'cy', email: 'cy@example.com', name: 'Cy' });
    await callback(standIn.signIn(cy.sub, REDIRECT_URI));
    expect(await customerRow(cy.sub)).toEqual({ email: 'cy@example.com', phone: null, name: 'Cy' });
    cy.email = 'cy.new@example.com';
    cy.phone_number = '+12135550188';
    await callback(standIn.signIn(cy.sub, REDIRECT_URI));
    expect(await customerRow(cy.sub)).toEqual({ email: 'cy.new@example.com', phone: '+12135550188', name: 'Cy' });
  });

  it('signs in with the hosted UI’s own scopes, which Cognito’s GetUser would refuse', async () => {
    const di = standIn.addUser({ username: 'di', email: 'di@example.com', name: 'Di' });
    const response = await callback(standIn.signIn(di.sub, REDIRECT_URI, 'openid email phone profile'));
    expect(response.headers.get('Location')).toBe('/account/');
    expect(refreshCookieOf(response)).not.toBeNull();
    expect(await customerRow(di.sub)).toEqual({ email: 'di@example.com', phone: null, name: 'Di' });
    expect(standIn.requests.filter((r) => r.path === '/' && r.method === 'POST')).toEqual([]);
  });

  it('an email the user changed without confirming it fails the sign-in, and is not stored', async () => {
    const fay = standIn.addUser({ username: 'fay', email: 'fay@example.com', name: 'Fay' });
    await callback(standIn.signIn(fay.sub, REDIRECT_URI));
    // Fay types a victim's address into her profile and leaves it unconfirmed.
    fay.email = 'victim@example.com';
    fay.email_verified = false;
    const response = await callback(standIn.signIn(fay.sub, REDIRECT_URI));
    expect(response.headers.get('Location')).toBe('/login/?error=sign-in-failed');
    expect(refreshCookieOf(response)).toBeNull();
    expect(await customerRow(fay.sub)).toEqual({ email: 'fay@example.com', phone: null, name: 'Fay' });
    await expect((api.deps.auth as CognitoAuth).signInWithCode(standIn.signIn(fay.sub, REDIRECT_URI))).rejects.toThrow(
      EMAIL_NOT_VERIFIED,
    );
  });

  it('an app client that does not allow the email scope fails the sign-in with an error naming the scopes', async () => {
    const ed = standIn.addUser({ username: 'ed', email: 'ed@example.com' });
    const response = await callback(standIn.signIn(ed.sub, REDIRECT_URI, 'openid phone profile'));
    expect(response.headers.get('Location')).toBe('/login/?error=sign-in-failed');
    expect(refreshCookieOf(response)).toBeNull();
    expect(await customerRow(ed.sub)).toBeUndefined();
    // What the callback logs as the reason.
    await expect(
      (api.deps.auth as CognitoAuth).signInWithCode(standIn.signIn(ed.sub, REDIRECT_URI, 'openid phone profile')),
    ).rejects.toThrow(
      `Cognito's access token lacks the scopes email: allow openid, email, phone and profile on the app client ${CLIENT_ID}.`,
    );
  });

  it.each([
    ['no state', '', '/account/'],
    ['another origin', 'https://evil.example/', '/account/'],
    ['a protocol-relative URL', '//evil.example/', '/account/'],
    ['a backslash URL', '/\\evil.example/', '/account/'],
    ['a javascript: URL', 'javascript:alert(1)', '/account/'],
    ['a local path', '/order/', '/order/'],
  ])('the callback with %s (next %j) lands on %s', async (_what, next, expected) => {
    const code = standIn.signIn(ana.sub, REDIRECT_URI);
    const response = await callback(code, next || undefined);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(expected);
  });

  it('the callback without a code, with an unknown one, or one for another redirect URI lands on the sign-in page', async () => {
    for (const code of ['', 'unknown', standIn.signIn(ana.sub, 'https://elsewhere.example/cb/')]) {
      const response = await callback(code);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/login/?error=sign-in-failed');
      expect(refreshCookieOf(response)).toBeNull();
    }
  });

  it('the callback lands on the sign-in page when Cognito is down', async () => {
    standIn.failNext('/oauth2/token', 500, { error: 'server_error' });
    const response = await callback(standIn.signIn(ana.sub, REDIRECT_URI));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login/?error=sign-in-failed');
  });

  it('POST /api/cognito/refresh/ with the cookie answers a new access token and keeps the refresh token', async () => {
    const signIn = await callback(standIn.signIn(ana.sub, REDIRECT_URI));
    const refreshToken = refreshCookieOf(signIn)!.value;

    const response = await api.call('POST', '/api/cognito/refresh/', undefined, withCookie(refreshToken));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      expires_in: 3600,
      cognito_sub: ana.sub,
      email: 'ana.cognito@example.com',
      phone: '+12135550177',
      name: 'Ana Cognito',
    });
    expect(refreshCookieOf(response)!.value).toBe(refreshToken);

    const grant = standIn.requests.filter((r) => r.path === '/oauth2/token' && r.params.refresh_token === refreshToken);
    expect(grant).toHaveLength(1);
    expect(grant[0]!.headers.authorization).toBe(BASIC);
    expect(grant[0]!.params).toEqual({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    });

    // The new access token works on account calls.
    const carts = await api.call(
      'GET',
      `/api/saved-carts/?cognito_sub=${ana.sub}`,
      undefined,
      bearer(body.access_token as string),
    );
    expect(carts.status).toBe(200);
  });

  it('refresh with an unknown cookie or none is 401 and clears the cookie', async () => {
    for (const headers of [withCookie('rt.unknown'), {}]) {
      const response = await api.call('POST', '/api/cognito/refresh/', undefined, headers);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(SESSION_ENDED);
      expect(refreshCookieOf(response)?.value).toBe('');
    }
  });

  it('refresh while Cognito is down is a 500 and keeps the cookie', async () => {
    const signIn = await callback(standIn.signIn(ana.sub, REDIRECT_URI));
    const refreshToken = refreshCookieOf(signIn)!.value;
    standIn.failNext('/oauth2/token', 503, { error: 'temporarily_unavailable' });
    const response = await api.call('POST', '/api/cognito/refresh/', undefined, withCookie(refreshToken));
    expect(response.status).toBe(500);
    expect(refreshCookieOf(response)).toBeNull();
    expect((await api.call('POST', '/api/cognito/refresh/', undefined, withCookie(refreshToken))).status).toBe(200);
  });

  it('POST /api/cognito/signout/ revokes the refresh token at Cognito and clears the cookie', async () => {
    const signIn = await callback(standIn.signIn(ana.sub, REDIRECT_URI));
    const refreshToken = refreshCookieOf(signIn)!.value;

    const response = await api.call('POST', '/api/cognito/signout/', undefined, withCookie(refreshToken));
    expect(response.status).toBe(204);
    expect(refreshCookieOf(response)?.value).toBe('');
    const revoke = standIn.requests.filter((r) => r.path === '/oauth2/revoke' && r.params.token === refreshToken);
    expect(revoke).toHaveLength(1);
    expect(revoke[0]!.headers.authorization).toBe(BASIC);
    expect(revoke[0]!.params).toEqual({ token: refreshToken, client_id: CLIENT_ID });
    expect(standIn.refreshTokens().find((t) => t.token === refreshToken)!.revoked).toBe(true);

    expect((await api.call('POST', '/api/cognito/refresh/', undefined, withCookie(refreshToken))).status).toBe(401);
  });

  it('signout still clears the cookie when Cognito refuses or is down', async () => {
    standIn.failNext('/oauth2/revoke', 503, { error: 'temporarily_unavailable' });
    const response = await api.call('POST', '/api/cognito/signout/', undefined, withCookie('rt.whatever'));
    expect(response.status).toBe(204);
    expect(refreshCookieOf(response)?.value).toBe('');
  });

  it('the built-in sign-in calls answer 404 with the hosted sign-in message', async () => {
    for (const [path, body] of [
      ['/api/auth/login/', { email: 'ana.cognito@example.com', password: 'whatever-long-password' }],
      [
        '/api/auth/register/',
        { email: 'x@example.com', password: 'a long enough password 1', name: 'X', phone: '2135550100' },
      ],
      ['/api/auth/password-reset/', { email: 'ana.cognito@example.com' }],
    ] as const) {
      const response = await api.call('POST', path, body);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(HOSTED_SIGN_IN);
    }
  });
});

describe('Cognito without a client secret', () => {
  let standIn: CognitoStandIn;
  beforeAll(async () => {
    standIn = await startCognitoStandIn({ userPoolId: POOL_ID, clientId: CLIENT_ID });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('sends the client id in the form and no Authorization header', async () => {
    const target = databaseTargets[0]!;
    const fresh = await target.create({ migrated: true });
    try {
      await migrate(fresh.db);
      const auth = createCognitoAuth({
        db: fresh.db,
        region: 'us-east-1',
        userPoolId: POOL_ID,
        clientId: CLIENT_ID,
        domain: standIn.url,
        idpEndpoint: standIn.url,
        redirectUri: REDIRECT_URI,
      });
      const dee = standIn.addUser({ username: 'dee', email: 'dee@example.com' });
      const session = await auth.signInWithCode(standIn.signIn(dee.sub, REDIRECT_URI));
      expect(session).toMatchObject({
        expiresIn: 3600,
        customer: { cognitoSub: dee.sub, email: 'dee@example.com', phone: null, name: '' },
      });
      const refreshed = await auth.refresh(session!.refreshToken, '198.51.100.7');
      expect(refreshed!.refreshToken).toBe(session!.refreshToken);
      await auth.signOut(session!.refreshToken);
      expect(await auth.refresh(session!.refreshToken, '198.51.100.7')).toBeNull();
      const calls = standIn.requests.filter((r) => r.path === '/oauth2/token' || r.path === '/oauth2/revoke');
      expect(calls.map((r) => `${r.path} ${r.status}`)).toEqual([
        '/oauth2/token 200',
        '/oauth2/token 200',
        '/oauth2/revoke 200',
        '/oauth2/token 400',
      ]);
      for (const request of calls) {
        expect(request.headers.authorization).toBeUndefined();
        expect(request.params.client_id).toBe(CLIENT_ID);
      }
    } finally {
      await fresh.destroy();
    }
  });
});

describe('AUTH_PROVIDER configuration', () => {
  const complete = {
    AUTH_PROVIDER: 'cognito',
    COGNITO_REGION: 'us-east-1',
    COGNITO_USER_POOL_ID: POOL_ID,
    COGNITO_CLIENT_ID: CLIENT_ID,
    COGNITO_DOMAIN: 'https://auth.example.com/',
    PUBLIC_ORIGIN: 'https://comal.example',
  };

  it('is built-in by default', () => {
    expect(readConfig({})).toMatchObject({ authProvider: 'built-in', cognito: undefined });
  });

  it('reads the pool, the client and the endpoints for cognito', () => {
    expect(readConfig({ ...complete, COGNITO_CLIENT_SECRET: 's3cret' }).cognito).toEqual({
      region: 'us-east-1',
      userPoolId: POOL_ID,
      clientId: CLIENT_ID,
      clientSecret: 's3cret',
      domain: 'https://auth.example.com',
      idpEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
    });
    expect(readConfig({ ...complete, COGNITO_IDP_ENDPOINT: 'http://127.0.0.1:9229' }).cognito?.idpEndpoint).toBe(
      'http://127.0.0.1:9229',
    );
  });

  it('refuses an unknown provider', () => {
    expect(() => readConfig({ AUTH_PROVIDER: 'okta' })).toThrow(
      'AUTH_PROVIDER must be "built-in" or "cognito", not "okta".',
    );
  });

  it('names every missing variable', () => {
    expect(() => readConfig({ AUTH_PROVIDER: 'cognito' })).toThrow(
      'AUTH_PROVIDER=cognito needs COGNITO_REGION, COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID, COGNITO_DOMAIN, PUBLIC_ORIGIN',
    );
    const withoutOrigin: NodeJS.ProcessEnv = { ...complete };
    delete withoutOrigin.PUBLIC_ORIGIN;
    expect(() => readConfig(withoutOrigin)).toThrow(
      'AUTH_PROVIDER=cognito needs PUBLIC_ORIGIN: set it and start again.',
    );
  });

  it('refuses a domain or endpoint that is not an origin, and a malformed region', () => {
    expect(() => readConfig({ ...complete, COGNITO_DOMAIN: 'auth.example.com' })).toThrow(
      /COGNITO_DOMAIN must be an https origin/,
    );
    expect(() => readConfig({ ...complete, COGNITO_DOMAIN: 'https://auth.example.com/login' })).toThrow(
      /COGNITO_DOMAIN/,
    );
    expect(() => readConfig({ ...complete, COGNITO_IDP_ENDPOINT: 'ftp://x' })).toThrow(/COGNITO_IDP_ENDPOINT/);
    expect(() => readConfig({ ...complete, COGNITO_REGION: 'mars' })).toThrow(/COGNITO_REGION must be an AWS region/);
  });
});
