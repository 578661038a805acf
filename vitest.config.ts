import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './rollup.config.mjs';
import { messageCatalogues } from './scripts/message-catalogues.mjs';

// Five suites, run together by `npm test` (scripts/test.mjs):
// unit    pure domain code in shared/ and components, no I/O;
// widget  the widget's components on the preact build it ships, in happy-dom, against a local HTTP server;
// db      the database layer and the API on PGlite, and on PostgreSQL when DATABASE_URL is set;
// security  one table-driven test per attack we refuse, through the real API (PGlite; the rate
//          limits also on PostgreSQL with two server processes sharing one database);
// browser real Chromium against the built site served by the real server.
//
// The unit and widget files run two at a time. The db and security files run one after another
// in one worker that keeps its modules (isolate: false): none mocks a module, fakes timers or
// changes the environment, and importing the server and compiling PGlite's WASM once instead of
// once per file saves about a minute. Their tests stop and restart servers and count time, so
// they never share a core with another db or security file. The browser files run one at a time,
// also in one worker that keeps its modules (playwright-core and the harness imported once: 7 s
// of imports instead of 34 s): `npm test` runs them in a vitest run of their own beside the other
// suites (scripts/test.mjs); a plain `vitest run` runs them last.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        // React's names resolved to preact as in the widget's build (TOOLCHAIN.md). The message
        // catalogues as the build compiles them, every part's English loaded up front (tests
        // render a chunk's parts directly).
        plugins: [messageCatalogues()],
        resolve: { alias: preactAliases as { find: string; replacement: string }[] },
        test: {
          name: 'widget',
          include: ['tests/widget/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/widget/english-messages.ts'],
          // Above waitFor's 5 s, so a wait that gives up says what it waited for.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/chromium-server.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          fileParallelism: false,
        },
      },
    ],
  },
});
