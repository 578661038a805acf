/**
 * What a refresh token may still do, for the built-in customer accounts and the staff sign-in
 * alike: each use spends it and hands out a new one in the same family (a sign-in's tokens).
 * A spent token used again usually means it leaked, and the whole family ends. One case is not a
 * leak: a browser that asked, then left the page before the answer (and its new cookie) came, and
 * asks again from the next page with the token it still holds. Within REFRESH_REUSE_GRACE_MS of
 * the first use, a spent token is rotated once more instead; past that, it counts as leaked.
 */
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
