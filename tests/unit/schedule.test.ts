import { describe, expect, it } from 'vitest';
import { restaurant, type DayHours, type OrderingHours, type Weekday } from '../../shared/restaurant.ts';
import {
  availableSlots,
  beyondHorizon,
  cateringTooSoon,
  checkScheduledFor,
  closedNow,
  formatStoreTime,
  instantToWallTime,
  isOpen,
  nextOpening,
  notOpenAt,
  OFF_THE_QUARTER_HOUR,
  ORDERING_PAUSED,
  tooSoon,
  wallTimeToInstant,
} from '../../shared/schedule.ts';
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

  it('is refused while paused, though a later slot is still taken', () => {
    const now = at('2026-11-20T19:00:00Z');
    expect(checkScheduledFor(now, 'pickup', null, { paused: true, t: english })).toBe(
      'Online ordering is paused right now. Please try again soon.',
    );
    expect(ORDERING_PAUSED).toBe('Online ordering is paused right now. Please try again soon.');
    expect(availableSlots(now, 'pickup', { paused: true }).asap).toBe(false);
    expect(checkScheduledFor(now, 'pickup', at('2026-11-20T21:00:00Z'), { paused: true, t: english })).toBeNull();
  });
});
