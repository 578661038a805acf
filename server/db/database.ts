/**
 * One small interface over the two databases the product runs on: PGlite (PostgreSQL in WASM,
 * files under DATA_DIR) by default, a PostgreSQL server when DATABASE_URL is set. Both speak the
 * same SQL, so every query and migration is written once.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { log } from '../logger.ts';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The database session a process listens on, as pg_stat_activity names it: while that row is
 * there the process is alive (db/open-streams.ts counts a process's streams by it). `started` is
 * the session's backend_start as PostgreSQL writes it, exact to the microsecond.
 */
export interface ListenSession {
  pid: number;
  started: string;
}

/** Asks a connection for its own session's pg_stat_activity identity (PGlite's and pg's query alike). */
async function sessionOf(connection: { query(sql: string): Promise<{ rows: unknown[] }> }): Promise<ListenSession> {
  const { rows } = await connection.query(
    'select pid, backend_start::text as started from pg_stat_activity where pid = pg_backend_pid()',
  );
  const row = rows[0] as ListenSession | undefined;
  if (!row) throw new Error('the database did not name its own session');
  return row;
}

/** What a process hears of NOTIFY (`pg_notify`) while it listens: see `Database.listen`. */
export interface NotificationListener {
  /** A notification on one of the channels, delivered once its transaction committed. */
  notify(channel: string, payload: string): void;
  /**
   * The listening connection is up (true: at the first connect and after each reconnect, when
   * anything sent while it was down was missed and must be read again, with the session now
   * listening) or lost (false).
   */
  connection(up: boolean, session?: ListenSession): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable & Pick<Database, 'exec'>) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channels` until the returned stop is called or the database closes: PGlite in
   * process; PostgreSQL on one connection of its own, opened again with back-off when it is lost.
   * One per process is enough (db/notifications.ts holds it). Absent: nothing is heard, and
   * whoever waits for a notification looks for itself now and then.
   */
  listen?(channels: readonly string[], listener: NotificationListener): Promise<() => Promise<void>>;
  /** Statements sent to the database since it opened, transactions' begin and commit included. */
  statements?(): number;
  close(): Promise<void>;
}

/** A channel name LISTEN takes as it is (no quoting needed). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** The first wait before opening a lost listening connection again; it doubles up to the most. */
const LISTEN_RETRY_FIRST_MS = 250;
const LISTEN_RETRY_MOST_MS = 10_000;
/** How the listening connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'comal-live';

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite under dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; in memory when absent. */
  dataDir?: string | undefined;
  /** The most PostgreSQL connections the pool opens (DATABASE_POOL_SIZE); DEFAULT_POOL_SIZE when absent. */
  poolSize?: number | undefined;
}

/** The pool's size when DATABASE_POOL_SIZE is unset. */
export const DEFAULT_POOL_SIZE = 10;

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
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dataDir));
}

/**
 * Turns at the database, one after the other in the order they were asked for, with the event
 * loop let through between two. PGlite runs each statement on this thread; left to itself it
 * runs every statement waiting for it back to back in one turn of the event loop. Under load that
 * turn grows long, and the server accepts one new connection per turn: at 50 clients a
 * customer's first request waited up to 8 s to be accepted while others were served.
 */
export function databaseTurns(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    last = turn.catch(() => {});
    return turn;
  };
}

/** The Database interface over an open PGlite instance. */
export function pgliteDatabase(db: PGlite): Database {
  let statements = 0;
  const inTurn = databaseTurns();
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      statements += 1;
      return (await inTurn(() => db.query<T>(sql, params))).rows;
    },
    async exec(sql) {
      statements += 1;
      await inTurn(() => db.exec(sql));
    },
    // A transaction is one turn: the statements inside it go straight to PGlite.
    transaction(work) {
      statements += 2; // begin, and commit or rollback
      return inTurn(() =>
        db.transaction((tx) =>
          work({
            query: async <T extends object>(sql: string, params: unknown[] = []) => {
              statements += 1;
              return (await tx.query<T>(sql, params)).rows;
            },
            exec: async (sql: string) => {
              statements += 1;
              await tx.exec(sql);
            },
          }),
        ),
      );
    },
    async listen(channels, listener) {
      for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel ${channel}`);
      const stops: (() => Promise<void>)[] = [];
      for (const channel of channels) {
        statements += 1;
        stops.push(await db.listen(channel, (payload) => listener.notify(channel, payload)));
      }
      // In process: the connection is never lost.
      statements += 1;
      listener.connection(true, await sessionOf(db));
      return async () => {
        for (const stop of stops) await stop().catch(() => {});
      };
    },
    statements: () => statements,
    close: () => db.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others): notifications go
 * to `listener`; when the connection is lost it says so, opens a new one after a wait that doubles
 * from LISTEN_RETRY_FIRST_MS up to LISTEN_RETRY_MOST_MS, and says so again once listening.
 */
async function listenOnPostgres(
  connectionString: string,
  channels: readonly string[],
  listener: NotificationListener,
  count: () => void,
): Promise<() => Promise<void>> {
  for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let wait = LISTEN_RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const again = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, LISTEN_RETRY_MOST_MS);
  };
  const lost = (client: pg.Client, error?: Error) => {
    if (client !== current || stopped) return;
    current = undefined;
    log.warn(
      { err: error },
      'live events: the database connection that listens was lost; streams look every second until it is back',
    );
    listener.connection(false);
    client.end().catch(() => {});
    again();
  };
  async function connect(): Promise<void> {
    let session: ListenSession;
    const client = new pg.Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (message) => listener.notify(message.channel, message.payload ?? ''));
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of channels) {
        count();
        await client.query(`listen ${channel}`);
      }
      count();
      session = await sessionOf(client);
    } catch (error) {
      log.warn({ err: error }, 'live events: could not listen on the database; trying again');
      client.end().catch(() => {});
      again();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    const reconnected = wait > LISTEN_RETRY_FIRST_MS;
    current = client;
    wait = LISTEN_RETRY_FIRST_MS;
    if (reconnected) log.info('live events: listening on the database again');
    listener.connection(true, session);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** The most distinct statements a process prepares on each connection; any beyond go unnamed. */
const MOST_PREPARED_STATEMENTS = 1_000;

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans a
 * statement's text once (PostgreSQL keeps a generic plan once it costs no more than a custom one)
 * and afterwards only binds and executes it, which halves the server's work for the short
 * statements an order makes. The name is a digest of the text, so one text has one name on every
 * connection. Texts are bounded (every statement is written in server/db/ with placeholders), and
 * a cap keeps a surprise from filling each connection's memory. A pooler in transaction mode
 * (PgBouncer before 1.21) does not carry prepared statements: point DATABASE_URL at PostgreSQL or
 * at a pooler that does.
 */
function preparedStatements() {
  const names = new Map<string, string>();
  return (text: string, values: unknown[]): pg.QueryConfig => {
    if (values.length === 0) return { text, values };
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PREPARED_STATEMENTS) {
      name = `comal_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
}

async function openPostgres(connectionString: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  let statements = 0;
  const statement = preparedStatements();
  const listening = new Set<() => Promise<void>>();
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool replaces it, and requests in flight fail with their own error.
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost'));
  // Fail at start, with the server's own message, rather than on the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      statements += 1;
      return (await pool.query<T>(statement(sql, params))).rows;
    },
    async exec(sql) {
      statements += 1;
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
        statements += 2; // begin, and commit or rollback
        await client.query('begin');
        const result = await work({
          query: async <T extends object>(sql: string, params: unknown[] = []) => {
            statements += 1;
            return (await client.query<T>(statement(sql, params))).rows;
          },
          exec: async (sql: string) => {
            statements += 1;
            await client.query(sql);
          },
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
    async listen(channels, listener) {
      const stop = await listenOnPostgres(connectionString, channels, listener, () => (statements += 1));
      const stopOnce = async () => {
        listening.delete(stopOnce);
        await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    statements: () => statements,
    async close() {
      for (const stop of [...listening]) await stop();
      await pool.end();
    },
  };
}
