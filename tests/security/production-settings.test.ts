// Settings that protect a public server: production (NODE_ENV=production, or a PostgreSQL
// server) will not start without PUBLIC_ORIGIN, the only origin links are built from, nor with
// the dev outbox, which shows reset links to anyone, nor without Stripe unless DEMO_PAYMENTS=1
// says test cards may pay, nor with passwords hashed below OWASP's scrypt cost; the dev outbox works only on a server bound to this machine, and says
// so when it is on.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_PAYMENTS_IN_PRODUCTION,
  DEV_OUTBOX_IN_PRODUCTION,
  DEV_OUTBOX_NOT_LOCAL,
  PUBLIC_ORIGIN_REQUIRED,
  readConfig,
} from '../../server/config.ts';
import { migratedDataDir } from '../support/databases.ts';
import { removeDataDir, serverEntry, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Starts the server as production would, and answers how it ended and what it printed. With
 * SETTINGS_FILE in `env`, the server reads that file as its restaurant settings.
 */
function startAndEnd(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const settingsFile = ['--import', './tests/support/settings-file.mjs'];
    const child = spawn(process.execPath, [...settingsFile, serverEntry()], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('the server refuses to start with settings that would expose it', () => {
  const refusals: [string, Record<string, string>, string][] = [
    ['production without PUBLIC_ORIGIN', { NODE_ENV: 'production' }, PUBLIC_ORIGIN_REQUIRED],
    [
      'a PostgreSQL server without PUBLIC_ORIGIN',
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      PUBLIC_ORIGIN_REQUIRED,
    ],
    [
      'the dev outbox in production',
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://order.example.com', DEV_OUTBOX: '1' },
      DEV_OUTBOX_IN_PRODUCTION,
    ],
    [
      'the dev outbox with a PostgreSQL server',
      {
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        PUBLIC_ORIGIN: 'https://order.example.com',
        DEV_OUTBOX: '1',
      },
      DEV_OUTBOX_IN_PRODUCTION,
    ],
    ['the dev outbox on a server others can reach', { HOST: '0.0.0.0', DEV_OUTBOX: '1' }, DEV_OUTBOX_NOT_LOCAL],
    [
      'production without Stripe, where any test card would pay',
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://order.example.com' },
      DEMO_PAYMENTS_IN_PRODUCTION,
    ],
    [
      'a PostgreSQL server without Stripe',
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PUBLIC_ORIGIN: 'https://order.example.com' },
      DEMO_PAYMENTS_IN_PRODUCTION,
    ],
  ];

  it.each(refusals)('%s: the settings are refused with the reason', (_label, env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it.each([...refusals.slice(0, 3), refusals[5]!])(
    '%s: the process stops at once with one line that says why',
    async (_label, env, message) => {
      const ended = await startAndEnd(env);
      expect(ended.code).toBe(1);
      expect(ended.stderr.trim()).toBe(message);
      expect(ended.stdout).not.toContain('serving');
    },
  );

  it('a staging server on PostgreSQL takes test cards only when DEMO_PAYMENTS=1 says so', () => {
    const staging = {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PUBLIC_ORIGIN: 'https://staging.example.com',
    };
    expect(() => readConfig(staging)).toThrow(DEMO_PAYMENTS_IN_PRODUCTION);
    expect(readConfig({ ...staging, DEMO_PAYMENTS: '1' })).toMatchObject({
      production: true,
      stripeSecretKey: undefined,
    });
    expect(readConfig({ ...staging, STRIPE_SECRET_KEY: 'sk_live_x' })).toMatchObject({ stripeSecretKey: 'sk_live_x' });
  });

  it.each([
    ['a local start', { HOST: '127.0.0.1' }, ['http://127.0.0.1:3000', 'http://localhost:3000']],
    [
      'production behind PUBLIC_ORIGIN',
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://order.example.com/', STRIPE_SECRET_KEY: 'sk_live_x' },
      ['https://order.example.com'],
    ],
  ])('%s: links and CSRF use only the configured origins', (_label, env, origins) => {
    const config = readConfig(env);
    expect([config.publicOrigin, ...config.localOrigins]).toEqual(origins);
  });

  it("passwords hash at OWASP's scrypt cost or more in production; only elsewhere may PASSWORD_SCRYPT_N lower it", () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://order.example.com',
      STRIPE_SECRET_KEY: 'sk_x',
    };
    expect(readConfig(production).passwordScryptN).toBe(16384);
    expect(readConfig({ ...production, PASSWORD_SCRYPT_N: '65536' }).passwordScryptN).toBe(65536);
    expect(() => readConfig({ ...production, PASSWORD_SCRYPT_N: '1024' })).toThrow(
      'PASSWORD_SCRYPT_N must be a power of two from 16384 to 131072 in production, like 16384 (the default), not "1024".',
    );
    expect(readConfig({ PASSWORD_SCRYPT_N: '1024' }).passwordScryptN).toBe(1024);
    for (const value of ['512', '3000', '262144', 'fast', '1e4'])
      expect(() => readConfig({ PASSWORD_SCRYPT_N: value })).toThrow(
        `PASSWORD_SCRYPT_N must be a power of two from 1024 to 131072, like 16384 (the default), not "${value}".`,
      );
  });
});

describe('the server refuses to start with bad restaurant settings', () => {
  const written: string[] = [];
  afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  /** The shipped settings with one value changed, written to a file of their own. */
  function settingsWith(change: (settings: Record<string, Record<string, unknown>>) => void): string {
    const settings = JSON.parse(readFileSync(path.join(root, 'settings/restaurant.json'), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    change(settings);
    const dir = mkdtempSync(path.join(tmpdir(), 'comal-settings-'));
    written.push(dir);
    const file = path.join(dir, 'restaurant.json');
    writeFileSync(file, JSON.stringify(settings));
    return file;
  }

  it.each([
    [
      'a delivery radius of 0',
      settingsWith((s) => (s.delivery!.radiusMiles = 0)),
      'Restaurant settings: delivery.radiusMiles must be a number greater than 0.',
    ],
    [
      'no delivery settings at all',
      settingsWith((s) => delete s.delivery),
      'Restaurant settings: delivery is missing.',
    ],
  ])('%s: the process stops at once with one line that names the field', async (_label, file, message) => {
    const ended = await startAndEnd({ SETTINGS_FILE: file });
    expect(ended.code).toBe(1);
    expect(ended.stderr.trim()).toBe(message);
    expect(ended.stdout).not.toContain('serving');
  });
});

describe('the dev outbox on a local start', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    await server?.kill('SIGTERM');
    server = undefined;
    if (dataDir) await removeDataDir(dataDir);
  });

  it('prints a warning line when it is on, and none when it is off', async () => {
    // A directory of its own, never the checkout's ./data, which `npm start` uses.
    dataDir = await migratedDataDir();
    server = await startServerProcess({ dataDir, env: { DEV_OUTBOX: '1' } });
    expect(server.output()).toContain(
      'Warning: DEV_OUTBOX is on: every mail this server sends, password-reset links included, is listed at /api/dev/outbox/.',
    );
    expect((await fetch(`${server.url}/api/dev/outbox/`)).status).toBe(200);
    await server.kill('SIGTERM');
    server = await startServerProcess({ dataDir, env: { DEV_OUTBOX: '' } });
    expect(server.output()).not.toContain('DEV_OUTBOX');
    expect((await fetch(`${server.url}/api/dev/outbox/`)).status).toBe(404);
  });
});
