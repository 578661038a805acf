// `npm test`: first the checks that keep the code in shape (Prettier, ESLint, the type check, no
// import cycles) beside the build, then every suite (unit, widget, db, security, browser) in two
// vitest runs side by side, then one summary line "tests: N passed, N failed". Non-zero on any failure. It never
// skips silently: the browser suite needs Chromium, which this installs with apt-get when it can,
// or says how to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
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
const args = process.argv.slice(2);
const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });

/**
 * One vitest run over `projects` (all of them when none is named), its output passed on line by
 * line so two runs side by side stay readable; answers its exit status and its JSON report.
 */
function vitest(name, projects, extra = []) {
  const report = path.join(reports, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const child = spawn(
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extra,
    ],
    { cwd: root, env: { ...process.env, CHROMIUM_PATH: chromium } },
  );
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${line}\n`));
  const done = new Promise((resolve) => child.on('close', (status) => resolve({ status, report })));
  return { child, done };
}

// The checks that keep the code in shape, and the build the browser tests serve, side by side:
// each is mostly one process on one core. With no arguments the suites start as soon as the build
// is there (several read it), in two runs: the browser files, and the others. Each run alone keeps
// about one core busy (a browser test mostly waits on Chromium and the server), so side by side,
// and beside the checks still going, they take minutes off the whole. (Three runs, the browser
// files in two halves, were faster still but left the browser tests too little CPU: a signed-in
// journey timed out.) A failed check stops them. Arguments (a file, `--project unit`) make one
// run, after the checks.
console.log('Checking format, lint, types and import cycles, and building...');
let runs = [];
const build = run('the build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]).then((result) => {
  if (result.status === 0 && args.length === 0) {
    runs = [vitest('browser', ['browser']), vitest('suites', ['unit', 'widget', 'db', 'security'])];
  }
  return result;
});
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
  build,
]);
const failed = checks.filter((check) => check.status !== 0);
for (const check of failed) {
  console.error(`\n${check.label} failed:\n${check.output}`);
}
if (failed.length > 0) {
  for (const each of runs) each.child.kill();
  console.error(
    `tests: 0 passed, ${failed.length} failed (${failed.map((check) => check.label).join(', ')}; see above)`,
  );
  process.exit(1);
}

if (args.length > 0) runs = [vitest('selected', [], args)];
const results = await Promise.all(runs.map((each) => each.done));

const summary = { passed: 0, failed: 0, skipped: 0, total: 0, unrun: 0 };
let ok = true;
for (const { status, report } of results) {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    summary.passed += json.numPassedTests;
    summary.failed += json.numFailedTests;
    summary.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    summary.total += json.numTotalTests;
    // A file that failed before its tests ran (an import that throws) counts no failed test.
    summary.unrun += json.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed'),
    ).length;
  } catch {
    console.error(`The test run wrote no report (${path.relative(root, report)}).`);
    ok = false;
  }
  if (status !== 0) ok = false;
}
console.log(
  `tests: ${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}` +
    (summary.unrun ? `, ${summary.unrun} test files failed to run (see above)` : ''),
);
process.exit(ok && summary.failed === 0 && summary.unrun === 0 && summary.total > 0 ? 0 : 1);
