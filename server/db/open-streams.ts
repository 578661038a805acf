/**
 * SQL for the event streams open right now, per client, so that a limit on them holds on every
 * replica. A stream's row names the database session its server listens on (db/notifications.ts):
 * it counts while that session is in pg_stat_activity, which it leaves the moment the server dies,
 * so a live stream needs no renewal and an idle one costs no query. A row with no session (its
 * server could not listen when it opened) counts for STALE_SECONDS.
 */
import type { Database, ListenSession, Queryable } from './database.ts';

const STALE_SECONDS = 60;
/** Serialises the count-then-open of one client across replicas. */
const OPEN_STREAM_LOCK = 72_413_017;

/** A row whose server still runs (aliased `s`). */
const LIVE = `case when s.server_pid is null then s.seen_at >= now() - make_interval(secs => ${STALE_SECONDS})
  else exists (select 1 from pg_stat_activity a where a.pid = s.server_pid and a.backend_start = s.server_started) end`;

/** Opens a stream for `client` when it has fewer than `limit` open; false otherwise. */
export async function openStream(
  db: Database,
  stream: { id: string; client: string; session: ListenSession | null },
  limit: number,
): Promise<boolean> {
  const { id, client, session } = stream;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [OPEN_STREAM_LOCK, client]);
    const [row] = await tx.query<{ open: number }>(
      `with gone as (delete from open_streams s where s.client = $1 and not (${LIVE}) returning s.id)
       select count(*)::int as open from open_streams s where s.client = $1 and s.id not in (select id from gone)`,
      [client],
    );
    if ((row?.open ?? 0) >= limit) return false;
    await tx.query(
      'insert into open_streams (id, client, server_pid, server_started) values ($1, $2, $3, $4::timestamptz)',
      [id, client, session?.pid ?? null, session?.started ?? null],
    );
    return true;
  });
}

/** Names `session` as the server of the streams `ids` (its listening connection was opened again). */
export async function moveStreams(db: Queryable, ids: readonly string[], session: ListenSession): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    'update open_streams set server_pid = $2, server_started = $3::timestamptz, seen_at = now() where id = any($1::text[])',
    [[...ids], session.pid, session.started],
  );
}

export async function closeStream(db: Queryable, id: string): Promise<void> {
  await db.query('delete from open_streams where id = $1', [id]);
}

/** Drops the rows of streams whose server died (run now and then, not per request). */
export async function pruneOpenStreams(db: Queryable): Promise<void> {
  await db.query(`delete from open_streams s where not (${LIVE})`);
}
