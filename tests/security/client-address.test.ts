/**
 * Rate limits key on the caller's address. Behind proxies (TRUST_PROXY=N) that address is the
 * X-Forwarded-For entry our outermost proxy wrote, N from the right; whatever a client writes in
 * front of it is ignored, so a made-up address per request does not buy a fresh limit. An IPv6
 * client counts as its /64, the block one home or phone is handed, so stepping through its
 * addresses does not buy one either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_RATE_LIMIT } from '../../server/routes/promo.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

const pglite = databaseTargets.filter((target) => target.name === 'pglite');

describe.each(pglite)('rate limits behind proxies on $name', (target) => {
  const apis = new Map<number, TestApi>();
  let caller = 0;
  beforeAll(async () => {
    for (const hops of [1, 2]) apis.set(hops, await createTestApi(target, {}, { TRUST_PROXY: String(hops) }));
  });
  afterAll(async () => {
    for (const api of apis.values()) await api.close();
  });

  it.each([
    ['a made-up address in front, a new one each time', 1, (i: number, real: string) => `10.0.${i}.1, ${real}`],
    ['several made-up addresses in front', 1, (i: number, real: string) => `1.2.3.4, 5.6.7.${i}, ${real}`],
    ['another customer’s address in front', 1, (_i: number, real: string) => `203.0.113.250, ${real}`],
    ['made-up addresses in front of two proxies', 2, (i: number, real: string) => `9.9.${i}.9, ${real}, 10.0.0.2`],
  ])(
    '%s (TRUST_PROXY=%i): the 21st promo check in ten minutes is refused all the same',
    async (_what, hops, forwardedFor) => {
      const api = apis.get(hops)!;
      const real = `198.51.100.${++caller}`;
      const promo = (header: string) =>
        api.call('POST', '/api/promo-validate/', { code: 'NOPE' }, { 'X-Forwarded-For': header });
      for (let i = 0; i < PROMO_RATE_LIMIT.limit; i++) expect((await promo(forwardedFor(i, real))).status).toBe(200);

      const refused = await promo(forwardedFor(PROMO_RATE_LIMIT.limit, real));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: true, message: PROMO_RATE_LIMIT.message });
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);

      // The same customer without made-up entries is the same bucket; another customer is not.
      const proxies = hops === 2 ? ', 10.0.0.2' : '';
      expect((await promo(`${real}${proxies}`)).status).toBe(429);
      expect((await promo(`198.51.100.${++caller}${proxies}`)).status).toBe(200);
    },
  );

  it('an IPv6 client stepping through the addresses of its /64 meets the same limit; another /64 does not', async () => {
    const api = apis.get(1)!;
    const promo = (address: string) =>
      api.call('POST', '/api/promo-validate/', { code: 'NOPE' }, { 'X-Forwarded-For': address });
    for (let i = 1; i <= PROMO_RATE_LIMIT.limit; i++)
      expect((await promo(`2001:db8:7:1:${i.toString(16)}::${i.toString(16)}`)).status).toBe(200);
    const refused = await promo('2001:db8:7:1:ffff:ffff:ffff:fffe');
    expect([refused.status, await refused.json()]).toEqual([429, { error: true, message: PROMO_RATE_LIMIT.message }]);
    expect((await promo('2001:0db8:0007:0001::1')).status).toBe(429);
    expect((await promo('2001:db8:7:2::1')).status).toBe(200);
  });
});
