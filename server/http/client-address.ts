/**
 * Who is calling, for rate limits. Each proxy in front of the server appends the address it got
 * the request from to X-Forwarded-For, so with TRUST_PROXY=N proxies the client is the entry N
 * from the right, the one our outermost proxy wrote; anything left of it is whatever the client
 * chose to send, and is ignored. With fewer entries than N, the leftmost. Without proxies, the
 * socket's address, since any client can write that header.
 *
 * An IPv6 client counts as its /64: one home or phone is handed a whole /64 and may send from any
 * of its 2^64 addresses, so counting each alone would let it step past every limit. An IPv4
 * address written as IPv6 (::ffff:203.0.113.7, as a dual-stack socket reports it) is that IPv4.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

/** The entry `hops` from the right of a proxy header's comma-separated list, or null (no header, no hops). */
export function forwardedEntry(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)]!;
}

/** What limits count `address` as: an IPv4 address, an IPv6 /64 like 2001:db8:1:2::/64, or the text as given. */
export function limitedAddress(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

export function clientAddress(c: Context, proxyHops: number): string {
  const forwarded = forwardedEntry(c.req.header('x-forwarded-for'), proxyHops);
  if (forwarded) return limitedAddress(forwarded);
  try {
    const socket = getConnInfo(c).remote.address;
    return socket ? limitedAddress(socket) : 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
