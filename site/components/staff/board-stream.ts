/**
 * The board's live feed: GET /api/staff/events/ as Server-Sent Events. The browser's own
 * reconnect cannot renew the token in the URL, so this one closes the source on any error and
 * opens a new one itself, after 1, 2, 4... up to 10 seconds, with a fresh token and the id of
 * the last event the board folded in: the server replays what came after it, nothing twice.
 */
import type { BoardOrder } from '../../../shared/api/staff.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

export interface BoardStreamOptions {
  /** A token good for a while; rejects when the session has ended (the stream then stops). */
  token(): Promise<string>;
  /** The last event the board has; the stream resumes after it. */
  lastEventId(): string;
  onOrder(eventId: string, order: BoardOrder): void;
  onState(state: StreamState): void;
}

const MAX_WAIT_MS = 10_000;

/** Opens the stream; the answer closes it for good. */
export function openBoardStream(options: BoardStreamOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  async function connect() {
    let token: string;
    try {
      token = await options.token();
    } catch {
      return; // signed out: the board leaves
    }
    if (stopped) return;
    const query = new URLSearchParams({ access_token: token, last_event_id: options.lastEventId() });
    const opened = new EventSource(`/api/staff/events/?${query}`);
    source = opened;
    opened.addEventListener('open', () => {
      failures = 0;
      options.onState('live');
    });
    opened.addEventListener('order', (event) => {
      const message = event as MessageEvent<string>;
      options.onOrder(message.lastEventId, JSON.parse(message.data) as BoardOrder);
    });
    opened.addEventListener('error', () => {
      opened.close();
      if (stopped || source !== opened) return;
      source = null;
      options.onState('reconnecting');
      const wait = Math.min(1000 * 2 ** failures, MAX_WAIT_MS);
      failures += 1;
      timer = setTimeout(() => void connect(), wait);
    });
  }

  options.onState('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
