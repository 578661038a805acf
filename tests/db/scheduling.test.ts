import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPaused } from '../../server/db/store-status.ts';
import { cateringTooSoon, notOpenAt, OFF_THE_QUARTER_HOUR, ORDERING_PAUSED, tooSoon } from '../../shared/schedule.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
};
/** Friday 20 November 2026, 11:00 AM in Los Angeles: pickup and delivery are open. */
const FRIDAY_11AM = new Date('2026-11-20T19:00:00Z');
/** The same Friday at 11:50 PM: closed since 11:00 PM, open again Saturday at 9:00 AM. */
const FRIDAY_1150PM = new Date('2026-11-21T07:50:00Z');

describe.each(databaseTargets)('scheduled and ASAP orders on $name', (target) => {
  let api: TestApi;
  let now = FRIDAY_11AM;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'sched-taco', name: 'Test Taco', priceCents: 1500 }]);
    const [catering] = await api.deps.db.query<{ id: string }>(
      `select id from menu_categories where name = 'Catering'`,
    );
    await api.deps.db.query(
      `insert into menu_items (id, category_id, name, price_cents, available, position) values ('sched-tray', $1, 'Test Tray for 10', 9900, true, 99)`,
      [catering!.id],
    );
    await api.deps.menu.invalidate();
  });
  afterAll(() => api?.close());

  /** Runs `work` with the app's clock at `at`. */
  async function atTime<T>(at: Date, work: () => Promise<T>): Promise<T> {
    const before = now;
    now = at;
    try {
      return await work();
    } finally {
      now = before;
    }
  }
  const order = (body: Record<string, unknown> = {}, item = 'sched-taco') =>
    api.call('POST', '/api/create-order/', {
      ...contact,
      delivery_type: 'pickup',
      cart_items: [{ menu_item_id: item, quantity: 1, modifiers: [] }],
      ...body,
    });
  const deliveryOrder = async (body: Record<string, unknown>) => {
    const quote = await api.call('POST', '/api/estimate-delivery/', { ...address, delivery_country: 'US' });
    expect(quote.status).toBe(200);
    const { quote_id } = (await quote.json()) as { quote_id: string };
    return order({ delivery_type: 'delivery', ...address, delivery_quote_id: quote_id, ...body });
  };
  const refusal = async (response: Response) => {
    expect(response.status).toBe(422);
    return ((await response.json()) as { message: string }).message;
  };
  const storedSlot = async (orderId: string) => {
    const [row] = await api.deps.db.query<{ scheduled_for: Date | null }>(
      'select scheduled_for from orders where id = $1',
      [orderId],
    );
    return row!.scheduled_for;
  };

  it('takes an ASAP order while open, with no slot stored', async () => {
    const response = await order();
    expect(response.status).toBe(201);
    const { order_id } = (await response.json()) as { order_id: string };
    expect(await storedSlot(order_id)).toBeNull();
    expect((await order({ scheduled_for: null })).status).toBe(201);
  });

  it('refuses an ASAP order while closed, naming the next opening', async () => {
    await atTime(FRIDAY_1150PM, async () => {
      expect(await refusal(await order())).toBe('We are closed now. We open again tomorrow at 9:00 AM.');
    });
  });

  it('a paused store refuses ASAP orders with 422 until it resumes', async () => {
    await setPaused(api.deps.db, true, now);
    try {
      expect(await refusal(await order())).toBe(ORDERING_PAUSED);
      expect(await refusal(await order())).toBe('Online ordering is paused right now. Please try again soon.');
      const hours = (await (await api.call('GET', '/api/store-hours/')).json()) as { paused: boolean };
      expect(hours.paused).toBe(true);
    } finally {
      await setPaused(api.deps.db, false, now);
    }
    expect((await order()).status).toBe(201);
  });

  it('takes a later 15-minute slot and stores it, given with or without an offset', async () => {
    const response = await order({ scheduled_for: '2026-11-20T21:15:00Z' }); // 1:15 PM
    expect(response.status).toBe(201);
    const { order_id } = (await response.json()) as { order_id: string };
    expect((await storedSlot(order_id))?.toISOString()).toBe('2026-11-20T21:15:00.000Z');

    const local = await order({ scheduled_for: '2026-11-20T13:30:00-08:00' });
    expect(local.status).toBe(201);
    expect((await storedSlot(((await local.json()) as { order_id: string }).order_id))?.toISOString()).toBe(
      '2026-11-20T21:30:00.000Z',
    );
  });

  it('takes a slot for tomorrow morning while closed tonight', async () => {
    await atTime(FRIDAY_1150PM, async () => {
      expect((await order({ scheduled_for: '2026-11-21T17:00:00Z' })).status).toBe(201); // Saturday 9:00 AM
    });
  });

  it('refuses a slot sooner than the lead time', async () => {
    expect(await refusal(await order({ scheduled_for: '2026-11-20T19:15:00Z' }))).toBe(
      'Choose a pickup time at least 20 minutes from now.',
    );
    expect(await refusal(await deliveryOrder({ scheduled_for: '2026-11-20T19:30:00Z' }))).toBe(tooSoon('delivery', 45));
  });

  it('refuses a time off the quarter hour', async () => {
    expect(await refusal(await order({ scheduled_for: '2026-11-20T20:10:00Z' }))).toBe(OFF_THE_QUARTER_HOUR);
  });

  it('refuses a delivery time outside delivery hours, though pickup is open then', async () => {
    // Friday 10:45 PM: pickup until 11:00 PM, delivery until 10:30 PM.
    expect(await refusal(await deliveryOrder({ scheduled_for: '2026-11-21T06:45:00Z' }))).toBe(
      'We are not open for delivery at that time. Choose another time.',
    );
    expect(notOpenAt('delivery')).toBe('We are not open for delivery at that time. Choose another time.');
    expect((await order({ scheduled_for: '2026-11-21T06:45:00Z' })).status).toBe(201);
  });

  it('refuses a time more than 7 days ahead', async () => {
    expect(await refusal(await order({ scheduled_for: '2026-11-27T19:15:00Z' }))).toBe(
      'Choose a time within the next 7 days.',
    );
  });

  it('refuses catering within 24 hours, ASAP or scheduled, and takes it a day ahead', async () => {
    const message = cateringTooSoon('pickup', 24 * 60);
    expect(message).toBe('Catering needs 24 hours of notice. Choose a pickup time at least 24 hours from now.');
    expect(await refusal(await order({ scheduled_for: '2026-11-21T18:00:00Z' }, 'sched-tray'))).toBe(message);
    expect(await refusal(await order({}, 'sched-tray'))).toBe(message);
    expect((await order({ scheduled_for: '2026-11-21T19:00:00Z' }, 'sched-tray')).status).toBe(201);
  });

  it('refuses a scheduled_for that is not an ISO 8601 instant', async () => {
    expect(await refusal(await order({ scheduled_for: 'tomorrow at 6' }))).toBe('Choose a valid time for your order.');
  });

  describe('GET /api/store-hours/', () => {
    interface StoreHours {
      open_now: { pickup: boolean; delivery: boolean };
      paused: boolean;
      next_opening: { pickup: string | null; delivery: string | null };
      closed_message: { pickup: string | null; delivery: string | null };
      slots: { pickup: string[]; delivery: string[] };
    }
    const storeHours = async (query = '') => {
      const response = await api.call('GET', `/api/store-hours/${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as StoreHours;
    };

    it('while open: ASAP for both, and slots from the lead time on', async () => {
      const hours = await storeHours();
      expect(hours).toMatchObject({
        open_now: { pickup: true, delivery: true },
        paused: false,
        next_opening: { pickup: null, delivery: null },
        closed_message: { pickup: null, delivery: null },
      });
      expect(hours.slots.pickup.slice(0, 2)).toEqual(['2026-11-20T19:30:00.000Z', '2026-11-20T19:45:00.000Z']);
      expect(hours.slots.delivery[0]).toBe('2026-11-20T19:45:00.000Z');
      expect(hours.slots.pickup.at(-1)).toBe('2026-11-27T19:00:00.000Z');
      expect((await storeHours('?catering=1')).slots.pickup[0]).toBe('2026-11-21T19:00:00.000Z');
    });

    it('while closed: the next opening of each order type', async () => {
      await atTime(FRIDAY_1150PM, async () => {
        const hours = await storeHours();
        expect(hours.open_now).toEqual({ pickup: false, delivery: false });
        expect(hours.next_opening).toEqual({
          pickup: '2026-11-21T17:00:00.000Z',
          delivery: '2026-11-21T19:00:00.000Z',
        });
        expect(hours.slots.pickup[0]).toBe('2026-11-21T17:00:00.000Z');
        expect(hours.slots.delivery[0]).toBe('2026-11-21T19:00:00.000Z');
        // What an ASAP order would be refused with, for the widget to show as is.
        expect(hours.closed_message).toEqual({
          pickup: 'We are closed now. We open again tomorrow at 9:00 AM.',
          delivery: 'We are not delivering now. Delivery starts again tomorrow at 11:00 AM.',
        });
      });
    });
  });
});
