// `npm run bench`: one table, each figure beside its limit measured in the same run on the same
// machine, and the goal of issue 22 it passes or misses:
//   GET /api/menus/ against the same bytes as a static file from the same process (PGlite, and
//     PostgreSQL when DATABASE_URL is set: a new database there, dropped after);
//   LCP of /, /menu/ and /catering/ against an empty page's, /order/'s score and TBT (Lighthouse 12,
//     mobile preset, the median-LCP run of LIGHTHOUSE_RUNS, against the built site);
//   the widget's first-paint download (gzip) and, under a 4x CPU throttle in Chromium, its script
//     time, longest task and menu-interactive time against a one-line script's, the median of
//     WIDGET_RUNS (scripts/bench-widget.mjs);
//   create-order's p99 at 50 clients against GET /api/health/ (one `SELECT 1` through the same
//     pool) at 50 clients; on PostgreSQL, two server processes on one database against one;
//   idle staff boards' queries per minute and paid-to-board latency (scripts/bench-live-events.mjs).
// Everything else it measures (each built file's weight, create-order and pay-and-finalize at 1,
// 10 and 50 clients, sign-ins under load, same-time answers for known and unknown emails, lazy
// chunks) goes to the JSON only. Writes bench/results/latest.json, a dated copy of it and
// bench/results/latest.svg (the /speed/ page is built from them), and exits 1 when a figure
// misses its goal. BENCH_SECONDS (10) sets each load test's length; BENCH_LIGHTHOUSE=0 skips
// Lighthouse (its rows say "skipped"). Tests never time anything: speed is checked here.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from './build.mjs';
import { benchRow, benchTable, missedRows } from './bench-report.mjs';
import { benchChartSvg } from './bench-svg.mjs';
import { widgetUnderThrottle } from './bench-widget.mjs';
import { measureLiveEvents } from './bench-live-events.mjs';
import { LIGHTHOUSE_PAGES, pageHtml, pageWeight, runLighthouse } from './lighthouse.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** The empty page Lighthouse measures beside ours: one line of text, nothing else (its LCP is the floor). */
const EMPTY_PAGE = '/__bench/empty/';
build({ quiet: true });
const report = {
  generated_at: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cpus: cpus().length,
    memory_gb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  },
  settings: { seconds: SECONDS, lighthouse: LIGHTHOUSE, postgres: Boolean(process.env.DATABASE_URL) },
};
/** Progress on stderr, so stdout is the table. */
const progress = (line) => process.stderr.write(`${line}\n`);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

report.download_weight = files(path.join(root, 'dist'))
  .filter((file) => /\.(html|js|css)$/.test(file))
  .map((file) => {
    const bytes = readFileSync(file);
    return {
      file: path.relative(root, file),
      raw_bytes: bytes.length,
      gzip_bytes: gzipSync(bytes, { level: 9 }).length,
    };
  });

/**
 * The restaurant's settings with slots that hold any number of orders: the load tests place
 * thousands of orders at one fixed time, and measure the order path, not the kitchen's pace
 * (kitchen.slotCapacity would refuse all but the first few with 409).
 */
function uncappedSettings(dir) {
  const settings = JSON.parse(readFileSync(path.join(root, 'settings', 'restaurant.json'), 'utf8'));
  settings.kitchen.slotCapacity = { orders: 1_000_000_000, subtotalCents: 1_000_000_000_000 };
  const file = path.join(dir, 'restaurant.json');
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

const BOARD_EMAIL = 'bench-board@comal.example';

/** The server in its own process; `staff: false` for a second process on a database that has the board's staff member. */
async function startServer(databaseUrl = '', { staff = true } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comal-bench-'));
  // On PostgreSQL the server runs as in production: PUBLIC_ORIGIN, so a port chosen first, and no dev outbox.
  const port = databaseUrl ? await freePort() : 0;
  const settingsFile = uncappedSettings(dataDir);
  // A staff member for the board's latency, made before the server holds the database.
  let boardToken = null;
  if (staff) {
    const invite = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.mjs', 'create', BOARD_EMAIL], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ...(databaseUrl ? { PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DEMO_PAYMENTS: '1' } : {}),
      },
      encoding: 'utf8',
    });
    boardToken = /set-password=([\w-]+)/.exec(invite.stdout)?.[1];
    if (!boardToken) throw new Error(`could not add the board's staff member: ${invite.stderr}`);
  }
  const child = spawn(process.execPath, ['--import', './tests/support/settings-file.mjs', 'dist/server/main.mjs'], {
    cwd: root,
    // Orders are taken only in opening hours: the bench's server lives on a Friday at 11:00 in Los Angeles.
    // TRUST_PROXY=1: each simulated customer names its own address in X-Forwarded-For, as behind a
    // load balancer, so the per-address limits see many customers rather than one flooding client.
    // DEV_OUTBOX=1 (PGlite only): the sign-in accounts confirm their email through GET /api/dev/outbox/.
    // DEMO_PAYMENTS=1 (PostgreSQL, as in production): the bench pays with test cards.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      ...(databaseUrl
        ? { PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DEV_OUTBOX: '', DEMO_PAYMENTS: '1' }
        : { DEV_OUTBOX: '1' }),
      FIXED_NOW: process.env.FIXED_NOW || '2026-11-20T19:00:00Z',
      SETTINGS_FILE: settingsFile,
    },
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
  return {
    url,
    databaseUrl,
    boardToken,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A different client address for each simulated customer (TEST-NET and documentation ranges). */
let customers = 0;
function nextAddress() {
  customers += 1;
  return `198.18.${(customers >> 8) & 255}.${customers & 255}`;
}
/** An autocannon request as the next customer sends it. */
const asNextCustomer = (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress() } });

function run(options) {
  return autocannon({ duration: SECONDS, ...options });
}

const row = (name, r) => [
  name,
  r.connections,
  Math.round(r.requests.average),
  r.latency.p50,
  r.latency.p99,
  r.non2xx + r.errors + r.timeouts,
];

/** A new, empty database on the PostgreSQL server of DATABASE_URL; answers its URL and how to drop it. */
async function freshPostgres(url) {
  const { default: pg } = await import('pg');
  const name = `comal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * The API under load on one database: the menu against a static file, `SELECT 1` through the
 * server's pool, then ordering and paying at 1, 10 and 50 clients, sign-ins, same-time answers.
 * Answers the figures, and the create-order request for the two-process run.
 */
async function apiUnderLoad(server, database) {
  const menusBody = await (await fetch(`${server.url}/api/menus/`)).text();
  const staticDir = path.join(root, 'dist', 'site', '__bench');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, 'menus.json'), menusBody);

  const csrf = await (await fetch(`${server.url}/api/csrf/`)).json();
  const item = JSON.parse(menusBody)[0]
    .categories.flatMap((c) => [...c.menu_items, ...(c.subcategories ?? []).flatMap((s) => s.menu_items)])
    .find((i) => i.available !== false && i.modifier_groups.every((g) => !g.min_required));
  // A crowd orders for the times the widget offers (a slot holds kitchen.slotCapacity orders, so
  // real orders spread over the week's slots): each order takes the next slot in turn. All at one
  // instant, thousands of orders would queue on that one slot's lock and count each other.
  const { slots } = await (await fetch(`${server.url}/api/store-hours/`)).json();
  let slotTurn = 0;
  const nextOrder = () =>
    JSON.stringify({
      cart_items: [{ menu_item_id: item.id, quantity: 2, modifiers: [] }],
      name: 'Bench Customer',
      email: 'bench@example.com',
      phone: '2135550100',
      delivery_type: 'pickup',
      promo_code: '',
      scheduled_for: slots.pickup[slotTurn++ % slots.pickup.length],
    });
  const headers = { 'content-type': 'application/json', 'x-csrftoken': csrf.csrftoken };
  const createOrder = {
    method: 'POST',
    path: '/api/create-order/',
    headers,
    setupRequest: (request) => ({ ...asNextCustomer(request), body: nextOrder() }),
  };
  // One paid order per round: create it, pay with the demo test card, finalize it.
  const payAndFinalize = [
    {
      ...createOrder,
      setupRequest: (request, context) => {
        context.address = nextAddress();
        return {
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': context.address },
          body: nextOrder(),
        };
      },
      onResponse: (status, body, context) => (context.order = JSON.parse(body)),
    },
    {
      method: 'POST',
      path: '/api/demo-payments/confirm/',
      headers,
      setupRequest: (request, context) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': context.address },
        body: JSON.stringify({
          client_secret: context.order.payment.client_secret,
          card_number: '4242 4242 4242 4242',
          exp: '12/34',
          cvc: '123',
        }),
      }),
    },
    {
      method: 'POST',
      headers,
      setupRequest: (request, context) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': context.address },
        path: `/api/finalize-order/${context.order.order_id}/`,
      }),
    },
  ];

  const results = [];
  const menus = await run({ url: `${server.url}/api/menus/`, connections: 10 });
  const staticFile = await run({ url: `${server.url}/__bench/menus.json`, connections: 10 });
  results.push(row('GET /api/menus/', menus), row('same bytes, static file', staticFile));
  // GET /api/health/ is one `select 1` through the server's pool: the floor under any call that
  // touches the database, at the same 50 clients as create-order's p99.
  const selectOne = await run({ url: `${server.url}/api/health/`, connections: 50 });
  results.push(row('GET /api/health/ (select 1)', selectOne));
  let createOrderAt50 = null;
  for (const connections of [1, 10, 50]) {
    const result = await run({ url: server.url, connections, requests: [createOrder] });
    if (connections === 50) createOrderAt50 = result;
    results.push(row('POST /api/create-order/', result));
  }
  for (const connections of [1, 10, 50]) {
    results.push(
      row('pay and finalize (3 calls)', await run({ url: server.url, connections, requests: payAndFinalize })),
    );
  }
  const signIns = await signInsUnderLoad(server, headers);
  results.push(
    row(`POST /api/auth/login/ (right password)`, signIns.signIn),
    row(`GET /api/menus/ during ${SIGN_IN_CLIENTS} sign-ins`, signIns.menus),
  );
  const sameTime = await enumerationTimes(server, headers);
  rmSync(staticDir, { recursive: true, force: true });
  return {
    createOrder,
    figures: {
      database,
      seconds: SECONDS,
      menu_bytes: menusBody.length,
      menu_gzip_bytes: gzipSync(menusBody).length,
      menus_requests_per_second: Math.round(menus.requests.average),
      static_requests_per_second: Math.round(staticFile.requests.average),
      select_one_p99_ms: selectOne.latency.p99,
      create_order_50: {
        requests_per_second: Math.round(createOrderAt50.requests.average),
        p99_ms: createOrderAt50.latency.p99,
        failed: createOrderAt50.non2xx + createOrderAt50.errors + createOrderAt50.timeouts,
      },
      sign_in: {
        clients: SIGN_IN_CLIENTS,
        sign_ins_per_second: Math.round(signIns.signIn.requests.average),
        sign_in_p99_ms: signIns.signIn.latency.p99,
        failed: signIns.signIn.non2xx + signIns.signIn.errors + signIns.signIn.timeouts,
        menus_p99_ms_alone: menus.latency.p99,
        menus_p99_ms_during_sign_ins: signIns.menus.latency.p99,
      },
      same_answer_same_time: sameTime,
      calls: results.map(([call, clients, rps, p50, p99, failed]) => ({
        call,
        clients,
        requests_per_second: rps,
        p50_ms: p50,
        p99_ms: p99,
        failed,
      })),
    },
  };
}

/**
 * The links of the mails the server wrote: through the dev outbox on PGlite; on PostgreSQL (run as
 * in production, without one) from the outbox table. Mail is sent just after the answer: wait for it.
 */
async function mailedLinks(server) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!server.databaseUrl) return (await fetch(`${server.url}/api/dev/outbox/`)).json();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select recipient, body from outbox order by id');
    return rows.map((row) => ({ to: row.recipient, links: row.body.match(/https?:\/\/\S+/g) ?? [] }));
  } finally {
    await client.end();
  }
}

/**
 * Account enumeration: register, a wrong password and a password reset, each for the sign-in
 * accounts (known, confirmed) and for as many unknown emails, one call at a time, each from a
 * new address, known and unknown taking turns to go first. Answers the median milliseconds of each.
 */
async function enumerationTimes(server, headers) {
  const calls = [
    [
      'POST /api/auth/register/',
      '/api/auth/register/',
      (email) => ({ email, password: SIGN_IN_PASSWORD, name: 'Bench Customer', phone: '2135550100' }),
    ],
    [
      'POST /api/auth/login/ (wrong password)',
      '/api/auth/login/',
      (email) => ({ email, password: 'not the password of anyone here' }),
    ],
    ['POST /api/auth/password-reset/', '/api/auth/password-reset/', (email) => ({ email })],
  ];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const timed = async (path, body) => {
    const started = performance.now();
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
    return performance.now() - started;
  };
  const figures = [];
  for (const [call, path, body] of calls) {
    const known = [];
    const unknown = [];
    for (let i = 0; i < SIGN_IN_CLIENTS; i++) {
      // Which goes first alternates: the second of two calls in a row runs on a warmer server.
      const pair = [
        async () => known.push(await timed(path, body(`bench-sign-in-${i}@example.com`))),
        async () => unknown.push(await timed(path, body(`bench-nobody-${call.length}-${i}@example.com`))),
      ];
      if (i % 2) pair.reverse();
      for (const measure of pair) await measure();
    }
    figures.push({
      call,
      known_ms: Math.round(median(known) * 10) / 10,
      unknown_ms: Math.round(median(unknown) * 10) / 10,
    });
  }
  return figures;
}

const SIGN_IN_CLIENTS = 20;
const SIGN_IN_PASSWORD = 'bench tortillas under a violet moon';

/**
 * Sign-ins with the right password from SIGN_IN_CLIENTS clients at once, each request for the
 * next of as many accounts (registered and confirmed first, through the dev outbox), next to
 * GET /api/menus/ from 10 clients for the same seconds. Answers both autocannon results.
 */
async function signInsUnderLoad(server, headers) {
  const emails = Array.from({ length: SIGN_IN_CLIENTS }, (_, i) => `bench-sign-in-${i}@example.com`);
  for (const email of emails) {
    const registered = await fetch(`${server.url}/api/auth/register/`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ email, password: SIGN_IN_PASSWORD, name: 'Bench Customer', phone: '2135550100' }),
    });
    if (registered.status !== 201)
      throw new Error(`registering ${email} answered ${registered.status}: ${await registered.text()}`);
  }
  const links = await mailedLinks(server);
  for (const email of emails) {
    const link = links.find((mail) => mail.to === email)?.links.find((l) => l.includes('token='));
    if (!link) throw new Error(`no confirmation mail for ${email}`);
    const confirmed = await fetch(`${server.url}/api/auth/confirm/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: new URL(link).searchParams.get('token'), password: SIGN_IN_PASSWORD }),
    });
    if (confirmed.status !== 200)
      throw new Error(`confirming ${email} answered ${confirmed.status}: ${await confirmed.text()}`);
  }
  // One account after another, so the clients in flight sign in to different accounts.
  let next = 0;
  const signIn = {
    method: 'POST',
    path: '/api/auth/login/',
    headers,
    setupRequest: (request) => ({
      ...asNextCustomer(request),
      body: JSON.stringify({ email: emails[next++ % emails.length], password: SIGN_IN_PASSWORD }),
    }),
  };
  const [signInResult, menus] = await Promise.all([
    run({ url: server.url, connections: SIGN_IN_CLIENTS, requests: [signIn] }),
    run({ url: `${server.url}/api/menus/`, connections: 10 }),
  ]);
  return { signIn: signInResult, menus };
}

/**
 * Two server processes on one PostgreSQL database against one: create-order from 50 clients on
 * one process, then 25 on each of two, back to back on the same database. Answers both rates.
 */
async function twoProcesses(first, databaseUrl, createOrder) {
  const one = await run({ url: first.url, connections: 50, requests: [createOrder] });
  const second = await startServer(databaseUrl, { staff: false });
  try {
    const both = await Promise.all(
      [first, second].map((server) => run({ url: server.url, connections: 25, requests: [createOrder] })),
    );
    const failed = (r) => r.non2xx + r.errors + r.timeouts;
    return {
      clients: 50,
      one_process_requests_per_second: Math.round(one.requests.average),
      two_processes_requests_per_second: Math.round(both.reduce((sum, r) => sum + r.requests.average, 0)),
      failed: failed(one) + both.reduce((sum, r) => sum + failed(r), 0),
    };
  } finally {
    second.stop();
  }
}

// ---- Live events: scripts/bench-live-events.mjs measures them. ----
const BOARD_PASSWORD = 'bench board password 2026';

/** Idle boards' statements per minute and paid-to-board latency, for the running `server`. */
function liveEvents(server) {
  return measureLiveEvents(
    { ...server, staff: { email: BOARD_EMAIL, password: BOARD_PASSWORD } },
    { seconds: Math.max(5, Math.min(20, SECONDS * 2)) },
  );
}

report.api = [];
report.live_events = [];
report.two_processes = null;
const server = await startServer();
try {
  progress(`API on PGlite, ${SECONDS} s a run...`);
  report.api.push((await apiUnderLoad(server, 'PGlite')).figures);
  progress('Live events on PGlite...');
  report.live_events.push({ database: 'PGlite', ...(await liveEvents(server)) });
  report.page_loads = await pageLoads(server.url);
  progress('The widget in Chromium, 4x CPU throttle...');
  report.widget = await widgetUnderThrottle(server.url);
} finally {
  server.stop();
}
if (process.env.DATABASE_URL) {
  const database = await freshPostgres(process.env.DATABASE_URL);
  const onPostgres = await startServer(database.url);
  try {
    progress(`API on PostgreSQL, ${SECONDS} s a run...`);
    const { figures, createOrder } = await apiUnderLoad(onPostgres, 'PostgreSQL');
    report.api.push(figures);
    progress('Live events on PostgreSQL...');
    report.live_events.push({ database: 'PostgreSQL', ...(await liveEvents(onPostgres)) });
    progress('Two server processes on one PostgreSQL...');
    report.two_processes = await twoProcesses(onPostgres, database.url, createOrder);
  } finally {
    onPostgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}
report.lazy_widget_chunks_gzip_bytes = Object.fromEntries(
  readdirSync(path.join(root, 'dist', 'widget', 'chunks'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => [
      name,
      gzipSync(readFileSync(path.join(root, 'dist', 'widget', 'chunks', name)), { level: 9 }).length,
    ]),
);

report.rows = tableRows(report);
const { machine } = report;
console.log(
  `npm run bench, ${report.generated_at.slice(0, 16).replace('T', ' ')} UTC: ${machine.cpu}, ${machine.cpus} CPUs, ${machine.memory_gb} GB, Node ${machine.node}; ${SECONDS} s a load test`,
);
console.log(benchTable(report.rows));

const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const json = `${JSON.stringify(report, null, 2)}\n`;
writeFileSync(path.join(resultsDir, 'latest.json'), json);
writeFileSync(path.join(resultsDir, `${report.generated_at.slice(0, 16).replace(':', '')}.json`), json);
writeFileSync(
  path.join(resultsDir, 'latest.svg'),
  benchChartSvg(report.rows, { date: report.generated_at.slice(0, 10) }),
);
console.log(`\nWritten to bench/results/ (latest.json, latest.svg and a dated copy).`);
const missed = missedRows(report.rows);
if (missed.length) {
  console.log(
    `Missed ${missed.length} goal${missed.length === 1 ? '' : 's'}: ${missed.map((row) => row.what).join('; ')}`,
  );
  process.exitCode = 1;
}

/** The table's rows from the report: every row always, skipped with its reason when not measured. */
function tableRows(report) {
  const rows = [];
  const postgresNote = 'DATABASE_URL not set';
  const onDatabase = (database) => report.api.find((a) => a.database === database);
  const liveOn = (database) => report.live_events.find((l) => l.database === database);
  for (const database of ['PGlite', 'PostgreSQL']) {
    const api = onDatabase(database);
    rows.push(
      benchRow({
        id: `menus-${database.toLowerCase()}`,
        what: `GET /api/menus/ (${database})`,
        unit: 'req/s',
        figure: api?.menus_requests_per_second,
        limit: api?.static_requests_per_second,
        limitWhat: 'static file',
        goal: { on: 'vs_limit', atLeast: 0.95 },
        note: api ? null : postgresNote,
      }),
    );
  }
  const { page_loads: loads } = report;
  const lighthouseOf = (page) => loads.pages.find((p) => p.page === page)?.lighthouse;
  const empty = loads.empty_page;
  const lighthouseNote = loads.note ?? 'the page was not built';
  for (const page of ['/', '/menu/', '/catering/']) {
    rows.push(
      benchRow({
        id: `lcp-${page.replaceAll('/', '') || 'home'}`,
        what: `LCP of ${page}`,
        unit: 'ms',
        figure: lighthouseOf(page)?.lcp_ms,
        limit: empty?.lcp_ms,
        limitWhat: 'empty page',
        goal: { on: 'figure', atMost: 800 },
        note: lighthouseOf(page) ? null : lighthouseNote,
      }),
    );
  }
  const order = lighthouseOf('/order/');
  rows.push(
    benchRow({
      id: 'order-score',
      what: 'Lighthouse score of /order/',
      unit: '',
      figure: order?.score,
      limit: empty?.score,
      limitWhat: 'empty page',
      goal: { on: 'figure', atLeast: 100 },
      note: order ? null : lighthouseNote,
    }),
    benchRow({
      id: 'order-tbt',
      what: 'TBT of /order/',
      unit: 'ms',
      figure: order?.tbt_ms,
      limit: empty?.tbt_ms,
      limitWhat: 'empty page',
      goal: { on: 'figure', atMost: 50 },
      note: order ? null : lighthouseNote,
    }),
  );
  const widget = report.widget;
  const widgetNote = widget.error ?? null;
  const entryGzip = gzipSync(readFileSync(path.join(root, 'dist', 'widget', 'comal.js')), { level: 9 }).length;
  rows.push(
    benchRow({
      id: 'widget-first-paint',
      what: 'widget first paint, gzip',
      unit: 'bytes',
      figure: widget.first_paint_gzip_bytes ?? entryGzip,
      goal: { on: 'figure', atMost: 20 * 1024 },
      note: widget.error ? 'comal.js alone: Chromium did not run' : null,
    }),
    benchRow({
      id: 'widget-script',
      what: 'widget script time, 4x CPU',
      unit: 'ms',
      figure: widget.widget_script_ms,
      limit: widget.one_line_script_ms,
      limitWhat: 'one-line script',
      note: widgetNote,
    }),
    benchRow({
      id: 'widget-longest-task',
      what: 'widget longest task, 4x CPU',
      unit: 'ms',
      figure: widget.widget_longest_task_ms,
      limit: widget.one_line_longest_task_ms,
      limitWhat: 'one-line script',
      goal: { on: 'figure', atMost: 50 },
      note: widgetNote,
    }),
    benchRow({
      id: 'widget-menu-interactive',
      what: 'widget menu interactive, 4x CPU',
      unit: 'ms',
      figure: widget.widget_menu_interactive_ms,
      limit: widget.one_line_ready_ms,
      limitWhat: 'one-line script',
      goal: { on: 'figure', atMost: 800 },
      note: widgetNote,
    }),
  );
  for (const database of ['PGlite', 'PostgreSQL']) {
    const api = onDatabase(database);
    rows.push(
      benchRow({
        id: `create-order-p99-${database.toLowerCase()}`,
        what: `create-order p99, 50 clients (${database})`,
        unit: 'ms',
        figure: api?.create_order_50.p99_ms,
        limit: api?.select_one_p99_ms,
        limitWhat: 'select 1',
        goal: { on: 'figure', atMost: 30 },
        note: !api
          ? postgresNote
          : api.select_one_p99_ms > 30
            ? `select 1 alone takes ${api.select_one_p99_ms} ms at p99 with 50 clients on this machine`
            : null,
      }),
    );
  }
  const two = report.two_processes;
  rows.push(
    benchRow({
      id: 'two-processes',
      what: 'create-order, 2 processes (PostgreSQL)',
      unit: 'req/s',
      figure: two?.two_processes_requests_per_second,
      limit: two?.one_process_requests_per_second,
      limitWhat: 'one process',
      goal: { on: 'vs_limit', atLeast: 1.8 },
      // Each process wants a core of its own, and so do PostgreSQL and the load's clients.
      note: !two
        ? postgresNote
        : report.machine.cpus < 4
          ? `${report.machine.cpus} cores hold both processes, PostgreSQL and the clients`
          : null,
    }),
  );
  for (const database of ['PGlite', 'PostgreSQL']) {
    const live = liveOn(database);
    const key = database.toLowerCase();
    const liveNote = live ? null : postgresNote;
    rows.push(
      benchRow({
        id: `idle-boards-${key}`,
        what: `5 idle boards, queries/min (${database})`,
        unit: '',
        figure: live?.idle_board_queries_per_minute,
        goal: { on: 'figure', atMost: 0 },
        note: liveNote,
      }),
      benchRow({
        id: `paid-to-board-p50-${key}`,
        what: `paid to board p50 (${database})`,
        unit: 'ms',
        figure: live?.paid_to_board_ms?.p50,
        note: live ? null : postgresNote,
      }),
      benchRow({
        id: `paid-to-board-p95-${key}`,
        what: `paid to board p95 (${database})`,
        unit: 'ms',
        figure: live?.paid_to_board_ms?.p95,
        note: live ? null : postgresNote,
      }),
    );
  }
  return rows;
}

/**
 * Lighthouse's lab figures for each main page and for an empty page from the same server in the
 * same Chromium, and what each page weighs; a page not built yet is skipped. `lighthouse` is null
 * when BENCH_LIGHTHOUSE=0 or Lighthouse failed (`note` says which).
 */
async function pageLoads(baseUrl) {
  const pages = await Promise.all(
    LIGHTHOUSE_PAGES.map(async (page) => ({ page, weight: pageWeight(await pageHtml(page, baseUrl)) })),
  );
  const built = pages.filter((p) => p.weight).map((p) => p.page);
  let lighthouse = [];
  let note = null;
  if (!LIGHTHOUSE) note = 'BENCH_LIGHTHOUSE=0';
  else {
    const emptyDir = path.join(root, 'dist', 'site', EMPTY_PAGE);
    mkdirSync(emptyDir, { recursive: true });
    writeFileSync(
      path.join(emptyDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty</title></head><body><p>An empty page.</p></body></html>\n',
    );
    try {
      progress('Lighthouse...');
      lighthouse = await runLighthouse(baseUrl, [EMPTY_PAGE, ...built], (page) => progress(`  ${page}`));
    } catch (error) {
      note = `Lighthouse did not run: ${error.message}`;
    } finally {
      rmSync(path.join(root, 'dist', 'site', '__bench'), { recursive: true, force: true });
    }
  }
  const figures = (page) => {
    const lh = lighthouse.find((r) => r.page === page);
    return lh
      ? {
          score: lh.score,
          fcp_ms: lh.fcpMs,
          lcp_ms: lh.lcpMs,
          lcp_range_ms: lh.lcpRangeMs,
          tbt_ms: lh.tbtMs,
          cls: lh.cls,
          speed_index_ms: lh.speedIndexMs,
          total_bytes: lh.totalBytes,
          error: lh.error,
        }
      : null;
  };
  return {
    note,
    empty_page: figures(EMPTY_PAGE),
    pages: pages.map(({ page, weight }) => ({
      page,
      built: Boolean(weight),
      html_gzip_bytes: weight?.htmlGzip ?? null,
      js_gzip_bytes: weight?.jsGzip ?? null,
      lazy_js_gzip_bytes: weight?.jsLazyGzip ?? null,
      lighthouse: figures(page),
    })),
  };
}
