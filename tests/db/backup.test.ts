// Backups as a person takes them: `npm run backup` and `npm run restore`, spawned, against real
// server processes while paid orders keep coming (create-order, the demo card, finalize, four
// customers at once).
// - PGlite: the running server takes the snapshot (the CLI asks it over DATA_DIR's control socket);
//   restored into a fresh DATA_DIR, the backup holds every order paid before it was asked for and
//   none placed after it returned, its orders are exactly those numbered up to its last one (none
//   missing, none without its lines or payment), and each equals the order the server kept: same
//   row, lines and payment, or, for one paid just after the snapshot, the same row before payment.
//   A restore refuses while the server runs; with none running, the backup opens DATA_DIR itself
//   and a restore keeps the database it replaces beside it.
// - PostgreSQL (when DATABASE_URL is set, as in CI): the same under pg_dump, then pg_restore into
//   an empty database and over the original.
// - The refusals a person reads: not a backup, a backup of the other database, no pg_dump, a data
//   directory that may be open in a server that does not answer.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBackupFile, shown } from '../../server/backup/files.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { databaseTargets, migratedDataDir } from '../support/databases.ts';
import { startOrderLoad, uncappedSlots, type LoadOrder } from '../support/order-load.ts';
import { removeDataDir, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POSTGRES_URL = databaseTargets.some((target) => target.name === 'postgres')
  ? process.env.DATABASE_URL
  : undefined;
/** Customers ordering at once during the backup. */
const CUSTOMERS = 4;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * `npm run backup|restore ARGS` as a person types it (npm's own lines left out with --silent),
 * in the repository, on the test's PGlite unless `env` names a DATABASE_URL. `direct` runs the
 * script as package.json does, without npm: for a PATH that has no npm on it.
 */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>, direct = false): Promise<Ran> {
  const started = Date.now();
  const [command, commandArgs] = direct
    ? [process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args]]
    : ['npm', ['run', '--silent', script, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SIZE = String.raw`\((\d+(?:\.\d)?) (KB|MB)\)`;

type Json = Record<string, unknown>;
interface OrderRecord {
  order: Json;
  lines: Json[];
  payments: Json[];
}

/** Every order with its lines and payment, as JSON from the database (timestamps exactly as stored). */
async function ordersIn(db: Database): Promise<Map<string, OrderRecord>> {
  const rows = async (sql: string) =>
    (await db.query<{ id: string; row: string }>(sql)).map(({ id, row }) => ({ id, row: JSON.parse(row) as Json }));
  const orders = new Map<string, OrderRecord>();
  for (const { id, row } of await rows('select id, row_to_json(o)::text as row from orders o'))
    orders.set(id, { order: row, lines: [], payments: [] });
  const owner = (id: string) => orders.get(id) ?? { order: {}, lines: [], payments: [] };
  for (const { id, row } of await rows(
    'select order_id as id, row_to_json(l)::text as row from order_lines l order by order_id, position',
  ))
    owner(id).lines.push(row);
  for (const { id, row } of await rows(
    'select order_id as id, row_to_json(p)::text as row from payments p order by order_id, id',
  ))
    owner(id).payments.push(row);
  return orders;
}

async function readPglite(dataDir: string): Promise<Map<string, OrderRecord>> {
  const db = await openDatabase({ dataDir });
  try {
    return await ordersIn(db);
  } finally {
    await db.close();
  }
}

async function readPostgres(databaseUrl: string): Promise<Map<string, OrderRecord>> {
  const db = await openDatabase({ databaseUrl });
  try {
    return await ordersIn(db);
  } finally {
    await db.close();
  }
}

interface Window {
  /** Date.now() before the backup command was started, and once it had ended. */
  askedAt: number;
  endedAt: number;
}

/**
 * What a consistent backup restores, against the orders the server kept when it stopped: asserts
 * each rule, and answers the figures.
 */
function expectConsistent(
  original: Map<string, OrderRecord>,
  restored: Map<string, OrderRecord>,
  placed: LoadOrder[],
  window: Window,
) {
  // Nothing the server never had.
  expect([...restored.keys()].filter((id) => !original.has(id))).toEqual([]);
  // A prefix: the orders numbered up to the last one restored, every one of them.
  const numbers = (orders: Iterable<OrderRecord>) =>
    [...orders].map((o) => Number(o.order.number)).sort((a, b) => a - b);
  const last = Math.max(...numbers(restored.values()));
  expect(numbers(restored.values())).toEqual(numbers(original.values()).filter((n) => n <= last));
  // Each order whole and as the server kept it.
  let paidAfterSnapshot = 0;
  for (const [id, copy] of restored) {
    const kept = original.get(id)!;
    expect(copy.lines.length, id).toBeGreaterThan(0);
    expect(copy.lines, id).toEqual(kept.lines);
    expect(copy.payments, id).toHaveLength(1);
    if (copy.order.status === kept.order.status) {
      expect(copy.order, id).toEqual(kept.order);
      expect(copy.payments, id).toEqual(kept.payments);
    } else {
      // Taken between create-order and finalize: the same order, not yet paid.
      paidAfterSnapshot += 1;
      expect(kept.order.status, id).toBe('paid');
      expect(copy.order, id).toEqual({
        ...kept.order,
        status: 'pending_payment',
        paid_at: null,
        points_earned: 0,
        points_cents_per_point: null,
      });
      const [payment] = copy.payments;
      expect(payment, id).toEqual({
        ...kept.payments[0],
        status: payment!.status,
        failure_message: null,
        updated_at: payment!.updated_at,
      });
    }
  }
  // Every order paid before the backup was asked for is there, paid; none placed after it ended is.
  const paidBefore = placed.filter((order) => order.paidAt < window.askedAt);
  const placedAfter = placed.filter((order) => order.sentAt > window.endedAt);
  expect(paidBefore.length).toBeGreaterThan(0);
  expect(placedAfter.length).toBeGreaterThan(0);
  expect(paidBefore.filter((order) => restored.get(order.order_id)?.order.status !== 'paid')).toEqual([]);
  expect(placedAfter.filter((order) => restored.has(order.order_id))).toEqual([]);
  return {
    restored: restored.size,
    kept: original.size,
    paidBefore: paidBefore.length,
    placedAfter: placedAfter.length,
    paidAfterSnapshot,
  };
}

/** Orders keep coming while `backup` runs; answers when it was asked for and ended, and every paid order. */
async function backupUnderLoad(server: ServerProcess, backup: () => Promise<Ran>) {
  const load = await startOrderLoad(server, CUSTOMERS);
  await load.waitForPaid(40);
  const askedAt = Date.now();
  const ran = await backup();
  const endedAt = Date.now();
  const paidByThen = load.paid.length;
  // Enough orders after it that several were sent once it had ended.
  await load.waitForPaid(paidByThen + 4 * CUSTOMERS);
  const placed = await load.stop();
  return { ran, placed, window: { askedAt, endedAt }, paidByThen };
}

/** Entries beside `dataDir` a restore may leave (`.restoring-…`, `.before-restore-…`). */
async function besides(dataDir: string): Promise<string[]> {
  const name = path.basename(dataDir);
  return (await readdir(path.dirname(dataDir))).filter((entry) => entry.startsWith(`${name}.`)).sort();
}

describe('PGlite: a running server takes the backup, a stopped one is read directly', () => {
  let work = '';
  let dataDir = '';
  let server: ServerProcess | undefined;
  /** From the backup under load, restored into a fresh DATA_DIR. */
  let underLoad = '';
  let restored: Map<string, OrderRecord> | undefined;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'comal-backups-'));
    dataDir = await migratedDataDir();
    server = await startServerProcess({ dataDir, env: { TRUST_PROXY: '1', ...(await uncappedSlots(work)) } });
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    for (const entry of dataDir ? await besides(dataDir) : [])
      await rm(path.join(path.dirname(dataDir), entry), { recursive: true, force: true });
    if (dataDir) await removeDataDir(dataDir);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('npm run restore refuses while the server runs on DATA_DIR, a second server stops, and everything stays as it was', async () => {
    const file = path.join(work, 'while-running.tar.gz');
    const backup = await run('backup', [file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up PGlite in ${escape(dataDir)} \\(from the running server\\) to ${escape(file)} ${SIZE}\\.\\n$`,
      ),
    );
    expect(backup.code).toBe(0);

    const refused = await run('restore', [file], { DATA_DIR: dataDir });
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `A server is running on ${dataDir}: stop it, then restore.\n`,
    });
    expect(await besides(dataDir)).toEqual([`${path.basename(dataDir)}.sock`]);

    // Nor may a second server open it.
    const second = await startServerProcess({ dataDir }).then(
      async (started) => `started: ${JSON.stringify(await started.kill('SIGKILL'))}`,
      (error: Error) => error.message,
    );
    expect(second).toContain(
      `The server exited (1) before serving:\nAnother server is using ${dataDir} (it answers on ${dataDir}.sock): stop it first, or give this one its own DATA_DIR.\n`,
    );
    expect((await fetch(`${server!.url}/api/health/`)).status).toBe(200);
  }, 120_000);

  it('a backup taken while paid orders pour in restores every order it holds, each equal to the original, and none placed after it', async () => {
    const file = path.join(work, 'under-load.tar.gz');
    const { ran, placed, window, paidByThen } = await backupUnderLoad(server!, () =>
      run('backup', [file], { DATA_DIR: dataDir }),
    );
    expect(ran.stderr).toBe('');
    const size = new RegExp(
      `^Backed up PGlite in ${escape(dataDir)} \\(from the running server\\) to ${escape(file)} ${SIZE}\\.\\n$`,
    ).exec(ran.stdout);
    expect(size, ran.stdout).not.toBeNull();
    expect(ran.code).toBe(0);
    expect(await server!.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await besides(dataDir)).toEqual([]); // the control socket went with the server

    const original = await readPglite(dataDir);
    underLoad = path.join(work, 'restored');
    const restoring = await run('restore', [file], { DATA_DIR: underLoad });
    expect(restoring.stderr).toBe('');
    restored = await readPglite(underLoad);
    expect(restoring.stdout).toBe(`Restored ${file} into ${underLoad}: ${restored.size} orders.\n`);
    expect(restoring.code).toBe(0);

    const figures = expectConsistent(original, restored, placed, window);
    console.info(
      `PGlite backup under load: ${figures.restored} orders restored and compared (of ${figures.kept} kept; ` +
        `${paidByThen} paid by the time it returned, ${figures.paidAfterSnapshot} paid just after the snapshot, ` +
        `${figures.placedAfter} placed after it), ${size![1]} ${size![2]}, backup ${ran.ms} ms, restore ${restoring.ms} ms`,
    );
  }, 240_000);

  it('with no server running, npm run backup reads DATA_DIR itself, and npm run restore keeps the database it replaces', async () => {
    expect(restored, 'the backup under load').toBeDefined();
    const kept = await readPglite(dataDir);
    const file = path.join(work, 'stopped.tar.gz');
    const backup = await run('backup', [file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      new RegExp(`^Backed up PGlite in ${escape(dataDir)} to ${escape(file)} ${SIZE}\\.\\n$`),
    );
    expect(backup.code).toBe(0);
    // A second backup never replaces the first.
    expect(await run('backup', [file], { DATA_DIR: dataDir })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${file} already exists: name another file, or move that one away.\n`,
    });

    // The backup under load over the database the server kept: the kept one goes aside.
    const restoring = await run('restore', [path.join(work, 'under-load.tar.gz')], { DATA_DIR: dataDir });
    expect(restoring.stderr).toBe('');
    const aside = new RegExp(
      `^Restored ${escape(path.join(work, 'under-load.tar.gz'))} into ${escape(dataDir)}: ${restored!.size} orders\\. ` +
        `The database it replaced is in (${escape(dataDir)}\\.before-restore-\\d{8}T\\d{6}Z)\\.\\n$`,
    ).exec(restoring.stdout);
    expect(aside, restoring.stdout).not.toBeNull();
    expect(restoring.code).toBe(0);
    expect(await readPglite(dataDir)).toEqual(restored);
    expect(await readPglite(aside![1]!)).toEqual(kept);

    // The stopped server's backup holds what it kept.
    const again = path.join(work, 'stopped-restored');
    const fromStopped = await run('restore', [file], { DATA_DIR: again });
    expect(fromStopped).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Restored ${file} into ${again}: ${kept.size} orders.\n`,
    });
    expect(await readPglite(again)).toEqual(kept);
  }, 240_000);
});

describe('what the commands refuse, in one line each', () => {
  let work = '';
  let dataDir = '';
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'comal-backups-'));
  });
  afterAll(async () => {
    if (dataDir) await removeDataDir(dataDir);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('a file that is no backup, or a backup of the other database', async () => {
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'not a backup');
    expect(await run('restore', [text], { DATA_DIR: path.join(work, 'data') })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${text} is not a backup: neither a PGlite backup (.tar.gz) nor a pg_dump archive (.dump).\n`,
    });
    const dump = path.join(work, 'comal.dump');
    await writeFile(dump, 'PGDMP\u0001\u000e\u0000');
    expect(await run('restore', [dump], { DATA_DIR: path.join(work, 'data') })).toMatchObject({
      code: 1,
      stderr: `${dump} is a pg_dump archive: set DATABASE_URL to the PostgreSQL database to restore it into.\n`,
    });
    const tarball = path.join(work, 'comal.tar.gz');
    await writeFile(tarball, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    expect(await run('restore', [tarball], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).toMatchObject({
      code: 1,
      stderr: `${tarball} is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR.\n`,
    });
    expect(await run('restore', [], {})).toMatchObject({
      code: 2,
      stderr: 'Usage: npm run restore FILE (a .tar.gz from PGlite, a .dump from PostgreSQL)\n',
    });
    // Nothing was made for DATA_DIR.
    expect(await readdir(work)).toEqual(['comal.dump', 'comal.tar.gz', 'notes.txt']);
  }, 60_000);

  it('with no FILE, a backup is named by its database and the UTC time, under backups/', () => {
    const at = new Date('2026-11-22T03:15:09.250Z');
    expect(shown(defaultBackupFile('pglite', at))).toBe(path.join('backups', 'comal-pglite-20261122T031509Z.tar.gz'));
    expect(shown(defaultBackupFile('postgres', at))).toBe(path.join('backups', 'comal-postgres-20261122T031509Z.dump'));
  });

  it('no pg_dump on PATH', async () => {
    const file = path.join(work, 'comal.backup.dump');
    expect(
      await run('backup', [file], { DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none', PATH: '' }, true),
    ).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        "pg_dump was not found on PATH: install PostgreSQL's client programs (the server's version or newer) and try again.\n",
    });
    expect(await readdir(work)).not.toContain('comal.backup.dump');
  });

  it('a data directory that may be open in a server that does not answer on its control socket', async () => {
    dataDir = await migratedDataDir();
    const pid = path.join(dataDir, 'postmaster.pid');
    await writeFile(pid, '-42\n/pglite/data\n');
    const file = path.join(work, 'unanswered.tar.gz');
    const message =
      `${dataDir} may be open in a server that does not answer on ${dataDir}.sock (${pid} is there): restart that ` +
      `server and try again; if no server runs on ${dataDir} (it crashed), delete ${pid} first.\n`;
    expect(await run('backup', [file], { DATA_DIR: dataDir })).toMatchObject({ code: 1, stdout: '', stderr: message });
    expect(await readdir(work)).not.toContain('unanswered.tar.gz');
    const tarball = path.join(work, 'some-backup.tar.gz');
    await writeFile(tarball, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    expect(await run('restore', [tarball], { DATA_DIR: dataDir })).toMatchObject({ code: 1, stderr: message });
    expect(await besides(dataDir)).toEqual([]);
  });
});

describe.skipIf(!POSTGRES_URL)('PostgreSQL: pg_dump under load, pg_restore', () => {
  let work = '';
  const databases: string[] = [];
  let server: ServerProcess | undefined;

  function urlOf(name: string): string {
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  async function newDatabase(): Promise<string> {
    const name = `comal_test_${randomUUID().replaceAll('-', '')}`;
    await admin(`create database ${name}`);
    databases.push(name);
    return name;
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'comal-backups-'));
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('a dump taken while paid orders pour in restores into an empty database and over the original, every order it holds equal', async () => {
    const name = await newDatabase();
    const url = urlOf(name);
    const host = new URL(url).host;
    server = await startServerProcess({
      env: { DATABASE_URL: url, TRUST_PROXY: '1', DEV_OUTBOX: '', ...(await uncappedSlots(work)) },
    });
    const file = path.join(work, 'under-load.dump');
    const { ran, placed, window, paidByThen } = await backupUnderLoad(server, () =>
      run('backup', [file], { DATABASE_URL: url }),
    );
    expect(ran.stderr).toBe('');
    const size = new RegExp(
      `^Backed up PostgreSQL database "${name}" on ${escape(host)} to ${escape(file)} ${SIZE}\\.\\n$`,
    ).exec(ran.stdout);
    expect(size, ran.stdout).not.toBeNull();
    expect(ran.code).toBe(0);
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const original = await readPostgres(url);

    const emptyName = await newDatabase();
    const restoring = await run('restore', [file], { DATABASE_URL: urlOf(emptyName) });
    expect(restoring.stderr).toBe('');
    const restored = await readPostgres(urlOf(emptyName));
    expect(restoring.stdout).toBe(
      `Restored ${file} into PostgreSQL database "${emptyName}" on ${host}: ${restored.size} orders.\n`,
    );
    expect(restoring.code).toBe(0);
    const figures = expectConsistent(original, restored, placed, window);

    // Over the original, which holds the orders placed after the dump: --clean takes them back out.
    const over = await run('restore', [file], { DATABASE_URL: url });
    expect(over).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Restored ${file} into PostgreSQL database "${name}" on ${host}: ${restored.size} orders.\n`,
    });
    expect(await readPostgres(url)).toEqual(restored);
    console.info(
      `PostgreSQL backup under load: ${figures.restored} orders restored and compared (of ${figures.kept} kept; ` +
        `${paidByThen} paid by the time it returned, ${figures.paidAfterSnapshot} paid just after the snapshot, ` +
        `${figures.placedAfter} placed after it), ${size![1]} ${size![2]}, backup ${ran.ms} ms, restore ${restoring.ms} ms`,
    );
  }, 240_000);
});
