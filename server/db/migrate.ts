/**
 * Applies the ordered SQL files of server/db/migrations once each, at start. A lock keeps two
 * replicas starting together on one PostgreSQL from applying the same file twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database.ts';

// Beside this module: server/db/migrations, or dist/server/migrations in the server's bundle
// (scripts/build-server.mjs copies them there). From a path, not a URL: under a DOM test
// environment, URL is the DOM's, which node:url does not take.
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 72_413_001;

/** Applies what is new, in file-name order; answers the versions it applied. */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = path.basename(file, '.sql');
      if (done.has(version)) continue;
      await tx.exec(await readFile(path.join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}
