/** SQL for web_vitals: the Core Web Vitals that visitors' browsers report. */
import type { Queryable } from './database.ts';

export const VITAL_NAMES = ['CLS', 'INP', 'FCP', 'LCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export interface WebVital {
  name: VitalName;
  value: number;
  rating: VitalRating;
  path: string;
  navigation_type: string;
  metric_id: string;
}

export async function insertWebVital(db: Queryable, vital: WebVital, at: Date): Promise<void> {
  await db.query(
    `insert into web_vitals (name, value, rating, path, navigation_type, metric_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [vital.name, vital.value, vital.rating, vital.path, vital.navigation_type, vital.metric_id, at],
  );
}

export interface VitalSummary {
  name: VitalName;
  path: string;
  samples: number;
  /** The 75th percentile, the figure Core Web Vitals are judged by. */
  p75: number;
}

/** The 75th percentile of each metric per page since `since`, busiest pages first. */
export async function summarizeWebVitals(db: Queryable, since: Date): Promise<VitalSummary[]> {
  const rows = await db.query<{ name: VitalName; path: string; samples: string | number; p75: number }>(
    `select name, path, count(*) as samples,
            percentile_cont(0.75) within group (order by value) as p75
       from web_vitals where created_at >= $1
      group by name, path
      order by count(*) desc, path, name`,
    [since],
  );
  return rows.map((row) => ({ ...row, samples: Number(row.samples), p75: Number(row.p75) }));
}

/** Drops rows older than `olderThan` (run now and then, not per request). */
export async function pruneWebVitals(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from web_vitals where created_at < $1', [olderThan]);
}
