import { Hono } from 'hono';
import type { AppDependencies } from '../app.ts';
import { setCsrfCookie } from '../http/csrf.ts';
import { cameOverHttps } from '../http/https.ts';

/** GET /api/csrf/: sets the csrftoken cookie and returns the same token for pages that cannot read it. */
export function csrfRoutes({ settings }: AppDependencies): Hono {
  return new Hono().get('/csrf/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ csrftoken: setCsrfCookie(c, settings.secret, cameOverHttps(c, settings)) });
  });
}
