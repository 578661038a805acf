/**
 * Starts the real server as `npm start` does (its own process, a port of its own, a fresh data
 * directory, removed at stop) for tests that talk to it over HTTP or through Chromium.
 * server-process.ts does the starting; this adds the throw-away data directory, already migrated
 * (databases.ts) as a first start would leave it.
 */
import { rm } from 'node:fs/promises';
import { migratedDataDir } from './databases.ts';
import { demoStaffPassword, startServerProcess, TEST_NOW } from './server-process.ts';

export { demoStaffPassword, TEST_NOW };

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** What the server printed, for a failing test's message. */
  output(): string;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await migratedDataDir();
  const server = await startServerProcess({ dataDir, env });
  return {
    url: server.url,
    output: server.output,
    async stop() {
      await server.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
