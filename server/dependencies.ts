/**
 * What the app is built from: its settings and every provider, chosen once in compose.ts. Routes,
 * services and the app itself import these types from here, never from app.ts.
 */
import type { Hono } from 'hono';
import type { AuthConfigResponse } from '../shared/api/schemas.ts';
import type { SlotCapacity } from '../shared/schedule.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { Database } from './db/database.ts';
import type { InFlight } from './in-flight.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MenuCatalog } from './menu/catalog.ts';
import type { CloverClient } from './providers/menu/clover-client.ts';
import type { DeliveryProvider } from './providers/delivery/delivery-provider.ts';
import type { CardVault } from './providers/payments/card-vault.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';

export interface AppSettings {
  distDir: string;
  /** Partner origins allowed to call the API with credentials (EMBED_ORIGINS). */
  embedOrigins: readonly string[];
  /** The site's own origin (PUBLIC_ORIGIN, or the local server's): every absolute link starts with it. */
  publicOrigin: string;
  /** On a local start: the same server's other loopback names, which may call the API too. */
  localOrigins?: readonly string[];
  /** Signs CSRF tokens; the same on every replica. */
  secret: string;
  /**
   * How many proxies stand in front of the server (TRUST_PROXY): X-Forwarded-For names the client
   * that many entries from the right, and X-Forwarded-Proto says whether it came over https.
   * 0: those headers are the client's own word and are ignored.
   */
  trustProxy: number;
  /** Signing secret of the Stripe webhook endpoint (STRIPE_WEBHOOK_SECRET); without it the route answers 404. */
  stripeWebhookSecret?: string | undefined;
  /** Stripe's publishable key, which the browser needs to show the card form. */
  stripePublishableKey?: string | undefined;
  /** GET /api/dev/outbox/ lists sent mail (DEV_OUTBOX=1, embedded defaults only). */
  devOutbox?: boolean;
  /** The Authorization value of DoorDash's status webhooks (DOORDASH_WEBHOOK_SECRET); without it the route answers 404. */
  doordashWebhookSecret?: string | undefined;
  /** The browser key for Places Autocomplete, answered by GET /api/places/config/. */
  googleMapsApiKey?: string | undefined;
}

export interface AppDependencies {
  db: Database;
  settings: AppSettings;
  menu: MenuCatalog;
  delivery: DeliveryProvider;
  payments: PaymentProvider;
  /** Where saved cards are kept: the demo vault or Stripe. */
  cardVault: CardVault;
  /** Who signs customers in: built-in accounts or Cognito. */
  auth: AuthProvider;
  /** Hashes and checks the passwords of built-in accounts and staff members. */
  passwords: PasswordHasher;
  /** What GET /api/auth/config/ answers; by default just the provider's name. */
  authConfig?: AuthConfigResponse;
  mailer: Mailer;
  clock: () => Date;
  /** Requests, streams and the work they start after answering: shutdown waits for them. */
  inFlight: InFlight;
  /** The point-of-sale the menu syncs from and paid orders go to (Clover); absent on the embedded defaults. */
  pos?: CloverClient | undefined;
  /** Texts to customers who opted in: the outbox (log) or Twilio. */
  sms: SmsProvider;
  /**
   * The most one slot holds (shared/schedule.ts): settings' kitchen.slotCapacity unless
   * createDependencies is given another. The test harness names its own, as it names the clock, so
   * tests of other things are not capped.
   */
  slotCapacity: SlotCapacity;
}

export type Route = (deps: AppDependencies) => Hono;
