/** The server's settings, read once from the environment at start. */
import path from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the built site (dist/site) and widget (dist/widget) are. */
  distDir: string;
  embedOrigins: string[];
  publicOrigin: string | undefined;
  secretKey: string | undefined;
  trustProxy: boolean;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePublishableKey: string | undefined;
  /** Where Stripe's API is (STRIPE_API_BASE); unset means api.stripe.com. Only tests and mock servers set it. */
  stripeApiBase: StripeApiBase | undefined;
  /** smtp:// or smtps:// URL; without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  /** GET /api/dev/outbox/ on (DEV_OUTBOX=1): never in production. */
  devOutbox: boolean;
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
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    embedOrigins: (env.EMBED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, '') || undefined,
    secretKey: env.SECRET_KEY || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE ? stripeApiBase(env.STRIPE_API_BASE) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    devOutbox: env.DEV_OUTBOX === '1' || env.DEV_OUTBOX === 'true',
  };
}

/** `http://127.0.0.1:12111` as the parts the Stripe SDK takes; a path, query or other scheme is refused. */
function stripeApiBase(text: string): StripeApiBase {
  const refuse = () => new Error(`STRIPE_API_BASE must be an http or https origin like http://127.0.0.1:12111, not "${text}".`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) throw refuse();
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}
