import { describe, expect, it } from 'vitest';
import { roomForOneMore, secondsUntilRoom, slidingHits, windowStart } from '../../shared/sliding-window.ts';

const FIVE_IN_TEN_MINUTES = { limit: 5, windowMs: 10 * 60_000 };
const at = (time: string) => new Date(`2026-11-20T${time}Z`);

describe('the sliding-window counter', () => {
  it('aligns windows to the epoch, so every replica agrees on them', () => {
    expect(windowStart(FIVE_IN_TEN_MINUTES, at('10:07:30'))).toEqual(at('10:00:00'));
    expect(windowStart(FIVE_IN_TEN_MINUTES, at('10:10:00'))).toEqual(at('10:10:00'));
    expect(windowStart({ limit: 1, windowMs: 3_600_000 }, at('10:59:59'))).toEqual(at('10:00:00'));
  });

  it('weighs the previous window by the share of it still within the last window length', () => {
    expect(slidingHits(FIVE_IN_TEN_MINUTES, { current: 2, previous: 10 }, at('10:02:30'))).toBe(9.5);
    expect(slidingHits(FIVE_IN_TEN_MINUTES, { current: 2, previous: 10 }, at('10:00:00'))).toBe(12);
    expect(slidingHits(FIVE_IN_TEN_MINUTES, { current: 0, previous: 10 }, at('10:09:00'))).toBe(1);
  });

  it('five at 09:59:59 leave no room at 10:00:01, where a fixed window would take five more', () => {
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 0, previous: 5 }, at('10:00:01'))).toBe(false);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 4, previous: 0 }, at('10:00:01'))).toBe(true);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 5, previous: 0 }, at('10:00:01'))).toBe(false);
  });

  it('says how long until one more fits: the previous window sliding out, or this one', () => {
    // 5 x (1 - t / 600 s) + 0 <= 4 from t = 120 s.
    expect(secondsUntilRoom(FIVE_IN_TEN_MINUTES, { current: 0, previous: 5 }, at('10:00:00'))).toBe(120);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 0, previous: 5 }, at('10:01:59'))).toBe(false);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 0, previous: 5 }, at('10:02:00'))).toBe(true);
    // Six in this window: its end (300 s away), then 6 x (1 - x / 600 s) <= 4 from x = 200 s.
    expect(secondsUntilRoom(FIVE_IN_TEN_MINUTES, { current: 6, previous: 0 }, at('10:05:00'))).toBe(500);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 0, previous: 6 }, at('10:13:19'))).toBe(false);
    expect(roomForOneMore(FIVE_IN_TEN_MINUTES, { current: 0, previous: 6 }, at('10:13:20'))).toBe(true);
    // One an hour, used: the end of this hour and all of the next.
    expect(secondsUntilRoom({ limit: 1, windowMs: 3_600_000 }, { current: 1, previous: 0 }, at('10:00:00'))).toBe(
      7_200,
    );
    // Room already: at least 1 s, as Retry-After is never 0.
    expect(secondsUntilRoom(FIVE_IN_TEN_MINUTES, { current: 1, previous: 0 }, at('10:00:00'))).toBe(1);
  });

  it('is never early or a second late: after Retry-After there is room, a second before there was not', () => {
    for (const rule of [FIVE_IN_TEN_MINUTES, { limit: 30, windowMs: 600_000 }, { limit: 20, windowMs: 3_600_000 }]) {
      for (const [current, previous] of [
        [0, 5],
        [2, 7],
        [5, 0],
        [6, 3],
        [31, 40],
        [29, 1],
        [3, 33],
      ] as const) {
        for (const offsetMs of [0, 1, 999, 59_999, 250_001, rule.windowMs - 1]) {
          const now = new Date(Date.UTC(2026, 10, 20, 10) + offsetMs);
          const hits = { current, previous };
          const seconds = secondsUntilRoom(rule, hits, now);
          const later = (s: number) => new Date(now.getTime() + s * 1000);
          // Hits of this window become the previous ones when the wait crosses into the next.
          const seen = (s: number) =>
            windowStart(rule, later(s)).getTime() === windowStart(rule, now).getTime()
              ? hits
              : { current: 0, previous: current };
          const what = `${rule.limit}/${rule.windowMs} ${current}+${previous} at +${offsetMs} ms: ${seconds} s`;
          expect(roomForOneMore(rule, seen(seconds), later(seconds)), what).toBe(true);
          if (seconds > 1) expect(roomForOneMore(rule, seen(seconds - 1), later(seconds - 1)), what).toBe(false);
        }
      }
    }
  });
});
