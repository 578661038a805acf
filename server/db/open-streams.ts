/**
 * SQL for the event streams open right now, per client, so that a limit on them holds on every
 * replica. A server renews the rows of all its open streams at once while they live; a row not
 * renewed for STALE_SECONDS belonged to a server that died and no longer counts.
 */
import type { Database } from './database.ts';

const STALE_SECONDS = 60;
/** Serialises the count-then-open of one client across replicas. */
const OPEN_STREAM_LOCK = 72_413_017;

/** Opens a stream for `client` when it has fewer than `limit` open; false otherwise. */
export async function openStream(db: Database, id: string, client: string, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [OPEN_STREAM_LOCK, client]);
    await tx.query(`delete from open_streams where client = $1 and seen_at < now() - make_interval(secs => $2)`, [
      client,
      STALE_SECONDS,
    ]);
    const [row] = await tx.query<{ open: number }>('select count(*)::int as open from open_streams where client = $1', [
      client,
    ]);
    if ((row?.open ?? 0) >= limit) return false;
    await tx.query('insert into open_streams (id, client) values ($1, $2)', [id, client]);
    return true;
  });
}

/** Renews every stream a process has open in one statement, however many there are. */
export async function renewStreams(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('update open_streams set seen_at = now() where id = any($1::text[])', [[...ids]]);
}

export async function closeStream(db: Database, id: string): Promise<void> {
  await db.query('delete from open_streams where id = $1', [id]);
}

/** Drops the rows of streams whose server died (run now and then, not per request). */
export async function pruneOpenStreams(db: Database): Promise<void> {
  await db.query(`delete from open_streams where seen_at < now() - make_interval(secs => $1)`, [STALE_SECONDS]);
}
