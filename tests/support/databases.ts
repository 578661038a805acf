/**
 * The databases every database suite runs on: PGlite always, and the PostgreSQL server named by
 * DATABASE_URL when it is set (CI starts one). Each opened target is a fresh database of its own:
 * empty, or with every migration applied when asked (`{ migrated: true }`).
 *
 * A fresh database starts from a template made once and kept until the migrations change: PGlite
 * loads a dumped data directory into memory instead of running initdb (about 2 s a database), and
 * PostgreSQL copies a template database. Nothing else differs from a database made from scratch.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase, type Database, type Row } from '../../server/db/database.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';

// Paths, not URLs: under the widget suite's DOM environment, URL is the DOM's, which node:url does not take.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CreateOptions {
  /** Every migration applied, as the server's start would leave it (default: empty). */
  migrated?: boolean;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A new database, and how to open it again (as a restart would). */
  create(options?: CreateOptions): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  db: Database;
  reopen(): Promise<Database>;
  /** Closes every connection it opened and deletes the database. */
  destroy(): Promise<void>;
}

/** What a template depends on: PGlite's version and, for a migrated one, every migration file. */
async function templateKey(migrated: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  if (migrated) {
    for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
      hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = path.join(ROOT, 'node_modules/.cache/comal-test-databases');
const pgliteTemplates = new Map<boolean, Promise<Blob>>();

/** A PGlite data directory dumped once (on disk, shared by every test file and run) and loaded per test. */
function pgliteTemplate(migrated: boolean): Promise<Blob> {
  let template = pgliteTemplates.get(migrated);
  if (!template) {
    template = (async () => {
      const file = path.join(
        TEMPLATE_DIR,
        `pglite-${migrated ? 'migrated' : 'empty'}-${await templateKey(migrated)}.tar`,
      );
      try {
        return new Blob([await readFile(file)]);
      } catch {
        const instance = await PGlite.create();
        if (migrated) await migrate(pgliteDatabase(instance));
        const dump = await instance.dumpDataDir('none');
        await instance.close();
        await mkdir(TEMPLATE_DIR, { recursive: true });
        // Written aside and renamed, so a test file running at the same time never reads half a file.
        const partial = `${file}.${randomUUID()}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
        return dump;
      }
    })();
    pgliteTemplates.set(migrated, template);
  }
  return template;
}

let dataDirTemplate: Promise<string> | undefined;

/** A migrated PGlite data directory on disk, made once per set of migrations and kept, for copying. */
function pgliteDataDirTemplate(): Promise<string> {
  dataDirTemplate ??= (async () => {
    const dir = path.join(TEMPLATE_DIR, `pglite-data-dir-migrated-${await templateKey(true)}`);
    const made = () => existsSync(path.join(dir, 'PG_VERSION'));
    if (made()) return dir;
    // Built aside and renamed, so a run beside this one never copies half a directory.
    const partial = `${dir}.${randomUUID()}`;
    const db = await openDatabase({ dataDir: partial });
    await migrate(db);
    await db.close();
    await rename(partial, dir).catch(async (error: unknown) => {
      await rm(partial, { recursive: true, force: true });
      if (!made()) throw error; // else another run made the same template meanwhile: use theirs
    });
    return dir;
  })();
  return dataDirTemplate;
}

/**
 * A new PGlite data directory for a server process (`DATA_DIR`), with every migration applied as
 * the server's first start would leave it: copying one takes a tenth of a second, where initdb
 * and the migrations take the server about 3 s. The caller removes it (removeDataDir). Copied by the system's
 * `cp`: node's fs.cp takes 1.3 to 2.5 s over the template's 1,200 files, on each server start.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'comal-process-'));
  await copyDirectory(await pgliteDataDirTemplate(), dir);
  return dir;
}

const copyDirectory = (from: string, to: string) => promisify(execFile)('cp', ['-R', `${from}/.`, to]);

/** What a freshly migrated database holds besides its schema, to empty a used one back to it. */
interface MigratedState {
  /** Every relation of the public schema, to notice a test that changed the schema. */
  relations: string;
  empty: string;
  rows: { table: string; rows: string[] }[];
}

let migratedState: Promise<MigratedState> | undefined;
/** A migrated PGlite a finished test gave back, emptied, for the next test to take. */
let spare: PGlite | undefined;

async function relationsOf(instance: PGlite): Promise<string> {
  const { rows } = await instance.query<{ relations: string }>(
    `select string_agg(c.relname || ':' || c.relkind::text, ',' order by c.relname) as relations
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
  );
  return rows[0]?.relations ?? '';
}

/** Read from a database just loaded from the migrated template, before any test touches it. */
async function readMigratedState(instance: PGlite): Promise<MigratedState> {
  const tables = (
    await instance.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
    )
  ).rows.map((row) => row.name);
  const sequences = (
    await instance.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`)
  ).rows.map((row) => row.name);
  const rows: MigratedState['rows'] = [];
  for (const table of tables) {
    const found = await instance.query<{ row: string }>(`select row_to_json(t)::text as row from "${table}" t`);
    if (found.rows.length > 0) rows.push({ table, rows: found.rows.map((row) => row.row) });
  }
  return {
    relations: await relationsOf(instance),
    empty: [
      `truncate table ${tables.map((table) => `"${table}"`).join(', ')} restart identity cascade`,
      ...sequences.map((sequence) => `alter sequence "${sequence}" restart`),
    ].join(';\n'),
    rows,
  };
}

/**
 * Empties a used migrated database back to what the template holds: every table truncated, every
 * sequence restarted, the rows the migrations wrote put back, the session's settings and locks
 * let go. Refused (and the database closed by the caller) when the test changed the schema.
 */
async function emptyToTemplate(instance: PGlite): Promise<void> {
  const state = await migratedState!;
  await instance.exec('discard all');
  if ((await relationsOf(instance)) !== state.relations) throw new Error('The test changed the schema.');
  await instance.transaction(async (tx) => {
    await tx.exec(state.empty);
    for (const { table, rows } of state.rows) {
      for (const row of rows) {
        await tx.query(`insert into "${table}" select * from json_populate_record(null::"${table}", $1::json)`, [row]);
      }
    }
  });
}

/**
 * The Database a test gets. Once the test throws it away, a call through it (a timer of that
 * test's app, say) is refused, so nothing reaches the next test that reuses the same PGlite.
 */
function lease(instance: PGlite, onClose: () => Promise<void>): { database: Database; revoke: () => void } {
  const inner = pgliteDatabase(instance);
  let live = true;
  const check = () => {
    if (!live) throw new Error('This test database was thrown away.');
  };
  const database: Database = {
    kind: inner.kind,
    async query<T extends object = Row>(sql: string, params?: unknown[]) {
      check();
      return inner.query<T>(sql, params);
    },
    async exec(sql) {
      check();
      return inner.exec(sql);
    },
    async transaction(work) {
      check();
      return inner.transaction(work);
    },
    async listen(channels, listener) {
      check();
      return inner.listen!(channels, listener);
    },
    statements: () => inner.statements!(),
    close: onClose,
  };
  return { database, revoke: () => (live = false) };
}

/**
 * PGlite in memory, loaded from a template, or for a migrated one the emptied database an earlier
 * test of this file gave back (loading costs about 0.5 s, emptying a few milliseconds). A restart
 * is closing it and loading what it held into a new instance: the data directory is dumped when
 * it closes (or when reopened while still open).
 */
const pglite: DatabaseTarget = {
  name: 'pglite',
  async create(options = {}) {
    const migrated = options.migrated ?? false;
    const instances: PGlite[] = [];
    const revokes: (() => void)[] = [];
    let saved: Blob | undefined;
    function open(instance: PGlite): Database {
      instances.push(instance);
      const { database, revoke } = lease(instance, async () => {
        if (instance.closed) return;
        saved = await instance.dumpDataDir('none');
        await instance.close();
      });
      revokes.push(revoke);
      return database;
    }
    let first = migrated ? spare : undefined;
    spare = undefined;
    if (!first) {
      first = await PGlite.create({ loadDataDir: await pgliteTemplate(migrated) });
      if (migrated) migratedState ??= readMigratedState(first);
      if (migrated) await migratedState;
    }
    const db = open(first);
    return {
      db,
      async reopen() {
        const current = instances.at(-1)!;
        if (!current.closed) saved = await current.dumpDataDir('none');
        return open(await PGlite.create({ loadDataDir: saved }));
      },
      // Thrown away: kept for the next test when it is one migrated database still open, else
      // closed without the dump a restart needs.
      async destroy() {
        for (const revoke of revokes) revoke();
        const [only] = instances;
        if (migrated && instances.length === 1 && only && !only.closed && !spare) {
          try {
            await emptyToTemplate(only);
            spare = only;
            return;
          } catch {
            // Closed below, like any other.
          }
        }
        for (const instance of instances) if (!instance.closed) await instance.close().catch(() => {});
      },
    };
  },
};

const postgresTemplates = new Map<string, Promise<string>>();

/** A migrated database on the server, made once per set of migrations, that fresh ones copy. */
function postgresTemplate(url: string): Promise<string> {
  let template = postgresTemplates.get(url);
  if (!template) {
    template = (async () => {
      const name = `comal_template_${await templateKey(true)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          // Built under another name and renamed, so a crash never leaves half a template.
          const partial = `${name}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
          await admin.query(`create database ${partial}`);
          const db = await openDatabase({ databaseUrl: databaseUrl(url, partial) });
          await migrate(db);
          await db.close();
          await admin.query(`alter database ${partial} rename to ${name}`).catch(async (error: unknown) => {
            // Another test file made the same template meanwhile: use theirs.
            await admin.query(`drop database if exists ${partial}`);
            if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0) throw error;
          });
        }
      } finally {
        await admin.end();
      }
      return name;
    })();
    postgresTemplates.set(url, template);
  }
  return template;
}

function databaseUrl(url: string, name: string): string {
  const named = new URL(url);
  named.pathname = `/${name}`;
  return named.toString();
}

function postgres(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async create(options = {}) {
      const name = `comal_test_${randomUUID().replaceAll('-', '')}`;
      const template = options.migrated ? await postgresTemplate(url) : undefined;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      await admin.end();
      const testUrl = databaseUrl(url, name);
      const opened: Database[] = [await openDatabase({ databaseUrl: testUrl })];
      return {
        db: opened[0]!,
        async reopen() {
          const db = await openDatabase({ databaseUrl: testUrl });
          opened.push(db);
          return db;
        },
        async destroy() {
          for (const db of opened) await db.close().catch(() => {});
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

export const databaseTargets: DatabaseTarget[] = [
  pglite,
  ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : []),
];
