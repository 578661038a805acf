/**
 * The database side of backups on PGlite: an instance that can also take a consistent snapshot of
 * its data directory, a snapshot loaded into a new data directory, and the number of orders a
 * restore reports. Files, the control socket and pg_dump live in server/backup/.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type Database, type DatabaseOptions, type Queryable } from './database.ts';

export interface SnapshotDatabase {
  db: Database;
  /** PGlite only: the data directory as an uncompressed tar, taken between two transactions. */
  snapshot: (() => Promise<Uint8Array>) | undefined;
}

/**
 * The server's database, opened as openDatabase opens it; for PGlite the instance is kept, since
 * only the process that holds a data directory may read it for a backup.
 */
export async function openSnapshotDatabase(options: DatabaseOptions): Promise<SnapshotDatabase> {
  if (options.databaseUrl) return { db: await openDatabase(options), snapshot: undefined };
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const instance = await PGlite.create(options.dataDir);
  return { db: pgliteDatabase(instance), snapshot: () => snapshotOf(instance) };
}

/**
 * Every query and transaction of a PGlite instance waits for the one before it, so inside a
 * transaction of our own nothing else runs: a checkpoint writes every committed change into the
 * data files, and the copy holds exactly the transactions committed before it, none half done.
 * Requests wait only while the files are read; compressing happens after.
 */
async function snapshotOf(instance: PGlite): Promise<Uint8Array> {
  const tar = await instance.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return instance.dumpDataDir('none');
  });
  return new Uint8Array(await tar.arrayBuffer());
}

/** A snapshot of a data directory no server holds: opened, copied, closed. */
export async function snapshotDataDir(dataDir: string): Promise<Uint8Array> {
  const instance = await PGlite.create(dataDir);
  try {
    return await snapshotOf(instance);
  } finally {
    await instance.close();
  }
}

/**
 * Makes the new directory `dataDir` the database a snapshot holds (a tar, gzipped or not), opens
 * it to prove it works, and answers how many orders it holds.
 */
export async function loadSnapshot(dataDir: string, snapshot: Blob): Promise<number> {
  await mkdir(dataDir, { recursive: true });
  const instance = await PGlite.create(dataDir, { loadDataDir: snapshot });
  try {
    return await countOrders(pgliteDatabase(instance));
  } finally {
    await instance.close();
  }
}

export async function countOrders(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders');
  return row?.n ?? 0;
}
