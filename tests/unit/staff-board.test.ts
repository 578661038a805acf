import { describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { formatUsPhone } from '../../shared/phone.ts';
import {
  applyEvent,
  badgedTitle,
  boardFromList,
  isAtOrBefore,
  nextMove,
  ordersByColumn,
  promiseIn,
} from '../../shared/staff-board.ts';

function order(number: number, more: Partial<BoardOrder> = {}): BoardOrder {
  return {
    order_id: `ord_${number}`,
    number,
    status: 'paid',
    name: 'Ana Ruiz',
    phone: '+12135550199',
    delivery_type: 'pickup',
    delivery_address: null,
    items: [{ position: 0, name: 'Flan de Turno', quantity: 1, modifiers: [], groups: [], refunded_quantity: 0 }],
    note: null,
    totals: {
      subtotal: 4.25,
      promo_discount: 0,
      loyalty_discount: 0,
      tax: 0.43,
      delivery_charge: 0,
      tip: 0,
      total: 4.68,
    },
    created_at: '2026-11-20T19:00:00.000Z',
    paid_at: '2026-11-20T19:00:00.000Z',
    promised_at: null,
    scheduled_for: null,
    due_at: '2026-11-20T19:20:00.000Z',
    fire_at: '2026-11-20T19:00:00.000Z',
    alerted_at: null,
    no_show: false,
    cancel_reason: null,
    cancel_note: null,
    refunded: false,
    refunded_cents: 0,
    refunds: [],
    undo: null,
    ...more,
  };
}

describe('the board columns', () => {
  it('puts paid orders in New, ready and out for delivery together, completed and cancelled last', () => {
    const columns = ordersByColumn([
      order(1),
      order(2, { status: 'accepted' }),
      order(3, { status: 'ready' }),
      order(4, { status: 'out_for_delivery', delivery_type: 'delivery' }),
      order(5, { status: 'completed' }),
      order(6, { status: 'cancelled' }),
    ]);
    expect(Object.fromEntries(Object.entries(columns).map(([id, list]) => [id, list.map((o) => o.number)]))).toEqual({
      new: [1],
      accepted: [2],
      ready: [3, 4],
      completed: [6, 5],
    });
  });

  it('orders the kitchen by when each order is due: promised, else scheduled, else paid', () => {
    const columns = ordersByColumn([
      order(1, { paid_at: '2026-11-20T19:05:00.000Z' }),
      order(2, { paid_at: '2026-11-20T19:10:00.000Z', scheduled_for: '2026-11-21T17:00:00.000Z' }),
      order(3, { paid_at: '2026-11-20T19:20:00.000Z', promised_at: '2026-11-20T19:01:00.000Z' }),
    ]);
    expect(columns.new.map((o) => o.number)).toEqual([3, 1, 2]);
  });

  it('offers the next move of a pickup and of a delivery, and none once it has left', () => {
    expect(nextMove({ status: 'paid', delivery_type: 'pickup' })).toEqual({ to: 'accepted', label: 'Accept' });
    expect(nextMove({ status: 'accepted', delivery_type: 'pickup' })).toEqual({ to: 'ready', label: 'Mark ready' });
    expect(nextMove({ status: 'accepted', delivery_type: 'delivery' })).toEqual({
      to: 'out_for_delivery',
      label: 'Out for delivery',
    });
    expect(nextMove({ status: 'ready', delivery_type: 'pickup' })).toEqual({ to: 'completed', label: 'Picked up' });
    expect(nextMove({ status: 'out_for_delivery', delivery_type: 'delivery' })).toEqual({
      to: 'completed',
      label: 'Delivered',
    });
    expect(nextMove({ status: 'completed', delivery_type: 'pickup' })).toBeNull();
    expect(nextMove({ status: 'cancelled', delivery_type: 'pickup' })).toBeNull();
  });
});

describe('folding the event stream into the board', () => {
  it('announces an order the board had not seen, once, and ignores a replay of an older event', () => {
    const start = boardFromList([order(1)], '9');
    const arrived = applyEvent(start, '10', order(2));
    expect(arrived.isNew).toBe(true);
    expect([...arrived.state.orders.keys()]).toEqual(['ord_1', 'ord_2']);
    expect(arrived.state.lastEventId).toBe('10');

    const replayed = applyEvent(arrived.state, '10', order(2));
    expect(replayed).toEqual({ state: arrived.state, isNew: false });
    const moved = applyEvent(arrived.state, '11', order(2, { status: 'accepted' }));
    expect(moved.isNew).toBe(false);
    expect(moved.state.orders.get('ord_2')?.status).toBe('accepted');
  });

  it('an order first seen already moved on is not announced as new', () => {
    expect(applyEvent(boardFromList([], '0'), '1', order(3, { status: 'accepted' })).isNew).toBe(false);
  });

  it('compares event ids as numbers of any length', () => {
    expect(isAtOrBefore('9', '10')).toBe(true);
    expect(isAtOrBefore('10', '9')).toBe(false);
    expect(isAtOrBefore('10', '10')).toBe(true);
    expect(isAtOrBefore('9007199254740993', '9007199254740992')).toBe(false);
  });
});

describe('the title, promised times and phone numbers', () => {
  it('counts orders waiting to be accepted in the tab title', () => {
    expect(badgedTitle('Orders | Taquería El Comal', 0)).toBe('Orders | Taquería El Comal');
    expect(badgedTitle('Orders | Taquería El Comal', 2)).toBe('(2) Orders | Taquería El Comal');
  });

  it('promises whole minutes, rounding seconds up', () => {
    expect(promiseIn(new Date('2026-11-20T19:00:00.000Z'), 15)).toBe('2026-11-20T19:15:00.000Z');
    expect(promiseIn(new Date('2026-11-20T19:00:20.500Z'), 15)).toBe('2026-11-20T19:16:00.000Z');
  });

  it('writes a US phone number as people do', () => {
    expect(formatUsPhone('+12135550199')).toBe('(213) 555-0199');
    expect(formatUsPhone('+442071234567')).toBe('+442071234567');
  });
});
