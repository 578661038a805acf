/**
 * The board's clock, pure: when an order reaches New and when it is due (the server's fire_at and
 * due_at, from shared/kitchen-time.ts), whether it still waits in Upcoming, how urgent it is, how
 * its times read, what the line makes in all, when the new-order sound plays, and when the alarm
 * for a problem on an order (a courier not booked, a disputed payment) sounds.
 *
 * Urgency of an order in the kitchen's hands (paid or accepted, and fired):
 * - on time until it has waited the kitchen's prep time since it reached New, or until
 *   DUE_SOON_MINUTES before it is due, whichever comes first;
 * - then 'hurry' (amber) until it is due;
 * - then 'late' (red).
 * A scheduled order reaches New its prep time before it is due, so it turns amber 5 minutes
 * before its time; an order for as soon as possible turns amber once it has waited the prep time.
 */
import type { BoardOrder, OrderProblem } from './api/staff.ts';
import { minutesWaited } from './kitchen-time.ts';
import { instantToWallTime } from './schedule.ts';

const MINUTE = 60_000;

/** Minutes before its due time an order turns amber at the latest. */
export const DUE_SOON_MINUTES = 5;

/** What the board's clock needs from the settings (kitchenSettings). */
export interface KitchenPace {
  prepMinutes: number;
}

type Times = Pick<BoardOrder, 'status' | 'created_at' | 'due_at' | 'fire_at'>;

/**
 * When the order reaches New, in ms since the epoch: the server's fire_at (null only for an order
 * neither paid nor scheduled, which has no other time to go by: when it was placed).
 */
export const fireTime = (order: Times): number => Date.parse(order.fire_at ?? order.created_at);

/** When the kitchen must have it ready, in ms since the epoch: the server's due_at (null, like fire_at: when placed). */
export const dueTime = (order: Times): number => Date.parse(order.due_at ?? order.created_at);

/** Whether the kitchen still has the order to make: paid (not yet accepted) or accepted. */
export const inKitchen = (order: Pick<BoardOrder, 'status'>) => order.status === 'paid' || order.status === 'accepted';

/** Whether it waits in Upcoming: in the kitchen's hands, with its fire time still ahead. */
export function isUpcoming(order: Times, now: number): boolean {
  return inKitchen(order) && fireTime(order) > now;
}

export type UrgencyLevel = 'on_time' | 'hurry' | 'late';

export interface Urgency {
  level: UrgencyLevel;
  /** The word beside the timer: colour is never the only sign. */
  label: string | null;
  /** Read out with the timer: why the ticket has its colour. */
  description: string;
  /** How long it has waited since it reached New, in ms (never below 0). */
  waitedMs: number;
}

/** How urgent an order in the kitchen's hands is at `now`; null for one that has left the kitchen or waits in Upcoming. */
export function urgencyOf(order: Times, now: number, pace: KitchenPace): Urgency | null {
  if (!inKitchen(order)) return null;
  const fire = fireTime(order);
  if (fire > now) return null;
  const due = dueTime(order);
  const waitedMs = now - fire;
  if (now > due) {
    const late = minutesWaited(new Date(due), new Date(now));
    return { level: 'late', label: 'Late', description: `Late by ${late} min`, waitedMs };
  }
  const hurryAt = Math.min(fire + pace.prepMinutes * MINUTE, due - DUE_SOON_MINUTES * MINUTE);
  if (now >= hurryAt) {
    return { level: 'hurry', label: 'Hurry', description: `Due in ${Math.ceil((due - now) / MINUTE)} min`, waitedMs };
  }
  return { level: 'on_time', label: null, description: 'On time', waitedMs };
}

/** A timer as kitchens read it: '0:07', '14:05', '99:59', then hours and minutes: '1 h 40'. */
export function timerText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  if (minutes < 100) return `${minutes}:${String(total % 60).padStart(2, '0')}`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

const WEEKDAYS = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '6:15 PM' in the restaurant's zone. */
export function clockText(at: number, timeZone: string): string {
  const { minutes } = instantToWallTime(new Date(at), timeZone);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A time on the board: '11:20 AM' on the restaurant's today, 'Fri Nov 27, 6:15 PM' on any other day. */
export function boardTimeText(at: number, now: number, timeZone: string): string {
  const wall = instantToWallTime(new Date(at), timeZone);
  if (wall.date === instantToWallTime(new Date(now), timeZone).date) return clockText(at, timeZone);
  const [, month, day] = wall.date.split('-').map(Number);
  return `${WEEKDAYS[wall.weekday]} ${MONTHS[month! - 1]} ${day}, ${clockText(at, timeZone)}`;
}

/** One item and how many of it the open orders ask for: the line's "all day" count. */
export interface AllDayCount {
  name: string;
  count: number;
}

/** How many of each item `orders` still need (refunded units left out), most first, then by name. */
export function allDayCounts(orders: readonly Pick<BoardOrder, 'items'>[]): AllDayCount[] {
  const counts = new Map<string, number>();
  for (const order of orders) {
    for (const item of order.items) {
      const left = item.quantity - item.refunded_quantity;
      if (left > 0) counts.set(item.name, (counts.get(item.name) ?? 0) + left);
    }
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * What the new-order sound remembers: the orders already announced, and when it last played
 * (null while no order waits).
 */
export interface ChimeMemory {
  heard: ReadonlySet<string>;
  lastAt: number | null;
}

/** The board at load: what it already shows is not announced again; the sound repeats from now. */
export function chimeMemoryAt(shown: readonly string[], now: number): ChimeMemory {
  return { heard: new Set(shown), lastAt: now };
}

export interface ChimeStep {
  /** 'new': an order reached the kitchen; 'repeat': orders still wait to be accepted. */
  chime: 'new' | 'repeat' | null;
  /** The orders that reached the kitchen just now, to announce. */
  arrived: string[];
  memory: ChimeMemory;
}

/**
 * One look at the board. `waiting` are the orders in New (nobody has accepted them); `working`
 * the accepted ones in the kitchen. An order in either not heard before sounds at once (an order
 * accepted by itself, or a scheduled one reaching its fire time, too); while any order waits in
 * New the sound repeats every `repeatMs`. Orders gone from the board are forgotten.
 */
export function chimeStep(
  memory: ChimeMemory,
  lanes: { waiting: readonly string[]; working: readonly string[]; onBoard: ReadonlySet<string> },
  now: number,
  repeatMs: number,
): ChimeStep {
  const arrived = [...lanes.waiting, ...lanes.working].filter((id) => !memory.heard.has(id));
  const heard = new Set([...memory.heard].filter((id) => lanes.onBoard.has(id)));
  for (const id of arrived) heard.add(id);
  if (arrived.length > 0) return { chime: 'new', arrived, memory: { heard, lastAt: now } };
  if (lanes.waiting.length === 0) return { chime: null, arrived, memory: { heard, lastAt: null } };
  if (memory.lastAt === null) return { chime: null, arrived, memory: { heard, lastAt: now } };
  if (now - memory.lastAt >= repeatMs) return { chime: 'repeat', arrived, memory: { heard, lastAt: now } };
  return { chime: null, arrived, memory: { heard, lastAt: memory.lastAt } };
}

/**
 * A problem on an order (BoardOrder.problems) as every device knows it: its order, its kind and
 * when it was opened. Flagged again while open it keeps its key; settled and opened again later,
 * it is a new one (a new opened_at).
 */
export function problemKey(orderId: string, problem: Pick<OrderProblem, 'kind' | 'opened_at'>): string {
  return `${orderId} ${problem.kind} ${problem.opened_at}`;
}

/** The keys of the open problems on these orders, in the board's order. */
export function openProblemKeys(orders: Iterable<Pick<BoardOrder, 'order_id' | 'problems'>>): string[] {
  const keys: string[] = [];
  for (const order of orders) for (const problem of order.problems) keys.push(problemKey(order.order_id, problem));
  return keys;
}

/**
 * What the problem alarm remembers on this device for the visit: the problems it already sounded
 * for, and when it last sounded (null while every open problem has been marked seen here).
 */
export interface AlarmMemory {
  heard: ReadonlySet<string>;
  lastAt: number | null;
}

/** Nothing heard yet: at load, every open problem not marked seen on this device sounds at once. */
export const ALARM_MEMORY: AlarmMemory = { heard: new Set(), lastAt: null };

export interface AlarmStep {
  /** 'new': a problem not heard on this device; 'repeat': problems nobody marked seen here. */
  alarm: 'new' | 'repeat' | null;
  /** The problems heard just now, to announce. */
  arrived: string[];
  memory: AlarmMemory;
}

/**
 * One look at the board's problems. `open` are the keys of the problems open on the board now,
 * `seen` the ones someone marked seen on this device. A problem neither heard nor seen here
 * sounds at once; while any open problem is not marked seen, the alarm repeats every `repeatMs`
 * (counted from the last sound). Problems settled are forgotten.
 */
export function alarmStep(
  memory: AlarmMemory,
  open: readonly string[],
  seen: ReadonlySet<string>,
  now: number,
  repeatMs: number,
): AlarmStep {
  const unseen = open.filter((key) => !seen.has(key));
  const arrived = unseen.filter((key) => !memory.heard.has(key));
  const heard = new Set(open.filter((key) => memory.heard.has(key) || arrived.includes(key)));
  if (arrived.length > 0) return { alarm: 'new', arrived, memory: { heard, lastAt: now } };
  if (unseen.length === 0) return { alarm: null, arrived, memory: { heard, lastAt: null } };
  if (memory.lastAt === null) return { alarm: null, arrived, memory: { heard, lastAt: now } };
  if (now - memory.lastAt >= repeatMs) return { alarm: 'repeat', arrived, memory: { heard, lastAt: now } };
  return { alarm: null, arrived, memory: { heard, lastAt: memory.lastAt } };
}

/**
 * The alarm played outside a look (the sound just turned on): the problems not marked seen count
 * as heard, and the repeat counts from `now`.
 */
export function alarmSounded(memory: AlarmMemory, unseen: readonly string[], now: number): AlarmMemory {
  return { heard: new Set([...memory.heard, ...unseen]), lastAt: now };
}

/** The problems marked seen on this device, kept only while they are open on the board. */
export function keepSeen(seen: ReadonlySet<string>, open: readonly string[]): Set<string> {
  return new Set(open.filter((key) => seen.has(key)));
}
