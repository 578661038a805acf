/**
 * Starts the real server as `npm start` does (its own process, a port of its own, a fresh data
 * directory, removed at stop) for tests that talk to it over HTTP or through Chromium.
 * server-process.ts does the starting; this adds the throw-away data directory, already migrated
 * (databases.ts) as a first start would leave it.
 */
import { migratedDataDir } from './databases.ts';
import { demoStaffPassword, removeDataDir, startServerProcess, TEST_NOW } from './server-process.ts';

export { demoStaffPassword, TEST_NOW };

/** Shutdown cuts streams after 3 s (server/main.ts's DRAIN_MS); 30 s is far past any honest stop. */
const STOP_MS = 30_000;

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
      // Shutdown waits for work under way; one that never ends would hang the suite's hook with no
      // word of why. Past STOP_MS the process is killed and the test fails with what it printed.
      const stopped = await Promise.race([
        server.kill('SIGTERM'),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), STOP_MS)),
      ]);
      if (!stopped) await server.kill('SIGKILL');
      await removeDataDir(dataDir);
      if (!stopped) {
        throw new Error(
          `The server did not stop within ${STOP_MS / 1000} s of SIGTERM:\n${server.output().slice(-4000)}`,
        );
      }
    },
  };
}
