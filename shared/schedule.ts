/**
 * When an order can be placed and for when: opening hours per order type, ASAP, and the 15-minute
 * slots of scheduled orders. Pure: `now` is always an argument, so the server (with its clock) and
 * the widget (with the browser's) compute the same answers from shared/restaurant.ts.
 *
 * Rules:
 * - A time is the moment the food is ready. It must fall inside an open range of its order type,
 *   on or after opening and strictly before closing, so with 10:00–21:00 the last slot is 20:45.
 * - ASAP is taken when the order type is open now and now + lead time is still before closing
 *   (pickup 20 minutes: the last ASAP pickup before a 21:00 close is placed before 20:40).
 *   A paused store takes no ASAP orders; scheduled orders stay open while paused.
 * - A slot is on a multiple of 15 minutes of local wall time, at least the lead time from now
 *   (catering: 24 hours, whatever the order type) and at most 7 x 24 hours from now.
 * - Wall times are read in the restaurant's zone. A wall time skipped by the spring-forward gap
 *   moves forward by the gap (02:30 becomes 03:30 PDT); one repeated at fall-back means its first
 *   occurrence (01:30 PDT), as Temporal's 'compatible' disambiguation does.
 */
import type { Translate } from './i18n/message.ts';
import type { DeliveryType } from './pricing.ts';
import { restaurant, type DayHours, type OrderingHours, type Weekday } from './restaurant.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const ORDERING_PAUSED = 'Online ordering is paused right now. Please try again soon.';
export const OFF_THE_QUARTER_HOUR = 'Choose a time on the quarter hour, like 6:15 PM.';
export const beyondHorizon = (days: number) => `Choose a time within the next ${days} days.`;
export const tooSoon = (type: DeliveryType, minutes: number) =>
  `Choose a ${type} time at least ${duration(minutes)} from now.`;
export const cateringTooSoon = (type: DeliveryType, minutes: number) =>
  `Catering needs ${duration(minutes)} of notice. Choose a ${type} time at least ${duration(minutes)} from now.`;
export const notOpenAt = (type: DeliveryType) => `We are not open for ${type} at that time. Choose another time.`;
/**
 * ASAP while closed: 'We are closed now. We open again tomorrow at 10:00 AM.' The day is 'today',
 * 'tomorrow' or the weekday's name, in the restaurant's zone, in the language of `t` (`intl`
 * formats a weekday and a time in any language but English, whose wording is fixed).
 */
export function closedNow(
  type: DeliveryType,
  next: Date | null,
  now: Date,
  t: Translate,
  timeZone: string = restaurant.ordering.timeZone,
  intl = 'en-US',
): string {
  if (!next) return t(type === 'pickup' ? 'common.closed.pickupLater' : 'common.closed.deliveryLater');
  const { weekday, clock } = storeTimeParts(next, timeZone, intl);
  const nextDate = instantToWallTime(next, timeZone).date;
  const today = instantToWallTime(now, timeZone).date;
  const day =
    nextDate === today
      ? t('common.day.today')
      : nextDate === addDays(today, 1)
        ? t('common.day.tomorrow')
        : t('common.day.on', { weekday });
  return t(type === 'pickup' ? 'common.closed.pickupAgain' : 'common.closed.deliveryAgain', { day, clock });
}

function duration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

// ---------------------------------------------------------------------------------------------
// Wall time in a zone

/** A local date 'YYYY-MM-DD' and the time of day there. */
export interface WallTime {
  date: string;
  /** 'HH:MM', 24-hour. */
  time: string;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock in `timeZone` at `instant`, read as if it were UTC (ms), to the second. */
function wallClockMs(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute, parts.second);
}

/** The zone's offset from UTC at `instant`, in ms (-7 h for PDT). */
export function offsetMs(instant: Date, timeZone: string): number {
  return wallClockMs(instant, timeZone) - Math.floor(instant.getTime() / 1000) * 1000;
}

export function instantToWallTime(instant: Date, timeZone: string): WallTime {
  const wall = new Date(instant.getTime() + offsetMs(instant, timeZone));
  const date = wall.toISOString().slice(0, 10);
  const minutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return { date, time: wall.toISOString().slice(11, 16), weekday: WEEKDAYS[wall.getUTCDay()]!, minutes };
}

/**
 * The instant a local date and time ('HH:MM', or minutes since that midnight, which may pass
 * 24:00 into the next days) name in `timeZone`. Gap and overlap as in the module's comment.
 */
export function wallTimeToInstant(date: string, time: string | number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const minutes = typeof time === 'number' ? time : parseClock(time);
  const wall = Date.UTC(y!, m! - 1, d) + minutes * MINUTE;
  const before = offsetMs(new Date(wall - DAY), timeZone);
  const after = offsetMs(new Date(wall + DAY), timeZone);
  const candidates = [wall - before, wall - after]
    .filter((t) => t + offsetMs(new Date(t), timeZone) === wall)
    .sort((a, b) => a - b);
  // No candidate: the wall time is in a gap; the offset before it carries it past the gap.
  return new Date(candidates[0] ?? wall - before);
}

function parseClock(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

function storeTimeParts(instant: Date, timeZone: string, intl = 'en-US') {
  if (!intl.startsWith('en')) {
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(intl, { timeZone, ...options }).format(instant);
    return { weekday: part({ weekday: 'long' }), clock: part({ hour: 'numeric', minute: '2-digit' }) };
  }
  const wall = instantToWallTime(instant, timeZone);
  const hour = Math.floor(wall.minutes / 60);
  const minute = String(wall.minutes % 60).padStart(2, '0');
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  return { weekday: WEEKDAY_NAMES[WEEKDAYS.indexOf(wall.weekday)]!, clock };
}

/** An instant as the restaurant's customers read it: 'Saturday 10:00 AM' ('sábado 10:00 a.m.' in es-US). */
export function formatStoreTime(
  instant: Date,
  timeZone: string = restaurant.ordering.timeZone,
  intl = 'en-US',
): string {
  const { weekday, clock } = storeTimeParts(instant, timeZone, intl);
  return `${weekday} ${clock}`;
}

// ---------------------------------------------------------------------------------------------
// Open ranges

export interface OpenRange {
  opens: Date;
  closes: Date;
}

/** The hours of one local date: its holiday override for this order type, else its weekday's. */
export function hoursOn(date: string, type: DeliveryType, hours: OrderingHours = restaurant.ordering): DayHours {
  return hours.holidays[date]?.[type] ?? hours.weekly[type][weekdayOf(date)];
}

/**
 * Every open range of `type` that overlaps [from, to], as instants, sorted, with ranges that
 * touch or overlap (a range past midnight meeting the next day's) merged into one.
 */
export function openRanges(
  from: Date,
  to: Date,
  type: DeliveryType,
  hours: OrderingHours = restaurant.ordering,
): OpenRange[] {
  const { timeZone } = hours;
  const first = addDays(instantToWallTime(from, timeZone).date, -1);
  const last = instantToWallTime(to, timeZone).date;
  const ranges: OpenRange[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const { opens, closes } of hoursOn(date, type, hours)) {
      const openMinutes = parseClock(opens);
      let closeMinutes = parseClock(closes);
      if (closeMinutes <= openMinutes) closeMinutes += 24 * 60;
      const range = {
        opens: wallTimeToInstant(date, openMinutes, timeZone),
        closes: wallTimeToInstant(date, closeMinutes, timeZone),
      };
      if (range.closes > from && range.opens <= to) ranges.push(range);
    }
  }
  ranges.sort((a, b) => a.opens.getTime() - b.opens.getTime());
  const merged: OpenRange[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.opens <= previous.closes) {
      if (range.closes > previous.closes) previous.closes = range.closes;
    } else merged.push({ ...range });
  }
  return merged;
}

/** The notice an order needs, in minutes: the type's lead time, or catering's if longer. */
export function leadMinutes(type: DeliveryType, catering: boolean, hours: OrderingHours = restaurant.ordering): number {
  return catering ? Math.max(hours.cateringLeadMinutes, hours.leadMinutes[type]) : hours.leadMinutes[type];
}

/** Whether an ASAP order of `type` placed now would be ready before closing (pause aside). */
export function isOpen(now: Date, type: DeliveryType, hours: OrderingHours = restaurant.ordering): boolean {
  const ready = new Date(now.getTime() + hours.leadMinutes[type] * MINUTE);
  return openRanges(now, ready, type, hours).some((r) => r.opens <= now && ready < r.closes);
}

/**
 * When ASAP orders of `type` are next taken: null while they are taken now, or when nothing opens
 * within 14 days.
 */
export function nextOpening(now: Date, type: DeliveryType, hours: OrderingHours = restaurant.ordering): Date | null {
  if (isOpen(now, type, hours)) return null;
  const lead = hours.leadMinutes[type] * MINUTE;
  const ranges = openRanges(now, new Date(now.getTime() + 14 * DAY), type, hours);
  return ranges.find((r) => r.opens > now && r.closes.getTime() - r.opens.getTime() > lead)?.opens ?? null;
}

/** Whether `instant` is on a slot boundary of local wall time (a multiple of 15 minutes). */
export function onSlotBoundary(instant: Date, hours: OrderingHours = restaurant.ordering): boolean {
  const wall = instant.getTime() + offsetMs(instant, hours.timeZone);
  return wall % (hours.slotMinutes * MINUTE) === 0;
}

export interface Availability {
  /** Whether "as soon as possible" can be chosen now. */
  asap: boolean;
  /** Every slot from the earliest the lead time allows to the horizon, in order. */
  slots: Date[];
}

/** What a customer can choose now for `type`: ASAP, and the scheduled slots. */
export function availableSlots(
  now: Date,
  type: DeliveryType,
  options: { catering?: boolean; paused?: boolean } = {},
  hours: OrderingHours = restaurant.ordering,
): Availability {
  const catering = options.catering ?? false;
  const step = hours.slotMinutes * MINUTE;
  const earliest = new Date(now.getTime() + leadMinutes(type, catering, hours) * MINUTE);
  const latest = new Date(now.getTime() + hours.horizonDays * DAY);
  const slots: Date[] = [];
  for (const range of openRanges(earliest, latest, type, hours)) {
    let t = Math.max(range.opens.getTime(), earliest.getTime());
    const rest = (t + offsetMs(new Date(t), hours.timeZone)) % step;
    if (rest !== 0) t += step - rest;
    for (; t < range.closes.getTime() && t <= latest.getTime(); t += step) slots.push(new Date(t));
  }
  return { asap: !catering && !options.paused && isOpen(now, type, hours), slots };
}

/**
 * Null when an order of `type` may be placed now for `scheduledFor` (null: ASAP), else the
 * sentence that tells the customer why not.
 */
export function checkScheduledFor(
  now: Date,
  type: DeliveryType,
  scheduledFor: Date | null,
  options: { catering?: boolean; paused?: boolean; t: Translate; intl?: string },
  hours: OrderingHours = restaurant.ordering,
): string | null {
  const catering = options.catering ?? false;
  const lead = leadMinutes(type, catering, hours);
  const leadMessage = catering && lead > hours.leadMinutes[type] ? cateringTooSoon(type, lead) : tooSoon(type, lead);
  if (scheduledFor === null) {
    if (options.paused) return ORDERING_PAUSED;
    if (catering) return leadMessage;
    return isOpen(now, type, hours)
      ? null
      : closedNow(type, nextOpening(now, type, hours), now, options.t, hours.timeZone, options.intl);
  }
  if (Number.isNaN(scheduledFor.getTime()) || !onSlotBoundary(scheduledFor, hours)) return OFF_THE_QUARTER_HOUR;
  if (scheduledFor.getTime() < now.getTime() + lead * MINUTE) return leadMessage;
  if (scheduledFor.getTime() > now.getTime() + hours.horizonDays * DAY) return beyondHorizon(hours.horizonDays);
  const inside = openRanges(scheduledFor, scheduledFor, type, hours).some(
    (r) => r.opens <= scheduledFor && scheduledFor < r.closes,
  );
  return inside ? null : notOpenAt(type);
}
