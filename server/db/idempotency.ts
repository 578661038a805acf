/**
 * Idempotency keys: the first request with a key claims it inside its transaction; concurrent
 * ones with the same key wait on the row and then read the stored answer.
 */
import type { Queryable } from './database.ts';

export interface StoredAnswer {
  requestHash: string;
  status: number;
  response: unknown;
}

/** Claims the key for this transaction, or answers what the request that claimed it stored. */
export async function claimKey(
  db: Queryable,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredAnswer | null> {
  const claimed = await db.query(
    `insert into idempotency_keys (scope, key, request_hash, status, response) values ($1, $2, $3, 0, 'null')
     on conflict (scope, key) do nothing returning key`,
    [scope, key, requestHash],
  );
  if (claimed.length > 0) return null;
  const [row] = await db.query<{ request_hash: string; status: number; response: unknown }>(
    'select request_hash, status, response from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  return { requestHash: row!.request_hash, status: row!.status, response: row!.response };
}

/** The answer stored under the key by a request that finished; null when none has (yet). */
export async function storedAnswer(db: Queryable, scope: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await db.query<{ request_hash: string; status: number; response: unknown }>(
    'select request_hash, status, response from idempotency_keys where scope = $1 and key = $2 and status > 0',
    [scope, key],
  );
  return row ? { requestHash: row.request_hash, status: row.status, response: row.response } : null;
}

export async function storeAnswer(
  db: Queryable,
  scope: string,
  key: string,
  status: number,
  response: unknown,
): Promise<void> {
  await db.query('update idempotency_keys set status = $3, response = $4 where scope = $1 and key = $2', [
    scope,
    key,
    status,
    JSON.stringify(response),
  ]);
}
