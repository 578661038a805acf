/**
 * The whole HTTP surface as one Hono value, so tests call it with `app.request()` or through a
 * port. Handlers only validate and delegate; rules live in services, SQL in server/db.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import type { AuthConfigResponse } from '../shared/api/schemas.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable, type Database } from './db/database.ts';
import { csrfProtection } from './http/csrf.ts';
import { HttpError } from './http/errors.ts';
import { isAllowedOrigin } from './http/origins.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { InFlight } from './in-flight.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MenuCatalog } from './menu/catalog.ts';
import type { CloverClient } from './providers/menu/clover-client.ts';
import type { DeliveryProvider } from './providers/delivery/delivery-provider.ts';
import type { CardVault } from './providers/payments/card-vault.ts';
import type { DemoCardVault } from './providers/payments/demo-card-vault.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { apiRoutes } from './routes/index.ts';
import { mountStaticSite } from './static-site.ts';

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
  cardVault: CardVault | DemoCardVault;
  /** Who signs customers in: built-in accounts or Cognito. */
  auth: AuthProvider;
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
}

export type Route = (deps: AppDependencies) => Hono;

export const BODY_TOO_LARGE = 'The request is too large.';
export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
export const UNREADABLE_TEXT = 'This request has characters we cannot read. Check what you typed and try again.';
/** PostgreSQL's "invalid byte sequence" and "untranslatable character": what a NUL in a text or jsonb value raises. */
const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(String((error as { code?: unknown }).code));
const MAX_BODY_BYTES = 100 * 1024;

export function createApp(deps: AppDependencies): Hono {
  const app = new Hono();
  const allowed = (origin: string) => isAllowedOrigin(origin, deps.settings);

  app.use('*', (c, next) => deps.inFlight.track(next()));
  app.use('*', requestId());
  app.use('*', securityHeaders(deps.settings));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    console.log(
      JSON.stringify({
        level: c.res.status >= 500 ? 'error' : 'info',
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  });
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (allowed(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['Content-Type', 'X-CSRFToken', 'X-Requested-With', 'Authorization', 'Idempotency-Key'],
      maxAge: 600,
    }),
  );
  app.use(
    '/api/*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new HttpError(413, BODY_TOO_LARGE); } }),
  );
  app.use('/api/*', csrfProtection({ secret: deps.settings.secret, isAllowedOrigin: allowed, exempt: (path) => path.startsWith('/api/webhooks/') || path === '/api/vitals/' }));

  for (const route of apiRoutes) app.route('/api', route(deps));
  mountStaticSite(app, deps.settings.distDir);

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ error: true, message: error.message }, error.status, error.headers);
    // Text PostgreSQL cannot store (a NUL character in a path, query, cookie or body) is the caller's mistake.
    if (isUnstorableText(error)) return c.json({ error: true, message: UNREADABLE_TEXT }, 400);
    console.error(
      JSON.stringify({ level: 'error', request_id: c.get('requestId'), path: c.req.path, message: error.message, stack: error.stack }),
    );
    // PostgreSQL restarting or out of reach: say so, and that trying again will do (the pool reconnects).
    if (isDatabaseUnreachable(error)) return c.json({ error: true, message: DATABASE_UNREACHABLE }, 503, { 'Retry-After': '5' });
    return c.json({ error: true, message: SERVER_FAULT }, 500);
  });
  return app;
}
