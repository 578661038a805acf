import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { STORE_STATUS_CHANNEL } from '../../server/db/notifications.ts';
import { autoAcceptsOrders, setPaused, storeStatusNow } from '../../server/db/store-status.ts';
import { changedHere } from '../../server/db/watched.ts';
import { soldOut } from '../../server/services/orders.ts';
import { NOTHING_TO_CHANGE, PAUSE_MINUTES_WHILE_RESUMING } from '../../server/services/store-switches.ts';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import type { StoreStatusAnswer } from '../../shared/api/staff.ts';
import {
  cateringTooSoon,
  notOpenAt,
  OFF_THE_QUARTER_HOUR,
  ORDERING_PAUSED,
  PAUSED_AT_THAT_TIME,
  tooSoon,
} from '../../shared/schedule.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
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
    // As the board's switch does: the change, then this process told once it committed.
    const switchPause = async (paused: boolean) => {
      await setPaused(api.deps.db, paused, now);
      changedHere(STORE_STATUS_CHANNEL);
    };
    await switchPause(true);
    try {
      expect(await refusal(await order())).toBe(ORDERING_PAUSED);
      expect(await refusal(await order())).toBe('Online ordering is paused right now. Please try again soon.');
      const hours = (await (await api.call('GET', '/api/store-hours/')).json()) as { paused: boolean };
      expect(hours.paused).toBe(true);
    } finally {
      await switchPause(false);
    }
    expect((await order()).status).toBe(201);
  });

  it('a pause committed through another replica refuses create-order here before its announcement is heard', async () => {
    const db = api.deps.db;
    // This process answers the store's switches from memory (db/watched.ts).
    await expect
      .poll(
        async () => {
          const before = db.statements!();
          await storeStatusNow(db, now);
          return db.statements!() - before;
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(0);
    // As another process pauses, its announcement not yet heard here: none is sent.
    const silently = (paused: boolean) =>
      db.query(
        `insert into store_status (id, paused, paused_at) values (true, $1, case when $1 then $2::timestamptz end)
         on conflict (id) do update set paused = excluded.paused, paused_at = excluded.paused_at`,
        [paused, now],
      );
    await silently(true);
    try {
      expect((await storeStatusNow(db, now)).paused).toBe(false);
      expect(await refusal(await order())).toBe(ORDERING_PAUSED);
    } finally {
      await silently(false);
      changedHere(STORE_STATUS_CHANNEL);
    }
    expect((await order()).status).toBe(201);
  });

  it('an item sold out through another replica is refused by create-order here before its announcement is heard', async () => {
    const db = api.deps.db;
    const menuFromMemory = async () => {
      const before = db.statements!();
      await api.deps.menu.snapshot();
      return db.statements!() - before;
    };
    await expect.poll(menuFromMemory, { timeout: 5_000, interval: 20 }).toBe(0);
    const silently = async (available: boolean) => {
      await db.query(`update menu_items set available = $1 where id = 'sched-taco'`, [available]);
      await db.query('update menu_state set version = version + 1 where id');
    };
    await silently(false);
    try {
      expect((await api.deps.menu.snapshot()).items.get('sched-taco')!.available).toBe(true);
      expect(await refusal(await order())).toBe(soldOut('Test Taco'));
    } finally {
      await silently(true);
      await api.deps.menu.invalidate();
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

  describe('the store switches: pause for a while or until turned back on, busy minutes, auto-accept', () => {
    let staff: Record<string, string> = {};
    const STAFF_PASSWORD = 'comal kitchen board 2026';

    beforeAll(async () => {
      const invite = await inviteStaff(api.deps.db, {
        email: 'pace@comal.example',
        role: 'staff',
        origin: TEST_ORIGIN,
        now,
      });
      const token = new URL(invite.url).searchParams.get('set-password')!;
      expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
      const login = await api.call(
        'POST',
        '/api/staff/login/',
        { email: 'pace@comal.example', password: STAFF_PASSWORD },
        { 'X-Forwarded-For': '203.0.113.23' },
      );
      expect(login.status).toBe(200);
      staff = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    });

    const switches = async (body?: Record<string, unknown>) => {
      const response = body
        ? await api.call('POST', '/api/staff/store/', body, staff)
        : await api.call('GET', '/api/staff/store/', undefined, staff);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as StoreStatusAnswer;
    };
    const refusedSwitch = async (body: unknown) => {
      const response = await api.call('POST', '/api/staff/store/', body, staff);
      expect(response.status).toBe(422);
      return ((await response.json()) as { message: string }).message;
    };
    const hours = async (query = '') =>
      (await (await api.call('GET', `/api/store-hours/${query}`)).json()) as StoreHoursResponse;
    const resume = () => switches({ paused: false, busy_minutes: 0 });
    const placedId = async (response: Response) => {
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { order_id: string }).order_id;
    };
    const slotOf = async (orderId: string) => {
      const [row] = await api.deps.db.query<{ slot_at: Date | null }>('select slot_at from orders where id = $1', [
        orderId,
      ]);
      return row!.slot_at?.toISOString() ?? null;
    };

    it('answers every switch, off by default, auto-accept as the settings say', async () => {
      expect(await switches()).toEqual({
        paused: false,
        paused_at: null,
        paused_until: null,
        busy_minutes: 0,
        auto_accept: kitchenSettings.autoAccept,
      });
    });

    it('a timed pause says when it ends, and ends by itself', async () => {
      try {
        expect(await switches({ paused: true, pause_minutes: 10 })).toEqual({
          paused: true,
          paused_at: '2026-11-20T19:00:00.000Z',
          paused_until: '2026-11-20T19:10:00.000Z',
          busy_minutes: 0,
          auto_accept: kitchenSettings.autoAccept,
        });
        expect(await refusal(await order())).toBe(ORDERING_PAUSED);
        await atTime(new Date('2026-11-20T19:09:59Z'), async () => {
          expect((await switches()).paused).toBe(true);
        });
        await atTime(new Date('2026-11-20T19:10:00Z'), async () => {
          expect(await switches()).toMatchObject({ paused: false, paused_at: null, paused_until: null });
          expect((await hours()).paused).toBe(false);
          expect((await order()).status).toBe(201);
        });
      } finally {
        await resume();
      }
    });

    it('pause_minutes alone pauses for that long; a new pause replaces the end and keeps the start', async () => {
      try {
        expect(await switches({ pause_minutes: 15 })).toMatchObject({
          paused: true,
          paused_until: '2026-11-20T19:15:00.000Z',
        });
        await atTime(new Date('2026-11-20T19:10:00Z'), async () => {
          expect(await switches({ paused: true, pause_minutes: 60 })).toMatchObject({
            paused: true,
            paused_at: '2026-11-20T19:00:00.000Z',
            paused_until: '2026-11-20T20:10:00.000Z',
          });
          expect(await switches({ paused: true })).toMatchObject({
            paused: true,
            paused_at: '2026-11-20T19:00:00.000Z',
            paused_until: null,
          });
        });
      } finally {
        await resume();
      }
      expect(await switches()).toMatchObject({ paused: false, paused_at: null, paused_until: null });
    });

    it('refuses what it cannot do with 422 and a sentence', async () => {
      expect(await refusedSwitch({ paused: false, pause_minutes: 15 })).toBe(PAUSE_MINUTES_WHILE_RESUMING);
      expect(await refusedSwitch({ pause_minutes: null })).toBe(NOTHING_TO_CHANGE);
      expect(await refusedSwitch({})).toBe('Say what to change: paused, busy_minutes or auto_accept.');
      expect(await refusedSwitch({ pause_minutes: 0 })).toBe('Pause for a whole number of minutes.');
      expect(await refusedSwitch({ pause_minutes: 7.5 })).toBe('Pause for a whole number of minutes.');
      expect(await refusedSwitch({ pause_minutes: 24 * 60 + 1 })).toBe('Pause for at most 24 hours.');
      expect(await refusedSwitch({ busy_minutes: 121 })).toBe('Add at most 120 minutes.');
      expect(await refusedSwitch({ busy_minutes: -10 })).toBe('Add a whole number of minutes, or 0 when not busy.');
      expect(await refusedSwitch({ auto_accept: 'yes' })).toBe(
        'Say whether new orders are accepted by themselves: true or false.',
      );
      expect(await refusedSwitch({ paused: 'no' })).toBe('Say whether online ordering is paused: true or false.');
      expect(await switches()).toMatchObject({ paused: false, busy_minutes: 0 });
    });

    it('auto-accept is kept, and read by the kitchen with autoAcceptsOrders', async () => {
      expect(await switches({ auto_accept: true })).toMatchObject({ auto_accept: true, paused: false });
      expect(await autoAcceptsOrders(api.deps.db)).toBe(true);
      expect(await switches({ auto_accept: false })).toMatchObject({ auto_accept: false });
      expect(await autoAcceptsOrders(api.deps.db)).toBe(false);
    });

    it("busy minutes lengthen ASAP, the earliest slot and create-order's check", async () => {
      try {
        expect(await switches({ busy_minutes: 20 })).toMatchObject({ busy_minutes: 20, paused: false });
        const answer = await hours();
        expect(answer.asap_minutes).toEqual({ pickup: 40, delivery: 65 });
        expect(answer.slots.pickup[0]).toBe('2026-11-20T19:45:00.000Z');
        expect(answer.next_slot).toEqual({ pickup: '2026-11-20T19:45:00.000Z', delivery: '2026-11-20T20:15:00.000Z' });
        expect(await refusal(await order({ scheduled_for: '2026-11-20T19:30:00Z' }))).toBe(
          'Choose a pickup time at least 40 minutes from now.',
        );
        expect(await slotOf(await placedId(await order({ scheduled_for: '2026-11-20T19:45:00Z' })))).toBe(
          '2026-11-20T19:45:00.000Z',
        );
        // ASAP is ready at 11:40 AM: it counts against the 11:45 slot.
        expect(await slotOf(await placedId(await order()))).toBe('2026-11-20T19:45:00.000Z');
        // The last ASAP pickup before 11:00 PM is placed before 10:20 PM.
        await atTime(new Date('2026-11-21T06:20:00Z'), async () => {
          expect(await refusal(await order())).toBe('We are closed now. We open again tomorrow at 9:00 AM.');
          expect((await hours()).open_now.pickup).toBe(false);
        });
      } finally {
        await resume();
      }
      expect((await hours()).asap_minutes).toEqual({ pickup: 20, delivery: 45 });
      expect(await slotOf(await placedId(await order()))).toBe('2026-11-20T19:30:00.000Z');
    });

    it('a timed pause leaves out, and refuses, the slots before its end', async () => {
      try {
        await switches({ paused: true, pause_minutes: 60 }); // until 12:00 PM
        const answer = await hours();
        expect(answer.paused).toBe(true);
        expect(answer.closed_message.pickup).toBe(ORDERING_PAUSED);
        expect(answer.slots.pickup[0]).toBe('2026-11-20T20:00:00.000Z');
        expect(answer.next_slot?.pickup).toBe('2026-11-20T20:00:00.000Z');
        expect(await refusal(await order({ scheduled_for: '2026-11-20T19:45:00Z' }))).toBe(
          'Online ordering is paused at that time. Choose a later time.',
        );
        expect(await refusal(await order())).toBe(ORDERING_PAUSED);
        expect((await order({ scheduled_for: '2026-11-20T20:00:00Z' })).status).toBe(201);
      } finally {
        await resume();
      }
    });

    it('a pause until turned back on refuses the rest of today, even a slot 20 minutes ahead, and takes tomorrow', async () => {
      try {
        await switches({ paused: true });
        expect(await refusal(await order({ scheduled_for: '2026-11-20T19:30:00Z' }))).toBe(PAUSED_AT_THAT_TIME);
        expect(await refusal(await order({ scheduled_for: '2026-11-21T06:45:00Z' }))).toBe(PAUSED_AT_THAT_TIME);
        const answer = await hours();
        expect(answer.slots.pickup[0]).toBe('2026-11-21T17:00:00.000Z'); // Saturday 9:00 AM
        expect(answer.next_slot).toEqual({ pickup: '2026-11-21T17:00:00.000Z', delivery: '2026-11-21T19:00:00.000Z' });
        expect((await order({ scheduled_for: '2026-11-21T17:00:00Z' })).status).toBe(201);
      } finally {
        await resume();
      }
      expect((await order({ scheduled_for: '2026-11-20T19:30:00Z' })).status).toBe(201);
    });

    it('says the pause in Spanish to a Spanish caller', async () => {
      try {
        await switches({ paused: true, pause_minutes: 60 });
        const response = await api.call(
          'POST',
          '/api/create-order/',
          {
            ...contact,
            delivery_type: 'pickup',
            cart_items: [{ menu_item_id: 'sched-taco', quantity: 1, modifiers: [] }],
            scheduled_for: '2026-11-20T19:45:00Z',
          },
          { 'Accept-Language': 'es' },
        );
        expect(await refusal(response)).toBe(
          'Los pedidos en línea están en pausa a esa hora. Elige una hora más tarde.',
        );
      } finally {
        await resume();
      }
    });
  });
});
