/**
 * Server-Sent Events with the limits every stream needs: at most OPEN_STREAMS_PER_CLIENT open per
 * client address at once (counted in the database, so it holds across replicas; 429 beyond it),
 * each stream counted as work under way so shutdown waits for it, ended when shutdown begins, and
 * its row removed when it ends. The row names the database session this process listens on, which is how other replicas
 * know it still lives: an open stream costs no query while it is idle (db/open-streams.ts). When
 * that session is replaced (the listening connection was lost and opened again), one statement
 * moves all of this process's rows to the new one.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppDependencies } from '../dependencies.ts';
import type { Database } from '../db/database.ts';
import { listeningSession, onListeningSession } from '../db/notifications.ts';
import { closeStream, moveStreams, openStream } from '../db/open-streams.ts';
import { log } from '../logger.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './errors.ts';

export const OPEN_STREAMS_PER_CLIENT = 20;
export const TOO_MANY_STREAMS = 'Too many live updates are open from your network. Close some tabs and try again.';

/** The streams this process has open, per database, moved together to a new listening session. */
const openHere = new WeakMap<Database, Set<string>>();

function streamsOf(db: Database): Set<string> {
  let ids = openHere.get(db);
  if (!ids) {
    const made = new Set<string>();
    ids = made;
    openHere.set(db, made);
    onListeningSession(db, (session) => {
      moveStreams(db, [...made], session).catch((error: unknown) =>
        log.warn({ err: error }, 'live events: could not move the open streams to the new listening session'),
      );
    });
  }
  return ids;
}

export async function eventStream(
  c: Context,
  deps: Pick<AppDependencies, 'db' | 'settings' | 'inFlight'>,
  run: (stream: SSEStreamingApi) => Promise<void>,
): Promise<Response> {
  const id = randomUUID();
  const client = clientAddress(c, deps.settings.trustProxy);
  const session = await listeningSession(deps.db);
  if (!(await openStream(deps.db, { id, client, session }, OPEN_STREAMS_PER_CLIENT))) {
    throw new HttpError(429, TOO_MANY_STREAMS, { 'Retry-After': '30' });
  }
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, (stream) =>
    deps.inFlight.track(
      (async () => {
        const open = streamsOf(deps.db);
        open.add(id);
        // Shutdown ends the stream as a client leaving would: its loop ends at its next look, and
        // the client reconnects (to another replica, or to this one once it is back).
        const end = () => stream.abort();
        const { shuttingDown } = deps.inFlight;
        shuttingDown.addEventListener('abort', end);
        try {
          // `run` registers its onAbort before its first await, so a shutdown already begun reaches it.
          const running = run(stream);
          if (shuttingDown.aborted) end();
          await running;
        } finally {
          shuttingDown.removeEventListener('abort', end);
          open.delete(id);
          await closeStream(deps.db, id).catch(() => {});
        }
      })(),
    ),
  );
}
