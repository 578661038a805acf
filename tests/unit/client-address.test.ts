import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { forwardedEntry, limitedAddress } from '../../server/http/client-address.ts';

describe('the client named by X-Forwarded-For behind N proxies', () => {
  it.each([
    // One proxy: it appends the address it got the request from, so the client is the last entry.
    ['203.0.113.7', 1, '203.0.113.7'],
    ['1.2.3.4, 203.0.113.7', 1, '203.0.113.7'],
    ['1.2.3.4,5.6.7.8,203.0.113.7', 1, '203.0.113.7'],
    ['203.0.113.200, 203.0.113.7', 1, '203.0.113.7'],
    ['  1.2.3.4 ,  203.0.113.7  ', 1, '203.0.113.7'],
    ['2001:db8::1, 2001:db8::7', 1, '2001:db8::7'],
    // Two proxies: a CDN then the load balancer; the CDN wrote the client's address.
    ['1.2.3.4, 203.0.113.7, 10.0.0.1', 2, '203.0.113.7'],
    ['203.0.113.7, 10.0.0.1', 2, '203.0.113.7'],
    // Fewer entries than proxies: the leftmost is the best we have.
    ['203.0.113.7', 2, '203.0.113.7'],
    ['203.0.113.7', 3, '203.0.113.7'],
    // Empty entries left by a sloppy client do not shift the count from the right.
    ['1.2.3.4,,, 203.0.113.7', 1, '203.0.113.7'],
  ])('%j with %i proxies names %s', (header, hops, client) => {
    expect(forwardedEntry(header, hops)).toBe(client);
  });

  it.each([
    [undefined, 1],
    ['', 1],
    [' , ', 1],
    ['203.0.113.7', 0],
    ['1.2.3.4, 203.0.113.7', 0],
  ])('%j with %i proxies names nobody (the socket answers)', (header, hops) => {
    expect(forwardedEntry(header, hops)).toBeNull();
  });
});

describe('the address a limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['1.2.3', '1.2.3'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, counted) => {
    expect(limitedAddress(address)).toBe(counted);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
    ['true', 1],
  ])('%j trusts %i proxies', (value, hops) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each(['yes', 'false', '-1', '1.5', '1e2', 'one', '0x1', '100'])(
    '%j stops the start with a sentence naming the variable',
    (value) => {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server, like 1 (0 or unset for none), not "${value}".`,
      );
    },
  );
});
