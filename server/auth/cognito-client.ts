/**
 * The calls the server makes to Amazon Cognito, over fetch with a time limit:
 * - the hosted UI domain's OAuth endpoints: POST /oauth2/token (a code or a refresh token for
 *   tokens) and POST /oauth2/revoke, form-encoded, with HTTP Basic when the app client has a secret
 *   (https://docs.aws.amazon.com/cognito/latest/developerguide/token-endpoint.html,
 *   https://docs.aws.amazon.com/cognito/latest/developerguide/revocation-endpoint.html);
 * - the user pool API's GetUser, which tells who an access token belongs to
 *   (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_GetUser.html).
 * Cognito's refusals come back as values, so callers tell a spent token from an outage.
 */

const TIMEOUT_MS = 10_000;

export interface CognitoClientOptions {
  /** The hosted UI's origin, e.g. https://auth.example.com. */
  domain: string;
  /** The user pool API's origin, e.g. https://cognito-idp.us-east-1.amazonaws.com. */
  idpEndpoint: string;
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

/** Cognito said no: `error` is the OAuth error (invalid_grant) or the API's exception name (NotAuthorizedException). */
export interface CognitoRefusal {
  status: number;
  error: string;
}

export type CognitoAnswer<T> = { ok: true; value: T } | { ok: false; refusal: CognitoRefusal };

export interface CognitoUser {
  username: string;
  attributes: Record<string, string>;
}

export interface CognitoClient {
  token(params: Record<string, string>): Promise<CognitoAnswer<CognitoTokens>>;
  revoke(refreshToken: string): Promise<CognitoAnswer<null>>;
  getUser(accessToken: string): Promise<CognitoAnswer<CognitoUser>>;
}

export function createCognitoClient(options: CognitoClientOptions): CognitoClient {
  const domain = options.domain.replace(/\/$/, '');
  const idpEndpoint = options.idpEndpoint.replace(/\/$/, '');

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

  async function post(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  const refusal = (status: number, json: unknown): { ok: false; refusal: CognitoRefusal } => {
    const body = (json ?? {}) as { error?: unknown; __type?: unknown };
    // The API names its exceptions as "com.amazonaws...#NotAuthorizedException" or just the name.
    const name =
      typeof body.error === 'string'
        ? body.error
        : typeof body.__type === 'string'
          ? body.__type.split('#').pop()!
          : `http_${status}`;
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

    async getUser(accessToken) {
      const { status, json } = await post(
        `${idpEndpoint}/`,
        { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser' },
        JSON.stringify({ AccessToken: accessToken }),
      );
      if (status !== 200) return refusal(status, json);
      const user = json as { Username?: unknown; UserAttributes?: unknown } | null;
      if (!user || !Array.isArray(user.UserAttributes))
        throw new Error(`Cognito's GetUser answered 200 without UserAttributes.`);
      const attributes: Record<string, string> = {};
      for (const entry of user.UserAttributes as Array<{ Name?: unknown; Value?: unknown }>) {
        if (typeof entry?.Name === 'string' && typeof entry.Value === 'string') attributes[entry.Name] = entry.Value;
      }
      return { ok: true, value: { username: typeof user.Username === 'string' ? user.Username : '', attributes } };
    },
  };
}
