// `npm test`: first the checks that keep the code in shape (Prettier, ESLint, the type check, no
// import cycles) beside the build, then every suite (unit, widget, db, security, browser) in one
// vitest run, then one summary line "tests: N passed, N failed". Non-zero on any failure. It never
// skips silently: the browser suite needs Chromium, which this installs with apt-get when it can,
// or says how to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Runs a command to its end, its output kept to be shown if it fails. */
function run(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ label, status, output }));
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

ensureChromium();
// The checks that keep the code in shape, and the build the browser tests serve, side by side:
// each is mostly one process on one core.
console.log('Checking format, lint, types and import cycles, and building...');
const checks = await Promise.all([
  run('the format check (npm run format to fix)', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  run('the lint', bin('eslint'), ['--max-warnings', '0', '.']),
  run('the type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  run('the import-cycle check', bin('madge'), [
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
  ]),
  run('the build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]),
]);
const failed = checks.filter((check) => check.status !== 0);
for (const check of failed) {
  console.error(`\n${check.label} failed:\n${check.output}`);
}
if (failed.length > 0) {
  console.error(
    `tests: 0 passed, ${failed.length} failed (${failed.map((check) => check.label).join(', ')}; see above)`,
  );
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
