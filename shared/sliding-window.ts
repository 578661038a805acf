/**
 * The sliding-window counter behind every rate limit. Hits are kept per fixed window (one row per
 * bucket and window); what counts is the current window's hits plus the previous window's,
 * weighted by the share of that window still inside the last `windowMs`. So a limit of 5 in 10
 * minutes refuses a sixth hit at 10:00:01 after five at 09:59:59, where two fixed windows would
 * have taken five more. A burst has slid out entirely by the end of the window after its own.
 */
export interface Window {
  limit: number;
  windowMs: number;
}

/** The hits of the window `now` falls in and of the one before it. */
export interface WindowHits {
  current: number;
  previous: number;
}

/** When the window `now` falls in began (windows are aligned to the epoch, the same on every replica). */
export function windowStart(rule: Window, now: Date): Date {
  return new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
}

/**
 * The sliding count times `windowMs`, in whole numbers: hits and milliseconds are integers, so
 * comparing this with `limit * windowMs` is exact where a fraction would round the wrong way.
 */
function scaledHits(rule: Window, hits: WindowHits, now: Date): number {
  const elapsedMs = now.getTime() - windowStart(rule, now).getTime();
  return hits.current * rule.windowMs + hits.previous * (rule.windowMs - elapsedMs);
}

/** The hits within the last `windowMs`, as the sliding-window counter estimates them. */
export function slidingHits(rule: Window, hits: WindowHits, now: Date): number {
  return scaledHits(rule, hits, now) / rule.windowMs;
}

/** Whether the hits, the latest among them, are within the limit. */
export function withinLimit(rule: Window, hits: WindowHits, now: Date): boolean {
  return scaledHits(rule, hits, now) <= rule.limit * rule.windowMs;
}

/** Whether one more hit would be within the limit. */
export function roomForOneMore(rule: Window, hits: WindowHits, now: Date): boolean {
  return scaledHits(rule, hits, now) + rule.windowMs <= rule.limit * rule.windowMs;
}

/**
 * Whole seconds (at least 1) until one more hit would be within the limit, with no hit in between:
 * the previous window's share slides out first; past the current window, its own hits do.
 */
export function secondsUntilRoom(rule: Window, hits: WindowHits, now: Date): number {
  const W = rule.windowMs;
  const leftMs = W - (now.getTime() - windowStart(rule, now).getTime());
  const room = rule.limit - 1;
  const waitMs =
    hits.current <= room
      ? // In this window, t from now: previous x (left - t) + current x W <= room x W.
        hits.previous > 0
        ? leftMs - ((room - hits.current) * W) / hits.previous
        : 0
      : // In the next, x into it, where this window's hits are the previous: current x (W - x) <= room x W.
        leftMs + W - (room * W) / hits.current;
  return Math.max(1, Math.ceil(waitMs / 1000));
}
