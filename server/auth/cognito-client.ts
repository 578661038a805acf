/**
 * The calls the server makes to Amazon Cognito, over fetch with a time limit:
 * - the hosted UI domain's OAuth endpoints: POST /oauth2/token (a code or a refresh token for
 *   tokens) and POST /oauth2/revoke, form-encoded, with HTTP Basic when the app client has a secret
 *   (https://docs.aws.amazon.com/cognito/latest/developerguide/token-endpoint.html,
 *   https://docs.aws.amazon.com/cognito/latest/developerguide/revocation-endpoint.html);
 * - GET /oauth2/userInfo, which tells who an access token belongs to: the attributes its scopes
 *   allow (openid for sub, email, phone, profile for the name), with a Bearer token
 *   (https://docs.aws.amazon.com/cognito/latest/developerguide/userinfo-endpoint.html). Not the
 *   user pool API's GetUser: it refuses any token without the aws.cognito.signin.user.admin scope,
 *   which the hosted UI's tokens carry only when asked for, and which lets the token's holder
 *   change the user's attributes.
 * Cognito's refusals come back as values, so callers tell a spent token from an outage.
 */

const TIMEOUT_MS = 10_000;

export interface CognitoClientOptions {
  /** The hosted UI's origin, e.g. https://auth.example.com. */
  domain: string;
  clientId: string;
  clientSecret?: string | undefined;
}

/** What /oauth2/token answers; refresh_token only for a code, never for a refresh. */
export interface CognitoTokens {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
}

/** Cognito said no: `error` is the OAuth error (invalid_grant, invalid_token). */
export interface CognitoRefusal {
  status: number;
  error: string;
}

export type CognitoAnswer<T> = { ok: true; value: T } | { ok: false; refusal: CognitoRefusal };

/** The user's attributes as userInfo names them (sub, email, phone_number, name, ...), each as text. */
export type CognitoUser = Record<string, string>;

export interface CognitoClient {
  token(params: Record<string, string>): Promise<CognitoAnswer<CognitoTokens>>;
  revoke(refreshToken: string): Promise<CognitoAnswer<null>>;
  userInfo(accessToken: string): Promise<CognitoAnswer<CognitoUser>>;
}

export function createCognitoClient(options: CognitoClientOptions): CognitoClient {
  const domain = options.domain.replace(/\/$/, '');

  function formHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    };
    if (options.clientSecret) {
      headers.Authorization = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    }
    return headers;
  }

  async function call(
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; json: unknown; challenge: string }> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, challenge: response.headers.get('www-authenticate') ?? '' };
  }
  const post = (url: string, headers: Record<string, string>, body: string) =>
    call(url, { method: 'POST', headers, body });

  /** The OAuth error of a refusal: in the JSON body, or (userInfo) in WWW-Authenticate's error="...". */
  const refusal = (status: number, json: unknown, challenge = ''): { ok: false; refusal: CognitoRefusal } => {
    const body = (json ?? {}) as { error?: unknown };
    const named = /\berror="([^"]*)"/.exec(challenge)?.[1];
    const name = typeof body.error === 'string' ? body.error : (named ?? `http_${status}`);
    return { ok: false, refusal: { status, error: name } };
  };

  return {
    async token(params) {
      const { status, json } = await post(
        `${domain}/oauth2/token`,
        formHeaders(),
        new URLSearchParams({ ...params, client_id: options.clientId }).toString(),
      );
      if (status !== 200) return refusal(status, json);
      const tokens = json as Partial<CognitoTokens> | null;
      if (!tokens || typeof tokens.access_token !== 'string' || typeof tokens.expires_in !== 'number') {
        throw new Error(`Cognito's token endpoint answered 200 without an access token and its lifetime.`);
      }
      return { ok: true, value: tokens as CognitoTokens };
    },

    async revoke(refreshToken) {
      const { status, json } = await post(
        `${domain}/oauth2/revoke`,
        formHeaders(),
        new URLSearchParams({ token: refreshToken, client_id: options.clientId }).toString(),
      );
      return status === 200 ? { ok: true, value: null } : refusal(status, json);
    },

    async userInfo(accessToken) {
      const { status, json, challenge } = await call(`${domain}/oauth2/userInfo`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      if (status !== 200) return refusal(status, json, challenge);
      if (!json || typeof json !== 'object' || Array.isArray(json))
        throw new Error(`Cognito's userInfo endpoint answered 200 without the user's attributes.`);
      // Attributes come as text, except some flags (email_verified) that may come as true/false.
      const user: CognitoUser = {};
      for (const [name, value] of Object.entries(json))
        if (typeof value === 'string' || typeof value === 'boolean') user[name] = String(value);
      return { ok: true, value: user };
    },
  };
}
