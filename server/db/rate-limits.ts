/** SQL for rate-limit windows: hits per bucket (a purpose plus who asks) per fixed window. */
import type { Queryable } from './database.ts';

/** Counts one hit in the bucket's window; answers the window's hits so far. */
export async function addHit(db: Queryable, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db.query<{ hits: number }>(
    `insert into rate_limit_hits (bucket, window_start, hits) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
     returning hits`,
    [bucket, windowStart],
  );
  return row?.hits ?? 0;
}

/**
 * Counts one hit in `bucket`'s window and reads another bucket's window without counting, in one
 * statement (one round trip where a request checks two limits); answers both counts.
 */
export async function addHitReading(
  db: Queryable,
  bucket: string,
  windowStart: Date,
  read: { bucket: string; windowStart: Date },
): Promise<{ hits: number; read: number }> {
  const [row] = await db.query<{ hits: number; read: number | null }>(
    `with counted as (
       insert into rate_limit_hits (bucket, window_start, hits) values ($1, $2, 1)
       on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
       returning hits)
     select (select hits from counted) as hits,
            (select hits from rate_limit_hits where bucket = $3 and window_start = $4) as read`,
    [bucket, windowStart, read.bucket, read.windowStart],
  );
  return { hits: row?.hits ?? 0, read: row?.read ?? 0 };
}

/** Takes back one hit counted in the bucket's window (work that turned out not to count). */
export async function removeHit(db: Queryable, bucket: string, windowStart: Date): Promise<void> {
  await db.query('update rate_limit_hits set hits = greatest(hits - 1, 0) where bucket = $1 and window_start = $2', [
    bucket,
    windowStart,
  ]);
}

/** Drops windows that started before `olderThan`. */
export async function deleteWindowsBefore(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from rate_limit_hits where window_start < $1', [olderThan]);
}
