import { Hono } from 'hono';
import type { CsrfResponse } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { getCookie } from 'hono/cookie';
import { CSRF_COOKIE, isSignedCsrfToken, setCsrfCookie } from '../http/csrf.ts';
import { cameOverHttps } from '../http/https.ts';

/**
 * GET /api/csrf/: sets the csrftoken cookie and returns the same token for pages that cannot read
 * it. A browser that already holds a token this server signed keeps it (a reload does not change
 * it), so a checkout retried after a reload is still the same caller for its Idempotency-Key.
 */
export function csrfRoutes({ settings }: AppDependencies): Hono {
  return new Hono().get('/csrf/', (c) => {
    c.header('Cache-Control', 'no-store');
    const held = getCookie(c, CSRF_COOKIE);
    const token = held && isSignedCsrfToken(settings.secret, held) ? held : undefined;
    const body: CsrfResponse = { csrftoken: setCsrfCookie(c, settings.secret, cameOverHttps(c, settings), token) };
    return c.json(body);
  });
}
