/**
 * When an order can be placed and for when: opening hours per order type, ASAP, the 15-minute
 * slots of scheduled orders, and the kitchen's pace (the busy switch, the pause, each slot's
 * capacity). Pure: `now`, the store's switches and the slots' loads are arguments, so the server
 * (with its clock and database) and the widget (with the browser's clock) compute the same answers
 * from shared/restaurant.ts.
 *
 * Rules:
 * - A time is the moment the food is ready. It must fall inside an open range of its order type,
 *   on or after opening and strictly before closing, so with 10:00–21:00 the last slot is 20:45.
 * - ASAP is taken when the order type is open now and now + lead time is still before closing
 *   (pickup 20 minutes: the last ASAP pickup before a 21:00 close is placed before 20:40).
 * - A slot is on a multiple of 15 minutes of local wall time, at least the lead time from now
 *   (catering: 24 hours, whatever the order type) and at most 7 x 24 hours from now.
 * - Busy: the busy switch's minutes add to every lead time: ASAP's readiness (and so the last
 *   ASAP order before closing), the earliest slot, and create-order's check. Catering's notice is
 *   notice, not kitchen time: it stays 24 hours unless the busy lead time is longer still.
 * - Pause: a paused store takes no ASAP order, and no scheduled slot inside the pause. A timed
 *   pause refuses the slots before its end (paused_until); a pause until turned back on refuses
 *   the rest of today's slots, up to the next midnight of the restaurant's zone, and takes
 *   tomorrow's. A timed pause whose end has passed is no pause.
 * - Capacity (settings kitchen.slotCapacity): a slot is full when it holds `orders` orders, or
 *   when this order's item subtotal added to the slot's would pass `subtotalCents`. An empty slot
 *   takes any one order, so a catering order bigger than the whole subtotal capacity can still be
 *   placed. An ASAP order counts against the slot holding its ready time (now + lead + busy,
 *   rounded up to the slot boundary); a scheduled one against its own slot. The slot is full for
 *   ASAP and scheduled orders alike.
 * - Which orders hold a slot (server/db/slots.ts): not cancelled, and paid or later, or waiting
 *   for payment for at most CHECKOUT_HOLD_MINUTES since the order was made, and only the newest
 *   such checkout of a client address (one address's many unpaid checkouts hold one place).
 * - Wall times are read in the restaurant's zone. A wall time skipped by the spring-forward gap
 *   moves forward by the gap (02:30 becomes 03:30 PDT); one repeated at fall-back means its first
 *   occurrence (01:30 PDT), as Temporal's 'compatible' disambiguation does.
 */
import type { Translate } from './i18n/message.ts';
import type { DeliveryType } from './pricing.ts';
import { restaurant, type DayHours, type OrderingHours, type Weekday } from './restaurant.ts';
import { kitchenSettings } from './settings/values.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const ORDERING_PAUSED = 'Online ordering is paused right now. Please try again soon.';
export const PAUSED_AT_THAT_TIME = 'Online ordering is paused at that time. Choose a later time.';
export const SLOT_FULL = 'That time is fully booked. Choose another time.';
export const ASAP_FULL = 'We have as many orders as we can make for as soon as possible. Choose a later time.';
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

/**
 * Offsets already worked out, by zone and then by the second they hold for: reading the wall clock
 * through Intl costs about as much as the rest of a checkout's schedule check, and a week's
 * opening hours ask for the same few hundred instants on every request. Emptied when it holds
 * OFFSETS_KEPT, so it stays small whatever is asked.
 */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 10_000;

/** The zone's offset from UTC at `instant`, in ms (-7 h for PDT). */
export function offsetMs(instant: Date, timeZone: string): number {
  const second = Math.floor(instant.getTime() / 1000) * 1000;
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map<number, number>()));
  let offset = zone.get(second);
  if (offset === undefined) {
    if (zone.size >= OFFSETS_KEPT) zone.clear();
    offset = wallClockMs(instant, timeZone) - second;
    zone.set(second, offset);
  }
  return offset;
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

/** The instant the next local day starts in `timeZone`: nextLocalMidnight(2026-11-20T19:00Z, LA) = 2026-11-21T08:00Z. */
export function nextLocalMidnight(now: Date, timeZone: string = restaurant.ordering.timeZone): Date {
  return wallTimeToInstant(instantToWallTime(now, timeZone).date, 24 * 60, timeZone);
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

// ---------------------------------------------------------------------------------------------
// The kitchen's pace: busy, pause, capacity

/** The store's switches as they bear on times (server/db/store-status.ts reads them at `now`). */
export interface StoreState {
  paused: boolean;
  /** When a timed pause ends; null for a pause until turned back on (or no pause). */
  pausedUntil: Date | null;
  /** Minutes added to every lead time (0: not busy). */
  busyMinutes: number;
}

/** Not paused, not busy. */
export const OPEN_STORE: StoreState = { paused: false, pausedUntil: null, busyMinutes: 0 };

/** What one slot holds: its orders and their item subtotals added up. */
export interface SlotLoad {
  orders: number;
  subtotalCents: number;
}

/** The most one slot may hold (settings kitchen.slotCapacity). */
export type SlotCapacity = SlotLoad;

/**
 * The most of a slot's subtotal one checkout still waiting for payment holds: an even share of the
 * slot (its subtotal capacity over its order capacity, rounded up). No card is needed to start a
 * checkout, so one unpaid order as large as the whole slot would otherwise turn every other ASAP
 * customer away until its hold ran out, and a stranger could do that again and again. Once paid,
 * an order counts in full.
 */
export function unpaidHoldCents(capacity: SlotCapacity): number {
  return Math.ceil(capacity.subtotalCents / Math.max(1, capacity.orders));
}

/** Each slot's load by the slot's instant (ms since the epoch); a slot not in the map is empty. */
export type SlotLoads = ReadonlyMap<number, SlotLoad>;

/**
 * How long an order waiting for payment holds its place in a slot, from when it was made. The
 * customer pays on the screen that made the order: typing a card and a bank's 3-D Secure
 * challenge (which the card schemes time out after about 10 minutes) fit well inside 15 minutes,
 * while a checkout left open stops keeping others out of a busy slot a slot's length later. A
 * payment that still lands later is taken (the money moved) and counts from then on.
 */
export const CHECKOUT_HOLD_MINUTES = 15;

/** The minutes of notice an order needs now: the lead time plus busy minutes; catering's 24 hours if longer. */
export function noticeMinutes(
  type: DeliveryType,
  catering: boolean,
  busyMinutes = 0,
  hours: OrderingHours = restaurant.ordering,
): number {
  const kitchen = hours.leadMinutes[type] + busyMinutes;
  return catering ? Math.max(hours.cateringLeadMinutes, kitchen) : kitchen;
}

/** Whether the store is paused at `now` (a timed pause whose end has passed is not). */
export function pausedNow(now: Date, store: StoreState): boolean {
  return store.paused && (store.pausedUntil === null || store.pausedUntil.getTime() > now.getTime());
}

/**
 * The instant before which the pause refuses slots, or null when not paused: a timed pause's end,
 * or for a pause until turned back on the next midnight in the restaurant's zone.
 */
export function pauseEnd(now: Date, store: StoreState, timeZone: string = restaurant.ordering.timeZone): Date | null {
  if (!pausedNow(now, store)) return null;
  return store.pausedUntil ?? nextLocalMidnight(now, timeZone);
}

/** The slot holding `instant`: itself on a boundary, else the next boundary of local wall time. */
export function slotAtOrAfter(instant: Date, hours: OrderingHours = restaurant.ordering): Date {
  const step = hours.slotMinutes * MINUTE;
  const rest = (instant.getTime() + offsetMs(instant, hours.timeZone)) % step;
  return rest === 0 ? new Date(instant.getTime()) : new Date(instant.getTime() + step - rest);
}

/** The slot an ASAP order of `type` placed now counts against: its ready time, rounded up. */
export function asapSlot(
  now: Date,
  type: DeliveryType,
  busyMinutes = 0,
  hours: OrderingHours = restaurant.ordering,
): Date {
  return slotAtOrAfter(new Date(now.getTime() + (hours.leadMinutes[type] + busyMinutes) * MINUTE), hours);
}

/**
 * Whether a slot holding `load` takes one more order of `subtotalCents`: not when it holds
 * capacity.orders orders or the subtotals would pass capacity.subtotalCents; an empty slot always.
 */
export function slotHasRoom(
  load: SlotLoad | undefined,
  subtotalCents: number,
  capacity: SlotCapacity = kitchenSettings.slotCapacity,
): boolean {
  if (!load || load.orders <= 0) return true;
  return load.orders < capacity.orders && load.subtotalCents + subtotalCents <= capacity.subtotalCents;
}

/** Null when the slot takes the order, else why not (ASAP's sentence or a scheduled time's). */
export function checkSlotRoom(
  load: SlotLoad | undefined,
  subtotalCents: number,
  asap: boolean,
  capacity: SlotCapacity = kitchenSettings.slotCapacity,
): string | null {
  if (slotHasRoom(load, subtotalCents, capacity)) return null;
  return asap ? ASAP_FULL : SLOT_FULL;
}

// ---------------------------------------------------------------------------------------------
// What may be chosen now

/** Whether an ASAP order of `type` placed now would be ready before closing (pause and capacity aside). */
export function isOpen(
  now: Date,
  type: DeliveryType,
  hours: OrderingHours = restaurant.ordering,
  busyMinutes = 0,
): boolean {
  const ready = new Date(now.getTime() + (hours.leadMinutes[type] + busyMinutes) * MINUTE);
  return openRanges(now, ready, type, hours).some((r) => r.opens <= now && ready < r.closes);
}

/**
 * When ASAP orders of `type` are next taken: null while they are taken now, or when nothing opens
 * within 14 days.
 */
export function nextOpening(
  now: Date,
  type: DeliveryType,
  hours: OrderingHours = restaurant.ordering,
  busyMinutes = 0,
): Date | null {
  if (isOpen(now, type, hours, busyMinutes)) return null;
  const lead = (hours.leadMinutes[type] + busyMinutes) * MINUTE;
  const ranges = openRanges(now, new Date(now.getTime() + 14 * DAY), type, hours);
  return ranges.find((r) => r.opens > now && r.closes.getTime() - r.opens.getTime() > lead)?.opens ?? null;
}

/** Whether `instant` is on a slot boundary of local wall time (a multiple of 15 minutes). */
export function onSlotBoundary(instant: Date, hours: OrderingHours = restaurant.ordering): boolean {
  const wall = instant.getTime() + offsetMs(instant, hours.timeZone);
  return wall % (hours.slotMinutes * MINUTE) === 0;
}

export interface AvailabilityOptions {
  /** The cart holds catering (24 hours' notice, no ASAP). */
  catering?: boolean;
  /** The pause and busy switches (default: neither). */
  store?: StoreState;
  /** How full each slot is (default: all empty). */
  loads?: SlotLoads;
  /** The order's item subtotal, to know whether a slot has room for it (default: the smallest order, 1 cent). */
  subtotalCents?: number;
  capacity?: SlotCapacity;
}

export interface Availability {
  /** Whether "as soon as possible" can be chosen now. */
  asap: boolean;
  /** ASAP would be taken (open, not paused) but its slot is full. */
  asapFull: boolean;
  /** About how long an ASAP order takes now: the lead time plus busy minutes. */
  asapMinutes: number;
  /** Every slot with room, outside the pause, from the earliest the lead time allows to the horizon, in order. */
  slots: Date[];
}

/** What a customer can choose now for `type`: ASAP, and the scheduled slots. */
export function availableSlots(
  now: Date,
  type: DeliveryType,
  options: AvailabilityOptions = {},
  hours: OrderingHours = restaurant.ordering,
): Availability {
  const catering = options.catering ?? false;
  const store = options.store ?? OPEN_STORE;
  const loads = options.loads ?? new Map<number, SlotLoad>();
  const subtotal = options.subtotalCents ?? 1;
  const capacity = options.capacity ?? kitchenSettings.slotCapacity;
  const step = hours.slotMinutes * MINUTE;
  const earliest = new Date(now.getTime() + noticeMinutes(type, catering, store.busyMinutes, hours) * MINUTE);
  const latest = new Date(now.getTime() + hours.horizonDays * DAY);
  const pausedBefore = pauseEnd(now, store, hours.timeZone)?.getTime() ?? -Infinity;
  const slots: Date[] = [];
  for (const range of openRanges(earliest, latest, type, hours)) {
    let t = slotAtOrAfter(new Date(Math.max(range.opens.getTime(), earliest.getTime())), hours).getTime();
    for (; t < range.closes.getTime() && t <= latest.getTime(); t += step) {
      if (t >= pausedBefore && slotHasRoom(loads.get(t), subtotal, capacity)) slots.push(new Date(t));
    }
  }
  const asapMinutes = hours.leadMinutes[type] + store.busyMinutes;
  const asapOpen = !catering && !pausedNow(now, store) && isOpen(now, type, hours, store.busyMinutes);
  const asapRoom =
    asapOpen && slotHasRoom(loads.get(asapSlot(now, type, store.busyMinutes, hours).getTime()), subtotal, capacity);
  return { asap: asapRoom, asapFull: asapOpen && !asapRoom, asapMinutes, slots };
}

/**
 * Null when an order of `type` may be placed now for `scheduledFor` (null: ASAP), as far as the
 * hours, the notice, the horizon and the pause go, else the sentence that tells the customer why
 * not. The slot's capacity is checked apart (checkSlotRoom), under the slot's lock.
 */
export function checkScheduledFor(
  now: Date,
  type: DeliveryType,
  scheduledFor: Date | null,
  options: { catering?: boolean; store?: StoreState; t: Translate; intl?: string },
  hours: OrderingHours = restaurant.ordering,
): string | null {
  const catering = options.catering ?? false;
  const store = options.store ?? OPEN_STORE;
  const lead = noticeMinutes(type, catering, store.busyMinutes, hours);
  const leadMessage = catering && lead > hours.leadMinutes[type] ? cateringTooSoon(type, lead) : tooSoon(type, lead);
  if (scheduledFor === null) {
    if (pausedNow(now, store)) return ORDERING_PAUSED;
    if (catering) return leadMessage;
    return isOpen(now, type, hours, store.busyMinutes)
      ? null
      : closedNow(type, nextOpening(now, type, hours, store.busyMinutes), now, options.t, hours.timeZone, options.intl);
  }
  if (Number.isNaN(scheduledFor.getTime()) || !onSlotBoundary(scheduledFor, hours)) return OFF_THE_QUARTER_HOUR;
  if (scheduledFor.getTime() < now.getTime() + lead * MINUTE) return leadMessage;
  if (scheduledFor.getTime() > now.getTime() + hours.horizonDays * DAY) return beyondHorizon(hours.horizonDays);
  const inside = openRanges(scheduledFor, scheduledFor, type, hours).some(
    (r) => r.opens <= scheduledFor && scheduledFor < r.closes,
  );
  if (!inside) return notOpenAt(type);
  const pausedBefore = pauseEnd(now, store, hours.timeZone);
  return pausedBefore && scheduledFor.getTime() < pausedBefore.getTime() ? PAUSED_AT_THAT_TIME : null;
}

/** The slot an order counts against: its scheduled time, or for ASAP the slot of its ready time. */
export function orderSlot(
  now: Date,
  type: DeliveryType,
  scheduledFor: Date | null,
  store: StoreState = OPEN_STORE,
  hours: OrderingHours = restaurant.ordering,
): Date {
  return scheduledFor ?? asapSlot(now, type, store.busyMinutes, hours);
}
