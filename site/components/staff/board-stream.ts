/**
 * The board's live feed: GET /api/staff/events/ as Server-Sent Events. The browser's own
 * reconnect cannot renew the token in the URL, so this one closes the source on any error and
 * opens a new one itself, after 1, 2, 4... up to 10 seconds, with a fresh token and the id of
 * the last event the board folded in: the server replays what came after it, nothing twice.
 *
 * A stream can also die without an error (a proxy or a sleeping network holds the connection
 * open with nothing in it). The server sends `event: ping` every 2 seconds, so SILENCE_MS without
 * any event means the stream is lost: the board says so at once and reconnects.
 */
import type { BoardOrder } from '../../../shared/api/staff.ts';
import { ApiRequestError } from '../../../shared/api/transport.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

export interface BoardStreamOptions {
  /** A token good for a while; rejects with a 401 when the session has ended (the stream then stops). */
  token(): Promise<string>;
  /** The last event the board has; the stream resumes after it. */
  lastEventId(): string;
  onOrder(eventId: string, order: BoardOrder): void;
  onState(state: StreamState): void;
}

const MAX_WAIT_MS = 10_000;
/** No event at all for this long (pings come every 2 s): the stream is lost. */
export const SILENCE_MS = 4_500;
const WATCH_EVERY_MS = 250;

/** Opens the stream; the answer closes it for good. */
export function openBoardStream(options: BoardStreamOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  let heardAt = Date.now();
  let state: StreamState = 'connecting';

  const setState = (next: StreamState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };

  function lost() {
    source?.close();
    source = null;
    setState('reconnecting');
    const wait = Math.min(1000 * 2 ** failures, MAX_WAIT_MS);
    failures += 1;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), wait);
  }

  async function connect() {
    heardAt = Date.now();
    let token: string;
    try {
      token = await options.token();
    } catch (error) {
      // Signed out, or the session ended: the board leaves. Anything else (no network, the
      // server restarting while the token was due for renewal) is a loss like any other.
      if (stopped || (error instanceof ApiRequestError && error.status === 401)) return;
      lost();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ access_token: token, last_event_id: options.lastEventId() });
    const opened = new EventSource(`/api/staff/events/?${query}`);
    source = opened;
    heardAt = Date.now();
    const heard = () => {
      heardAt = Date.now();
    };
    opened.addEventListener('open', () => {
      heard();
      failures = 0;
      setState('live');
    });
    opened.addEventListener('ping', heard);
    opened.addEventListener('order', (event) => {
      heard();
      const message = event as MessageEvent<string>;
      options.onOrder(message.lastEventId, JSON.parse(message.data) as BoardOrder);
    });
    opened.addEventListener('error', () => {
      opened.close();
      if (stopped || source !== opened) return;
      lost();
    });
  }

  // Silence is a loss too: checked often, so the banner shows within SILENCE_MS + WATCH_EVERY_MS.
  const watch = setInterval(() => {
    if (stopped || !source || Date.now() - heardAt < SILENCE_MS) return;
    lost();
  }, WATCH_EVERY_MS);

  options.onState('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(watch);
    source?.close();
  };
}
