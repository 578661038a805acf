/**
 * Whether a request came over https decides HSTS and every cookie's Secure flag. Only the
 * proxies we were told about (TRUST_PROXY) may say so with X-Forwarded-Proto; from anyone else
 * the header is a forgery and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { HSTS } from '../../server/http/security-headers.ts';
import { signUpAndIn, TEST_PASSWORD } from '../support/accounts.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

const pglite = databaseTargets.filter((target) => target.name === 'pglite');
const STAFF_PASSWORD = 'comal staff board password';

type Probe = (api: TestApi, headers: Record<string, string>) => Promise<boolean>;

const secureCookie = (response: Response, name: string) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie (status ${response.status})`);
  return /;\s*Secure(;|$)/i.test(cookie);
};

let caller = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller}` });

/** What the https decision shows on: each answers whether this request was treated as https. */
const PROBES: [string, Probe][] = [
  [
    'Strict-Transport-Security on a page',
    async (api, headers) => (await api.app.request('/', { headers })).headers.get('strict-transport-security') === HSTS,
  ],
  [
    'Strict-Transport-Security on an API answer',
    async (api, headers) =>
      (await api.app.request('/api/health/', { headers })).headers.get('strict-transport-security') === HSTS,
  ],
  [
    'the csrftoken cookie',
    async (api, headers) => secureCookie(await api.app.request('/api/csrf/', { headers }), 'csrftoken'),
  ],
  [
    'the comal_refresh cookie',
    async (api, headers) =>
      secureCookie(
        await api.call(
          'POST',
          '/api/auth/login/',
          { email: 'dora@example.com', password: TEST_PASSWORD },
          { ...from(), ...headers },
        ),
        'comal_refresh',
      ),
  ],
  [
    'the comal_signed_in cookie',
    async (api, headers) =>
      secureCookie(
        await api.call(
          'POST',
          '/api/auth/login/',
          { email: 'dora@example.com', password: TEST_PASSWORD },
          { ...from(), ...headers },
        ),
        'comal_signed_in',
      ),
  ],
  [
    'the comal_staff_refresh cookie',
    async (api, headers) =>
      secureCookie(
        await api.call(
          'POST',
          '/api/staff/login/',
          { email: 'flags@comal.example', password: STAFF_PASSWORD },
          { ...from(), ...headers },
        ),
        'comal_staff_refresh',
      ),
  ],
];

describe.each(pglite)('X-Forwarded-Proto on $name', (target) => {
  let direct: TestApi;
  let proxied: TestApi;
  beforeAll(async () => {
    direct = await createTestApi(target, {}, { TRUST_PROXY: '0' });
    proxied = await createTestApi(target, {}, { TRUST_PROXY: '1' });
    for (const api of [direct, proxied]) {
      await signUpAndIn(api, 'dora@example.com', from());
      const invite = await inviteStaff(api.deps.db, {
        email: 'flags@comal.example',
        role: 'staff',
        origin: TEST_ORIGIN,
        now: new Date(),
      });
      const token = new URL(invite.url).searchParams.get('set-password')!;
      const set = await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD }, from());
      expect(set.status, await set.clone().text()).toBe(200);
    }
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it.each(PROBES)(
    '%s: a forged https from a client reached directly changes nothing; our proxy’s word counts',
    async (_what, probe) => {
      // Reached directly over http (TRUST_PROXY unset): the header is the client's own forgery.
      expect(await probe(direct, {})).toBe(false);
      expect(await probe(direct, { 'X-Forwarded-Proto': 'https' })).toBe(false);
      expect(await probe(direct, { 'X-Forwarded-Proto': 'HTTPS' })).toBe(false);
      // Behind one proxy: its entry, the last one, says how the browser reached it.
      expect(await probe(proxied, {})).toBe(false);
      expect(await probe(proxied, { 'X-Forwarded-Proto': 'https' })).toBe(true);
      expect(await probe(proxied, { 'X-Forwarded-Proto': 'http' })).toBe(false);
      expect(await probe(proxied, { 'X-Forwarded-Proto': 'https, http' })).toBe(false);
    },
  );
});
