/**
 * The Stripe SDK client both Stripe adapters use (payments, saved cards): one place for the
 * key, where Stripe's API is (only tests and stand-ins change it), retries and time-out.
 */
import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** Where Stripe's API is; only tests and local stand-ins change these. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Retries on network errors and 409/5xx answers; safe because every create carries an idempotency key. */
  maxNetworkRetries?: number;
  /** How long one call to Stripe may take before it counts as failed, in milliseconds. */
  timeoutMs?: number;
}

export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'comal' },
  });
}
