/**
 * The built-in accounts' access tokens: JWTs signed with HS256 by jose, living 15 minutes,
 * carrying the customer's id (sub), email and phone. The key is derived from the server's
 * secret, so every replica signs and checks the same way.
 */
import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Customer } from './auth-provider.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'comal';
const AUDIENCE = 'comal-api';

export interface AccessTokens {
  issue(customer: Customer, now?: Date): Promise<string>;
  /** The customer, or null for a token that is expired, tampered with or not one of ours. */
  verify(token: string, now?: Date): Promise<Customer | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = createHash('sha256').update(`${secret}:access-tokens`).digest();
  return {
    async issue(customer, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ email: customer.email, phone: customer.phone, name: customer.name, token_use: 'access' })
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
        return {
          cognitoSub: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : '',
          phone: typeof payload.phone === 'string' ? payload.phone : null,
          name: typeof payload.name === 'string' ? payload.name : '',
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
