import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './rollup.config.mjs';

// Five suites, run together by `npm test` (scripts/test.mjs):
// unit    pure domain code in shared/ and components, no I/O;
// widget  the widget's components on the preact build it ships, in happy-dom, against a local HTTP server;
// db      the database layer and the API on PGlite, and on PostgreSQL when DATABASE_URL is set;
// security  one table-driven test per attack we refuse, through the real API (PGlite; the rate
//          limits also on PostgreSQL with two server processes sharing one database);
// browser real Chromium against the built site served by the real server.
//
// Every suite but the browser one runs two files at a time even on two cores: a database test
// spends much of its time waiting (PGlite's WASM, stand-in servers, child processes), and each
// file has its own databases, ports and processes. The browser suite runs alone, after the rest,
// one file at a time, so Chromium and the server it drives never compete with another file.
// The db and security files share their worker's modules (isolate: false): none mocks a module,
// fakes timers or changes the environment, and importing the server and compiling PGlite's WASM
// once per worker instead of once per file saves about a minute.
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
        // React's names resolved to preact as in the widget's build (TOOLCHAIN.md); react-shadow's
        // ESM file, inlined, so it too gets preact.
        resolve: {
          alias: [
            ...(preactAliases as { find: string; replacement: string }[]),
            {
              find: 'react-shadow',
              replacement: fileURLToPath(new URL('./node_modules/react-shadow/react-shadow.esm.js', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'widget',
          include: ['tests/widget/**/*.test.tsx'],
          environment: 'happy-dom',
          server: { deps: { inline: [/react-shadow/] } },
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
          fileParallelism: false,
        },
      },
    ],
  },
});
