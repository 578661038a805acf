/**
 * Server-Sent Events with the limits every stream needs: at most OPEN_STREAMS_PER_CLIENT open per
 * client address at once (counted in the database, so it holds across replicas; 429 beyond it),
 * each stream counted as work under way so shutdown waits for it, and its row renewed while it
 * lives (every stream of the process in one statement each RENEW_MS, so an idle stream adds no
 * query of its own) and removed when it ends.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppDependencies } from '../dependencies.ts';
import type { Database } from '../db/database.ts';
import { closeStream, openStream, renewStreams } from '../db/open-streams.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './errors.ts';

export const OPEN_STREAMS_PER_CLIENT = 20;
export const TOO_MANY_STREAMS = 'Too many live updates are open from your network. Close some tabs and try again.';
const RENEW_MS = 20_000;

/** The streams this process has open, per database, and the one timer that renews them all. */
const renewing = new WeakMap<Database, { ids: Set<string>; timer: NodeJS.Timeout }>();

/** Counts `id` among the streams renewed; answers how to stop counting it. */
function keepRenewed(db: Database, id: string): () => void {
  let open = renewing.get(db);
  if (!open) {
    const ids = new Set<string>();
    const timer = setInterval(() => void renewStreams(db, [...ids]).catch(() => {}), RENEW_MS);
    timer.unref();
    open = { ids, timer };
    renewing.set(db, open);
  }
  const { ids, timer } = open;
  ids.add(id);
  return () => {
    ids.delete(id);
    if (ids.size > 0) return;
    clearInterval(timer);
    renewing.delete(db);
  };
}

export async function eventStream(
  c: Context,
  deps: Pick<AppDependencies, 'db' | 'settings' | 'inFlight'>,
  run: (stream: SSEStreamingApi) => Promise<void>,
): Promise<Response> {
  const id = randomUUID();
  if (!(await openStream(deps.db, id, clientAddress(c, deps.settings.trustProxy), OPEN_STREAMS_PER_CLIENT))) {
    throw new HttpError(429, TOO_MANY_STREAMS, { 'Retry-After': '30' });
  }
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, (stream) =>
    deps.inFlight.track(
      (async () => {
        const stopRenewing = keepRenewed(deps.db, id);
        try {
          await run(stream);
        } finally {
          stopRenewing();
          await closeStream(deps.db, id).catch(() => {});
        }
      })(),
    ),
  );
}
