import { describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { formatUsPhone } from '../../shared/phone.ts';
import {
  applyEvent,
  badgedTitle,
  boardFromList,
  canMarkNoShow,
  canRecall,
  canRefund,
  isAtOrBefore,
  keepStruck,
  nextMove,
  offersUndo,
  ordersByColumn,
  parseStruck,
  pickTicket,
  promiseIn,
  statusText,
  toggleStruck,
  type Columns,
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
    problems: [],
    ...more,
  };
}

const NOW = Date.parse('2026-11-20T19:05:00.000Z');
const numbers = (columns: Columns) =>
  Object.fromEntries(Object.entries(columns).map(([id, list]) => [id, list.map((o) => o.number)]));

describe('the board lanes', () => {
  it('puts paid orders in New, ready and out for delivery together, completed and cancelled last', () => {
    const columns = ordersByColumn(
      [
        order(1),
        order(2, { status: 'accepted' }),
        order(3, { status: 'ready' }),
        order(4, { status: 'out_for_delivery', delivery_type: 'delivery' }),
        order(5, { status: 'completed' }),
        order(6, { status: 'cancelled' }),
      ],
      NOW,
    );
    expect(numbers(columns)).toEqual({ new: [1], accepted: [2], ready: [3, 4], completed: [6, 5], upcoming: [] });
  });

  it("keeps next Friday's order in Upcoming, paid or accepted, until its fire time; then it is New", () => {
    const nextFriday = {
      scheduled_for: '2026-11-28T02:15:00.000Z',
      due_at: '2026-11-28T02:15:00.000Z',
      fire_at: '2026-11-28T02:00:00.000Z',
    };
    const orders = [order(1, nextFriday), order(2, { ...nextFriday, status: 'accepted' }), order(3)];
    expect(numbers(ordersByColumn(orders, NOW))).toMatchObject({ new: [3], accepted: [], upcoming: [1, 2] });
    const fired = ordersByColumn(orders, Date.parse('2026-11-28T02:00:00.000Z'));
    expect(numbers(fired)).toMatchObject({ new: [3, 1], accepted: [2], upcoming: [] });
  });

  it('orders the kitchen by when each order is due; Upcoming by when each fires', () => {
    const columns = ordersByColumn(
      [
        order(1, { due_at: '2026-11-20T19:25:00.000Z' }),
        order(2, { due_at: '2026-11-20T19:40:00.000Z' }),
        order(3, { due_at: '2026-11-20T19:01:00.000Z' }),
        order(4, { due_at: '2026-11-21T03:00:00.000Z', fire_at: '2026-11-21T02:45:00.000Z' }),
        order(5, { due_at: '2026-11-21T01:00:00.000Z', fire_at: '2026-11-21T00:45:00.000Z' }),
      ],
      NOW,
    );
    expect(numbers(columns)).toMatchObject({ new: [3, 1, 2], upcoming: [5, 4] });
  });

  it('offers the next move of a pickup and of a delivery, and none once it has left', () => {
    expect(nextMove({ status: 'paid', delivery_type: 'pickup' })).toEqual({ to: 'accepted', label: 'Accept' });
    expect(nextMove({ status: 'accepted', delivery_type: 'pickup' })).toEqual({ to: 'ready', label: 'Ready' });
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

  it('recalls a completed order, closes a pickup on the pass as a no-show, refunds until all is back', () => {
    expect(canRecall(order(1, { status: 'completed' }))).toBe(true);
    expect(canRecall(order(1, { status: 'cancelled' }))).toBe(false);
    expect(canMarkNoShow(order(1, { status: 'ready' }))).toBe(true);
    expect(canMarkNoShow(order(1, { status: 'out_for_delivery', delivery_type: 'delivery' }))).toBe(false);
    expect(canMarkNoShow(order(1, { status: 'accepted' }))).toBe(false);
    expect(canRefund(order(1, { status: 'completed' }))).toBe(true);
    expect(canRefund(order(1, { status: 'completed', refunded: true }))).toBe(false);
    expect(canRefund(order(1, { status: 'cancelled' }))).toBe(false);
    expect(statusText(order(1, { status: 'completed', no_show: true }))).toBe('No-show');
    expect(statusText(order(1, { status: 'completed', delivery_type: 'delivery' }))).toBe('Delivered');
  });

  it("offers to undo a move for 30 s of the device's own clock, while the server has it to undo", () => {
    // The server's clock may differ from the tablet's: its `until` is not compared with the tablet's time.
    const undo = { from: 'paid' as const, until: '2026-11-20T11:00:30.000Z', event_id: '41' };
    const moved = order(1, { status: 'accepted', undo });
    const mine = { eventId: '41', at: NOW };
    expect(offersUndo(moved, mine, NOW + 29_999)).toBe(true);
    expect(offersUndo(moved, mine, NOW + 30_000)).toBe(false);
    expect(offersUndo(order(1), mine, NOW)).toBe(false);
  });

  it('stops offering it once someone else moved the order (its latest move is not this board’s)', () => {
    const theirs = order(1, {
      status: 'ready',
      undo: { from: 'accepted', until: '2026-11-20T11:00:40.000Z', event_id: '42' },
    });
    expect(offersUndo(theirs, { eventId: '41', at: NOW }, NOW + 10_000)).toBe(false);
  });
});

describe('picking a ticket with the arrow keys', () => {
  const columns = ordersByColumn(
    [
      order(1, { due_at: '2026-11-20T19:10:00.000Z' }),
      order(2, { due_at: '2026-11-20T19:20:00.000Z' }),
      order(3, { due_at: '2026-11-20T19:30:00.000Z' }),
      order(4, { status: 'ready' }),
      order(5, { status: 'completed' }),
    ],
    NOW,
  );

  it('starts at the first ticket of the first lane, moves within a lane and stops at its ends', () => {
    expect(pickTicket(columns, null, 'ArrowDown')).toBe('ord_1');
    expect(pickTicket(columns, 'ord_1', 'ArrowDown')).toBe('ord_2');
    expect(pickTicket(columns, 'ord_3', 'ArrowDown')).toBe('ord_3');
    expect(pickTicket(columns, 'ord_1', 'ArrowUp')).toBe('ord_1');
  });

  it('crosses to the nearest lane with tickets, at the same height or its last ticket', () => {
    expect(pickTicket(columns, 'ord_3', 'ArrowRight')).toBe('ord_4');
    expect(pickTicket(columns, 'ord_4', 'ArrowRight')).toBe('ord_5');
    expect(pickTicket(columns, 'ord_5', 'ArrowRight')).toBe('ord_5');
    expect(pickTicket(columns, 'ord_4', 'ArrowLeft')).toBe('ord_1');
    expect(pickTicket(columns, 'gone', 'ArrowLeft')).toBe('ord_1');
    expect(pickTicket(ordersByColumn([], NOW), null, 'ArrowDown')).toBeNull();
  });
});

describe('items struck done', () => {
  it('strikes and brings back lines per order, keeps only orders on the board, and reads back what was stored', () => {
    let struck = toggleStruck({}, 'ord_1', 2);
    struck = toggleStruck(struck, 'ord_1', 0);
    struck = toggleStruck(struck, 'ord_2', 1);
    expect(struck).toEqual({ ord_1: [0, 2], ord_2: [1] });
    expect(toggleStruck(struck, 'ord_2', 1)).toEqual({ ord_1: [0, 2] });
    expect(keepStruck(struck, new Set(['ord_2']))).toEqual({ ord_2: [1] });
    expect(parseStruck(JSON.stringify(struck))).toEqual(struck);
    expect(parseStruck('{"ord_1":[0,"x",1.5,3],"ord_2":"no"}')).toEqual({ ord_1: [0, 3] });
    expect(parseStruck('not json')).toEqual({});
    expect(parseStruck(null)).toEqual({});
    expect(parseStruck('[1]')).toEqual({});
  });
});

describe('folding the event stream into the board', () => {
  it('adds an order the board had not seen, and ignores a replay of an older event', () => {
    const start = boardFromList([order(1)], '9');
    const arrived = applyEvent(start, '10', order(2));
    expect([...arrived.orders.keys()]).toEqual(['ord_1', 'ord_2']);
    expect(arrived.lastEventId).toBe('10');

    expect(applyEvent(arrived, '10', order(2, { status: 'accepted' }))).toBe(arrived);
    const moved = applyEvent(arrived, '11', order(2, { status: 'accepted' }));
    expect(moved.orders.get('ord_2')?.status).toBe('accepted');
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
