/** Backup files: their default names, what a file holds, and writing one whole or not at all. */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

export type DatabaseKind = 'pglite' | 'postgres';

/** A refusal or failure the person running the command can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}

/** `20261122T031500Z`: a UTC instant to the second, safe in a file name and sorted by time. */
export function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** `backups/comal-pglite-20261122T031500Z.tar.gz` or `backups/comal-postgres-….dump`, under the working directory. */
export function defaultBackupFile(kind: DatabaseKind, now: Date): string {
  return path.resolve('backups', `comal-${kind}-${utcStamp(now)}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/** A path as the person typed it would read: relative under the working directory, else absolute. */
export function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** `812 KB`, `4.4 MB`. */
export function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Gzipped on libuv's thread pool in pieces of 4 MB: between two pieces the work waits for a turn of
 * the event loop, which a busy server's requests hold, so small pieces would stretch it to seconds.
 */
export function gzipped(data: Uint8Array): Promise<Buffer> {
  return promisify(gzip)(data, { chunkSize: 4 * 1024 * 1024 });
}

/** What a backup file holds, from its first bytes: a gzipped PGlite data directory or a pg_dump archive. */
export async function kindOfFile(file: string): Promise<DatabaseKind | undefined> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`There is no file ${shown(file)}.`);
    throw new BackupError(`Could not read ${shown(file)}: ${(error as Error).message}`);
  }
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0).catch((error: Error) => {
      throw new BackupError(`Could not read ${shown(file)}: ${error.message}`);
    });
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (bytesRead === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Refuses to replace a file that is already there: a backup never overwrites another. */
export async function refuseExisting(file: string): Promise<void> {
  const handle = await open(file, constants.O_RDONLY).catch(() => undefined);
  if (!handle) return;
  await handle.close();
  throw new BackupError(`${shown(file)} already exists: name another file, or move that one away.`);
}

/** A new name beside `file` to write into and rename over it, so no one ever reads half a backup. */
export function partialName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID().slice(0, 8)}.partial`);
}

/**
 * Writes `data` to `file`, which must not exist yet: into a file beside it, flushed to disk, then
 * renamed, so `file` is either the whole backup or absent, whatever happens meanwhile.
 */
export async function writeBackupFile(file: string, data: Uint8Array): Promise<void> {
  await refuseExisting(file);
  await mkdir(path.dirname(file), { recursive: true });
  await moveIntoPlace(file, async (partial) => {
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/** Runs `write` on a partial file beside `file`, then renames it over `file`; the partial never stays behind. */
export async function moveIntoPlace(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = partialName(file);
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
