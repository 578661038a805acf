/**
 * Whether a request reached us over https, the one answer behind Strict-Transport-Security and
 * every cookie's Secure flag: yes when the site's public origin (PUBLIC_ORIGIN) is https, when
 * the request itself came over TLS, or when the proxies we were told about (TRUST_PROXY) say so
 * in X-Forwarded-Proto, read as X-Forwarded-For is (client-address.ts). Without TRUST_PROXY that
 * header is the client's own word and changes nothing.
 */
import type { Context } from 'hono';
import { forwardedEntry } from './client-address.ts';

export interface HttpsSettings {
  /** The site's public origin (PUBLIC_ORIGIN); https there means browsers always reach us over https. */
  publicOrigin?: string | undefined;
  /** How many proxies stand in front of the server (TRUST_PROXY); 0: their headers are not believed. */
  trustProxy: number;
}

export function cameOverHttps(c: Context, settings: HttpsSettings): boolean {
  if (settings.publicOrigin?.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedEntry(c.req.header('x-forwarded-proto'), settings.trustProxy)?.toLowerCase() === 'https';
}
