/**
 * One small interface over the two databases the product runs on: PGlite (PostgreSQL in WASM,
 * files under DATA_DIR) by default, a PostgreSQL server when DATABASE_URL is set. Both speak the
 * same SQL, so every query and migration is written once.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { log } from '../logger.ts';

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

/** What a request answers (503) while PostgreSQL cannot be reached: a restart, a failover, the network. */
export const DATABASE_UNREACHABLE = 'We could not reach our database. Please try again in a moment.';

/**
 * SQLSTATEs and socket errors of a lost or refused connection: the server shutting down or
 * restarting (57P01-57P03), a connection exception (class 08), or no server at the address.
 */
const CONNECTION_LOST = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/** Whether `error` says the database could not be reached (pg's errors), not that a query was wrong. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST.has(code)) return true;
  return /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
    error.message,
  );
}

/** Answers once the database has answered a trivial query (a health check). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dataDir));
}

/** The Database interface over an open PGlite instance. */
export function pgliteDatabase(db: PGlite): Database {
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
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost'));
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
      // A connection lost mid-transaction (a restart, a failover) also emits 'error' on the
      // checked-out client, which the pool no longer listens to: unheard, it would end the
      // process. The statement that failed already carries the error to the request.
      const lost = () => {};
      client.on('error', lost);
      try {
        await client.query('begin');
        const result = await work({
          query: async <T extends object>(sql: string, params: unknown[] = []) =>
            (await client.query<T>(sql, params)).rows,
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.removeListener('error', lost);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
