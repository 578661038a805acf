/**
 * What a refresh token may still do, for the built-in customer accounts and the staff sign-in
 * alike: each use spends it and hands out a new one in the same family (a sign-in's tokens).
 * A spent token used again usually means it leaked, and the whole family ends. One case is not a
 * leak: a browser that asked, then left the page before the answer (and its new cookie) came, and
 * asks again from the next page with the token it still holds. Within REFRESH_REUSE_GRACE_MS of
 * the first use, a spent token is rotated once more instead; past that, it counts as leaked.
 */
import type { Database, Queryable } from '../db/database.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';

export const REFRESH_REUSE_GRACE_MS = 30_000;

export interface RefreshTokenState {
  revoked_at: Date | null;
  used_at: Date | null;
  expires_at: Date;
}

/** 'rotate': spend it and start a session; 'rotate-again': start one without spending it again. */
export type RefreshVerdict = 'rotate' | 'rotate-again' | 'leaked' | 'refused';

export function refreshVerdict(token: RefreshTokenState | null | undefined, now: Date): RefreshVerdict {
  if (!token || token.revoked_at) return 'refused';
  if (token.used_at)
    return now.getTime() - token.used_at.getTime() <= REFRESH_REUSE_GRACE_MS ? 'rotate-again' : 'leaked';
  if (token.expires_at.getTime() <= now.getTime()) return 'refused';
  return 'rotate';
}

/**
 * How often one sign-in's tokens may be renewed: a page renews once when it opens and every
 * 15 minutes after, so 60 in 10 minutes is far past any person, while a token turned in a loop
 * (each turn a new row) stops there. Per session, so a kitchen or a carrier's customers behind
 * one address are not counted together; kept in the database, so it holds across replicas.
 */
export const RENEWALS_PER_SESSION = { limit: 60, windowMs: 10 * 60_000 };
export const TOO_MANY_RENEWALS = 'Too many sign-in renewals. Wait a few minutes and try again.';

/** Where one kind of refresh token is kept (the customers' or the staff's table). */
export interface RefreshTokenStore<Row extends RefreshTokenState & { family_id: string }> {
  /** The renewal limit's name, one per table. */
  limitName: string;
  lock(tx: Queryable, tokenHash: string): Promise<Row | null>;
  spend(tx: Queryable, tokenHash: string, now: Date): Promise<void>;
  revokeFamily(tx: Queryable, familyId: string, now: Date): Promise<void>;
}

/**
 * Turns in a refresh token in one transaction: the token's row, to start the next session of its
 * family from, or null when it may not (a replay past the grace ends the family). Past the
 * renewals per session it throws 429 and spends nothing, so the same token works once its
 * Retry-After has passed.
 */
export async function turnInRefreshToken<Row extends RefreshTokenState & { family_id: string }>(
  db: Database,
  store: RefreshTokenStore<Row>,
  tokenHash: string,
  now: Date,
): Promise<Row | null> {
  const renewals: RateLimit = { name: store.limitName, ...RENEWALS_PER_SESSION, message: TOO_MANY_RENEWALS };
  return db.transaction(async (tx) => {
    const row = await store.lock(tx, tokenHash);
    const verdict = refreshVerdict(row, now);
    if (verdict === 'leaked') await store.revokeFamily(tx, row!.family_id, now);
    if (verdict !== 'rotate' && verdict !== 'rotate-again') return null;
    await hit(tx, renewals, row!.family_id, now);
    if (verdict === 'rotate') await store.spend(tx, tokenHash, now);
    return row;
  });
}
