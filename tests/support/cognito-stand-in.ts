/**
 * A local stand-in for the parts of Amazon Cognito the server uses, on 127.0.0.1 and a free port,
 * serving both the user pool API (COGNITO_IDP_ENDPOINT) and the hosted UI domain (COGNITO_DOMAIN):
 *   GET  /{poolId}/.well-known/jwks.json  the pool's RSA key, generated at start
 *   GET  /oauth2/userInfo                 the attributes a Bearer access token's scopes allow
 *                                         (openid: sub; email, phone, profile: those), or 401 with
 *                                         WWW-Authenticate error="invalid_token" as Cognito answers
 *   POST /oauth2/token                    authorization_code and refresh_token grants
 *   POST /oauth2/revoke                   revokes a refresh token and the access tokens it issued
 *   POST /                                GetUser (X-Amz-Target AWSCognitoIdentityProviderService.GetUser),
 *                                         which, as Cognito's, refuses a token without the scope
 *                                         aws.cognito.signin.user.admin (hosted-UI tokens lack it
 *                                         unless asked for)
 * Tokens are signed as Cognito signs them (RS256, kid; access tokens: sub, iss, client_id,
 * token_use 'access', scope, auth_time, exp, iat, jti, username, origin_jti; no aud, no email).
 * Clients authenticate as Cognito asks: HTTP Basic with the secret when the app client has one,
 * else client_id in the form. Errors have Cognito's shapes ({error} for OAuth, {__type, message}
 * for the API). Test hooks: `addUser`, `signIn` (what the hosted UI hands back: a code),
 * `accessToken` and `idToken` with knobs for bad tokens, `failNext`, and `requests`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { TEST_ORIGIN } from './api.ts';

export interface CognitoStandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The form fields of /oauth2/*, or the JSON body of an API call. */
  params: Record<string, unknown>;
  status: number;
}

export interface StandInUser {
  sub: string;
  username: string;
  email?: string;
  /** Whether the user confirmed the email (default true, as Cognito's sign-up verifies it). */
  email_verified?: boolean;
  phone_number?: string;
  name?: string;
}

export interface TokenKnobs {
  /** Seconds from now; negative for an expired token. Default 3600. */
  expiresIn?: number;
  clientId?: string;
  issuer?: string;
  /** Sign with a key the pool's JWKS does not have; `sameKid` gives it the pool key's kid. */
  foreignKey?: boolean;
  sameKid?: boolean;
  tokenUse?: string;
  /** The token's scopes; default what the hosted UI was asked for, 'openid email phone profile'. */
  scope?: string;
}

export interface CognitoStandIn {
  /** http://127.0.0.1:{port}: COGNITO_DOMAIN and COGNITO_IDP_ENDPOINT both. */
  readonly url: string;
  readonly issuer: string;
  readonly requests: CognitoStandInRequest[];
  addUser(user: Omit<StandInUser, 'sub'> & { sub?: string }): StandInUser;
  /**
   * What the hosted UI hands back after the user signs in: a one-time code for `redirectUri`,
   * whose tokens carry `scope` (what the sign-in asked for, as far as the app client allows it).
   */
  signIn(sub: string, redirectUri: string, scope?: string): string;
  accessToken(sub: string, knobs?: TokenKnobs): Promise<string>;
  idToken(sub: string, knobs?: TokenKnobs): Promise<string>;
  /** The refresh tokens Cognito holds and whether each is revoked. */
  refreshTokens(): Array<{ token: string; sub: string; revoked: boolean }>;
  /** The next call to `path` answers `status` with `body`. */
  failNext(path: string, status: number, body: Record<string, unknown>): void;
  close(): Promise<void>;
}

interface Grant {
  sub: string;
  redirectUri: string;
  scope: string;
  used: boolean;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error ?? body.__type));
  }
}

const SCOPE = 'openid email phone profile';

export async function startCognitoStandIn(options: {
  userPoolId: string;
  clientId: string;
  clientSecret?: string;
  region?: string;
}): Promise<CognitoStandIn> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(16).toString('base64');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const users = new Map<string, StandInUser>();
  const codes = new Map<string, Grant>();
  /** refresh token -> its user, whether revoked, and the origin_jti of the tokens it issued. */
  const refreshTokens = new Map<string, { sub: string; revoked: boolean; originJti: string; scope: string }>();
  const revokedOrigins = new Set<string>();
  const failures = new Map<string, { status: number; body: Record<string, unknown> }>();
  const requests: CognitoStandInRequest[] = [];
  let url = '';
  let issuer = '';
  const now = () => Math.floor(Date.now() / 1000);

  function user(sub: string): StandInUser {
    const found = users.get(sub);
    if (!found) throw new Error(`The stand-in has no user ${sub}.`);
    return found;
  }

  async function sign(claims: Record<string, unknown>, sub: string, knobs: TokenKnobs = {}): Promise<string> {
    const issuedAt = now();
    const key = knobs.foreignKey ? foreign.privateKey : privateKey;
    const header = { alg: 'RS256', kid: knobs.foreignKey && !knobs.sameKid ? 'foreign-key' : kid };
    return new SignJWT(claims)
      .setProtectedHeader(header)
      .setSubject(sub)
      .setIssuer(knobs.issuer ?? issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + (knobs.expiresIn ?? 3600))
      .setJti(randomUUID())
      .sign(key);
  }

  async function accessToken(sub: string, knobs: TokenKnobs = {}, originJti: string = randomUUID()): Promise<string> {
    const { username } = user(sub);
    return sign(
      {
        origin_jti: originJti,
        event_id: randomUUID(),
        token_use: knobs.tokenUse ?? 'access',
        scope: knobs.scope ?? SCOPE,
        auth_time: now(),
        client_id: knobs.clientId ?? options.clientId,
        username,
      },
      sub,
      knobs,
    );
  }

  async function idToken(sub: string, knobs: TokenKnobs = {}, originJti: string = randomUUID()): Promise<string> {
    const found = user(sub);
    return sign(
      {
        aud: knobs.clientId ?? options.clientId,
        origin_jti: originJti,
        event_id: randomUUID(),
        token_use: knobs.tokenUse ?? 'id',
        auth_time: now(),
        'cognito:username': found.username,
        email: found.email,
        email_verified: true,
        phone_number: found.phone_number,
        name: found.name,
      },
      sub,
      knobs,
    );
  }

  /** The client as Cognito authenticates it: Basic with the secret, or client_id alone when there is none. */
  function authenticateClient(headers: IncomingHttpHeaders, form: Record<string, string>) {
    const basic = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
    if (options.clientSecret) {
      if (!basic) throw new Refusal(400, { error: 'invalid_client' });
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      if (id !== options.clientId || secret !== options.clientSecret)
        throw new Refusal(400, { error: 'invalid_client' });
    } else if (basic) {
      throw new Refusal(400, { error: 'invalid_client' });
    }
    if (form.client_id !== undefined && form.client_id !== options.clientId)
      throw new Refusal(400, { error: 'invalid_client' });
    if (!options.clientSecret && form.client_id === undefined) throw new Refusal(400, { error: 'invalid_client' });
  }

  async function token(headers: IncomingHttpHeaders, form: Record<string, string>) {
    authenticateClient(headers, form);
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined;
      if (!grant || grant.used || grant.redirectUri !== form.redirect_uri)
        throw new Refusal(400, { error: 'invalid_grant' });
      grant.used = true;
      const refreshToken = `rt.${randomBytes(48).toString('base64url')}`;
      const originJti = randomUUID();
      refreshTokens.set(refreshToken, { sub: grant.sub, revoked: false, originJti, scope: grant.scope });
      return {
        id_token: await idToken(grant.sub, {}, originJti),
        access_token: await accessToken(grant.sub, { scope: grant.scope }, originJti),
        refresh_token: refreshToken,
        expires_in: 3600,
        token_type: 'Bearer',
      };
    }
    if (form.grant_type === 'refresh_token') {
      const held = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
      if (!held || held.revoked) throw new Refusal(400, { error: 'invalid_grant' });
      return {
        id_token: await idToken(held.sub, {}, held.originJti),
        access_token: await accessToken(held.sub, { scope: held.scope }, held.originJti),
        expires_in: 3600,
        token_type: 'Bearer',
      };
    }
    throw new Refusal(400, { error: 'unsupported_grant_type' });
  }

  function revoke(headers: IncomingHttpHeaders, form: Record<string, string>) {
    authenticateClient(headers, form);
    if (!form.token) throw new Refusal(400, { error: 'invalid_request' });
    const held = refreshTokens.get(form.token);
    if (held) {
      held.revoked = true;
      revokedOrigins.add(held.originJti);
    }
    return null;
  }

  /** The claims of a live access token this pool issued; null for any other. */
  async function liveAccessClaims(token: unknown): Promise<Record<string, unknown> | null> {
    if (typeof token !== 'string') return null;
    try {
      const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || revokedOrigins.has(String(payload.origin_jti))) return null;
      return payload;
    } catch {
      return null;
    }
  }

  async function getUser(headers: IncomingHttpHeaders, body: Record<string, unknown>) {
    if (
      headers['x-amz-target'] !== 'AWSCognitoIdentityProviderService.GetUser' ||
      headers['content-type'] !== 'application/x-amz-json-1.1'
    ) {
      throw new Refusal(400, { __type: 'UnknownOperationException' });
    }
    const refuse = (message: string) => new Refusal(400, { __type: 'NotAuthorizedException', message });
    const claims = await liveAccessClaims(body.AccessToken);
    if (!claims) throw refuse('Invalid Access Token');
    if (!String(claims.scope).split(' ').includes('aws.cognito.signin.user.admin'))
      throw refuse('Access Token does not have required scopes');
    const found = users.get(String(claims.sub));
    if (!found) throw new Refusal(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
    const attributes = Object.entries(userInfoOf(found, 'openid email phone profile')).map(([Name, Value]) => ({
      Name,
      Value,
    }));
    return { Username: found.username, UserAttributes: attributes };
  }

  /** The attributes `scope` lets userInfo name, as text (Cognito sends its flags as "true" and "false"). */
  function userInfoOf(found: StandInUser, scope: string): Record<string, string> {
    const scopes = scope.split(' ');
    return {
      sub: found.sub,
      ...(scopes.includes('email') && found.email
        ? { email: found.email, email_verified: String(found.email_verified ?? true) }
        : {}),
      ...(scopes.includes('phone') && found.phone_number
        ? { phone_number: found.phone_number, phone_number_verified: 'false' }
        : {}),
      ...(scopes.includes('profile') && found.name ? { name: found.name } : {}),
      username: found.username,
    };
  }

  /** GET /oauth2/userInfo: a live token with the openid scope, from the Authorization header. */
  async function userInfo(headers: IncomingHttpHeaders) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
    if (!bearer)
      throw new Refusal(400, {
        error: 'invalid_request',
        error_description: 'Bad OAuth2 request at UserInfo Endpoint',
      });
    const claims = await liveAccessClaims(bearer[1]);
    const found = claims ? users.get(String(claims.sub)) : undefined;
    if (!claims || !found || !String(claims.scope).split(' ').includes('openid'))
      throw new Refusal(401, {
        error: 'invalid_token',
        error_description: 'Access token is expired, disabled, or deleted, or the user has globally signed out.',
      });
    return userInfoOf(found, String(claims.scope));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', url).pathname;
    const method = request.method ?? 'GET';
    let params: Record<string, unknown> = {};
    let status = 200;
    let answer: unknown;
    let contentType = 'application/json';
    try {
      const failure = failures.get(path);
      if (failure) {
        failures.delete(path);
        throw new Refusal(failure.status, failure.body);
      }
      if (method === 'GET' && path === `/${options.userPoolId}/.well-known/jwks.json`) {
        answer = { keys: [jwk] };
      } else if (method === 'POST' && (path === '/oauth2/token' || path === '/oauth2/revoke')) {
        if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
          throw new Refusal(400, { error: 'invalid_request' });
        const form = Object.fromEntries(new URLSearchParams(rawBody));
        params = form;
        answer = path === '/oauth2/token' ? await token(request.headers, form) : revoke(request.headers, form);
      } else if (method === 'GET' && path === '/oauth2/userInfo') {
        answer = await userInfo(request.headers);
      } else if (method === 'POST' && path === '/') {
        params = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
        answer = await getUser(request.headers, params);
        contentType = 'application/x-amz-json-1.1';
      } else {
        throw new Refusal(404, { error: 'not_found' });
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      status = error.status;
      answer = error.body;
      if (path === '/') {
        contentType = 'application/x-amz-json-1.1';
        if (typeof error.body.__type === 'string') response.setHeader('x-amzn-ErrorType', error.body.__type);
      }
      // userInfo names its refusal only in WWW-Authenticate, as Cognito's documentation shows it.
      if (path === '/oauth2/userInfo' && typeof error.body.error === 'string') {
        answer = null;
        response.setHeader(
          'WWW-Authenticate',
          `error="${error.body.error}", error_description="${typeof error.body.error_description === 'string' ? error.body.error_description : ''}"`,
        );
      }
    }
    requests.push({ method, path, headers: request.headers, rawBody, params, status });
    response.writeHead(status, { 'Content-Type': contentType });
    response.end(answer === null ? '' : JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ __type: 'InternalErrorException', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${url}/${options.userPoolId}`;

  return {
    url,
    issuer,
    requests,
    addUser(input) {
      const added: StandInUser = { ...input, sub: input.sub ?? randomUUID() };
      users.set(added.sub, added);
      return added;
    },
    signIn(sub, redirectUri, scope = SCOPE) {
      user(sub);
      const code = randomUUID();
      codes.set(code, { sub, redirectUri, scope, used: false });
      return code;
    },
    accessToken: (sub, knobs) => accessToken(sub, knobs),
    idToken: (sub, knobs) => idToken(sub, knobs),
    refreshTokens: () => [...refreshTokens].map(([token, held]) => ({ token, sub: held.sub, revoked: held.revoked })),
    failNext(path, status, body) {
      failures.set(path, { status, body });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The environment that points a test API's Cognito sign-in at `standIn`, the site being TEST_ORIGIN. */
export function cognitoEnv(
  standIn: CognitoStandIn,
  ids: { userPoolId: string; clientId: string; clientSecret?: string },
): Record<string, string> {
  return {
    AUTH_PROVIDER: 'cognito',
    COGNITO_REGION: 'us-east-1',
    COGNITO_USER_POOL_ID: ids.userPoolId,
    COGNITO_CLIENT_ID: ids.clientId,
    ...(ids.clientSecret ? { COGNITO_CLIENT_SECRET: ids.clientSecret } : {}),
    COGNITO_DOMAIN: standIn.url,
    COGNITO_IDP_ENDPOINT: standIn.url,
    PUBLIC_ORIGIN: TEST_ORIGIN,
  };
}
