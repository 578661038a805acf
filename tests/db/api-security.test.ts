import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MISMATCH, CSRF_MISSING, ORIGIN_REFUSED } from '../../server/http/csrf.ts';
import { BODY_TOO_LARGE } from '../../server/app.ts';
import { SESSION_ENDED, SIGN_IN_REQUIRED } from '../../server/http/customer.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

const PARTNER = 'https://eastside-eats.example';

describe.each(databaseTargets)('API security on $name', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(target, {}, { EMBED_ORIGINS: `${PARTNER}, https://other-partner.example/` });
  });
  afterAll(() => api?.close());

  const promo = (headers: Record<string, string>) =>
    api.app.request('/api/promo-validate/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ code: 'WELCOME10' }),
    });

  it('GET /api/csrf/ sets a script-readable, SameSite=Lax csrftoken cookie and returns the same token', async () => {
    const response = await api.app.request('/api/csrf/');
    expect(response.status).toBe(200);
    const { csrftoken } = (await response.json()) as { csrftoken: string };
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain(`csrftoken=${csrftoken}`);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    const secure = await api.app.request('https://shop.example/api/csrf/');
    expect(secure.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('refuses a state-changing call without a CSRF token (403)', async () => {
    const response = await promo({});
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: true, message: CSRF_MISSING });
  });

  it('refuses a token the server did not sign, and one that differs from the cookie', async () => {
    const forged = await promo({ 'X-CSRFToken': 'abc.def' });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toBe(CSRF_MISMATCH);
    const other = (await (await api.app.request('/api/csrf/')).json()) as { csrftoken: string };
    const mismatch = await promo({ 'X-CSRFToken': api.csrfToken, Cookie: `csrftoken=${other.csrftoken}` });
    expect(mismatch.status).toBe(403);
    const matching = await promo({ 'X-CSRFToken': api.csrfToken, Cookie: `csrftoken=${api.csrfToken}` });
    expect(matching.status).toBe(200);
  });

  it('refuses a call from a foreign Origin even with a valid token', async () => {
    const response = await promo({ 'X-CSRFToken': api.csrfToken, Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(ORIGIN_REFUSED);
  });

  it('lets an allowed partner call with credentials, and its own origin too', async () => {
    const partner = await promo({ 'X-CSRFToken': api.csrfToken, Origin: PARTNER });
    expect(partner.status).toBe(200);
    expect(partner.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(partner.headers.get('access-control-allow-credentials')).toBe('true');
    const trailingSlashConfigured = await promo({
      'X-CSRFToken': api.csrfToken,
      Origin: 'https://other-partner.example',
    });
    expect(trailingSlashConfigured.status).toBe(200);
    const own = await promo({ 'X-CSRFToken': api.csrfToken, Origin: 'http://localhost' });
    expect(own.status).toBe(200);
  });

  it('gives no CORS permission to a non-allowed origin', async () => {
    const preflight = await api.app.request('/api/create-order/', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await api.app.request('/api/create-order/', {
      method: 'OPTIONS',
      headers: {
        Origin: PARTNER,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-csrftoken, idempotency-key',
      },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('refuses a body over 100 KB with 413', async () => {
    const response = await api.call('POST', '/api/create-order/', { name: 'x'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: true, message: BODY_TOO_LARGE });
  });

  it('says 400 for a body that is not JSON', async () => {
    const response = await api.call('POST', '/api/promo-validate/', '{"code": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: 'The request body must be JSON.' });
  });

  it('answers an unknown API path with JSON 404', async () => {
    const response = await api.app.request('/api/nothing-here/');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: true });
  });

  it.each([
    ['GET', '/api/saved-carts/?cognito_sub=abc'],
    ['POST', '/api/saved-carts/'],
    ['DELETE', '/api/saved-carts/1/'],
    ['GET', '/api/orders/?cognito_sub=abc'],
    ['POST', '/api/orders/ord_1/reorder/'],
    ['GET', '/api/payment-methods/?cognito_sub=abc'],
    ['DELETE', '/api/payment-methods/pm_1/?cognito_sub=abc'],
    ['POST', '/api/setup-intent/'],
    ['POST', '/api/save-payment-method/'],
  ])('%s %s answers 401 without a signed-in customer', async (method, path) => {
    const response = await api.call(
      method,
      path,
      method === 'GET' || method === 'DELETE' ? undefined : { cognito_sub: 'abc' },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: true, message: SIGN_IN_REQUIRED });
  });

  it('a refresh without a session says so; sign-out always succeeds', async () => {
    const refresh = await api.call('POST', '/api/cognito/refresh/');
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { message: string }).message).toBe(SESSION_ENDED);
    expect((await api.call('POST', '/api/cognito/signout/')).status).toBe(204);
  });

  it('ignores a made-up X-Forwarded-For unless the server sits behind a proxy, so limits cannot be dodged', async () => {
    const direct = await createTestApi(target, {}, { TRUST_PROXY: '0' });
    try {
      for (let i = 0; i < 20; i++) {
        await direct.call(
          'POST',
          '/api/promo-validate/',
          { code: `TRY${i}` },
          { 'X-Forwarded-For': `198.51.100.${i}` },
        );
      }
      const limited = await direct.call(
        'POST',
        '/api/promo-validate/',
        { code: 'TRY20' },
        { 'X-Forwarded-For': '198.51.100.99' },
      );
      expect(limited.status).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('every API answer carries a request id', async () => {
    const response = await api.app.request('/api/health/');
    expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
  });
});
