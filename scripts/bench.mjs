// `npm run bench`: what a browser downloads (each built file, raw and gzip), then the API under
// load from autocannon against the real server in its own process on a fresh database:
// GET /api/menus/ next to the same bytes served as a static file by the same process, and
// create-order at 50 concurrent clients. Figures, not pass/fail: tests never time anything.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
build({ quiet: true });

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

function printTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(headers));
  for (const row of rows) console.log(line(row));
  console.log();
}

const weights = files(path.join(root, 'dist'))
  .filter((file) => /\.(html|js|css)$/.test(file))
  .map((file) => {
    const bytes = readFileSync(file);
    return [path.relative(root, file), bytes.length, gzipSync(bytes, { level: 9 }).length];
  });
console.log('Download weight');
printTable(['file', 'raw B', 'gzip B'], weights);

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /serving (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before serving`)));
  });
  // Request logs would measure the terminal; drop them.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return { url, stop: () => { child.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); } };
}

function run(options) {
  return autocannon({ duration: SECONDS, ...options });
}

const row = (name, r) => [
  name,
  r.connections,
  Math.round(r.requests.average),
  r.latency.p50,
  r.latency.p99,
  r.non2xx + r.errors,
];

const server = await startServer();
try {
  const menus = await fetch(`${server.url}/api/menus/`);
  const menusBody = await menus.text();
  const staticDir = path.join(root, 'dist', 'site', '__bench');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, 'menus.json'), menusBody);

  const csrf = await (await fetch(`${server.url}/api/csrf/`)).json();
  const item = JSON.parse(menusBody)[0].categories
    .flatMap((c) => [...c.menu_items, ...(c.subcategories ?? []).flatMap((s) => s.menu_items)])
    .find((i) => i.available !== false && i.modifier_groups.every((g) => !g.min_required));
  const order = JSON.stringify({
    cart_items: [{ menu_item_id: item.id, quantity: 2, modifiers: [] }],
    name: 'Bench Customer',
    email: 'bench@example.com',
    phone: '2135550100',
    delivery_type: 'pickup',
    promo_code: '',
  });

  const results = [];
  results.push(row('GET /api/menus/', await run({ url: `${server.url}/api/menus/`, connections: 10 })));
  results.push(row('same bytes, static file', await run({ url: `${server.url}/__bench/menus.json`, connections: 10 })));
  results.push(
    row(
      'POST /api/create-order/',
      await run({
        url: `${server.url}/api/create-order/`,
        connections: 50,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf.csrftoken },
        body: order,
      }),
    ),
  );
  rmSync(staticDir, { recursive: true, force: true });

  console.log(`API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SECONDS} s each (${menusBody.length} B menu, ${gzipSync(menusBody).length} B gzip)`);
  printTable(['call', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'failed'], results);
  console.log(`menus / static ratio: ${(results[0][2] / results[1][2]).toFixed(2)}`);
} finally {
  server.stop();
}
