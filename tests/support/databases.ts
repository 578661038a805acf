/**
 * The databases every database suite runs on: PGlite always, and the PostgreSQL server named by
 * DATABASE_URL when it is set (CI starts one). Each opened target is a fresh, empty database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database.ts';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A new empty database, and how to open it again (as a restart would). */
  create(): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  db: Database;
  reopen(): Promise<Database>;
  /** Closes every connection it opened and deletes the database. */
  destroy(): Promise<void>;
}

const pglite: DatabaseTarget = {
  name: 'pglite',
  async create() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'comal-db-'));
    const opened: Database[] = [await openDatabase({ dataDir })];
    return {
      db: opened[0]!,
      async reopen() {
        const db = await openDatabase({ dataDir });
        opened.push(db);
        return db;
      },
      async destroy() {
        for (const db of opened) await db.close().catch(() => {});
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
};

function postgres(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async create() {
      const name = `comal_test_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const testUrl = new URL(url);
      testUrl.pathname = `/${name}`;
      const opened: Database[] = [await openDatabase({ databaseUrl: testUrl.toString() })];
      return {
        db: opened[0]!,
        async reopen() {
          const db = await openDatabase({ databaseUrl: testUrl.toString() });
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
