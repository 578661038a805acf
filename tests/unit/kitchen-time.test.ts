// The kitchen's clock for one order (shared/kitchen-time.ts): when it is due, when it reaches New,
// how long it has waited, and how long a move may be undone.
import { describe, expect, it } from 'vitest';
import { dueAt, fireAt, minutesWaited, UNDO_SECONDS, undoUntil, withinUndoWindow } from '../../shared/kitchen-time.ts';
import { kitchenSettings, orderingSettings } from '../../shared/settings/values.ts';

const at = (iso: string) => new Date(iso);
const paid = at('2026-11-20T19:00:00Z');
const asap = { deliveryType: 'pickup' as const, paidAt: paid, scheduledFor: null, promisedAt: null };

describe('when an order is due', () => {
  it('is paid + the lead time of its type for as soon as possible (settings: 20 min pickup, 45 delivery)', () => {
    expect(orderingSettings.leadMinutes).toEqual({ pickup: 20, delivery: 45 });
    expect(dueAt(asap)).toEqual(at('2026-11-20T19:20:00Z'));
    expect(dueAt({ ...asap, deliveryType: 'delivery' })).toEqual(at('2026-11-20T19:45:00Z'));
  });

  it('is its booked slot when one was booked, its scheduled time, and the promise above all', () => {
    expect(dueAt({ ...asap, slotAt: at('2026-11-20T19:30:00Z') })).toEqual(at('2026-11-20T19:30:00Z'));
    const scheduled = { ...asap, scheduledFor: at('2026-11-20T21:00:00Z') };
    expect(dueAt(scheduled)).toEqual(at('2026-11-20T21:00:00Z'));
    expect(dueAt({ ...scheduled, promisedAt: at('2026-11-20T21:10:00Z') })).toEqual(at('2026-11-20T21:10:00Z'));
  });

  it('is nothing for an order not paid for', () => {
    expect(dueAt({ ...asap, paidAt: null })).toBeNull();
  });
});

describe('when an order reaches New', () => {
  it('is when it was paid for as soon as possible', () => {
    expect(fireAt(asap)).toEqual(paid);
  });

  it("is a scheduled order's time minus the kitchen's prep time (15 min)", () => {
    expect(kitchenSettings.prepMinutes).toBe(15);
    expect(fireAt({ paidAt: paid, scheduledFor: at('2026-11-20T21:00:00Z') })).toEqual(at('2026-11-20T20:45:00Z'));
    expect(fireAt({ paidAt: paid, scheduledFor: at('2026-11-20T21:00:00Z') }, 40)).toEqual(at('2026-11-20T20:20:00Z'));
  });

  it('is when it was paid for a scheduled order paid after its fire time, never before', () => {
    expect(fireAt({ paidAt: paid, scheduledFor: at('2026-11-20T19:10:00Z') })).toEqual(paid);
    // Exactly at the fire time: the same instant either way.
    expect(fireAt({ paidAt: paid, scheduledFor: at('2026-11-20T19:15:00Z') })).toEqual(paid);
  });
});

describe('how long an order has waited', () => {
  it('counts whole minutes waited', () => {
    expect(minutesWaited(paid, at('2026-11-20T19:03:14Z'))).toBe(3);
    expect(minutesWaited(paid, at('2026-11-20T19:02:59Z'))).toBe(2);
    expect(minutesWaited(paid, at('2026-11-20T18:59:00Z'))).toBe(0);
  });
});

describe('undoing a move', () => {
  it('is allowed for 30 seconds, not one millisecond more', () => {
    expect(UNDO_SECONDS).toBe(30);
    expect(undoUntil(paid)).toEqual(at('2026-11-20T19:00:30Z'));
    expect(withinUndoWindow(paid, paid)).toBe(true);
    expect(withinUndoWindow(paid, at('2026-11-20T19:00:29.999Z'))).toBe(true);
    expect(withinUndoWindow(paid, at('2026-11-20T19:00:30Z'))).toBe(false);
  });
});
