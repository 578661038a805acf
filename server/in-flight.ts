/**
 * Work the server has under way: requests being answered, event streams, and what a request
 * starts after its answer (a paid order's hand-off, sending mail). Shutdown waits until none is
 * left before it closes the database, so no handler meets a closed pool. Event streams never end
 * by themselves: they end when shutdown begins (`shuttingDown`), and every request keeps its answer.
 */
export interface InFlight {
  /** Counts `work` until it settles; answers it unchanged. */
  track<T>(work: Promise<T>): Promise<T>;
  /** How many pieces of work are under way. */
  readonly count: number;
  /** Resolves when nothing is under way (at once if nothing is). */
  idle(): Promise<void>;
  /** Aborted once shutdown has begun: work that would run on forever ends at it. */
  readonly shuttingDown: AbortSignal;
  /** Shutdown begins: `shuttingDown` is aborted. */
  beginShutdown(): void;
}

export function createInFlight(): InFlight {
  let count = 0;
  let waiting: (() => void)[] = [];
  const shutdown = new AbortController();
  const settle = () => {
    count -= 1;
    if (count > 0) return;
    const done = waiting;
    waiting = [];
    for (const resolve of done) resolve();
  };
  return {
    track(work) {
      count += 1;
      return work.finally(settle);
    },
    get count() {
      return count;
    },
    idle() {
      return count === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    shuttingDown: shutdown.signal,
    beginShutdown() {
      shutdown.abort();
    },
  };
}
