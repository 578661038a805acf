// GET /api/orders/{id}/status/ through the real API: nothing for an order not paid (404); for a
// paid one, its status now, then each move the kitchen makes, in order, ending at completed; and
// the mails the customer gets: once when it is paid, once when it is ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NOT_FOUND } from '../../server/services/orders.ts';
import { moveOnBoard } from '../../server/services/staff-board.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';

describe.each(databaseTargets)('the order status stream on $name', (target) => {
  let api: TestApi;
  const now = new Date('2026-11-20T19:00:00Z');

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'status-item', name: 'Agua de Prueba', priceCents: 400 }]);
  });
  afterAll(() => api?.close());

  async function placeOrder(pay: boolean): Promise<string> {
    const body = {
      cart_items: [{ menu_item_id: 'status-item', quantity: 1, modifiers: [] }],
      name: 'Ana',
      email: 'ana@example.com',
      phone: '2135550101',
      delivery_type: 'pickup',
    };
    const placed = (await (await api.call('POST', '/api/create-order/', body)).json()) as {
      order_id: string;
      payment: { client_secret: string };
    };
    if (pay) {
      await api.call('POST', '/api/demo-payments/confirm/', {
        client_secret: placed.payment.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      });
      await api.call('POST', `/api/finalize-order/${placed.order_id}/`);
    }
    return placed.order_id;
  }

  it('answers 404 for an unknown order and for one not paid yet', async () => {
    for (const id of ['ord_nope', await placeOrder(false)]) {
      const response = await api.call('GET', `/api/orders/${id}/status/`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: true, message: ORDER_NOT_FOUND });
    }
  });

  it('streams the status now, then each move, and ends at completed', async () => {
    const orderId = await placeOrder(true);
    const response = await api.call('GET', `/api/orders/${orderId}/status/`);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = readSse(response);
    try {
      const [first] = await stream.next(1, 5000);
      expect(first).toMatchObject({ event: 'status' });
      expect(JSON.parse(first!.data)).toEqual({ status: 'paid', promised_at: null, delivery: null });
      const staff = { id: 'stf_test', email: 'staff@example.com', role: 'staff' as const };
      for (const to of ['accepted', 'ready', 'completed'] as const) await moveOnBoard(api.deps, orderId, to, staff);
      const moves = await stream.next(3, 5000);
      expect(moves.map((event) => (JSON.parse(event.data) as { status: string }).status)).toEqual([
        'accepted',
        'ready',
        'completed',
      ]);
      expect(moves.every((event) => /^\d+$/.test(event.id ?? ''))).toBe(true);

      // The customer heard once that the order is in, and once that it is ready; not for the other moves.
      const number = (
        await api.deps.db.query<{ number: string }>('select number::text as number from orders where id = $1', [
          orderId,
        ])
      )[0]!.number;
      const mails = await api.deps.db.query<{ recipient: string; subject: string }>(
        'select recipient, subject from outbox where subject like $1 order by id',
        [`Order #${number} %`],
      );
      expect(mails).toEqual([
        { recipient: 'ana@example.com', subject: `Order #${number} is in: Taquería El Comal` },
        { recipient: 'ana@example.com', subject: `Order #${number} is ready for pickup` },
      ]);
      // Finalizing again (a retry) sends nothing more.
      await api.call('POST', `/api/finalize-order/${orderId}/`);
      expect(
        await api.deps.db.query('select 1 from outbox where subject like $1', [`Order #${number} %`]),
      ).toHaveLength(2);
    } finally {
      await stream.close();
    }
  });
});
