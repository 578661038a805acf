/**
 * The server's signing secret: SECRET_KEY when set, else one generated on first start and kept
 * in the database, so every replica and every restart signs with the same key.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db/database.ts';
import { keepSigningSecret } from './db/server-secrets.ts';

export async function serverSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return keepSigningSecret(db, randomBytes(32).toString('base64url'));
}
