/**
 * Backups of a PostgreSQL server through PostgreSQL's own tools, the `pg_dump` and `pg_restore`
 * on PATH: pg_dump reads every table in one snapshot, so the dump is consistent while replicas
 * keep writing. The password travels in PGPASSWORD, never on a command line others can list.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, moveIntoPlace, refuseExisting } from './files.ts';

interface Connection {
  /** The connection string without its password, for --dbname. */
  url: string;
  env: NodeJS.ProcessEnv;
  /** `database "comal" on db.example.com:5432`. */
  label: string;
}

function connection(databaseUrl: string): Connection {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError('DATABASE_URL is not a connection string like postgres://user:password@host:5432/comal.');
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const name = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres';
  const host = url.host || url.searchParams.get('host') || 'localhost';
  return { url: url.toString(), env, label: `database "${name}" on ${host}` };
}

export function describePostgres(databaseUrl: string): string {
  return `PostgreSQL ${connection(databaseUrl).label}`;
}

/** `pg_dump --format=custom` of DATABASE_URL's database into `file`, which must not exist yet. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const target = connection(databaseUrl);
  await refuseExisting(file);
  await mkdir(path.dirname(file), { recursive: true });
  await moveIntoPlace(file, async (partial) => {
    await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${target.url}`], target.env);
    await chmod(partial, 0o600);
  });
}

/**
 * `pg_restore --clean --if-exists --no-owner` of `file` into DATABASE_URL's database, in one
 * transaction: it replaces every table the dump holds, or on any error changes nothing.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const target = connection(databaseUrl);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${target.url}`, file],
    target.env,
  );
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} was not found on PATH: install PostgreSQL's client programs (the server's version or newer) and try again.`
            : `Could not run ${tool}: ${error.message}`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            errors.trim().replace(/\s*\n\s*/g, ' ') || `${tool} stopped with exit code ${code ?? 'unknown'}.`,
          ),
        );
    });
  });
}
