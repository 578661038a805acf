/**
 * Server-Sent Events with the limits every stream needs: at most OPEN_STREAMS_PER_CLIENT open per
 * client address at once (counted in the database, so it holds across replicas; 429 beyond it),
 * each stream counted as work under way so shutdown waits for it, and its row renewed while it
 * lives and removed when it ends.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppDependencies } from '../dependencies.ts';
import { closeStream, openStream, renewStream } from '../db/open-streams.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './errors.ts';

export const OPEN_STREAMS_PER_CLIENT = 20;
export const TOO_MANY_STREAMS = 'Too many live updates are open from your network. Close some tabs and try again.';
const RENEW_MS = 20_000;

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
        const renew = setInterval(() => void renewStream(deps.db, id).catch(() => {}), RENEW_MS);
        try {
          await run(stream);
        } finally {
          clearInterval(renew);
          await closeStream(deps.db, id).catch(() => {});
        }
      })(),
    ),
  );
}
