import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_REFUSED } from '../../server/http/csrf.ts';
import { summarizeWebVitals } from '../../server/db/vitals.ts';
import { VITALS_RATE_LIMIT } from '../../server/routes/vitals.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

interface StoredVital {
  name: string;
  value: number;
  rating: string;
  path: string;
  navigation_type: string;
  metric_id: string;
}

const lcp = {
  name: 'LCP',
  value: 1834.5,
  rating: 'good',
  id: 'v5-1700000000000-123',
  path: '/menu/',
  navigation_type: 'navigate',
};

describe.each(databaseTargets)('web vitals beacons on $name', (target) => {
  let api: TestApi;
  let caller = 0;
  beforeAll(async () => {
    // A fixed clock, so the rate limit's one-minute window cannot roll over mid-test.
    api = await createTestApi(target, { clock: () => new Date('2026-11-22T18:00:05Z') });
  });
  afterAll(() => api?.close());

  /** A beacon as navigator.sendBeacon sends it: text/plain, an Origin, no CSRF header; each test its own address. */
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    api.app.request('/api/vitals/', {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        Origin: TEST_ORIGIN,
        'X-Forwarded-For': `203.0.113.${++caller}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const stored = (path: string) =>
    api.deps.db.query<StoredVital>(
      'select name, value, rating, path, navigation_type, metric_id from web_vitals where path = $1 order by id',
      [path],
    );

  it('stores a valid beacon and answers 204 with no body', async () => {
    const response = await beacon(lcp);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await stored('/menu/')).toEqual([
      { name: 'LCP', value: 1834.5, rating: 'good', path: '/menu/', navigation_type: 'navigate', metric_id: lcp.id },
    ]);
  });

  it('accepts a text/plain beacon without a CSRF token, and a JSON one too', async () => {
    const plain = await beacon(
      { ...lcp, name: 'CLS', value: 0.02, path: '/catering/' },
      { 'Content-Type': 'text/plain' },
    );
    expect(plain.status).toBe(204);
    const json = await beacon(
      { ...lcp, name: 'TTFB', value: 85, path: '/catering/' },
      { 'Content-Type': 'application/json' },
    );
    expect(json.status).toBe(204);
    expect((await stored('/catering/')).map((row) => [row.name, row.value])).toEqual([
      ['CLS', 0.02],
      ['TTFB', 85],
    ]);
  });

  it('keeps the p75 of each metric per page', async () => {
    for (const value of [100, 200, 300, 400, 500]) {
      expect((await beacon({ ...lcp, name: 'FCP', value, path: '/p75/' })).status).toBe(204);
    }
    const summary = await summarizeWebVitals(api.deps.db, new Date(0));
    expect(summary.find((row) => row.path === '/p75/')).toEqual({ name: 'FCP', path: '/p75/', samples: 5, p75: 400 });
  });

  it('refuses a beacon from a foreign Origin (403) and stores nothing', async () => {
    const response = await beacon({ ...lcp, path: '/foreign/' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: true, message: ORIGIN_REFUSED });
    expect(await stored('/foreign/')).toEqual([]);
  });

  it.each([
    ['an unknown metric name', { ...lcp, name: 'FID' }, 'name must be one of CLS, INP, FCP, LCP or TTFB.'],
    ['a negative value', { ...lcp, value: -1 }, 'value cannot be negative.'],
    ['a value of 10 million or more', { ...lcp, value: 1e7 }, 'value is too large.'],
    ['a value that is not a number', { ...lcp, value: '12' }, 'value must be a finite number.'],
    ['a path not starting with /', { ...lcp, path: 'menu/' }, 'path must start with /.'],
    ['a path over 300 characters', { ...lcp, path: `/${'a'.repeat(300)}` }, 'path is too long.'],
    ['an unknown rating', { ...lcp, rating: 'great' }, 'rating must be good, needs-improvement or poor.'],
  ])('refuses %s with 422 and its message', async (_, body, message) => {
    const response = await beacon(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: true, message });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await beacon('{"name": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: 'The request body must be JSON.' });
  });

  it(`keeps at most ${VITALS_RATE_LIMIT.limit} beacons a minute from one address and drops the rest quietly (204)`, async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.7' };
    for (let i = 0; i < VITALS_RATE_LIMIT.limit; i++) {
      const response = await beacon({ ...lcp, path: '/limited/' }, headers);
      expect(response.status).toBe(204);
    }
    const dropped = await beacon({ ...lcp, path: '/limited/' }, headers);
    expect(dropped.status).toBe(204);
    expect(await stored('/limited/')).toHaveLength(VITALS_RATE_LIMIT.limit);
    const someoneElse = await beacon({ ...lcp, path: '/limited/' });
    expect(someoneElse.status).toBe(204);
    expect(await stored('/limited/')).toHaveLength(VITALS_RATE_LIMIT.limit + 1);
  });
});
