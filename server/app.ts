/**
 * The whole HTTP surface as one Hono value, so tests call it with `app.request()` or through a
 * port. Handlers only validate and delegate; rules live in services, SQL in server/db.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from './db/database.ts';
import type { AppDependencies } from './dependencies.ts';
import { bodyLimit } from './http/body-limit.ts';
import { csrfProtection } from './http/csrf.ts';
import { HttpError } from './http/errors.ts';
import { isAllowedOrigin } from './http/origins.ts';
import { securityHeaders } from './http/security-headers.ts';
import { refuseUnlistedOrigins } from './http/unlisted-origin.ts';
import { apiRoutes } from './routes/index.ts';
import { LARGE_BODY_PATH } from './routes/staff/admin/menu.ts';
import { mountStaticSite } from './static-site.ts';
import { sitePages } from './site-pages.ts';
import { liveValues } from './services/live-settings.ts';
import { log } from './logger.ts';
import { requestLocale } from './http/locale.ts';
import { apiMessageIn } from '../shared/i18n/translator.ts';

/** The types the app is built from, also reachable from here for callers that build one. */

export const BODY_TOO_LARGE = 'The request is too large.';
export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
export const UNREADABLE_TEXT = 'This request has characters we cannot read. Check what you typed and try again.';
/** PostgreSQL's "invalid byte sequence" and "untranslatable character": what a NUL in a text or jsonb value raises. */
const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(String((error as { code?: unknown }).code));
const MAX_BODY_BYTES = 100 * 1024;

export function createApp(deps: AppDependencies): Hono {
  const app = new Hono();
  const allowed = (origin: string) => isAllowedOrigin(origin, deps.settings);

  app.use('*', async (c, next) => {
    await deps.inFlight.track(next());
    // Once shutdown has begun, each answer closes its connection: the client's next request opens a
    // new one, which reaches a replica still taking them, and no kept-alive connection holds this one open.
    if (deps.inFlight.shuttingDown.aborted) c.header('Connection', 'close');
  });
  app.use('*', requestId());
  app.use('*', securityHeaders(deps.settings));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    log[c.res.status >= 500 ? 'error' : 'info'](
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  const webhook = (path: string) => path.startsWith('/api/webhooks/');
  app.use('/api/*', refuseUnlistedOrigins({ isAllowed: allowed, clock: deps.clock, log, exempt: webhook }));
  const preflight = cors({
    origin: (origin) => (allowed(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type', 'X-CSRFToken', 'X-Requested-With', 'Authorization', 'Idempotency-Key'],
    maxAge: 600,
  });
  // Hono's cors answers the preflight. On every other request it would set its headers on the
  // response before the handler ran, which makes Hono copy each answer into a new stream (a
  // fifth of the menu's cost under load): the same headers go on the finished answer instead.
  app.on('OPTIONS', '/api/*', preflight);
  app.use('/api/*', async (c, next) => {
    await next();
    const origin = c.req.header('Origin');
    const headers = c.res.headers;
    if (origin && allowed(origin)) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
    }
    headers.append('Vary', 'Origin');
  });
  const usualBodyLimit = bodyLimit(MAX_BODY_BYTES, BODY_TOO_LARGE);
  // A menu photo or a whole menu's import has its own, larger, limit on its route.
  const limitBodies: MiddlewareHandler = (c, next) =>
    LARGE_BODY_PATH.test(c.req.path) ? next() : usualBodyLimit(c, next);
  app.use('/api/*', limitBodies);
  app.use(
    '/api/*',
    csrfProtection({
      secret: deps.settings.secret,
      isAllowedOrigin: allowed,
      exempt: (path) => path.startsWith('/api/webhooks/') || path === '/api/vitals/',
    }),
  );

  for (const route of apiRoutes) app.route('/api', route(deps));
  const minimumFeeCents = async () => (await liveValues(deps.db)).pricing.minimumFeeCents;
  mountStaticSite(
    app,
    deps.settings.distDir,
    deps.settings,
    sitePages(deps.settings.distDir, deps.menu, minimumFeeCents),
  );

  app.onError((error, c) => {
    // The message in the asker's language (the widget sends its own as Accept-Language).
    const said = (message: string) => apiMessageIn(requestLocale(c), message);
    if (error instanceof HttpError)
      return c.json({ error: true, message: said(error.message) }, error.status, error.headers);
    // Text PostgreSQL cannot store (a NUL character in a path, query, cookie or body) is the caller's mistake.
    if (isUnstorableText(error)) return c.json({ error: true, message: said(UNREADABLE_TEXT) }, 400);
    log.error({ request_id: c.get('requestId'), path: c.req.path, err: error }, error.message);
    // PostgreSQL restarting or out of reach: say so, and that trying again will do (the pool reconnects).
    if (isDatabaseUnreachable(error))
      return c.json({ error: true, message: said(DATABASE_UNREACHABLE) }, 503, { 'Retry-After': '5' });
    return c.json({ error: true, message: said(SERVER_FAULT) }, 500);
  });
  return app;
}
