/** SQL for server_secrets: secrets the server generates once and every replica shares. */
import type { Queryable } from './database.ts';

/** Stores `candidate` as the signing secret unless one is stored already; answers the stored one. */
export async function keepSigningSecret(db: Queryable, candidate: string): Promise<string> {
  await db.query(`insert into server_secrets (name, value) values ('signing', $1) on conflict (name) do nothing`, [
    candidate,
  ]);
  const [row] = await db.query<{ value: string }>(`select value from server_secrets where name = 'signing'`);
  return row!.value;
}
