/**
 * A signed-in staff member on the board: the access token lives in memory only, is renewed from
 * the httpOnly refresh cookie a minute before it expires (or after a 401), one renewal at a time,
 * and when the server no longer knows the session the board goes back to the sign-in form.
 */
import { ApiRequestError } from '../../../shared/api/client.ts';
import type { StaffMemberAnswer, StaffSessionAnswer } from '../../../shared/api/staff.ts';
import type { StaffApi } from './staff-api.ts';

export const SESSION_ENDED = 'Your staff session has ended. Sign in again.';
const RENEW_BEFORE_MS = 60_000;

export interface StaffSession {
  readonly member: StaffMemberAnswer;
  /** A token good for at least a minute more; refused once the member has asked to sign out. */
  token(): Promise<string>;
  /** Runs a call with a token, renewing once and retrying when the server says 401. */
  run<T>(call: (token: string) => Promise<T>): Promise<T>;
  signOut(): Promise<void>;
}

/** Why the session ended: the server no longer knows it, or the member signed out. */
export type SessionEnd = 'expired' | 'signed-out';

export function createStaffSession(
  api: StaffApi,
  first: StaffSessionAnswer,
  onEnded: (why: SessionEnd) => void,
): StaffSession {
  let current = first.access_token;
  let expiresAt = Date.now() + first.expires_in * 1000;
  let renewing: Promise<string> | null = null;
  // From the moment the member asks to sign out, nothing more is sent with this session: the
  // server ends the board's stream as soon as it revokes the session, and a reconnect (or any
  // call) made before its answer arrives would carry a revoked token.
  let signingOut = false;
  const ended = () => Promise.reject(new ApiRequestError(401, SESSION_ENDED));

  function renew(): Promise<string> {
    if (signingOut) return ended();
    renewing ??= api
      .refresh()
      .then((session) => {
        if (!session) {
          onEnded('expired');
          throw new ApiRequestError(401, SESSION_ENDED);
        }
        current = session.access_token;
        expiresAt = Date.now() + session.expires_in * 1000;
        return current;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  const session: StaffSession = {
    member: first.staff,
    token: () => {
      if (signingOut) return ended();
      return expiresAt - Date.now() > RENEW_BEFORE_MS ? Promise.resolve(current) : renew();
    },
    async run(call) {
      const token = await session.token();
      try {
        return await call(token);
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
        return call(await renew());
      }
    },
    async signOut() {
      signingOut = true;
      await api.signout();
      onEnded('signed-out');
    },
  };
  return session;
}
