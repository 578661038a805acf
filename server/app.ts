/** The whole HTTP surface as one Hono value, so tests call it directly or through a port. */
import { Hono } from 'hono';
import type { Database } from './db/database.ts';
import { mountStaticSite } from './static-site.ts';

export interface AppDependencies {
  db: Database;
  distDir: string;
}

export function createApp({ db, distDir }: AppDependencies): Hono {
  const app = new Hono();
  app.get('/api/health/', async (c) => {
    await db.query('select 1');
    return c.json({ ok: true, database: db.kind });
  });
  mountStaticSite(app, distDir);
  app.onError((error, c) => {
    console.error(JSON.stringify({ level: 'error', path: c.req.path, message: error.message }));
    return c.json({ error: true, message: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
