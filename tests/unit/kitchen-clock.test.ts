import { describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import {
  ALARM_MEMORY,
  alarmSounded,
  alarmStep,
  allDayCounts,
  boardTimeText,
  chimeMemoryAt,
  chimeStep,
  dueTime,
  fireTime,
  isUpcoming,
  keepSeen,
  openProblemKeys,
  problemKey,
  timerText,
  urgencyOf,
  type AlarmMemory,
  type ChimeMemory,
} from '../../shared/kitchen-clock.ts';

const LA = 'America/Los_Angeles';
const PACE = { prepMinutes: 15 };
/** Friday 20 November 2026, 11:00 AM in Los Angeles. */
const PAID = '2026-11-20T19:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const minutesAfterPaid = (minutes: number) => at(PAID) + minutes * 60_000;

function order(more: Partial<BoardOrder> = {}): BoardOrder {
  return {
    order_id: 'ord_1',
    number: 1001,
    status: 'paid',
    name: 'Ana Ruiz',
    phone: '+12135550199',
    delivery_type: 'pickup',
    delivery_address: null,
    items: [],
    note: null,
    totals: { subtotal: 0, promo_discount: 0, loyalty_discount: 0, tax: 0, delivery_charge: 0, tip: 0, total: 0 },
    created_at: PAID,
    paid_at: PAID,
    promised_at: null,
    scheduled_for: null,
    due_at: '2026-11-20T19:20:00.000Z',
    fire_at: PAID,
    alerted_at: null,
    no_show: false,
    cancel_reason: null,
    cancel_note: null,
    refunded: false,
    refunded_cents: 0,
    refunds: [],
    undo: null,
    problems: [],
    ...more,
  };
}

const item = (name: string, quantity: number, refunded_quantity = 0) => ({
  position: 0,
  name,
  quantity,
  modifiers: [],
  groups: [],
  refunded_quantity,
});

describe('when an order fires and is due', () => {
  it("takes the server's fire and due times", () => {
    const scheduled = order({ scheduled_for: '2026-11-27T02:15:00.000Z', fire_at: '2026-11-27T02:00:00.000Z' });
    expect(fireTime(scheduled)).toBe(at('2026-11-27T02:00:00.000Z'));
    expect(dueTime(order({ due_at: '2026-11-20T19:35:00.000Z' }))).toBe(at('2026-11-20T19:35:00Z'));
  });

  it('goes by when it was placed when the server has no time for it (neither paid nor scheduled)', () => {
    const unpaid = order({ created_at: '2026-11-20T18:55:00.000Z', paid_at: null, fire_at: null, due_at: null });
    expect(fireTime(unpaid)).toBe(at('2026-11-20T18:55:00.000Z'));
    expect(dueTime(unpaid)).toBe(at('2026-11-20T18:55:00.000Z'));
  });

  it('keeps a scheduled order in Upcoming until its fire time, paid or accepted alike', () => {
    const nextFriday = order({ scheduled_for: '2026-11-27T02:15:00.000Z', fire_at: '2026-11-27T02:00:00.000Z' });
    expect(isUpcoming(nextFriday, at('2026-11-27T01:59:59.000Z'))).toBe(true);
    expect(isUpcoming(nextFriday, at('2026-11-27T02:00:00.000Z'))).toBe(false);
    expect(isUpcoming({ ...nextFriday, status: 'accepted' }, at(PAID))).toBe(true);
    expect(isUpcoming({ ...nextFriday, status: 'ready' }, at(PAID))).toBe(false);
    expect(isUpcoming(order(), at(PAID))).toBe(false);
  });
});

describe('how urgent a ticket is', () => {
  it('a pickup for as soon as possible: on time, amber at the 15-minute prep time, red after its 20 minutes', () => {
    const pickup = order();
    expect(urgencyOf(pickup, minutesAfterPaid(14.99), PACE)).toMatchObject({ level: 'on_time', label: null });
    expect(urgencyOf(pickup, minutesAfterPaid(15), PACE)).toMatchObject({
      level: 'hurry',
      label: 'Hurry',
      description: 'Due in 5 min',
    });
    expect(urgencyOf(pickup, minutesAfterPaid(20), PACE)?.level).toBe('hurry');
    expect(urgencyOf(pickup, minutesAfterPaid(23), PACE)).toMatchObject({
      level: 'late',
      label: 'Late',
      description: 'Late by 3 min',
      waitedMs: 23 * 60_000,
    });
  });

  it('a delivery due in 45 minutes turns amber at the prep time too', () => {
    const delivery = order({ delivery_type: 'delivery', due_at: '2026-11-20T19:45:00.000Z' });
    expect(urgencyOf(delivery, minutesAfterPaid(15), PACE)).toMatchObject({
      level: 'hurry',
      description: 'Due in 30 min',
    });
    expect(urgencyOf(delivery, minutesAfterPaid(46), PACE)?.level).toBe('late');
  });

  it('a scheduled order turns amber 5 minutes before it is due, and counts from when it fired', () => {
    const scheduled = order({
      scheduled_for: '2026-11-21T02:15:00.000Z',
      due_at: '2026-11-21T02:15:00.000Z',
      fire_at: '2026-11-21T02:00:00.000Z',
    });
    expect(urgencyOf(scheduled, at('2026-11-21T01:59:00.000Z'), PACE)).toBeNull();
    expect(urgencyOf(scheduled, at('2026-11-21T02:09:59.000Z'), PACE)).toMatchObject({
      level: 'on_time',
      waitedMs: 599_000,
    });
    expect(urgencyOf(scheduled, at('2026-11-21T02:10:00.000Z'), PACE)?.level).toBe('hurry');
    expect(urgencyOf(scheduled, at('2026-11-21T02:15:01.000Z'), PACE)?.level).toBe('late');
  });

  it('an order out of the kitchen has no urgency', () => {
    for (const status of ['ready', 'out_for_delivery', 'completed', 'cancelled'] as const) {
      expect(urgencyOf(order({ status }), minutesAfterPaid(60), PACE)).toBeNull();
    }
    expect(urgencyOf(order({ status: 'accepted' }), minutesAfterPaid(60), PACE)?.level).toBe('late');
  });

  it('writes timers as kitchens read them', () => {
    expect(timerText(7_400)).toBe('0:07');
    expect(timerText(14 * 60_000 + 5_000)).toBe('14:05');
    expect(timerText(62 * 60_000 + 9_000)).toBe('62:09');
    expect(timerText(99 * 60_000 + 59_999)).toBe('99:59');
    expect(timerText(100 * 60_000)).toBe('1 h 40');
    expect(timerText(605 * 60_000)).toBe('10 h 05');
    expect(timerText(-5_000)).toBe('0:00');
  });
});

describe('times on the board', () => {
  it("says only the clock on the restaurant's today, and the date on any other day", () => {
    const now = at('2026-11-20T19:00:00.000Z');
    expect(boardTimeText(at('2026-11-20T19:20:00.000Z'), now, LA)).toBe('11:20 AM');
    // 11:30 PM Friday in Los Angeles is already Saturday in UTC: still today.
    expect(boardTimeText(at('2026-11-21T07:30:00.000Z'), now, LA)).toBe('11:30 PM');
    expect(boardTimeText(at('2026-11-28T02:15:00.000Z'), now, LA)).toBe('Fri Nov 27, 6:15 PM');
    expect(boardTimeText(at('2026-11-21T20:00:00.000Z'), now, LA)).toBe('Sat Nov 21, 12:00 PM');
  });
});

describe('the all-day counts', () => {
  it('adds each item over the open orders, leaves refunded units out, most first', () => {
    expect(
      allDayCounts([
        { items: [item('Quesabirria', 2), item('Mexican Coca-Cola', 1)] },
        { items: [item('Mexican Coca-Cola', 2), item('Churros', 3, 3)] },
        { items: [item('California Burrito', 1), item('Quesabirria', 1, 1), item('Agua fresca', 3)] },
      ]),
    ).toEqual([
      { name: 'Agua fresca', count: 3 },
      { name: 'Mexican Coca-Cola', count: 3 },
      { name: 'Quesabirria', count: 2 },
      { name: 'California Burrito', count: 1 },
    ]);
  });
});

describe('the new-order sound', () => {
  const REPEAT = 30_000;
  const look = (memory: ChimeMemory, waiting: string[], now: number, working: string[] = [], also: string[] = []) =>
    chimeStep(memory, { waiting, working, onBoard: new Set([...waiting, ...working, ...also]) }, now, REPEAT);

  it('sounds at once for a new order, then every 30 s until it is accepted', () => {
    let memory = chimeMemoryAt([], 0);
    let step = look(memory, ['a'], 1_000);
    expect(step).toMatchObject({ chime: 'new', arrived: ['a'] });
    memory = step.memory;
    expect(look(memory, ['a'], 30_999).chime).toBeNull();
    step = look(memory, ['a'], 31_000);
    expect(step).toMatchObject({ chime: 'repeat', arrived: [] });
    memory = step.memory;
    expect(look(memory, ['a'], 60_999).chime).toBeNull();
    expect(look(memory, ['a'], 61_000).chime).toBe('repeat');
    // Accepted: silence.
    step = look(memory, [], 61_000, ['a']);
    expect(step.chime).toBeNull();
    expect(look(step.memory, [], 200_000, ['a']).chime).toBeNull();
  });

  it('a second order sounds at once and restarts the 30 s', () => {
    const first = look(chimeMemoryAt([], 0), ['a'], 0);
    const second = look(first.memory, ['a', 'b'], 20_000);
    expect(second).toMatchObject({ chime: 'new', arrived: ['b'] });
    expect(look(second.memory, ['a', 'b'], 49_999).chime).toBeNull();
    expect(look(second.memory, ['a', 'b'], 50_000).chime).toBe('repeat');
  });

  it('after a load, what the board shows is not announced again but still repeats while it waits', () => {
    const memory = chimeMemoryAt(['a', 'b'], 5_000);
    expect(look(memory, ['a'], 6_000, ['b']).chime).toBeNull();
    expect(look(memory, ['a'], 35_000, ['b']).chime).toBe('repeat');
  });

  it('an order accepted by itself, or a scheduled one reaching its fire time accepted, sounds once', () => {
    const memory = chimeMemoryAt([], 0);
    const step = look(memory, [], 1_000, ['auto']);
    expect(step).toMatchObject({ chime: 'new', arrived: ['auto'] });
    expect(look(step.memory, [], 40_000, ['auto']).chime).toBeNull();
  });

  it('an order taken back to New by an undo is not announced again; the repeat starts over', () => {
    const accepted = look(look(chimeMemoryAt([], 0), ['a'], 0).memory, [], 10_000, ['a']);
    const undone = look(accepted.memory, ['a'], 12_000);
    expect(undone.chime).toBeNull();
    expect(look(undone.memory, ['a'], 41_999).chime).toBeNull();
    expect(look(undone.memory, ['a'], 42_000).chime).toBe('repeat');
  });

  it('forgets orders gone from the board', () => {
    const step = look(chimeMemoryAt(['a', 'b'], 0), [], 1_000, ['a']);
    expect([...step.memory.heard]).toEqual(['a']);
  });
});

describe('the alarm for a problem on an order', () => {
  const REPEAT = 30_000;
  const NOT_BOOKED = { kind: 'delivery_not_booked' as const, opened_at: '2026-11-20T19:01:00.000Z' };
  const DISPUTED = { kind: 'payment_disputed' as const, opened_at: '2026-11-20T19:03:00.000Z' };
  const a = problemKey('ord_a', NOT_BOOKED);
  const b = problemKey('ord_b', DISPUTED);
  const look = (memory: AlarmMemory, open: string[], now: number, seen: string[] = []) =>
    alarmStep(memory, open, new Set(seen), now, REPEAT);

  it('knows a problem by its order, its kind and when it was opened', () => {
    expect(a).toBe('ord_a delivery_not_booked 2026-11-20T19:01:00.000Z');
    // Flagged again while open: the same opened_at, the same problem, whatever the new detail says.
    const flaggedAgain = { ...NOT_BOOKED, detail: 'DoorDash refused again: the address is too far.' };
    expect(problemKey('ord_a', flaggedAgain)).toBe(a);
    // Settled and opened again: a new problem.
    expect(problemKey('ord_a', { ...NOT_BOOKED, opened_at: '2026-11-20T19:40:00.000Z' })).not.toBe(a);
    expect(
      openProblemKeys([
        order({ order_id: 'ord_a', problems: [{ ...NOT_BOOKED, detail: 'x' }] }),
        order({ order_id: 'ord_c' }),
        order({ order_id: 'ord_b', problems: [{ ...DISPUTED, detail: 'y' }] }),
      ]),
    ).toEqual([a, b]);
  });

  it('sounds at once for a new problem, then every 30 s until it is marked seen on this device', () => {
    let step = look(ALARM_MEMORY, [a], 1_000);
    expect(step).toMatchObject({ alarm: 'new', arrived: [a] });
    expect(look(step.memory, [a], 30_999).alarm).toBeNull();
    step = look(step.memory, [a], 31_000);
    expect(step).toMatchObject({ alarm: 'repeat', arrived: [] });
    expect(look(step.memory, [a], 60_999).alarm).toBeNull();
    expect(look(step.memory, [a], 61_000).alarm).toBe('repeat');
    // Seen: silence, for as long as it stays open.
    step = look(step.memory, [a], 45_000, [a]);
    expect(step).toMatchObject({ alarm: null, arrived: [] });
    expect(look(step.memory, [a], 500_000, [a]).alarm).toBeNull();
  });

  it('at load sounds for every open problem not marked seen here, and not for the ones that are', () => {
    expect(look(ALARM_MEMORY, [a, b], 0, [a])).toMatchObject({ alarm: 'new', arrived: [b] });
    const quiet = look(ALARM_MEMORY, [a, b], 0, [a, b]);
    expect(quiet.alarm).toBeNull();
    expect(look(quiet.memory, [a, b], 120_000, [a, b]).alarm).toBeNull();
  });

  it('a second problem sounds at once and restarts the 30 s; seeing one leaves the other repeating', () => {
    const first = look(ALARM_MEMORY, [a], 0);
    const second = look(first.memory, [a, b], 20_000);
    expect(second).toMatchObject({ alarm: 'new', arrived: [b] });
    expect(look(second.memory, [a, b], 49_999).alarm).toBeNull();
    expect(look(second.memory, [a, b], 50_000, [a]).alarm).toBe('repeat');
    expect(look(second.memory, [a, b], 50_000, [a, b]).alarm).toBeNull();
  });

  it('a problem flagged again while open stays quiet; settled and opened again, it sounds anew even if seen before', () => {
    const heard = look(ALARM_MEMORY, [a], 0).memory;
    const seenAt = look(heard, [a], 5_000, [a]);
    expect(look(seenAt.memory, [a], 10_000, [a]).alarm).toBeNull();
    // Settled: forgotten.
    const settled = look(seenAt.memory, [], 20_000, [a]);
    expect([...settled.memory.heard]).toEqual([]);
    const again = problemKey('ord_a', { ...NOT_BOOKED, opened_at: '2026-11-20T19:40:00.000Z' });
    expect(look(settled.memory, [again], 30_000, [a])).toMatchObject({ alarm: 'new', arrived: [again] });
  });

  it('sounded when the sound is turned on, it repeats 30 s after that, not sooner', () => {
    // The sound was off: the alarm "played" unheard at 0 and repeated unheard at 30 s.
    const unheard = look(look(ALARM_MEMORY, [a], 0).memory, [a], 30_000).memory;
    const turnedOn = alarmSounded(unheard, [a], 41_000);
    expect(look(turnedOn, [a], 60_000).alarm).toBeNull();
    expect(look(turnedOn, [a], 71_000).alarm).toBe('repeat');
  });

  it('keeps the marks of problems still open only', () => {
    expect([...keepSeen(new Set([a, b, 'ord_gone payment_disputed x']), [b])]).toEqual([b]);
  });
});
