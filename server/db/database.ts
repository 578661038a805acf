/**
 * One small interface over the two databases the product runs on: PGlite (PostgreSQL in WASM,
 * files under DATA_DIR) by default, a PostgreSQL server when DATABASE_URL is set. Both speak the
 * same SQL, so every query and migration is written once.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable & Pick<Database, 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite under dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; in memory when absent. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          query: async <T extends object>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql: string) => void (await tx.exec(sql)),
        }),
      );
    },
    close: () => db.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool replaces it, and requests in flight fail with their own error.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'warn', message: `database connection lost: ${error.message}` })));
  // Fail at start, with the server's own message, rather than on the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await pool.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async <T extends object>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
