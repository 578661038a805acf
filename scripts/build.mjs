// Builds what is missing or stale: the site (Astro -> dist/site, and dist/site-server for the
// pages the server renders with the live menu), the widget (rollup -> dist/widget) and the server
// (esbuild -> dist/server, build-server.mjs). `--force` rebuilds all three. Exits non-zero when a
// build fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeFileSync, readFileSync } from 'node:fs';

// From a path, not a URL: the happy-dom suites start servers too (tests/support/server-process.ts),
// and there URL is the DOM's, which node:url does not take.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export const buildTargets = [
  {
    name: 'site',
    output: 'dist/site/404.html',
    // The live pages' renderer, built with the static pages.
    alsoOutputs: ['dist/site-server/entry.mjs'],
    outDir: 'dist/site',
    // bench/results: the /speed/ page prints the bench's latest figures.
    inputs: ['site', 'shared', 'settings', 'bench/results', 'astro.config.mjs', 'package-lock.json'],
    command: [bin('astro'), 'build'],
  },
  {
    name: 'widget',
    output: 'dist/widget/comal.js',
    outDir: 'dist/widget',
    inputs: ['widget', 'shared', 'settings', 'rollup.config.mjs', 'tsconfig.json', 'package-lock.json'],
    command: [bin('rollup'), '-c', 'rollup.config.mjs'],
  },
  {
    name: 'server',
    output: 'dist/server/main.mjs',
    outDir: 'dist/server',
    // settings/: the bundle reads the settings when it starts, but names their parts as built.
    inputs: ['server', 'shared', 'settings', 'scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json'],
    command: [process.execPath, path.join(root, 'scripts', 'build-server.mjs')],
    // Never served: no compressed copies.
    served: false,
  },
];

function newestInput(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(full)) newest = Math.max(newest, newestInput(path.join(entry, name)));
  return newest;
}

export function staleTargets(force = false, only = null) {
  return buildTargets.filter((target) => {
    if (only && !only.includes(target.name)) return false;
    if (force) return true;
    const output = path.join(root, target.output);
    if (!existsSync(output)) return true;
    if ((target.alsoOutputs ?? []).some((also) => !existsSync(path.join(root, also)))) return true;
    const built = statSync(output).mtimeMs;
    return target.inputs.some((input) => newestInput(input) > built);
  });
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|map)$/;

/** Writes .br and .gz beside each text file, so the server sends them without compressing per request. */
export function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  }
}

/** No brotli copy of `file`, or one older than the file itself. */
function compressedIsStale(file) {
  const compressed = `${file}.br`;
  return !existsSync(compressed) || statSync(compressed).mtimeMs < statSync(file).mtimeMs;
}

/** Builds the targets that are missing or stale (`only`: those of the names listed). */
export function build({ force = false, quiet = false, only = null } = {}) {
  const stale = staleTargets(force, only);
  for (const target of stale) {
    if (!quiet) console.log(`Building the ${target.name}...`);
    {
      const [command, ...args] = target.command;
      const result = spawnSync(command, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
      if (result.status !== 0) {
        if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
        throw new Error(`Building the ${target.name} failed (exit ${result.status}).`);
      }
    }
  }
  // Also after a build run by hand (npx astro build, npm run build:widget), which leaves no
  // compressed copies or stale ones: the server would send those instead of the new files.
  for (const target of buildTargets) {
    if (target.served === false || (only && !only.includes(target.name))) continue;
    if (stale.includes(target) || compressedIsStale(path.join(root, target.output)))
      precompress(path.join(root, target.outDir));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    build({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
