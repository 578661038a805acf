/**
 * The real API on a fresh database, called through `app.request()` with a CSRF token, as the
 * widget calls it. Providers are the embedded defaults unless a test passes its own.
 * Every JSON answer, through `call` or `app.request`, is checked against its schema in
 * shared/api/ (contract.ts): one that drifts from the contract fails the test that got it.
 */
import { createApp } from '../../server/app.ts';
import type { AppDependencies } from '../../server/dependencies.ts';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { checkAnswer, requestLine } from './contract.ts';
import { TEST_PASSWORD_SCRYPT_N } from './password-cost.ts';
import type { DatabaseTarget, FreshDatabase } from './databases.ts';

export interface TestApi {
  app: ReturnType<typeof createApp>;
  deps: AppDependencies;
  fresh: FreshDatabase;
  csrfToken: string;
  /** A JSON call with the CSRF header; `headers` add to or override the defaults. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost';

/** A slot capacity no test reaches. */
export const UNCAPPED_SLOTS = { orders: Number.MAX_SAFE_INTEGER, subtotalCents: Number.MAX_SAFE_INTEGER };

export async function createTestApi(
  target: DatabaseTarget,
  overrides: Partial<Omit<AppDependencies, 'db' | 'settings'>> = {},
  env: Record<string, string> = {},
): Promise<TestApi> {
  const fresh = await target.create({ migrated: true });
  // Tests name their callers with X-Forwarded-For, as a load balancer would.
  // The site is TEST_ORIGIN, as PUBLIC_ORIGIN says in production: links in mail start with it.
  const config = readConfig({
    DIST_DIR: 'dist',
    TRUST_PROXY: '1',
    PUBLIC_ORIGIN: TEST_ORIGIN,
    PASSWORD_SCRYPT_N: TEST_PASSWORD_SCRYPT_N,
    ...env,
  });
  // Slots hold as much as a test places unless it names a capacity (settings' kitchen.slotCapacity
  // for the capacity tests): a suite placing 50 orders at one fixed time tests something else.
  const deps = await createDependencies(fresh.db, config, { slotCapacity: UNCAPPED_SLOTS, ...overrides });
  const app = checkedAnswers(createApp(deps));
  const { csrftoken } = (await (await app.request('/api/csrf/')).json()) as { csrftoken: string };
  return {
    app,
    deps,
    fresh,
    csrfToken: csrftoken,
    async call(method, path, body, headers = {}) {
      return app.request(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-CSRFToken': csrftoken,
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
    },
    close: () => fresh.destroy(),
  };
}

/** The app, with `request` checking each answer against the response contract before the test sees it. */
export function checkedAnswers<App extends { request: (input: RequestInfo | URL, init?: RequestInit) => unknown }>(
  app: App,
): App {
  const request = app.request.bind(app) as (...args: Parameters<App['request']>) => Response | Promise<Response>;
  const checked = async (...args: Parameters<App['request']>): Promise<Response> => {
    const response = await request(...args);
    const { method, path } = requestLine(args[0], args[1]);
    await checkAnswer(method, path, response);
    return response;
  };
  app.request = checked as App['request'];
  return app;
}
