/**
 * Puts the server together from its configuration: migrations, demo data on first start, the
 * signing secret, and the provider of each concern chosen once from the environment.
 */
import type { AuthConfigResponse } from '../shared/api/schemas.ts';
import { restaurant } from '../shared/restaurant.ts';
import { kitchenSettings } from '../shared/settings/values.ts';
import type { AppDependencies } from './dependencies.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import { createBuiltInAuth } from './auth/built-in-auth.ts';
import { passwordHasher } from './auth/passwords.ts';
import { createCognitoAuth } from './auth/cognito-auth.ts';
import { cognitoRedirectUri, signInStartUrls } from './auth/cognito-hosted-ui.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createInFlight } from './in-flight.ts';
import { createMailer } from './mail/mailer.ts';
import { createMenuCatalog } from './menu/menu-catalog.ts';
import { createCourier } from './providers/delivery/courier.ts';
import { createDoorDash } from './providers/delivery/doordash.ts';
import { createGoogleCourier } from './providers/geocoding/google-geocoder.ts';
import { createCloverClient } from './providers/menu/clover-client.ts';
import { createDemoCardVault } from './providers/payments/demo-card-vault.ts';
import { createDemoPayments } from './providers/payments/demo.ts';
import { createStripeCardVault } from './providers/payments/stripe-card-vault.ts';
import { createStripePayments } from './providers/payments/stripe.ts';
import { createOutboxSms } from './providers/sms/outbox-sms.ts';
import { createTwilioSms } from './providers/sms/twilio.ts';
import { seedDemoData } from './seed.ts';
import { serverSecret } from './secrets.ts';

export async function createDependencies(
  db: Database,
  config: ServerConfig,
  overrides: Partial<Omit<AppDependencies, 'db' | 'settings'>> = {},
): Promise<AppDependencies> {
  await migrate(db);
  // With a point-of-sale the menu comes from its first sync (main.ts); no demo menu or promo codes.
  if (!config.clover) await seedDemoData(db);
  const fixed = config.fixedNow;
  const clock = overrides.clock ?? (fixed ? () => new Date(fixed) : () => new Date());
  const secret = await serverSecret(db, config.secretKey);
  const inFlight = overrides.inFlight ?? createInFlight();
  const mailer = overrides.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl, clock, inFlight });
  const passwords = overrides.passwords ?? passwordHasher(config.passwordScryptN);

  /** The built-in accounts, or Cognito's hosted UI (AUTH_PROVIDER=cognito) and where its pages are. */
  function signIn(): { auth: AuthProvider; authConfig?: AuthConfigResponse } {
    const cognito = config.authProvider === 'cognito' ? config.cognito : undefined;
    if (config.authProvider === 'cognito' && (!cognito || !config.publicOrigin)) {
      throw new Error('AUTH_PROVIDER=cognito needs the COGNITO_* variables and PUBLIC_ORIGIN.');
    }
    const auth =
      overrides.auth ??
      (cognito
        ? createCognitoAuth({ db, clock, ...cognito, redirectUri: cognitoRedirectUri(config.publicOrigin) })
        : createBuiltInAuth({ db, mailer, secret, clock, restaurantName: restaurant.name, passwords }));
    const authConfig =
      overrides.authConfig ??
      (cognito
        ? {
            provider: 'cognito' as const,
            hosted_ui: signInStartUrls({
              domain: cognito.domain,
              clientId: cognito.clientId,
              siteOrigin: config.publicOrigin,
            }),
          }
        : undefined);
    return authConfig ? { auth, authConfig } : { auth };
  }
  return {
    db,
    clock,
    mailer,
    inFlight,
    passwords,
    slotCapacity: overrides.slotCapacity ?? kitchenSettings.slotCapacity,
    ...signIn(),
    settings: {
      distDir: config.distDir,
      embedOrigins: config.embedOrigins,
      publicOrigin: config.publicOrigin,
      localOrigins: config.localOrigins,
      secret,
      devOutbox: config.devOutbox,
      trustProxy: config.trustProxy,
      stripeWebhookSecret: config.stripeWebhookSecret,
      stripePublishableKey: config.stripePublishableKey,
      doordashWebhookSecret: config.doordashWebhookSecret,
      googleMapsApiKey: config.googleMapsApiKey,
    },
    menu: overrides.menu ?? createMenuCatalog(db, clock),
    delivery: overrides.delivery ?? deliveryProvider(config),
    pos: overrides.pos ?? (config.clover ? createCloverClient(config.clover) : undefined),
    sms: overrides.sms ?? (config.twilio ? createTwilioSms(config.twilio) : createOutboxSms()),
    cardVault:
      overrides.cardVault ??
      (config.stripeSecretKey
        ? createStripeCardVault({ db, secretKey: config.stripeSecretKey, ...config.stripeApiBase })
        : createDemoCardVault(db, clock)),
    payments:
      overrides.payments ??
      (config.stripeSecretKey
        ? createStripePayments({ secretKey: config.stripeSecretKey, ...config.stripeApiBase })
        : createDemoPayments(db, clock)),
  };
}

/** DoorDash Drive; else the in-house courier, locating addresses with Google when there is a key, by ZIP otherwise. */
function deliveryProvider(config: ServerConfig) {
  if (config.doordash) return createDoorDash(config.doordash);
  if (config.googleGeocodingApiKey)
    return createGoogleCourier({ apiKey: config.googleGeocodingApiKey, apiBase: config.googleMapsApiBase });
  return createCourier();
}
