import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../support/wait-for.ts';

describe('waitFor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the first truthy value, once the condition comes true', async () => {
    let tries = 0;
    const found = await waitFor(() => (++tries >= 3 ? { tries } : null), { intervalMs: 1 });
    expect(found).toEqual({ tries: 3 });
  });

  it('retries while the look throws, and resolves once its assertion passes', async () => {
    let count = 0;
    const value = await waitFor(
      // eslint-disable-next-line @typescript-eslint/require-await -- async on purpose: a rejected look is retried too
      async () => {
        count += 1;
        expect(count).toBe(4);
        return 'four';
      },
      { intervalMs: 1 },
    );
    expect(value).toBe('four');
  });

  it('rejects after the timeout, naming what it waited for and the last value it saw', async () => {
    let count = 0;
    const started = performance.now();
    const look = () => {
      count += 1;
      return { status: 'paid' }.status === 'ready';
    };
    await expect(waitFor(look, { timeoutMs: 50, intervalMs: 5, what: 'the order to be ready' })).rejects.toThrow(
      'Timed out after 50 ms waiting for the order to be ready; last saw: false',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(count).toBeGreaterThan(1);
  });

  it('rejects after the timeout with the last assertion message', async () => {
    let status = 0;
    const error = await waitFor(
      () => {
        status += 1;
        expect(status, 'the status').toBe(200);
        return true;
      },
      { timeoutMs: 30, intervalMs: 5, what: 'a 200' },
    ).then(
      () => new Error('resolved'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(
      /^Timed out after 30 ms waiting for a 200; last saw: AssertionError: the status: expected \d+ to be 200/,
    );
  });

  it('shows the last value itself: null, an empty string, a count of 0', async () => {
    await expect(waitFor(() => null, { timeoutMs: 10, intervalMs: 2, what: 'the delivery' })).rejects.toThrow(
      'waiting for the delivery; last saw: null',
    );
    await expect(waitFor(() => '', { timeoutMs: 10, intervalMs: 2 })).rejects.toThrow(
      "waiting for the condition; last saw: ''",
    );
    await expect(waitFor(() => [].length, { timeoutMs: 10, intervalMs: 2, what: 'a line' })).rejects.toThrow(
      'waiting for a line; last saw: 0',
    );
  });

  it('waits in real time while the test fakes the timers', async () => {
    vi.useFakeTimers();
    let ready = false;
    void sleep(30).then(() => (ready = true)); // node:timers/promises is not faked: a real 30 ms
    expect(await waitFor(() => ready, { timeoutMs: 1000, intervalMs: 5 })).toBe(true);
    await expect(waitFor(() => false, { timeoutMs: 20, intervalMs: 5, what: 'never' })).rejects.toThrow(
      'Timed out after 20 ms waiting for never; last saw: false',
    );
  });
});
