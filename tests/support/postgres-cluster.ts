/**
 * A throw-away PostgreSQL server of a test's own (initdb in a temporary directory, a free port on
 * 127.0.0.1), so a test may stop and restart it without disturbing the server DATABASE_URL names.
 * The binaries are found with `pg_config --bindir`, else under /usr/lib/postgresql/<version>/bin.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user (as in
 * .ci/run). `findPostgresBinaries` answers why not when there is no way to run one.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresCluster {
  url: string;
  port: number;
  /** Stops the server (fast: open sessions are ended) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** The directory of initdb and pg_ctl, and the uid/gid to run them as when this process is root; or why there is none. */
export async function findPostgresBinaries(): Promise<
  { bin: string; runAs: { uid: number; gid: number } | null } | { missing: string }
> {
  let bin: string | undefined;
  try {
    bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // no pg_config on PATH
  }
  if (!bin || !existsSync(path.join(bin, 'initdb'))) {
    const versions = existsSync('/usr/lib/postgresql') ? await readdir('/usr/lib/postgresql') : [];
    const newest = versions
      .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
      .sort((a, b) => Number(b) - Number(a))[0];
    bin = newest ? `/usr/lib/postgresql/${newest}/bin` : undefined;
  }
  if (!bin) return { missing: 'no PostgreSQL binaries (pg_config --bindir or /usr/lib/postgresql/*/bin/initdb)' };
  if (userInfo().uid !== 0) return { bin, runAs: null };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { bin, runAs: { uid, gid } };
  } catch {
    return { missing: 'running as root and there is no `postgres` user to run PostgreSQL as' };
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const found = await findPostgresBinaries();
  if ('missing' in found) throw new Error(`Cannot start a PostgreSQL server: ${found.missing}.`);
  const { bin, runAs } = found;
  const root = await mkdtemp(path.join(tmpdir(), 'comal-pg-'));
  await chmod(root, 0o755);
  if (runAs) await chown(root, runAs.uid, runAs.gid);
  const data = path.join(root, 'data');
  const port = await freePort();
  const as = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
  const tool = (name: string, args: string[]) =>
    run(path.join(bin, name), args, { ...as, cwd: root, env: { ...process.env, LC_ALL: 'C' } });

  await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_prepared_transactions=4`;
  // Prepared transactions let a test hold a lock that outlives its session, even a restart.
  const start = async () =>
    void (await tool('pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-w', '-o', options, 'start']));
  const stop = async () => void (await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async destroy() {
      await stop().catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}
