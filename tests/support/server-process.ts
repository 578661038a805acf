/**
 * The real server as its own process (`node dist/server/main.mjs`, as `npm start` runs it), for server.ts and for
 * tests of what happens to the process itself: the data directory is the caller's, so it outlives
 * the process and a second start reads it again; the environment is the caller's (DATABASE_URL
 * included); and the process can be ended with any signal, SIGKILL included, as a crash or an
 * out-of-memory kill would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../../scripts/build.mjs';
import { controlSocketPath } from '../../server/backup/control-socket.ts';
import { TEST_PASSWORD_SCRYPT_N } from './password-cost.ts';
// A path from a string: in the happy-dom suites, URL is the DOM's, which node:url does not take.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let built = false;

/**
 * The server's bundle (scripts/build-server.mjs), built first when server/ or shared/ changed since:
 * a test run on its own (`npx vitest run ...`) starts the code as it is. `npm test` builds it
 * before any test starts.
 */
export function serverEntry(): string {
  if (!built) build({ only: ['server'], quiet: true });
  built = true;
  return path.join(root, 'dist', 'server', 'main.mjs');
}

/** The server's clock in browser tests (FIXED_NOW): a Friday at 11:00 AM in Los Angeles. */
export const TEST_NOW = '2026-11-20T19:00:00Z';

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process printed so far (both streams), for a failing test's message. */
  output: () => string;
  /** Whether the process is still alive. */
  running(): boolean;
  /** Sends `signal` and waits for the process to end; answers how it ended. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  /** PGlite's directory; kept after the process ends. Ignored by the server when DATABASE_URL is set. */
  dataDir?: string;
  /** Added to the test's environment; DATABASE_URL is empty unless given here. */
  env?: Record<string, string>;
}

/** A port no one listens on now, for a server whose origin must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A new empty directory for a server's PGlite files; the caller removes it with removeDataDir. */
export function newDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'comal-process-'));
}

/**
 * Removes a server's data directory and the control socket beside it (`<DATA_DIR>.sock`), which
 * a server ended by SIGKILL leaves behind.
 */
export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await rm(controlSocketPath(dataDir), { force: true });
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  // With a PostgreSQL server the process runs as in production, which needs PUBLIC_ORIGIN: the
  // port is chosen here, so the origin is known before the start.
  const production = Boolean(options.env?.DATABASE_URL) && !options.env?.PUBLIC_ORIGIN;
  const port = production ? await freePort() : 0;
  const asInProduction =
    Boolean(options.env?.DATABASE_URL) || (options.env?.NODE_ENV ?? process.env.NODE_ENV) === 'production';
  const child: ChildProcess = spawn(process.execPath, [serverEntry()], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir ?? '',
      DATABASE_URL: '',
      // Friday 11:00 in Los Angeles, when the restaurant takes orders, whenever the tests run.
      FIXED_NOW: TEST_NOW,
      ...(asInProduction ? {} : { PASSWORD_SCRYPT_N: TEST_PASSWORD_SCRYPT_N }),
      ...(production ? { PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } : {}),
      // Production (a PostgreSQL server) takes test cards only when told to: these tests pay with them.
      ...(options.env?.DATABASE_URL ? { DEMO_PAYMENTS: '1' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before serving:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A caller of one running server: JSON with the CSRF token the server signed (GET /api/csrf/),
 * as the widget sends it. The token stays good across a restart and on another process of the
 * same database, since the signing secret lives in the database.
 */
export interface ProcessClient {
  readonly base: string;
  readonly csrfToken: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export async function processClient(server: Pick<ServerProcess, 'url'>, csrfToken?: string): Promise<ProcessClient> {
  const token =
    csrfToken ?? ((await (await fetch(`${server.url}/api/csrf/`)).json()) as { csrftoken: string }).csrftoken;
  return {
    base: server.url,
    csrfToken: token,
    call(method, urlPath, body, headers = {}) {
      return fetch(`${server.url}${urlPath}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': token, ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
    },
  };
}

/** The demo admin's password, which the embedded defaults (DEV_OUTBOX=1) print once at the first start. */
export function demoStaffPassword(server: Pick<ServerProcess, 'output'>): string {
  const password = /staff@comal\.example with password (\S+)/.exec(server.output())?.[1];
  if (!password) throw new Error(`no demo staff password in the server's output:\n${server.output()}`);
  return password;
}
