import { Hono } from 'hono';
import type { HealthResponse } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { ping } from '../db/database.ts';

/** GET /api/health/: the process answers and its database does too. */
export function healthRoutes({ db }: AppDependencies): Hono {
  return new Hono().get('/health/', async (c) => {
    await ping(db);
    return c.json({ ok: true, database: db.kind } satisfies HealthResponse);
  });
}
