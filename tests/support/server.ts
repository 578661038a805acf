/**
 * Starts the real server as `npm start` does (its own process, a port of its own, a fresh data
 * directory) for tests that talk to it over HTTP or through Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A path from a string: in the happy-dom suites, URL is the DOM's, which node:url does not take.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's clock in browser tests (FIXED_NOW): a Friday at 11:00 AM in Los Angeles. */
export const TEST_NOW = '2026-11-20T19:00:00Z';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** What the server printed, for a failing test's message. */
  output(): string;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'comal-server-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // Friday 11:00 in Los Angeles, when the restaurant takes orders, whenever the tests run.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', FIXED_NOW: TEST_NOW, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 60 s:\n${output}`)), 60_000);
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
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before serving:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
