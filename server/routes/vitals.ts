import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDependencies } from '../dependencies.ts';
import { isAllowedOrigin } from '../http/origins.ts';
import { clientAddress } from '../http/client-address.ts';
import { ORIGIN_REFUSED } from '../http/csrf.ts';
import { HttpError, NOT_JSON, parseWith } from '../http/errors.ts';
import { countHit } from '../http/rate-limit.ts';
import { insertWebVital, VITAL_NAMES, VITAL_RATINGS } from '../db/vitals.ts';

/** Past this, measurements from one address are dropped (still 204: a visitor's page never sees an error). */
export const VITALS_RATE_LIMIT = { name: 'vitals', limit: 120, windowMs: 60_000 };

export const VitalBeaconSchema = z.object({
  name: z.enum(VITAL_NAMES, { error: 'name must be one of CLS, INP, FCP, LCP or TTFB.' }),
  value: z
    .number({ error: 'value must be a finite number.' })
    .min(0, { error: 'value cannot be negative.' })
    .lt(1e7, { error: 'value is too large.' }),
  rating: z.enum(VITAL_RATINGS, { error: 'rating must be good, needs-improvement or poor.' }),
  path: z
    .string({ error: 'path must be the page’s path.' })
    .startsWith('/', { error: 'path must start with /.' })
    .max(300, { error: 'path is too long.' }),
  navigation_type: z
    .string()
    .regex(/^[a-z-]{0,32}$/, { error: 'navigation_type is not valid.' })
    .optional()
    .default(''),
  id: z.string().max(100, { error: 'id is too long.' }).optional().default(''),
});

/**
 * POST /api/vitals/: one Core Web Vitals measurement from a visitor's browser (a beacon), stored
 * and answered 204. Beacons cannot set headers, so this call is exempt from the CSRF token (see
 * app.ts) and reads its body as JSON whatever the Content-Type (sendBeacon sends text/plain). It
 * changes nothing but its own table, and the Origin check below still keeps other sites out.
 */
export function vitalsRoutes({ db, clock, settings }: AppDependencies): Hono {
  return new Hono().post('/vitals/', async (c) => {
    const origin = c.req.header('Origin');
    if (origin && !isAllowedOrigin(origin, settings)) throw new HttpError(403, ORIGIN_REFUSED);
    const { allowed } = await countHit(db, VITALS_RATE_LIMIT, clientAddress(c, settings.trustProxy), clock());
    if (!allowed) return c.body(null, 204);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new HttpError(400, NOT_JSON);
    }
    const vital = parseWith(VitalBeaconSchema, body);
    await insertWebVital(
      db,
      {
        name: vital.name,
        value: vital.value,
        rating: vital.rating,
        path: vital.path,
        navigation_type: vital.navigation_type,
        metric_id: vital.id,
      },
      clock(),
    );
    return c.body(null, 204);
  });
}
