/**
 * Checks a Cognito access token the way AWS says to
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-tokens-verifying-a-jwt.html):
 * an RS256 signature by a key of the pool's JWKS ({issuer}/.well-known/jwks.json, fetched by jose
 * and cached), the pool as issuer, not expired, `token_use` 'access' and our app client's
 * `client_id` (access tokens carry no `aud`). An ID token, another pool's or another client's
 * token, a tampered or expired one is null; only an unreachable JWKS is an error.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

export interface CognitoAccessClaims {
  sub: string;
  username: string;
  scope: string;
  /**
   * What ties the token to its sign-in: `origin_jti`, which every token from one refresh token
   * shares (and which Cognito's revocation ends), else the token's own `jti`; '' when it has neither.
   */
  sessionId: string;
}

export interface CognitoAccessTokens {
  verify(token: string, now?: Date): Promise<CognitoAccessClaims | null>;
}

/** The pool's issuer: {endpoint}/{userPoolId}, e.g. https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc. */
export function cognitoIssuer(idpEndpoint: string, userPoolId: string): string {
  return `${idpEndpoint.replace(/\/$/, '')}/${userPoolId}`;
}

/** Errors that say the key set could not be had, not that the token is bad. */
function isKeySetOutage(error: unknown): boolean {
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    (error instanceof errors.JOSEError && error.constructor === errors.JOSEError)
  );
}

export function createCognitoAccessTokens(options: { issuer: string; clientId: string }): CognitoAccessTokens {
  const keys = createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return {
    async verify(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          issuer: options.issuer,
          currentDate: now,
          requiredClaims: ['exp', 'sub'],
        });
        if (
          payload.token_use !== 'access' ||
          payload.client_id !== options.clientId ||
          typeof payload.sub !== 'string' ||
          !payload.sub
        )
          return null;
        return {
          sub: payload.sub,
          username: typeof payload.username === 'string' ? payload.username : '',
          scope: typeof payload.scope === 'string' ? payload.scope : '',
          sessionId:
            typeof payload.origin_jti === 'string' && payload.origin_jti
              ? payload.origin_jti
              : typeof payload.jti === 'string'
                ? payload.jti
                : '',
        };
      } catch (error) {
        if (error instanceof errors.JOSEError && !isKeySetOutage(error)) return null;
        throw error;
      }
    },
  };
}
