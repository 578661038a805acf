// Problems that need a person on a paid order (server/services/order-problems.ts), through the
// real API on a fresh database (PGlite, and PostgreSQL when DATABASE_URL is set) with a fixed
// clock: a courier not booked shows on the board's list and reaches an open event stream at once,
// with its words; flagged again it keeps the time it was opened and takes the newer words;
// settled it is gone, and opened again later it is a new problem with a new time; an unknown order
// is refused with nothing recorded; two problems on one order come oldest first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardAnswer, BoardOrder } from '../../shared/api/staff.ts';
import { staffMember, staffSignIn } from '../support/staff-members.ts';
import { flagOrderProblem, settleOrderProblem } from '../../server/services/order-problems.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';

const REFUSED = 'DoorDash refused: the address is too far (distance_too_long).';
const REFUSED_AGAIN = 'DoorDash refused again after a new quote: the address is too far (distance_too_long).';
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
  delivery_country: 'US',
};

describe.each(databaseTargets)('order problems on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles; each test 15 minutes after the one before, in a slot of its own.
  const OPENING = new Date('2026-11-20T19:00:00Z');
  let tests = 0;
  let now = OPENING;
  let staff: { Authorization: string };
  let caller = 0;
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++caller}` });
  const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'op-mole', name: 'Mole de Prueba', priceCents: 1800 }]);
    await staffMember(api, 'line@comal.example', 'staff', now);
  });
  afterAll(() => api?.close());
  beforeEach(async () => {
    now = new Date(OPENING.getTime() + tests++ * 15 * 60_000);
    staff = await staffSignIn(api, 'line@comal.example', from());
  });

  /** A delivery order (the in-house courier's quote), paid with the demo card. */
  async function paidDelivery(): Promise<{ order_id: string; number: number }> {
    const quote = await api.call('POST', '/api/estimate-delivery/', address, from());
    expect(quote.status, await quote.clone().text()).toBe(200);
    const { quote_id } = (await quote.json()) as { quote_id: string };
    const created = await api.call('POST', '/api/create-order/', {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '(213) 555-0199',
      delivery_type: 'delivery',
      cart_items: [{ menu_item_id: 'op-mole', quantity: 1, modifiers: [] }],
      ...address,
      delivery_quote_id: quote_id,
      tip: 2,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return { order_id: order.order_id, number: order.number };
  }

  /** The order as GET /api/staff/orders/ lists it. */
  async function onBoard(orderId: string): Promise<BoardOrder> {
    const response = await api.call('GET', '/api/staff/orders/', undefined, staff);
    expect(response.status).toBe(200);
    const { orders } = (await response.json()) as BoardAnswer;
    const order = orders.find((o) => o.order_id === orderId);
    expect(order, `order ${orderId} on the board`).toBeDefined();
    return order!;
  }

  const flag = (
    orderId: string,
    detail = REFUSED,
    kind: 'delivery_not_booked' | 'payment_disputed' = 'delivery_not_booked',
  ) => flagOrderProblem(api.deps.db, { orderId, kind, detail, at: now });
  const problemEvents = async (orderId: string) =>
    (
      await api.deps.db.query<{ payload: unknown }>(
        `select payload from order_events where order_id = $1 and kind = 'problem' order by id`,
        [orderId],
      )
    ).map((row) => (typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload));

  it('a courier not booked shows on the board with its words and the time it was opened', async () => {
    const order = await paidDelivery();
    expect((await onBoard(order.order_id)).problems).toEqual([]);
    later(90);
    expect(await flag(order.order_id)).toBe(true);
    const shown = await onBoard(order.order_id);
    expect(shown.problems).toEqual([{ kind: 'delivery_not_booked', detail: REFUSED, opened_at: now.toISOString() }]);
    // The order itself goes on as it was: paid, waiting in New.
    expect(shown.status).toBe('paid');
    expect(await problemEvents(order.order_id)).toEqual([{ problem: 'delivery_not_booked', open: true }]);
  });

  it('reaches a board already open on the event stream at once, and so does its settling', async () => {
    const order = await paidDelivery();
    const stream = readSse(await api.app.request('/api/staff/events/', { headers: staff }));
    try {
      later(30);
      const openedAt = now.toISOString();
      expect(await flag(order.order_id)).toBe(true);
      const [flagged] = await stream.next(1);
      expect(flagged!.event).toBe('order');
      expect(JSON.parse(flagged!.data)).toMatchObject({
        order_id: order.order_id,
        number: order.number,
        status: 'paid',
        problems: [{ kind: 'delivery_not_booked', detail: REFUSED, opened_at: openedAt }],
      });
      later(60);
      expect(
        await settleOrderProblem(api.deps.db, { orderId: order.order_id, kind: 'delivery_not_booked', at: now }),
      ).toBe(true);
      const [settled] = await stream.next(1);
      expect(JSON.parse(settled!.data)).toMatchObject({ order_id: order.order_id, problems: [] });
    } finally {
      await stream.close();
    }
  });

  it('flagged again while open keeps the time it was opened and takes the newer words', async () => {
    const order = await paidDelivery();
    const openedAt = later(10).toISOString();
    expect(await flag(order.order_id)).toBe(true);
    later(45);
    // Not newly opened: the board does not sound for it again.
    expect(await flag(order.order_id, REFUSED_AGAIN)).toBe(false);
    expect((await onBoard(order.order_id)).problems).toEqual([
      { kind: 'delivery_not_booked', detail: REFUSED_AGAIN, opened_at: openedAt },
    ]);
  });

  it('settled, it leaves the board; settling again changes nothing', async () => {
    const order = await paidDelivery();
    later(10);
    await flag(order.order_id);
    later(120);
    const settle = () =>
      settleOrderProblem(api.deps.db, { orderId: order.order_id, kind: 'delivery_not_booked', at: now });
    expect(await settle()).toBe(true);
    expect((await onBoard(order.order_id)).problems).toEqual([]);
    expect(await settle()).toBe(false);
    expect(await problemEvents(order.order_id)).toEqual([
      { problem: 'delivery_not_booked', open: true },
      { problem: 'delivery_not_booked', open: false },
    ]);
    const [row] = await api.deps.db.query<{ resolved_at: Date }>(
      `select resolved_at from order_problems where order_id = $1`,
      [order.order_id],
    );
    expect(new Date(row!.resolved_at).toISOString()).toBe(now.toISOString());
  });

  it('flagged, settled and flagged again, it is a new problem with a new time', async () => {
    const order = await paidDelivery();
    const first = later(10).toISOString();
    await flag(order.order_id);
    later(60);
    await settleOrderProblem(api.deps.db, { orderId: order.order_id, kind: 'delivery_not_booked', at: now });
    const second = later(300).toISOString();
    expect(second).not.toBe(first);
    expect(await flag(order.order_id, REFUSED_AGAIN)).toBe(true);
    expect((await onBoard(order.order_id)).problems).toEqual([
      { kind: 'delivery_not_booked', detail: REFUSED_AGAIN, opened_at: second },
    ]);
  });

  it('an order that does not exist is refused, with nothing recorded', async () => {
    const missing = 'ord_does_not_exist';
    expect(await flag(missing)).toBe(false);
    expect(await settleOrderProblem(api.deps.db, { orderId: missing, kind: 'delivery_not_booked', at: now })).toBe(
      false,
    );
    expect(await api.deps.db.query(`select 1 from order_problems where order_id = $1`, [missing])).toEqual([]);
    expect(await problemEvents(missing)).toEqual([]);
  });

  it('two problems on one order come oldest first, each with its own words', async () => {
    const order = await paidDelivery();
    const disputedAt = later(5).toISOString();
    const dispute = 'The customer disputed the payment with their bank: fraudulent.';
    expect(await flag(order.order_id, dispute, 'payment_disputed')).toBe(true);
    const notBookedAt = later(5).toISOString();
    expect(await flag(order.order_id)).toBe(true);
    expect((await onBoard(order.order_id)).problems).toEqual([
      { kind: 'payment_disputed', detail: dispute, opened_at: disputedAt },
      { kind: 'delivery_not_booked', detail: REFUSED, opened_at: notBookedAt },
    ]);
  });
});
