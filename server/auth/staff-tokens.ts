/**
 * Staff access tokens: JWTs signed with HS256 (jose) like the customers' (access-tokens.ts), but
 * with their own key, their own audience ('comal-staff') and a `role` claim. A customer's token
 * fails a staff check (other key, other audience) and a staff token fails a customer check.
 * Each token names its session (`sid`, the refresh-token family); the token alone proves only
 * who signed in and when: staff-auth.ts reads the session and the member's current role on every
 * call, so a sign-out, a removal or a change of role counts at once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { StaffRole } from '../db/staff.ts';

export const STAFF_ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'comal';
export const STAFF_AUDIENCE = 'comal-staff';

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

export interface VerifiedStaff extends StaffMember {
  /** When the token stops working. */
  expiresAt: Date;
  /** The session the token belongs to. */
  sessionId: string;
}

export interface StaffTokens {
  issue(member: StaffMember, sessionId: string, now?: Date): Promise<string>;
  /** The member, or null for a token that is expired, tampered with or not a staff token of ours. */
  verify(token: string, now?: Date): Promise<VerifiedStaff | null>;
}

export function createStaffTokens(secret: string): StaffTokens {
  const key = createHash('sha256').update(`${secret}:staff-access-tokens`).digest();
  return {
    async issue(member, sessionId, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ email: member.email, role: member.role, token_use: 'staff-access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(member.id)
        .setIssuer(ISSUER)
        .setAudience(STAFF_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + STAFF_ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: STAFF_AUDIENCE,
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || payload.token_use !== 'staff-access') return null;
        if (payload.role !== 'staff' && payload.role !== 'admin') return null;
        if (typeof payload.sid !== 'string' || !payload.sid) return null;
        return {
          id: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : '',
          role: payload.role,
          expiresAt: new Date((payload.exp ?? 0) * 1000),
          sessionId: payload.sid,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
