/**
 * The server's signing secret: SECRET_KEY when set, else one generated on first start and kept
 * in the database, so every replica and every restart signs with the same key.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db/database.ts';

export async function serverSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query(`insert into server_secrets (name, value) values ('signing', $1) on conflict (name) do nothing`, [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from server_secrets where name = 'signing'`);
  return row!.value;
}
