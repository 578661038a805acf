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

/**
 * Resolves once the browser has drawn its next frame, so what was drawn before is laid out in
 * that frame alone and the work after it starts in a task of its own. A page that draws no
 * frames (a tab in the background) goes on after `maxWaitMs`.
 */
export function afterNextFrame(maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(timer);
      // The frame is drawn right after its animation callbacks; a new task starts after that.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}

/** Runs `work` when the browser has nothing better to do (at the latest after `timeoutMs`). */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 200);
}
