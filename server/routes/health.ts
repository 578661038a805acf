import { Hono } from 'hono';
import type { AppDependencies } from '../dependencies.ts';

/** GET /api/health/: the process answers and its database does too. */
export function healthRoutes({ db }: AppDependencies): Hono {
  return new Hono().get('/health/', async (c) => {
    await db.query('select 1');
    return c.json({ ok: true, database: db.kind });
  });
}
