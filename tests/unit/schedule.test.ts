import { describe, expect, it } from 'vitest';
import { restaurant, type DayHours, type OrderingHours, type Weekday } from '../../shared/restaurant.ts';
import {
  asapSlot,
  availableSlots,
  beyondHorizon,
  cateringTooSoon,
  checkScheduledFor,
  checkSlotRoom,
  closedNow,
  formatStoreTime,
  instantToWallTime,
  isOpen,
  nextOpening,
  notOpenAt,
  OFF_THE_QUARTER_HOUR,
  OPEN_STORE,
  ORDERING_PAUSED,
  orderSlot,
  PAUSED_AT_THAT_TIME,
  pauseEnd,
  pausedNow,
  SLOT_FULL,
  slotHasRoom,
  tooSoon,
  wallTimeToInstant,
  type SlotLoads,
  type StoreState,
} from '../../shared/schedule.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import { translator } from '../../shared/i18n/translator.ts';

const english = translator('en');

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());

/** The restaurant's ordering rules with other weekly hours, the same for pickup and delivery. */
function withHours(week: Partial<Record<Weekday, DayHours>>): OrderingHours {
  const closed: Record<Weekday, DayHours> = {
    monday: [],
    tuesday: [],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  };
  const weekly = { ...closed, ...week };
  return { ...restaurant.ordering, weekly: { pickup: weekly, delivery: weekly }, holidays: {} };
}
const night = (opens = '22:00', closes = '04:00'): DayHours => [{ opens, closes }];
const everyNight = withHours(
  Object.fromEntries(
    (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((d) => [d, night()]),
  ),
);

describe('wall time in Los Angeles', () => {
  it('2:30 AM on 14 March 2027 does not exist: it moves forward to 3:30 AM PDT (10:30Z)', () => {
    expect(wallTimeToInstant('2027-03-14', '01:59', LA).toISOString()).toBe('2027-03-14T09:59:00.000Z');
    expect(wallTimeToInstant('2027-03-14', '02:30', LA).toISOString()).toBe('2027-03-14T10:30:00.000Z');
    expect(wallTimeToInstant('2027-03-14', '03:00', LA).toISOString()).toBe('2027-03-14T10:00:00.000Z');
  });

  it('1:30 AM on 1 November 2026 happens twice: it means the first, in PDT (08:30Z)', () => {
    expect(wallTimeToInstant('2026-11-01', '01:30', LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(wallTimeToInstant('2026-11-01', '02:00', LA).toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(instantToWallTime(at('2026-11-01T09:30:00Z'), LA)).toEqual({
      date: '2026-11-01',
      time: '01:30',
      weekday: 'sunday',
      minutes: 90,
    });
  });

  it('minutes past 24:00 are on the next day', () => {
    expect(wallTimeToInstant('2026-11-20', 26 * 60, LA).toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('prints a time as the restaurant reads it', () => {
    expect(formatStoreTime(at('2026-11-21T18:00:00Z'))).toBe('Saturday 10:00 AM');
    expect(formatStoreTime(at('2026-11-21T20:30:00Z'))).toBe('Saturday 12:30 PM');
    expect(formatStoreTime(at('2026-11-22T08:00:00Z'))).toBe('Sunday 12:00 AM');
  });
});

describe('slots across daylight saving changes', () => {
  it('at DST start the 2 AM hour has no slots: 1:45 AM PST is followed by 3:00 AM PDT', () => {
    // Saturday night 13 March 2027, open 10 PM to 4 AM; asked at 12:30 AM PST (08:30Z).
    const { slots } = availableSlots(at('2027-03-14T08:30:00Z'), 'pickup', {}, everyNight);
    expect(iso(slots.slice(0, 9))).toEqual([
      '2027-03-14T09:00:00.000Z', // 1:00 AM PST
      '2027-03-14T09:15:00.000Z',
      '2027-03-14T09:30:00.000Z',
      '2027-03-14T09:45:00.000Z', // 1:45 AM PST
      '2027-03-14T10:00:00.000Z', // 3:00 AM PDT
      '2027-03-14T10:15:00.000Z',
      '2027-03-14T10:30:00.000Z',
      '2027-03-14T10:45:00.000Z', // 3:45 AM PDT, the last before the 4 AM close
      '2027-03-15T05:00:00.000Z', // Sunday 10:00 PM PDT
    ]);
  });

  it('at DST end the 1 AM hour has slots twice, once in PDT and once in PST', () => {
    // Saturday night 31 October 2026, open 10 PM to 4 AM; asked at 12:50 AM PDT (07:50Z).
    const { slots } = availableSlots(at('2026-11-01T07:50:00Z'), 'pickup', {}, everyNight);
    const tonight = slots.filter((s) => s < at('2026-11-01T20:00:00Z'));
    expect(iso(tonight)).toEqual([
      '2026-11-01T08:15:00.000Z', // 1:15 AM PDT (20 minutes' lead from 12:50)
      '2026-11-01T08:30:00.000Z',
      '2026-11-01T08:45:00.000Z',
      '2026-11-01T09:00:00.000Z', // 1:00 AM PST
      '2026-11-01T09:15:00.000Z',
      '2026-11-01T09:30:00.000Z',
      '2026-11-01T09:45:00.000Z',
      '2026-11-01T10:00:00.000Z', // 2:00 AM PST
      '2026-11-01T10:15:00.000Z',
      '2026-11-01T10:30:00.000Z',
      '2026-11-01T10:45:00.000Z',
      '2026-11-01T11:00:00.000Z',
      '2026-11-01T11:15:00.000Z',
      '2026-11-01T11:30:00.000Z',
      '2026-11-01T11:45:00.000Z', // 3:45 AM PST, the last before the 4 AM close (12:00Z)
    ]);
    expect(formatStoreTime(at('2026-11-01T08:15:00Z'))).toBe('Sunday 1:15 AM');
    expect(formatStoreTime(at('2026-11-01T09:15:00Z'))).toBe('Sunday 1:15 AM');
  });

  it('the real hours open at 9:00 AM local on both change days (PDT 16:00Z, PST 17:00Z)', () => {
    expect(nextOpening(at('2027-03-14T08:00:00Z'), 'pickup')?.toISOString()).toBe('2027-03-14T16:00:00.000Z');
    expect(nextOpening(at('2026-11-01T07:00:00Z'), 'pickup')?.toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(nextOpening(at('2027-11-07T06:00:00Z'), 'pickup')?.toISOString()).toBe('2027-11-07T17:00:00.000Z');
    expect(availableSlots(at('2027-11-07T06:00:00Z'), 'pickup').slots[0]?.toISOString()).toBe(
      '2027-11-07T17:00:00.000Z',
    );
    // Saturday 6 November 2027, 11:00 PM PDT.
    expect(checkScheduledFor(at('2027-11-07T06:00:00Z'), 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again tomorrow at 9:00 AM.',
    );
    expect(checkScheduledFor(at('2027-11-07T09:30:00Z'), 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again today at 9:00 AM.',
    );
  });

  it('a 1:30 AM opening on the fall-back night opens at the first 1:30', () => {
    const hours = withHours({ sunday: [{ opens: '01:30', closes: '05:00' }] });
    expect(nextOpening(at('2026-11-01T07:00:00Z'), 'pickup', hours)?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
  });
});

describe('just before closing (a slot is when the food is ready, strictly before closing)', () => {
  // Monday 23 November 2026: pickup 10:00 AM to 9:00 PM PST (18:00Z to 05:00Z).
  it('the last pickup slot of a day closing at 9:00 PM is 8:45 PM', () => {
    const { slots } = availableSlots(at('2026-11-24T04:00:00Z'), 'pickup'); // 8:00 PM
    expect(iso(slots.slice(0, 3))).toEqual([
      '2026-11-24T04:30:00.000Z',
      '2026-11-24T04:45:00.000Z',
      '2026-11-24T18:00:00.000Z',
    ]);
    expect(
      checkScheduledFor(at('2026-11-24T04:00:00Z'), 'pickup', at('2026-11-24T04:45:00Z'), { t: english }),
    ).toBeNull();
    expect(checkScheduledFor(at('2026-11-24T04:00:00Z'), 'pickup', at('2026-11-24T05:00:00Z'), { t: english })).toBe(
      notOpenAt('pickup'),
    );
  });

  it('ASAP pickup is taken until 20 minutes before closing', () => {
    expect(isOpen(at('2026-11-24T04:39:00Z'), 'pickup')).toBe(true);
    expect(checkScheduledFor(at('2026-11-24T04:39:00Z'), 'pickup', null, { t: english })).toBeNull();
    expect(isOpen(at('2026-11-24T04:40:00Z'), 'pickup')).toBe(false);
    expect(nextOpening(at('2026-11-24T04:40:00Z'), 'pickup')?.toISOString()).toBe('2026-11-24T18:00:00.000Z');
    expect(checkScheduledFor(at('2026-11-24T04:40:00Z'), 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again tomorrow at 10:00 AM.',
    );
  });

  it('ASAP delivery is taken until 45 minutes before the 8:30 PM delivery close', () => {
    expect(isOpen(at('2026-11-24T03:44:00Z'), 'delivery')).toBe(true);
    expect(isOpen(at('2026-11-24T03:45:00Z'), 'delivery')).toBe(false);
    expect(checkScheduledFor(at('2026-11-24T03:45:00Z'), 'delivery', null, { t: english })).toBe(
      'We are not delivering now. Delivery starts again tomorrow at 11:00 AM.',
    );
  });
});

describe('across midnight', () => {
  it('at 11:50 PM on a Friday (closed at 11) the next opening is Saturday 9:00 AM', () => {
    const now = at('2026-11-21T07:50:00Z');
    expect(isOpen(now, 'pickup')).toBe(false);
    expect(nextOpening(now, 'pickup')?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(availableSlots(now, 'pickup').slots[0]?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(checkScheduledFor(now, 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again tomorrow at 9:00 AM.',
    );
  });

  it('a Friday range of 6:00 PM to 2:00 AM takes orders after midnight, on Saturday', () => {
    const lateFriday = withHours({ friday: night('18:00', '02:00') });
    // Saturday 21 November 2026, 1:30 AM PST: ready by 1:50, before the 2:00 close.
    expect(isOpen(at('2026-11-21T09:30:00Z'), 'pickup', lateFriday)).toBe(true);
    expect(iso(availableSlots(at('2026-11-21T09:00:00Z'), 'pickup', {}, lateFriday).slots.slice(0, 3))).toEqual([
      '2026-11-21T09:30:00.000Z', // 1:30 AM
      '2026-11-21T09:45:00.000Z', // 1:45 AM, the last
      '2026-11-28T02:00:00.000Z', // next Friday 6:00 PM
    ]);
    expect(isOpen(at('2026-11-21T09:45:00Z'), 'pickup', lateFriday)).toBe(false);
    expect(nextOpening(at('2026-11-21T09:45:00Z'), 'pickup', lateFriday)?.toISOString()).toBe(
      '2026-11-28T02:00:00.000Z',
    );
    expect(checkScheduledFor(at('2026-11-21T09:45:00Z'), 'pickup', null, { t: english }, lateFriday)).toBe(
      'We are closed now. We open again Friday at 6:00 PM.',
    );
  });

  it('a range closing at 00:00 closes at midnight, and one meeting the next day’s is one range', () => {
    const hours = withHours({ friday: night('20:00', '00:00'), saturday: night('00:00', '01:00') });
    const { slots } = availableSlots(at('2026-11-21T07:00:00Z'), 'pickup', {}, hours); // Friday 11:00 PM
    expect(iso(slots.slice(0, 6))).toEqual([
      '2026-11-21T07:30:00.000Z',
      '2026-11-21T07:45:00.000Z',
      '2026-11-21T08:00:00.000Z', // midnight
      '2026-11-21T08:15:00.000Z',
      '2026-11-21T08:30:00.000Z',
      '2026-11-21T08:45:00.000Z', // 12:45 AM, the last
    ]);
    expect(isOpen(at('2026-11-21T07:55:00Z'), 'pickup', hours)).toBe(true);
  });
});

describe('lead times', () => {
  const now = at('2026-11-20T19:10:00Z'); // Friday 11:10 AM

  it('pickup needs 20 minutes and delivery 45', () => {
    expect(availableSlots(now, 'pickup').slots[0]?.toISOString()).toBe('2026-11-20T19:30:00.000Z');
    expect(availableSlots(now, 'delivery').slots[0]?.toISOString()).toBe('2026-11-20T20:00:00.000Z');
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:15:00Z'), { t: english })).toBe(
      'Choose a pickup time at least 20 minutes from now.',
    );
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:30:00Z'), { t: english })).toBeNull();
    expect(checkScheduledFor(now, 'delivery', at('2026-11-20T19:45:00Z'), { t: english })).toBe(
      'Choose a delivery time at least 45 minutes from now.',
    );
    expect(checkScheduledFor(now, 'delivery', at('2026-11-20T20:00:00Z'), { t: english })).toBeNull();
    expect(tooSoon('pickup', 20)).toBe('Choose a pickup time at least 20 minutes from now.');
  });

  it('a time in the past is too soon', () => {
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T18:00:00Z'), { t: english })).toBe(tooSoon('pickup', 20));
  });

  it('catering needs 24 hours, for pickup and delivery, and cannot be ASAP', () => {
    const message = 'Catering needs 24 hours of notice. Choose a delivery time at least 24 hours from now.';
    expect(cateringTooSoon('delivery', 24 * 60)).toBe(message);
    expect(availableSlots(now, 'pickup', { catering: true })).toMatchObject({ asap: false });
    expect(availableSlots(now, 'pickup', { catering: true }).slots[0]?.toISOString()).toBe('2026-11-21T19:15:00.000Z');
    expect(checkScheduledFor(now, 'delivery', at('2026-11-21T19:00:00Z'), { catering: true, t: english })).toBe(
      message,
    );
    expect(checkScheduledFor(now, 'delivery', at('2026-11-21T19:15:00Z'), { catering: true, t: english })).toBeNull();
    expect(checkScheduledFor(now, 'delivery', null, { catering: true, t: english })).toBe(message);
  });
});

describe('holidays, the 7-day horizon and the quarter hour', () => {
  it('Thanksgiving (26 November 2026) is closed all day: no slots, and ASAP names Friday 10:00 AM', () => {
    const { slots } = availableSlots(at('2026-11-25T20:00:00Z'), 'pickup');
    expect(slots.filter((s) => s >= at('2026-11-26T08:00:00Z') && s < at('2026-11-27T08:00:00Z'))).toEqual([]);
    expect(slots.find((s) => s >= at('2026-11-26T08:00:00Z'))?.toISOString()).toBe('2026-11-27T18:00:00.000Z');
    const thanksgivingNoon = at('2026-11-26T20:00:00Z');
    expect(checkScheduledFor(thanksgivingNoon, 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again tomorrow at 10:00 AM.',
    );
  });

  it('Christmas Eve closes at 3:00 PM instead of 9:00 PM', () => {
    const now = at('2026-12-23T20:00:00Z');
    expect(checkScheduledFor(now, 'pickup', at('2026-12-24T22:45:00Z'), { t: english })).toBeNull(); // 2:45 PM
    expect(checkScheduledFor(now, 'pickup', at('2026-12-24T23:00:00Z'), { t: english })).toBe(notOpenAt('pickup')); // 3:00 PM
    expect(checkScheduledFor(now, 'delivery', at('2026-12-24T22:30:00Z'), { t: english })).toBe(
      'We are not open for delivery at that time. Choose another time.',
    );
  });

  it('a slot may be at most 7 x 24 hours from now', () => {
    const now = at('2026-11-20T19:10:00Z');
    expect(availableSlots(now, 'pickup').slots.at(-1)?.toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(checkScheduledFor(now, 'pickup', at('2026-11-27T19:00:00Z'), { t: english })).toBeNull();
    expect(checkScheduledFor(now, 'pickup', at('2026-11-27T19:15:00Z'), { t: english })).toBe(
      'Choose a time within the next 7 days.',
    );
    expect(beyondHorizon(7)).toBe('Choose a time within the next 7 days.');
  });

  it('a time off the quarter hour, or with seconds, is refused', () => {
    const now = at('2026-11-20T19:10:00Z');
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T20:10:00Z'), { t: english })).toBe(OFF_THE_QUARTER_HOUR);
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T20:15:30Z'), { t: english })).toBe(
      'Choose a time on the quarter hour, like 6:15 PM.',
    );
  });
});

describe('ASAP', () => {
  it('is taken while open, with the slots listed beside it', () => {
    const now = at('2026-11-20T19:00:00Z'); // Friday 11:00 AM
    expect(checkScheduledFor(now, 'pickup', null, { t: english })).toBeNull();
    expect(checkScheduledFor(now, 'delivery', null, { t: english })).toBeNull();
    expect(availableSlots(now, 'pickup').asap).toBe(true);
    expect(nextOpening(now, 'pickup')).toBeNull();
  });

  it('is refused while closed, naming the next opening', () => {
    const now = at('2026-11-20T17:00:00Z'); // Friday 9:00 AM
    expect(availableSlots(now, 'pickup').asap).toBe(false);
    expect(checkScheduledFor(now, 'pickup', null, { t: english })).toBe(
      'We are closed now. We open again today at 10:00 AM.',
    );
    expect(closedNow('pickup', at('2026-11-23T18:00:00Z'), now, english)).toBe(
      'We are closed now. We open again Monday at 10:00 AM.',
    );
    // The space before "a.m." is the one the ICU in use writes (U+0020 or U+202F).
    expect(closedNow('pickup', at('2026-11-23T18:00:00Z'), now, translator('es'), undefined, 'es-US')).toMatch(
      /^Estamos cerrados\. Abrimos de nuevo el lunes a las 10:00[\s\u202f]a\.\s?m\.$/,
    );
    expect(closedNow('delivery', null, now, translator('es'))).toBe(
      'No estamos entregando a domicilio ahora. Vuelve a intentarlo más tarde.',
    );
  });

  it("is refused while paused, and so are the rest of the day's slots; tomorrow's are taken", () => {
    const now = at('2026-11-20T19:00:00Z');
    const paused = { ...OPEN_STORE, paused: true };
    expect(checkScheduledFor(now, 'pickup', null, { store: paused, t: english })).toBe(
      'Online ordering is paused right now. Please try again soon.',
    );
    expect(ORDERING_PAUSED).toBe('Online ordering is paused right now. Please try again soon.');
    expect(availableSlots(now, 'pickup', { store: paused }).asap).toBe(false);
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T21:00:00Z'), { store: paused, t: english })).toBe(
      PAUSED_AT_THAT_TIME,
    );
    expect(checkScheduledFor(now, 'pickup', at('2026-11-21T17:00:00Z'), { store: paused, t: english })).toBeNull();
  });
});

describe("the kitchen's pace", () => {
  /** Friday 20 November 2026, 11:00 AM in Los Angeles: pickup until 11:00 PM, delivery until 10:30 PM. */
  const now = at('2026-11-20T19:00:00Z');
  const capacity = { orders: 8, subtotalCents: 40_000 };
  const busy = (busyMinutes: number): StoreState => ({ ...OPEN_STORE, busyMinutes });
  const loads = (entries: [string, number, number][]): SlotLoads =>
    new Map(entries.map(([slot, orders, subtotalCents]) => [at(slot).getTime(), { orders, subtotalCents }]));

  describe('busy minutes add to every lead time', () => {
    it('the earliest slot: pickup 20 minutes + 10 is 11:30 AM, + 20 is 11:45 AM', () => {
      expect(availableSlots(now, 'pickup', { store: busy(10) }).slots[0]?.toISOString()).toBe(
        '2026-11-20T19:30:00.000Z',
      );
      expect(availableSlots(now, 'pickup', { store: busy(20) }).slots[0]?.toISOString()).toBe(
        '2026-11-20T19:45:00.000Z',
      );
      expect(availableSlots(now, 'delivery', { store: busy(30) }).slots[0]?.toISOString()).toBe(
        '2026-11-20T20:15:00.000Z',
      );
    });

    it("create-order's check names the longer lead time, and takes the first slot it allows", () => {
      expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:30:00Z'), { store: busy(20), t: english })).toBe(
        'Choose a pickup time at least 40 minutes from now.',
      );
      expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:45:00Z'), { store: busy(20), t: english })).toBeNull();
      expect(checkScheduledFor(now, 'delivery', at('2026-11-20T19:45:00Z'), { store: busy(15), t: english })).toBe(
        'Choose a delivery time at least 1 hour from now.',
      );
      expect(
        checkScheduledFor(now, 'delivery', at('2026-11-20T20:00:00Z'), { store: busy(15), t: english }),
      ).toBeNull();
    });

    it('ASAP says about how long it takes, and stops earlier before closing: 10:29 PM yes, 10:30 PM no with 10 busy minutes', () => {
      expect(availableSlots(now, 'pickup', { store: busy(10) }).asapMinutes).toBe(30);
      expect(availableSlots(now, 'delivery').asapMinutes).toBe(45);
      // Pickup closes at 11:00 PM (07:00Z): ready by 10:59 PM at the latest.
      expect(isOpen(at('2026-11-21T06:39:00Z'), 'pickup')).toBe(true);
      expect(isOpen(at('2026-11-21T06:29:00Z'), 'pickup', restaurant.ordering, 10)).toBe(true);
      expect(isOpen(at('2026-11-21T06:30:00Z'), 'pickup', restaurant.ordering, 10)).toBe(false);
      expect(checkScheduledFor(at('2026-11-21T06:30:00Z'), 'pickup', null, { store: busy(10), t: english })).toBe(
        'We are closed now. We open again tomorrow at 9:00 AM.',
      );
      expect(availableSlots(at('2026-11-21T06:30:00Z'), 'pickup', { store: busy(10) }).asap).toBe(false);
    });

    it("catering's 24 hours of notice stay 24 hours", () => {
      const options = { catering: true, store: busy(30), t: english };
      expect(checkScheduledFor(now, 'pickup', at('2026-11-21T19:00:00Z'), options)).toBeNull();
      expect(checkScheduledFor(now, 'pickup', at('2026-11-21T18:45:00Z'), options)).toBe(
        cateringTooSoon('pickup', 24 * 60),
      );
    });
  });

  describe('a timed pause', () => {
    const until = (iso: string): StoreState => ({ paused: true, pausedUntil: at(iso), busyMinutes: 0 });

    it('refuses ASAP and the slots before its end, and takes the slot at its end', () => {
      const store = until('2026-11-20T20:00:00Z'); // until 12:00 PM
      expect(checkScheduledFor(now, 'pickup', null, { store, t: english })).toBe(ORDERING_PAUSED);
      expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:45:00Z'), { store, t: english })).toBe(
        'Online ordering is paused at that time. Choose a later time.',
      );
      expect(checkScheduledFor(now, 'pickup', at('2026-11-20T20:00:00Z'), { store, t: english })).toBeNull();
      expect(availableSlots(now, 'pickup', { store })).toMatchObject({ asap: false, asapFull: false });
      expect(availableSlots(now, 'pickup', { store }).slots[0]?.toISOString()).toBe('2026-11-20T20:00:00.000Z');
      expect(pauseEnd(now, store)?.toISOString()).toBe('2026-11-20T20:00:00.000Z');
    });

    it('a pause ending between slots: the first slot after its end', () => {
      const store = until('2026-11-20T19:52:00Z');
      expect(availableSlots(now, 'pickup', { store }).slots[0]?.toISOString()).toBe('2026-11-20T20:00:00.000Z');
      expect(checkScheduledFor(now, 'pickup', at('2026-11-20T19:45:00Z'), { store, t: english })).toBe(
        PAUSED_AT_THAT_TIME,
      );
    });

    it('ends by itself: at its end ASAP is taken again', () => {
      const store = until('2026-11-20T19:15:00Z');
      const ended = at('2026-11-20T19:15:00Z');
      expect(pausedNow(at('2026-11-20T19:14:59Z'), store)).toBe(true);
      expect(pausedNow(ended, store)).toBe(false);
      expect(checkScheduledFor(ended, 'pickup', null, { store, t: english })).toBeNull();
      expect(availableSlots(ended, 'pickup', { store }).asap).toBe(true);
      expect(pauseEnd(ended, store)).toBeNull();
    });
  });

  describe('a pause until turned back on', () => {
    const paused: StoreState = { paused: true, pausedUntil: null, busyMinutes: 0 };

    it("refuses the rest of today's slots, up to midnight in Los Angeles, and takes tomorrow's", () => {
      expect(pauseEnd(now, paused)?.toISOString()).toBe('2026-11-21T08:00:00.000Z');
      // Friday 10:45 PM, the day's last pickup slot.
      expect(checkScheduledFor(now, 'pickup', at('2026-11-21T06:45:00Z'), { store: paused, t: english })).toBe(
        PAUSED_AT_THAT_TIME,
      );
      const { asap, slots } = availableSlots(now, 'pickup', { store: paused });
      expect(asap).toBe(false);
      expect(slots[0]?.toISOString()).toBe('2026-11-21T17:00:00.000Z'); // Saturday 9:00 AM
      expect(checkScheduledFor(now, 'pickup', slots[0]!, { store: paused, t: english })).toBeNull();
    });

    it('at 11:50 PM the next midnight is ten minutes away', () => {
      expect(pauseEnd(at('2026-11-21T07:50:00Z'), paused)?.toISOString()).toBe('2026-11-21T08:00:00.000Z');
      expect(pauseEnd(at('2026-11-21T08:00:00Z'), paused)?.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    });
  });

  describe('slot capacity', () => {
    it('an ASAP order counts against the slot of its ready time, rounded up to the quarter hour', () => {
      expect(asapSlot(now, 'pickup').toISOString()).toBe('2026-11-20T19:30:00.000Z'); // ready 11:20
      expect(asapSlot(at('2026-11-20T19:10:00Z'), 'pickup').toISOString()).toBe('2026-11-20T19:30:00.000Z'); // 11:30
      expect(asapSlot(at('2026-11-20T19:10:01Z'), 'pickup').toISOString()).toBe('2026-11-20T19:45:00.000Z');
      expect(asapSlot(now, 'delivery').toISOString()).toBe('2026-11-20T19:45:00.000Z');
      expect(asapSlot(now, 'pickup', 20).toISOString()).toBe('2026-11-20T19:45:00.000Z'); // busy: ready 11:40
      expect(orderSlot(now, 'pickup', null, busy(20)).toISOString()).toBe('2026-11-20T19:45:00.000Z');
      expect(orderSlot(now, 'pickup', at('2026-11-20T22:00:00Z')).toISOString()).toBe('2026-11-20T22:00:00.000Z');
    });

    it('by count: 7 orders leave room for an 8th; 8 fill the slot, which is not offered', () => {
      expect(slotHasRoom({ orders: 7, subtotalCents: 7000 }, 1000, capacity)).toBe(true);
      expect(slotHasRoom({ orders: 8, subtotalCents: 8000 }, 1000, capacity)).toBe(false);
      const full = loads([['2026-11-20T20:00:00Z', 8, 8000]]);
      const slots = iso(availableSlots(now, 'pickup', { loads: full, capacity }).slots);
      expect(slots.slice(0, 3)).toEqual([
        '2026-11-20T19:30:00.000Z',
        '2026-11-20T19:45:00.000Z',
        '2026-11-20T20:15:00.000Z',
      ]);
      expect(checkSlotRoom({ orders: 8, subtotalCents: 8000 }, 1000, false, capacity)).toBe(SLOT_FULL);
      expect(SLOT_FULL).toBe('That time is fully booked. Choose another time.');
    });

    it('by subtotal: $350 in the slot takes a $50 order, not a $50.01 one', () => {
      const load = { orders: 3, subtotalCents: 35_000 };
      expect(slotHasRoom(load, 5000, capacity)).toBe(true);
      expect(slotHasRoom(load, 5001, capacity)).toBe(false);
      const slotted = loads([['2026-11-20T19:45:00Z', 3, 35_000]]);
      expect(
        availableSlots(now, 'pickup', { loads: slotted, subtotalCents: 5000, capacity }).slots[1]?.toISOString(),
      ).toBe('2026-11-20T19:45:00.000Z');
      expect(
        availableSlots(now, 'pickup', { loads: slotted, subtotalCents: 5001, capacity }).slots[1]?.toISOString(),
      ).toBe('2026-11-20T20:00:00.000Z');
      // Asked without a subtotal: offered while the smallest order (1 cent) fits.
      expect(
        availableSlots(now, 'pickup', {
          loads: loads([['2026-11-20T19:45:00Z', 3, 40_000]]),
          capacity,
        }).slots[1]?.toISOString(),
      ).toBe('2026-11-20T20:00:00.000Z');
    });

    it('an order bigger than the whole subtotal capacity takes an empty slot, and nothing joins it', () => {
      expect(slotHasRoom(undefined, 60_000, capacity)).toBe(true);
      expect(slotHasRoom({ orders: 0, subtotalCents: 0 }, 60_000, capacity)).toBe(true);
      expect(slotHasRoom({ orders: 1, subtotalCents: 1000 }, 60_000, capacity)).toBe(false);
      expect(slotHasRoom({ orders: 1, subtotalCents: 60_000 }, 1, capacity)).toBe(false);
      const big = availableSlots(now, 'pickup', {
        loads: loads([['2026-11-20T19:30:00Z', 1, 500]]),
        subtotalCents: 60_000,
        capacity,
      });
      expect(big.slots[0]?.toISOString()).toBe('2026-11-20T19:45:00.000Z');
    });

    it('a full ASAP slot: ASAP is not offered, with its own sentence; the next slot with room is', () => {
      const full = loads([['2026-11-20T19:30:00Z', 8, 8000]]);
      const pickup = availableSlots(now, 'pickup', { loads: full, capacity });
      expect(pickup).toMatchObject({ asap: false, asapFull: true });
      expect(pickup.slots[0]?.toISOString()).toBe('2026-11-20T19:45:00.000Z');
      // Delivery's ASAP is ready at 11:45: that slot is not full.
      expect(availableSlots(now, 'delivery', { loads: full, capacity })).toMatchObject({ asap: true, asapFull: false });
      expect(checkSlotRoom({ orders: 8, subtotalCents: 8000 }, 1000, true, capacity)).toBe(
        'We have as many orders as we can make for as soon as possible. Choose a later time.',
      );
      expect(checkSlotRoom({ orders: 7, subtotalCents: 8000 }, 1000, true, capacity)).toBeNull();
    });

    it("the default capacity is the settings' kitchen.slotCapacity", () => {
      expect(slotHasRoom({ orders: kitchenSettings.slotCapacity.orders - 1, subtotalCents: 0 }, 1)).toBe(true);
      expect(slotHasRoom({ orders: kitchenSettings.slotCapacity.orders, subtotalCents: 0 }, 1)).toBe(false);
    });
  });
});
