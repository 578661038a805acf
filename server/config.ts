/** The server's settings, read once from the environment at start. */
import path from 'node:path';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import { isLoopbackHost, loopbackOrigins } from './http/origins.ts';
import { cloverConfigFromEnv, type CloverConfig } from './providers/menu/clover-client.ts';
import type { DoorDashCredentials } from './providers/delivery/doordash-client.ts';
import { twilioConfigFromEnv, type TwilioConfig } from './providers/sms/twilio.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The most connections one server process opens to PostgreSQL (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /** Where the built site (dist/site) and widget (dist/widget) are. */
  distDir: string;
  embedOrigins: string[];
  /**
   * The site's own origin, the only one absolute links are built from: PUBLIC_ORIGIN, or on a
   * local start the server's own loopback address (its port filled in at listen when PORT=0).
   */
  publicOrigin: string;
  /** Whether PUBLIC_ORIGIN named it (false: derived from HOST and PORT on a local start). */
  publicOriginConfigured: boolean;
  /** A local start without PUBLIC_ORIGIN: the other loopback names of the same server. */
  localOrigins: string[];
  /** NODE_ENV=production, or a PostgreSQL server (DATABASE_URL): no dev conveniences, PUBLIC_ORIGIN required. */
  production: boolean;
  secretKey: string | undefined;
  /** scrypt's N for new password hashes (PASSWORD_SCRYPT_N): 16384 unless raised, or lowered outside production. */
  passwordScryptN: number;
  /**
   * How many proxies (load balancers, CDNs) stand in front of the server (TRUST_PROXY), each
   * adding to X-Forwarded-For; 0 when clients reach it directly.
   */
  trustProxy: number;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePublishableKey: string | undefined;
  /** Where Stripe's API is (STRIPE_API_BASE); unset means api.stripe.com. Only tests and mock servers set it. */
  stripeApiBase: StripeApiBase | undefined;
  /** smtp:// or smtps:// URL; without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  /** GET /api/dev/outbox/ on (DEV_OUTBOX=1): never in production. */
  devOutbox: boolean;
  /** FIXED_NOW: the server's clock stands still at this instant (tests and demos of opening hours only). */
  fixedNow: Date | undefined;
  /** Who signs customers in (AUTH_PROVIDER): the built-in accounts, or Amazon Cognito's hosted UI. */
  authProvider: AuthProviderName;
  /** The user pool and app client when authProvider is 'cognito'; undefined otherwise. */
  cognito: CognitoConfig | undefined;
  /** The menu comes from Clover and paid orders go there (CLOVER_*); undefined: the demo menu. */
  clover: CloverConfig | undefined;
  /** Deliveries are quoted and booked with DoorDash Drive (DOORDASH_*); undefined: the in-house courier. */
  doordash: DoorDashCredentials | undefined;
  /** The Authorization value registered for DoorDash's status webhooks. */
  doordashWebhookSecret: string | undefined;
  /** Texts go out through Twilio (TWILIO_*); undefined: they stay in the log and the outbox. */
  twilio: TwilioConfig | undefined;
  /** The browser key for Places Autocomplete (GOOGLE_MAPS_API_KEY); undefined: plain address fields. */
  googleMapsApiKey: string | undefined;
  /**
   * The key the server geocodes with: GOOGLE_GEOCODING_API_KEY when set (a browser key restricted
   * to the site's referrers is refused server-side), else GOOGLE_MAPS_API_KEY.
   */
  googleGeocodingApiKey: string | undefined;
  /** Where Google's APIs are (GOOGLE_MAPS_API_BASE); only tests set it. */
  googleMapsApiBase: string | undefined;
}

export type AuthProviderName = 'built-in' | 'cognito';

export interface CognitoConfig {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Only for an app client that has a secret. */
  clientSecret: string | undefined;
  /** The hosted UI's base URL (COGNITO_DOMAIN), without a trailing slash. */
  domain: string;
  /** Cognito's user pool API (COGNITO_IDP_ENDPOINT): the base of the issuer and its JWKS. */
  idpEndpoint: string;
}

export interface StripeApiBase {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}".`);
  }
  const host = env.HOST || '127.0.0.1';
  const production = env.NODE_ENV === 'production' || Boolean(env.DATABASE_URL);
  const devOutbox = env.DEV_OUTBOX === '1' || env.DEV_OUTBOX === 'true';
  if (production && !env.PUBLIC_ORIGIN?.trim()) throw new Error(PUBLIC_ORIGIN_REQUIRED);
  if (devOutbox && production) throw new Error(DEV_OUTBOX_IN_PRODUCTION);
  if (devOutbox && !isLoopbackHost(host)) throw new Error(DEV_OUTBOX_NOT_LOCAL);
  const demoPayments = env.DEMO_PAYMENTS === '1' || env.DEMO_PAYMENTS === 'true';
  if (production && !env.STRIPE_SECRET_KEY && !demoPayments) throw new Error(DEMO_PAYMENTS_IN_PRODUCTION);
  const local = loopbackOrigins(host, port);
  const publicOrigin = env.PUBLIC_ORIGIN?.trim() ? httpOrigin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN.trim()) : undefined;
  return {
    host,
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    embedOrigins: (env.EMBED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    publicOrigin: publicOrigin ?? local[0]!,
    publicOriginConfigured: publicOrigin !== undefined,
    localOrigins: publicOrigin === undefined && isLoopbackHost(host) ? local.slice(1) : [],
    production,
    secretKey: env.SECRET_KEY || undefined,
    passwordScryptN: scryptN(env.PASSWORD_SCRYPT_N, production),
    trustProxy: proxyHops(env.TRUST_PROXY),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE ? stripeApiBase(env.STRIPE_API_BASE) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    devOutbox,
    fixedNow: env.FIXED_NOW ? fixedNow(env.FIXED_NOW) : undefined,
    ...authSettings(env),
    clover: cloverConfigFromEnv(env),
    doordash: doordashSettings(env),
    doordashWebhookSecret: env.DOORDASH_WEBHOOK_SECRET || undefined,
    // Status callbacks go to the configured origin only (never a request's Host).
    twilio: twilioConfigFromEnv(env, publicOrigin),
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY?.trim() || undefined,
    googleGeocodingApiKey: env.GOOGLE_GEOCODING_API_KEY?.trim() || env.GOOGLE_MAPS_API_KEY?.trim() || undefined,
    googleMapsApiBase: env.GOOGLE_MAPS_API_BASE?.trim()
      ? httpOrigin('GOOGLE_MAPS_API_BASE', env.GOOGLE_MAPS_API_BASE.trim())
      : undefined,
  };
}

export const PUBLIC_ORIGIN_REQUIRED =
  'PUBLIC_ORIGIN must be set in production (NODE_ENV=production or DATABASE_URL set): the https address customers use, like https://order.example.com.';
export const DEMO_PAYMENTS_IN_PRODUCTION =
  'STRIPE_SECRET_KEY must be set in production (NODE_ENV=production or DATABASE_URL set): without it the server takes test cards like 4242 4242 4242 4242 as paid. A server that takes no real orders (a staging copy) may set DEMO_PAYMENTS=1 instead.';
export const DEV_OUTBOX_IN_PRODUCTION =
  'DEV_OUTBOX shows every mail, password-reset links included, to anyone: it is refused in production (NODE_ENV=production or DATABASE_URL set).';
export const DEV_OUTBOX_NOT_LOCAL =
  'DEV_OUTBOX shows every mail, password-reset links included, to anyone who reaches the server: it works only with HOST=127.0.0.1 or localhost.';

const DOORDASH_CREDENTIALS = ['DOORDASH_DEVELOPER_ID', 'DOORDASH_KEY_ID', 'DOORDASH_SIGNING_SECRET'] as const;

/** All three DoorDash credentials choose DoorDash Drive, none the in-house courier; some stops the start. */
function doordashSettings(env: NodeJS.ProcessEnv): DoorDashCredentials | undefined {
  const missing = DOORDASH_CREDENTIALS.filter((name) => !env[name]?.trim());
  if (missing.length === DOORDASH_CREDENTIALS.length) return undefined;
  if (missing.length > 0)
    throw new Error(
      `DoorDash Drive needs ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} and start again.`,
    );
  return {
    apiBase: env.DOORDASH_API_BASE?.trim()
      ? httpOrigin('DOORDASH_API_BASE', env.DOORDASH_API_BASE.trim())
      : 'https://openapi.doordash.com',
    developerId: env.DOORDASH_DEVELOPER_ID!.trim(),
    keyId: env.DOORDASH_KEY_ID!.trim(),
    signingSecret: env.DOORDASH_SIGNING_SECRET!.trim(),
  };
}

const REQUIRED_FOR_COGNITO = [
  'COGNITO_REGION',
  'COGNITO_USER_POOL_ID',
  'COGNITO_CLIENT_ID',
  'COGNITO_DOMAIN',
  'PUBLIC_ORIGIN',
] as const;

/** AUTH_PROVIDER and, for 'cognito', every variable it needs: a missing one stops the start. */
function authSettings(env: NodeJS.ProcessEnv): { authProvider: AuthProviderName; cognito: CognitoConfig | undefined } {
  const provider = env.AUTH_PROVIDER?.trim() || 'built-in';
  if (provider === 'built-in') return { authProvider: 'built-in', cognito: undefined };
  if (provider !== 'cognito')
    throw new Error(`AUTH_PROVIDER must be "built-in" or "cognito", not "${env.AUTH_PROVIDER}".`);
  const missing = REQUIRED_FOR_COGNITO.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(
      `AUTH_PROVIDER=cognito needs ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} and start again.`,
    );
  const region = env.COGNITO_REGION!.trim();
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region))
    throw new Error(`COGNITO_REGION must be an AWS region like us-east-1, not "${env.COGNITO_REGION}".`);
  return {
    authProvider: 'cognito',
    cognito: {
      region,
      userPoolId: env.COGNITO_USER_POOL_ID!.trim(),
      clientId: env.COGNITO_CLIENT_ID!.trim(),
      clientSecret: env.COGNITO_CLIENT_SECRET || undefined,
      domain: httpOrigin('COGNITO_DOMAIN', env.COGNITO_DOMAIN!.trim()),
      idpEndpoint: env.COGNITO_IDP_ENDPOINT?.trim()
        ? httpOrigin('COGNITO_IDP_ENDPOINT', env.COGNITO_IDP_ENDPOINT.trim())
        : `https://cognito-idp.${region}.amazonaws.com`,
    },
  };
}

/** An http or https origin (no path, query or credentials), without its trailing slash. */
function httpOrigin(name: string, text: string): string {
  const refuse = () => new Error(`${name} must be an https origin like https://auth.example.com, not "${text}".`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  )
    throw refuse();
  return url.origin;
}

/** `http://127.0.0.1:12111` as the parts the Stripe SDK takes; a path, query or other scheme is refused. */
function stripeApiBase(text: string): StripeApiBase {
  const refuse = () =>
    new Error(`STRIPE_API_BASE must be an http or https origin like http://127.0.0.1:12111, not "${text}".`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username
  )
    throw refuse();
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}

/** The most connections DATABASE_POOL_SIZE may ask one process for. */
const MAX_POOL_SIZE = 100;

/** DATABASE_POOL_SIZE: a whole number of connections from 1 to MAX_POOL_SIZE; unset is DEFAULT_POOL_SIZE. */
function poolSize(text: string | undefined): number {
  const value = text?.trim() ?? '';
  if (value === '') return DEFAULT_POOL_SIZE;
  const size = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(size >= 1 && size <= MAX_POOL_SIZE)) {
    throw new Error(
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to ${MAX_POOL_SIZE}, not "${text}".`,
    );
  }
  return size;
}

/** TRUST_PROXY: unset or 0, no proxy; a whole number, that many; `true` (an older form), one. */
function proxyHops(text: string | undefined): number {
  const value = text?.trim() ?? '';
  if (value === '') return 0;
  if (value === 'true') return 1;
  const hops = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(hops)) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server, like 1 (0 or unset for none), not "${text}".`,
    );
  }
  return hops;
}

/**
 * OWASP's scrypt settings (Password Storage Cheat Sheet) come in five of equal strength; N=2^14
 * (r=8, p=5: server/auth/passwords.ts) needs the least work per hash (about half of N=2^17's),
 * with 16 MiB of memory (128 * N * r), where N=2^17 takes 128 MiB for every hash in progress.
 */
export const PASSWORD_SCRYPT_N = 2 ** 14;

/**
 * A power of two from OWASP's 16384 to its 131072 (128 MiB a hash); outside production as low as
 * 1024, for test suites that hash hundreds of passwords.
 */
function scryptN(text: string | undefined, production: boolean): number {
  const value = text?.trim() ?? '';
  if (value === '') return PASSWORD_SCRYPT_N;
  const least = production ? PASSWORD_SCRYPT_N : 2 ** 10;
  const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(n >= least && n <= 2 ** 17 && (n & (n - 1)) === 0)) {
    throw new Error(
      `PASSWORD_SCRYPT_N must be a power of two from ${least} to 131072${production ? ' in production' : ''}, like 16384 (the default), not "${text}".`,
    );
  }
  return n;
}

function fixedNow(text: string): Date {
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at.getTime())) {
    throw new Error(`FIXED_NOW must be an ISO 8601 instant like 2026-11-20T19:00:00Z, not "${text}".`);
  }
  return at;
}
