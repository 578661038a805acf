// The board's live feed keeps coming back whatever breaks it, and stops only when the session has
// ended: the stream's own reconnect logic (site/components/staff/board-stream.ts) on the
// browser's clock, with an EventSource that opens, fails and is counted as a browser's would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../shared/api/transport.ts';
import { openBoardStream, type StreamState } from '../../site/components/staff/board-stream.ts';

/** What the browser's EventSource does that the stream uses: listeners, close, and the URL asked. */
class BrowserEventSource {
  static opened: BrowserEventSource[] = [];
  readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    BrowserEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: 'open' | 'error' | 'ping') {
    for (const listener of this.listeners.get(type) ?? []) listener({});
  }
  get token() {
    return new URL(this.url, 'https://comal.example').searchParams.get('access_token');
  }
}

describe('the board stream', () => {
  let states: StreamState[];
  let close: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', BrowserEventSource);
    BrowserEventSource.opened = [];
    states = [];
  });
  afterEach(() => {
    close?.();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Opens the stream with tokens from `token`, and waits for its first source. */
  async function open(token: () => Promise<string>) {
    close = openBoardStream({
      token,
      lastEventId: () => '0',
      onOrder: () => {},
      onState: (state) => states.push(state),
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = BrowserEventSource.opened[0]!;
    first.fire('open');
    return first;
  }

  it('comes back once the network does, when the token could not be renewed while it was down', async () => {
    let renewal: 'down' | 'up' = 'up';
    let issued = 0;
    const first = await open(() =>
      renewal === 'down'
        ? Promise.reject(new ApiRequestError(0, 'The server could not be reached.'))
        : Promise.resolve(`token-${++issued}`),
    );
    expect(states).toEqual(['connecting', 'live']);

    // The Wi-Fi drops just as the token is due: the stream fails and the renewal with it.
    renewal = 'down';
    first.fire('error');
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(BrowserEventSource.opened).toHaveLength(1);

    // Back: the next try (2 s after the failed one) renews and opens the stream again.
    renewal = 'up';
    await vi.advanceTimersByTimeAsync(2000);
    expect(BrowserEventSource.opened).toHaveLength(2);
    const second = BrowserEventSource.opened[1]!;
    expect(second.token).toBe('token-2');
    second.fire('open');
    expect(states.at(-1)).toBe('live');
  });

  it('stops for good once the session has ended (401)', async () => {
    let ended = false;
    const first = await open(() =>
      ended
        ? Promise.reject(new ApiRequestError(401, 'Your staff session has ended. Sign in again.'))
        : Promise.resolve('t'),
    );
    ended = true;
    first.fire('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(BrowserEventSource.opened).toHaveLength(1);
  });
});
