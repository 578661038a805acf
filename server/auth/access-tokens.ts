/**
 * The built-in accounts' access tokens: JWTs signed with HS256 by jose, living 15 minutes,
 * carrying the customer's id (sub), email and phone, and the session it belongs to (`sid`, the
 * refresh-token family), which the provider checks is still live on every call. The key is derived
 * from the server's secret, so every replica signs and checks the same way.
 */
import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Customer } from './auth-provider.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'comal';
const AUDIENCE = 'comal-api';

export interface AccessTokens {
  issue(customer: Customer, sessionId: string, now?: Date): Promise<string>;
  /** The customer and the token's session, or null for a token that is expired, tampered with, not one of ours or names no session. */
  verify(token: string, now?: Date): Promise<{ customer: Customer; sessionId: string } | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = createHash('sha256').update(`${secret}:access-tokens`).digest();
  return {
    async issue(customer, sessionId, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email: customer.email,
        phone: customer.phone,
        name: customer.name,
        token_use: 'access',
        sid: sessionId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(customer.cognitoSub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || payload.token_use !== 'access') return null;
        if (typeof payload.sid !== 'string' || !payload.sid) return null;
        const customer: Customer = {
          cognitoSub: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : '',
          phone: typeof payload.phone === 'string' ? payload.phone : null,
          name: typeof payload.name === 'string' ? payload.name : '',
        };
        return { customer, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
