/** A built-in account made through the real API: register, confirm through the outbox, sign in. */
import type { TestApi } from './api.ts';

export const TEST_PASSWORD = 'green salsa on blue corn';

export interface SignedIn {
  token: string;
  sub: string;
  /** The refresh token's cookie value. */
  cookie: string;
  bearer: { Authorization: string };
}

/** The mails sent to `to`, oldest first, with the token of the link each carries. */
export async function mailsTo(api: TestApi, to: string) {
  const rows = await api.deps.db.query<{ subject: string; body: string }>(
    'select subject, body from outbox where recipient = $1 order by id',
    [to],
  );
  return rows.map((row) => ({ ...row, token: /token=([\w-]+)/.exec(row.body)?.[1] ?? '' }));
}

export function refreshCookie(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  const value = /comal_refresh=([^;]*)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no refresh cookie in "${cookie}"`);
  return value;
}

export async function signUpAndIn(
  api: TestApi,
  email: string,
  headers: Record<string, string> = {},
  phone = '213-555-0101',
): Promise<SignedIn> {
  const registered = await api.call(
    'POST',
    '/api/auth/register/',
    { email, password: TEST_PASSWORD, name: 'Ana Ruiz', phone },
    headers,
  );
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const [confirm] = await mailsTo(api, email);
  await api.call('POST', '/api/auth/confirm/', { token: confirm!.token, password: TEST_PASSWORD }, headers);
  const login = await api.call('POST', '/api/auth/login/', { email, password: TEST_PASSWORD }, headers);
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const body = (await login.json()) as { access_token: string; cognito_sub: string };
  return {
    token: body.access_token,
    sub: body.cognito_sub,
    cookie: refreshCookie(login),
    bearer: { Authorization: `Bearer ${body.access_token}` },
  };
}
