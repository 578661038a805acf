/**
 * When a menu category is served: none, some or all weekdays between two wall times in the
 * restaurant's zone (a lunch menu: Monday to Friday, 11:00 to 15:00). A category with no window
 * is served whenever the restaurant takes orders. The widget reads them from GET /api/menus/ to
 * say when, and to offer a category's items only then; create-order checks the order's time.
 */
import type { Weekday } from './restaurant.ts';
import { instantToWallTime } from './schedule.ts';

export const WINDOW_DAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

export interface MenuWindow {
  /** The weekdays it applies on, in week order. */
  days: Weekday[];
  /** 'HH:MM', 24-hour, local; from < to (a window does not run past midnight). */
  from: string;
  to: string;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `at` falls in one of `windows` in `timeZone`; always true with no window. */
export function servedAt(windows: readonly MenuWindow[] | undefined, at: Date, timeZone: string): boolean {
  if (!windows || windows.length === 0) return true;
  const wall = instantToWallTime(at, timeZone);
  return windows.some(
    (window) =>
      window.days.includes(wall.weekday) &&
      wall.minutes >= minutesOf(window.from) &&
      wall.minutes < minutesOf(window.to),
  );
}

/** Windows read from anywhere (a menu answer, a stored column): only well-formed ones. */
export function menuWindowsOf(value: unknown): MenuWindow[] {
  if (!Array.isArray(value)) return [];
  const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { days, from, to } = entry as Record<string, unknown>;
    if (!Array.isArray(days) || typeof from !== 'string' || typeof to !== 'string') return [];
    if (!clock.test(from) || !(clock.test(to) || to === '24:00') || minutesOf(to) <= minutesOf(from)) return [];
    const known = WINDOW_DAYS.filter((day) => days.includes(day));
    return known.length > 0 ? [{ days: known, from, to }] : [];
  });
}

/**
 * The windows as a person reads them: '11:00–15:00' when every day, else the days first,
 * 'Mon–Fri 11:00–15:00, Sat 10:00–14:00', weekday names in `intl`'s language.
 */
export function windowsText(windows: readonly MenuWindow[], intl = 'en-US'): string {
  const names = new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const dayName = (day: Weekday) => names.format(new Date(Date.UTC(2024, 0, 1 + WINDOW_DAYS.indexOf(day))));
  return windows
    .map((window) => {
      const times = `${window.from}–${window.to}`;
      if (window.days.length === 7) return times;
      const indexes = window.days.map((day) => WINDOW_DAYS.indexOf(day));
      const run = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
      const days =
        run && indexes.length > 2
          ? `${dayName(window.days[0]!)}–${dayName(window.days.at(-1)!)}`
          : window.days.map(dayName).join(', ');
      return `${days} ${times}`;
    })
    .join('; ');
}
