/**
 * Puts the server together from its configuration: migrations, demo data on first start, the
 * signing secret, and the provider of each concern chosen once from the environment.
 */
import { restaurant } from '../shared/restaurant.ts';
import type { AppDependencies } from './app.ts';
import { createBuiltInAuth } from './auth/built-in-auth.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { createMenuCatalog } from './menu/menu-catalog.ts';
import { createCourier } from './providers/delivery/courier.ts';
import { createDemoPayments } from './providers/payments/demo.ts';
import { createStripePayments } from './providers/payments/stripe.ts';
import { seedDemoData } from './seed.ts';
import { serverSecret } from './secrets.ts';

export async function createDependencies(
  db: Database,
  config: ServerConfig,
  overrides: Partial<Omit<AppDependencies, 'db' | 'settings'>> = {},
): Promise<AppDependencies> {
  await migrate(db);
  await seedDemoData(db);
  const clock = overrides.clock ?? (() => new Date());
  const secret = await serverSecret(db, config.secretKey);
  const mailer = overrides.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl, clock });
  return {
    db,
    clock,
    mailer,
    auth: overrides.auth ?? createBuiltInAuth({ db, mailer, secret, clock, restaurantName: restaurant.name }),
    ...(overrides.authConfig ? { authConfig: overrides.authConfig } : {}),
    settings: {
      distDir: config.distDir,
      embedOrigins: config.embedOrigins,
      publicOrigin: config.publicOrigin,
      secret,
      devOutbox: config.devOutbox,
      trustProxy: config.trustProxy,
      stripeWebhookSecret: config.stripeWebhookSecret,
      stripePublishableKey: config.stripePublishableKey,
    },
    menu: overrides.menu ?? createMenuCatalog(db),
    delivery: overrides.delivery ?? createCourier(),
    payments:
      overrides.payments ??
      (config.stripeSecretKey
        ? createStripePayments({ secretKey: config.stripeSecretKey, ...config.stripeApiBase })
        : createDemoPayments(db, clock)),
  };
}
