/**
 * Giving the browser a turn between slices of work, so no task runs long: `scheduler.yield()`
 * where the browser has it (the rest of the work keeps its place in line), else a new task
 * through a MessageChannel (not clamped like a timer).
 */
type Scheduler = { yield?: () => Promise<void> };

export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs `work` when the browser has nothing better to do (at the latest after `timeoutMs`). */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 200);
}
