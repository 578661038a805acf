/**
 * The databases every database suite runs on: PGlite always, and the PostgreSQL server named by
 * DATABASE_URL when it is set (CI starts one). Each opened target is a fresh database of its own:
 * empty, or with every migration applied when asked (`{ migrated: true }`).
 *
 * A fresh database starts from a template made once and kept until the migrations change: PGlite
 * loads a dumped data directory into memory instead of running initdb (about 2 s a database), and
 * PostgreSQL copies a template database. Nothing else differs from a database made from scratch.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/database.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';

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
    await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  if (migrated) {
    for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
      hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = fileURLToPath(new URL('../../node_modules/.cache/comal-test-databases/', import.meta.url));
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

/**
 * PGlite in memory, loaded from a template. A restart is closing it and loading what it held into
 * a new instance: the data directory is dumped when it closes (or when reopened while still open).
 */
const pglite: DatabaseTarget = {
  name: 'pglite',
  async create(options = {}) {
    let saved = await pgliteTemplate(options.migrated ?? false);
    const instances: PGlite[] = [];
    let current: PGlite | undefined;
    async function open(): Promise<Database> {
      const instance = await PGlite.create({ loadDataDir: saved });
      current = instance;
      instances.push(instance);
      const db = pgliteDatabase(instance);
      const database: Database = {
        ...db,
        async close() {
          if (instance.closed) return;
          saved = await instance.dumpDataDir('none');
          await instance.close();
        },
      };
      return database;
    }
    const db = await open();
    return {
      db,
      async reopen() {
        if (current && !current.closed) saved = await current.dumpDataDir('none');
        return open();
      },
      // Thrown away: closed without the dump a restart needs.
      async destroy() {
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
