/**
 * The embedded database's control socket: a unix socket beside the data directory,
 * `<DATA_DIR>.sock` (`data.sock` next to `data/`).
 *
 * PGlite lives inside the server's process, and a second process must never open the same data
 * directory while it runs: both would write the same files. So while a server runs,
 * `npm run backup` asks it for a snapshot through this socket, and `npm run restore` and a second
 * server on the same DATA_DIR stop when it answers. Only the server's own user may connect (the
 * socket is 0600): whoever can do that can read the data directory anyway.
 *
 * It sits beside DATA_DIR, not inside: PGlite's dump reads every entry of the data directory and
 * fails on a socket. One request per connection: the line `backup`, answered by a line of JSON
 * (`{"bytes":N}` followed by N bytes of gzipped tar, or `{"error":"…"}`).
 */
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { log } from '../logger.ts';
import { BackupError, gzipped } from './files.ts';

/** The longest unix socket path every platform takes (macOS: 104 bytes with the final NUL). */
const MAX_SOCKET_PATH = 103;
/** A connection that sends no request in this long is closed. */
const IDLE_MS = 30_000;

export function controlSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.sock`;
}

/** Thrown at the start of a second server on a DATA_DIR whose server still answers. */
export class DataDirInUse extends Error {}

export interface ControlSocket {
  /** From now on, `backup` requests are answered with `snapshot` (before: "still starting"). */
  serve(snapshot: () => Promise<Uint8Array>): void;
  /** Stops listening and removes the socket, after a backup under way has been sent. */
  close(): Promise<void>;
}

/**
 * Claims DATA_DIR's control socket before the server opens PGlite: refused (DataDirInUse) when a
 * server answers there; a socket a stopped or killed server left is removed. When the socket
 * cannot be made (a parent directory the server may not write, a path too long), the server
 * runs on and says so once: backups then wait until the server stops.
 */
export async function openControlSocket(dataDir: string): Promise<ControlSocket> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(
      { socket: file },
      `npm run backup cannot reach this server: the control socket's path is longer than ${MAX_SOCKET_PATH} bytes; a shorter DATA_DIR fixes it`,
    );
    return { serve() {}, close: async () => {} };
  }
  const inUse = await answers(file).catch((error: NodeJS.ErrnoException) => error);
  if (inUse instanceof Error)
    throw new DataDirInUse(
      inUse.code === 'EACCES'
        ? `${file} refuses this user: another user's server may be using ${path.resolve(dataDir)}; start this one as that user, or give it its own DATA_DIR.`
        : `Cannot tell whether another server is using ${path.resolve(dataDir)} (${file}: ${inUse.message}).`,
    );
  if (inUse)
    throw new DataDirInUse(
      `Another server is using ${path.resolve(dataDir)} (it answers on ${file}): stop it first, or give this one its own DATA_DIR.`,
    );
  const stale = await lstat(file).catch(() => undefined);
  if (stale?.isSocket()) await unlink(file).catch(() => {});

  let snapshot: (() => Promise<Uint8Array>) | undefined;
  /** Connections that have not asked yet, closed at once when the server stops. */
  const idle = new Set<Socket>();
  /** Answers under way or still being sent, waited for when the server stops. */
  const working = new Set<Promise<void>>();
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    idle.add(socket);
    connections.add(socket);
    socket.on('close', () => {
      idle.delete(socket);
      connections.delete(socket);
    });
    socket.on('error', () => {});
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 100) socket.destroy();
        return;
      }
      socket.off('data', onData);
      idle.delete(socket);
      const task = answer(socket, request.split('\n')[0]!.trim())
        .then(() => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve()))))
        .finally(() => working.delete(task));
      working.add(task);
    };
    socket.on('data', onData);
  });
  async function answer(socket: Socket, request: string): Promise<void> {
    socket.setTimeout(0);
    try {
      if (request !== 'backup')
        throw new Error(`Unknown request "${request.slice(0, 40)}": this server answers "backup".`);
      if (!snapshot) throw new Error('The server is still starting: try again in a moment.');
      const started = Date.now();
      const tar = await snapshot();
      const copied = Date.now();
      const data = await gzipped(tar);
      log.info({ bytes: data.length, copy_ms: copied - started, gzip_ms: Date.now() - copied }, 'backup snapshot sent');
      socket.end(Buffer.concat([Buffer.from(`${JSON.stringify({ bytes: data.length })}\n`), data]));
    } catch (error) {
      log.error({ err: error }, 'backup snapshot failed');
      socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
    }
  }

  try {
    await mkdir(path.dirname(file), { recursive: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(file, 0o600);
  } catch (error) {
    server.close();
    log.warn(
      { socket: file, err: error },
      'npm run backup cannot reach this server: its control socket could not be made; backups wait until it stops',
    );
    return { serve() {}, close: async () => {} };
  }
  return {
    serve(take) {
      snapshot = take;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of idle) socket.destroy();
      // A reader that stopped reading does not hold the server's stop for long.
      await Promise.race([Promise.all(working), new Promise((resolve) => setTimeout(resolve, IDLE_MS).unref())]);
      for (const socket of connections) socket.destroy();
      await closed;
    },
  };
}

/** Whether a server answers on the socket `file`; false when there is none or a stale one. */
async function answers(file: string): Promise<boolean> {
  const socket = await connectTo(file);
  socket?.destroy();
  return socket !== undefined;
}

/** A connection to the socket `file`; undefined when no server listens there (none, or a stale one). */
function connectTo(file: string): Promise<Socket | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(file);
    socket.once('connect', () => {
      socket.off('error', onError);
      resolve(socket);
    });
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ENOTSOCK') resolve(undefined);
      else reject(error);
    };
    socket.once('error', onError);
  });
}

/** connectTo for the commands: a socket this user may not use is a reason to stop. */
function commandConnect(file: string): Promise<Socket | undefined> {
  return connectTo(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(
      error.code === 'EACCES'
        ? `${file} refuses this user: run the command as the user the server runs as.`
        : `Could not reach the server on ${file}: ${error.message}`,
    );
  });
}

/** Whether a server holds `dataDir` now (its control socket answers). */
export async function serverRunsOn(dataDir: string): Promise<boolean> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return false;
  const socket = await commandConnect(file);
  socket?.destroy();
  return socket !== undefined;
}

/**
 * A snapshot of `dataDir` (a gzipped tar) from the server that holds it; undefined when no server
 * answers on its control socket.
 */
export async function snapshotFromServer(dataDir: string): Promise<Buffer | undefined> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return undefined;
  const socket = await commandConnect(file);
  if (!socket) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error) => reject(new BackupError(`The server's answer broke off: ${error.message}`)));
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let head: { bytes?: number; error?: string };
      try {
        if (newline < 0) throw new Error('no answer');
        head = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof head;
      } catch {
        reject(new BackupError(`The server on ${file} closed the connection without a backup: see its log.`));
        return;
      }
      if (head.error !== undefined) reject(new BackupError(`The server could not take the backup: ${head.error}`));
      else if (head.bytes !== all.length - newline - 1)
        reject(new BackupError(`The server's answer broke off (${all.length - newline - 1} of ${head.bytes} bytes).`));
      else resolve(all.subarray(newline + 1));
    });
    // Written, not ended: the server closes its side of a connection whose other side has ended.
    socket.write('backup\n');
  });
}
