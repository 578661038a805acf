/** SQL for failed sign-ins per caller; the rule that reads them is in server/auth/sign-in-throttle.ts. */
import type { Queryable } from './database.ts';

export interface SignInFailuresRow {
  bucket: string;
  failures: number;
  last_failure_at: Date;
}

/** A bucket's failures, its row made when missing and locked until the transaction ends. */
export async function lockSignInFailures(tx: Queryable, bucket: string, now: Date): Promise<SignInFailuresRow> {
  const [row] = await tx.query<SignInFailuresRow>(
    `insert into sign_in_failures (bucket, failures, last_failure_at) values ($1, 0, $2)
     on conflict (bucket) do update set failures = sign_in_failures.failures
     returning bucket, failures, last_failure_at`,
    [bucket, now],
  );
  return row!;
}

export async function setSignInFailures(tx: Queryable, bucket: string, failures: number, at: Date): Promise<void> {
  await tx.query('update sign_in_failures set failures = $2, last_failure_at = $3 where bucket = $1', [
    bucket,
    failures,
    at,
  ]);
}

/** Takes back one failure (an attempt whose password proved right); a bucket at none goes. */
export async function takeBackSignInFailure(db: Queryable, bucket: string): Promise<void> {
  await db.query('update sign_in_failures set failures = greatest(failures - 1, 0) where bucket = $1', [bucket]);
  await db.query('delete from sign_in_failures where bucket = $1 and failures = 0', [bucket]);
}

export async function forgetSignInFailures(db: Queryable, bucket: string): Promise<void> {
  await db.query('delete from sign_in_failures where bucket = $1', [bucket]);
}

/** Drops buckets whose last failure is older than `olderThan`. */
export async function pruneSignInFailures(db: Queryable, olderThan: Date): Promise<void> {
  await db.query('delete from sign_in_failures where last_failure_at < $1', [olderThan]);
}
