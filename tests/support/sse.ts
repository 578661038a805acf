/** Reads a Server-Sent Events response as a browser's EventSource would, for tests. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseReader {
  /** Waits for `count` more events (fewer if `timeoutMs` passes first). */
  next(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Comment lines seen so far (": connected"). */
  comments: string[];
  /**
   * When each `event: ping` arrived (Date.now()), kept apart from the events `next` answers: the
   * staff board's stream sends one every 2 s so the board can tell a dead stream from a quiet one.
   */
  pings: number[];
  close(): Promise<void>;
}

export function readSse(response: Response): SseReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  const pings: number[] = [];
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let ended = false;

  function parse() {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      let hasField = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id:')) {
          id = line.slice(3).trim();
          hasField = true;
        } else if (line.startsWith('event:')) {
          event = line.slice(6).trim();
          hasField = true;
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
          hasField = true;
        }
      }
      if (hasField && event === 'ping') pings.push(Date.now());
      else if (hasField && data.length > 0) queue.push({ id, event, data: data.join('\n') });
    }
  }

  return {
    comments,
    pings,
    async next(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length < count && !ended) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        pending ??= reader.read();
        const result = await Promise.race([
          pending,
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
        ]);
        if (result === 'timeout') break;
        pending = undefined;
        if (result.done) ended = true;
        else {
          buffer += decoder.decode(result.value, { stream: true });
          parse();
        }
      }
      return queue.splice(0, Math.min(count, queue.length));
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
