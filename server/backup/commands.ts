/**
 * `npm run backup [FILE]` and `npm run restore FILE` (scripts/backup.ts, scripts/restore.ts), for
 * whichever database the server uses: the same DATABASE_URL and DATA_DIR, with the same defaults.
 *
 * PGlite: while a server runs on DATA_DIR, the backup is its snapshot, asked for through the
 * control socket (no second process may open the directory); with none running, the command opens
 * the directory itself. A restore refuses while a server runs, loads the backup into a new
 * directory beside DATA_DIR, opens it, and only then swaps it in, keeping the one it replaced.
 * PostgreSQL: pg_dump and pg_restore.
 * Each answers one line saying what it wrote or restored, or throws a BackupError saying why not.
 */
import { stat, readFile, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { countOrders, loadSnapshot, snapshotDataDir } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { controlSocketPath, serverRunsOn, snapshotFromServer } from './control-socket.ts';
import {
  BackupError,
  defaultBackupFile,
  gzipped,
  kindOfFile,
  refuseExisting,
  shown,
  sizeOf,
  utcStamp,
  writeBackupFile,
} from './files.ts';
import { describePostgres, dumpPostgres, restorePostgres } from './postgres.ts';

export interface BackupSettings {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** DATABASE_URL and DATA_DIR as server/config.ts reads them, without the server's other settings. */
export function backupSettings(env: NodeJS.ProcessEnv): BackupSettings {
  return { dataDir: path.resolve(env.DATA_DIR || './data'), databaseUrl: env.DATABASE_URL || undefined };
}

export async function backup(settings: BackupSettings, fileArgument?: string, now = new Date()): Promise<string> {
  const { databaseUrl, dataDir } = settings;
  if (databaseUrl) {
    const file = fileArgument ? path.resolve(fileArgument) : defaultBackupFile('postgres', now);
    await dumpPostgres(databaseUrl, file);
    return `Backed up ${describePostgres(databaseUrl)} to ${shown(file)} (${sizeOf((await stat(file)).size)}).`;
  }
  const file = fileArgument ? path.resolve(fileArgument) : defaultBackupFile('pglite', now);
  await refuseExisting(file);
  let data = await snapshotFromServer(dataDir);
  const running = data !== undefined;
  if (!data) {
    if (!(await exists(path.join(dataDir, 'PG_VERSION'))))
      throw new BackupError(`There is no database in ${dataDir}: set DATA_DIR to the server's data directory.`);
    await refuseUnanswered(dataDir);
    data = await gzipped(await snapshotDataDir(dataDir));
  }
  await writeBackupFile(file, data);
  return `Backed up PGlite in ${dataDir}${running ? ' (from the running server)' : ''} to ${shown(file)} (${sizeOf(data.length)}).`;
}

export async function restore(settings: BackupSettings, fileArgument: string, now = new Date()): Promise<string> {
  const { databaseUrl, dataDir } = settings;
  const file = path.resolve(fileArgument);
  const kind = await kindOfFile(file);
  if (!kind)
    throw new BackupError(
      `${shown(file)} is not a backup: neither a PGlite backup (.tar.gz) nor a pg_dump archive (.dump).`,
    );
  if (databaseUrl) {
    if (kind === 'pglite')
      throw new BackupError(`${shown(file)} is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR.`);
    await restorePostgres(databaseUrl, file);
    const db = await openDatabase({ databaseUrl });
    const orders = await countOrders(db).finally(() => db.close());
    return `Restored ${shown(file)} into ${describePostgres(databaseUrl)}: ${ordersIn(orders)}.`;
  }
  if (kind === 'postgres')
    throw new BackupError(
      `${shown(file)} is a pg_dump archive: set DATABASE_URL to the PostgreSQL database to restore it into.`,
    );
  if (await serverRunsOn(dataDir)) throw new BackupError(`A server is running on ${dataDir}: stop it, then restore.`);
  await refuseUnanswered(dataDir);

  // Loaded and opened beside DATA_DIR first: a backup that does not open leaves DATA_DIR as it was.
  const stamp = utcStamp(now);
  const staging = `${dataDir}.restoring-${stamp}`;
  let orders: number;
  try {
    orders = await loadSnapshot(staging, new Blob([await readFile(file)], { type: 'application/gzip' }));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new BackupError(`${shown(file)} could not be restored: ${(error as Error).message}`);
  }
  const current = await readdir(dataDir).catch(() => undefined);
  const aside = current && current.length > 0 ? `${dataDir}.before-restore-${stamp}` : undefined;
  try {
    if (aside) await rename(dataDir, aside);
    else if (current) await rmdir(dataDir);
    await rename(staging, dataDir);
  } catch (error) {
    if (aside && !(await exists(dataDir))) await rename(aside, dataDir).catch(() => {});
    await rm(staging, { recursive: true, force: true });
    throw new BackupError(`Could not put the restored database in ${dataDir}: ${(error as Error).message}`);
  }
  return `Restored ${shown(file)} into ${dataDir}: ${ordersIn(orders)}.${aside ? ` The database it replaced is in ${aside}.` : ''}`;
}

/**
 * A data directory PGlite holds has postmaster.pid in it. With no server answering on the control
 * socket, that is a server from before backups existed, one whose socket could not be made, or
 * one that crashed: opening the directory beside a live one would break it, so nothing is done.
 */
async function refuseUnanswered(dataDir: string): Promise<void> {
  const pid = path.join(dataDir, 'postmaster.pid');
  if (!(await exists(pid))) return;
  throw new BackupError(
    `${dataDir} may be open in a server that does not answer on ${controlSocketPath(dataDir)} (${pid} is there): restart that server and try again; if no server runs on ${dataDir} (it crashed), delete ${pid} first.`,
  );
}

function ordersIn(count: number): string {
  return `${count} order${count === 1 ? '' : 's'}`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Runs a command: its line on stdout and exit code 0, or the reason on stderr and exit code 1. */
export async function runCommand(command: () => Promise<string>): Promise<never> {
  try {
    process.stdout.write(`${await command()}\n`);
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message.trim().replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(1);
  }
}
