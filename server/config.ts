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
  };
}
