// `npm test`: every suite (unit, widget, db, browser) in one vitest run, then one summary line
// "tests: N passed, N failed". Non-zero on any failure. It never skips silently: the browser
// suite needs Chromium, which this installs with apt-get when it can, or says how to.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canApt) {
    console.error(
      `The browser tests need Chromium at ${chromium}. Install Debian's package with ` +
        '`sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium (Debian package) for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium'],
  ]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) {
      console.error('Installing Chromium failed; see apt-get above.');
      process.exit(1);
    }
  }
}

ensureChromium();
console.log('Type-checking...');
const typecheck = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (typecheck.status !== 0) {
  console.error('tests: 0 passed, 1 failed (the type check failed; see above)');
  process.exit(1);
}
console.log('Checking for import cycles...');
const cycles = spawnSync(
  path.join(root, 'node_modules', '.bin', 'madge'),
  [
    '--circular',
    '--no-spinner',
    '--extensions',
    'ts,tsx',
    '--ts-config',
    'tsconfig.json',
    'shared',
    'server',
    'widget',
    'site',
    'scripts',
    'tests',
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (cycles.status !== 0) {
  console.error('tests: 0 passed, 1 failed (an import cycle; see above)');
  process.exit(1);
}
try {
  build({ quiet: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const report = path.join(root, 'test-results', 'vitest.json');
mkdirSync(path.dirname(report), { recursive: true });
const vitest = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);

let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTotalTests: 0 };
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error('The test run wrote no report.');
}
const skipped = summary.numPendingTests + (summary.numTodoTests ?? 0);
console.log(
  `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
const ok = vitest.status === 0 && summary.numFailedTests === 0 && summary.numTotalTests > 0;
process.exit(ok ? 0 : 1);
