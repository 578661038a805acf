/**
 * Waiting for something to happen, instead of sleeping for a guessed time.
 *
 * `waitFor(look)` calls `look` again and again until it returns a truthy value without throwing,
 * and resolves with that value. Both ways of saying "not yet" work:
 * - return something falsy: `waitFor(() => shadow.querySelector('[role="alert"]'))`;
 * - throw, usually by failing an assertion: `waitFor(async () => { expect(await read()).toBe(2); return true; })`.
 *   (A `look` that only asserts must still return something truthy, `true` will do.)
 *
 * When the time is up it throws an Error saying what it waited for and what it last saw: the last
 * value `look` returned, or the message of the last error it threw, so a failure reads
 * "Timed out after 5000 ms waiting for the booked delivery; last saw: null".
 *
 * It keeps its own copies of the real `setTimeout` and `performance.now`, so it still waits in
 * real time in a test that fakes the timers (the network answers in real time either way).
 * A try already under way when the time runs out is finished before it gives up.
 */
import { inspect } from 'node:util';

const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

export interface WaitForOptions {
  /** How long to keep trying, in ms (5000 unless told). */
  timeoutMs?: number;
  /** Pause between tries, in ms (20 unless told). */
  intervalMs?: number;
  /** What is being waited for, for the error: "the booked delivery". */
  what?: string;
}

/** What a successful `look` can give back: never null, undefined, false, 0 or ''. */
export type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

export async function waitFor<T>(look: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Truthy<T>> {
  const { timeoutMs = 5000, intervalMs = 20, what = 'the condition' } = options;
  const giveUpAt = realNow() + timeoutMs;
  let lastSaw = 'nothing yet';
  for (;;) {
    try {
      const value = await look();
      if (value) return value as Truthy<T>;
      lastSaw = describe(value);
    } catch (error) {
      lastSaw = error instanceof Error ? `${error.name}: ${error.message}` : `a throw of ${describe(error)}`;
    }
    if (realNow() >= giveUpAt)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last saw: ${lastSaw}`);
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}

function describe(value: unknown): string {
  const text = inspect(value, { depth: 2, maxArrayLength: 10, maxStringLength: 200, breakLength: Infinity });
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
