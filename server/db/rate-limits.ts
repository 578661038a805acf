/** SQL for rate-limit windows: hits per bucket (a purpose plus who asks) per fixed window. */
import type { WindowHits } from '../../shared/sliding-window.ts';
import type { Queryable } from './database.ts';

/** A fixed window by when it and the one before it began. */
export interface WindowStarts {
  start: Date;
  previous: Date;
}

/** Counts one hit in the bucket's window; answers its hits so far and the previous window's. */
export async function addHit(db: Queryable, bucket: string, window: WindowStarts): Promise<WindowHits> {
  const [row] = await db.query<{ current: number; previous: number }>(
    `with counted as (
       insert into rate_limit_hits (bucket, window_start, hits) values ($1, $2, 1)
       on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
       returning hits)
     select (select hits from counted) as current,
            coalesce((select hits from rate_limit_hits where bucket = $1 and window_start = $3), 0) as previous`,
    [bucket, window.start, window.previous],
  );
  return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
}

/**
 * Counts one hit in `bucket`'s window and reads another bucket's two windows without counting, in
 * one statement (one round trip where a request checks two limits); answers both.
 */
export async function addHitReading(
  db: Queryable,
  bucket: string,
  window: WindowStarts,
  read: { bucket: string; window: WindowStarts },
): Promise<{ hits: WindowHits; read: WindowHits }> {
  const [row] = await db.query<{ current: number; previous: number; read_current: number; read_previous: number }>(
    `with counted as (
       insert into rate_limit_hits (bucket, window_start, hits) values ($1, $2, 1)
       on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
       returning hits)
     select (select hits from counted) as current,
            coalesce((select hits from rate_limit_hits where bucket = $1 and window_start = $3), 0) as previous,
            coalesce((select hits from rate_limit_hits where bucket = $4 and window_start = $5), 0) as read_current,
            coalesce((select hits from rate_limit_hits where bucket = $4 and window_start = $6), 0) as read_previous`,
    [bucket, window.start, window.previous, read.bucket, read.window.start, read.window.previous],
  );
  return {
    hits: { current: row?.current ?? 0, previous: row?.previous ?? 0 },
    read: { current: row?.read_current ?? 0, previous: row?.read_previous ?? 0 },
  };
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
