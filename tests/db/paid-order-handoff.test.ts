// The providers of production, wired into the real app and answered by local stand-ins: the staff
// board syncs the Clover menu on demand and shows 'Failed to fetch Clover menu.' with the last good
// sync while Clover is down; a paid order goes to Clover once; a paid DoorDash delivery is booked
// with the customer's tip, and DoorDash's webhook (mounted in the app) moves the order the
// customer's page follows. The environment chooses each provider, and half a set stops the start.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardAnswer, MenuSyncAnswer } from '../../shared/api/staff.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { readConfig } from '../../server/config.ts';
import { DELIVERY_ACCEPTED_TEXT, deliveryForOrder } from '../../server/db/deliveries.ts';
import { findOrder } from '../../server/db/orders.ts';
import { findPush } from '../../server/db/pos-order-pushes.ts';
import { createDoorDash } from '../../server/providers/delivery/doordash.ts';
import { createCloverClient } from '../../server/providers/menu/clover-client.ts';
import { NOTHING_TO_SYNC } from '../../server/routes/staff/index.ts';
import { DIET_IN_CLOVER } from '../../server/services/menu-diet.ts';
import { MENU_SYNC_FAILED } from '../../server/services/menu-sync.ts';
import { pushWaitingOrders } from '../../server/services/order-handoff.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { generateCatalogue, generatedItemId, generatedPrice } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { databaseTargets, type DatabaseTarget } from '../support/databases.ts';
import { startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { readSse } from '../support/sse.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in.ts';
import { waitFor } from '../support/wait-for.ts';

/** The opt-out sentence every English text ends with, word for word. */
const SMS_STOP_SENTENCE = 'Reply STOP to cancel, HELP for help.';

const NOW = new Date('2026-11-20T19:00:00Z'); // a Friday, 11:00 in Los Angeles
const contact = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0199' };
const address = {
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90013',
  delivery_country: 'US',
};
const WEBHOOK_SECRET = 'dd-hook-9f2c1e';

async function signInStaff(
  api: TestApi,
  role: 'staff' | 'admin' = 'staff',
  email = 'cook@comal.example',
): Promise<Record<string, string>> {
  const invite = await inviteStaff(api.deps.db, {
    email,
    role,
    origin: TEST_ORIGIN,
    now: NOW,
  });
  const token = new URL(invite.url).searchParams.get('set-password')!;
  await api.call('POST', '/api/staff/password/', { token, password: 'comal kitchen board 2026' });
  const login = await api.call(
    'POST',
    '/api/staff/login/',
    { email, password: 'comal kitchen board 2026' },
    { 'X-Forwarded-For': '203.0.113.9' },
  );
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

async function payFor(api: TestApi, body: Record<string, unknown>) {
  const created = await api.call(
    'POST',
    '/api/create-order/',
    { ...contact, promo_code: '', ...body },
    { 'X-Forwarded-For': '198.51.100.7' },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const order = (await created.json()) as { order_id: string; payment: { client_secret: string } };
  const paid = await api.call('POST', '/api/demo-payments/confirm/', {
    client_secret: order.payment.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
  return order.order_id;
}

describe.each(databaseTargets)('production providers wired into the app on $name', (target: DatabaseTarget) => {
  beforeAll(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(() => vi.restoreAllMocks());

  describe('Clover', () => {
    let clover: CloverStandIn;
    let api: TestApi;
    let staff: Record<string, string>;
    let now = NOW;
    beforeAll(async () => {
      clover = await startCloverStandIn({ catalogue: generateCatalogue(12) });
      const pos = createCloverClient({ apiBase: clover.url, merchantId: clover.merchantId, token: clover.token });
      api = await createTestApi(target, { pos, clock: () => now });
      staff = await signInStaff(api);
    });
    afterAll(async () => {
      await api?.close();
      await clover?.close();
    });
    const syncStatus = async (method: 'GET' | 'POST') => {
      const response = await api.call(method, '/api/staff/menu/sync/', undefined, staff);
      expect(response.status).toBe(200);
      return (await response.json()) as MenuSyncAnswer;
    };

    it("an item's diet tags are Clover's to set: editing them here is refused with where to do it", async () => {
      const admin = await signInStaff(api, 'admin', 'owner@comal.example');
      const refused = await api.call(
        'PUT',
        '/api/staff/menu/items/ITEM00000/diet/',
        { diet: ['vegan'], spice_level: 0 },
        admin,
      );
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, DIET_IN_CLOVER]);
    });

    it('the board syncs the menu now, and while Clover is down says so with the last good sync', async () => {
      expect(await syncStatus('GET')).toEqual({
        source: 'clover',
        last_success_at: null,
        last_error: null,
        last_error_at: null,
        notes: [],
        warnings: [],
      });
      expect(await syncStatus('POST')).toEqual({
        source: 'clover',
        last_success_at: NOW.toISOString(),
        last_error: null,
        last_error_at: null,
        notes: [],
        warnings: [],
      });
      const menus = await (await api.call('GET', '/api/menus/')).text();
      expect(menus).toContain(generatedItemId(11));

      now = new Date(NOW.getTime() + 10 * 60_000); // within the staff token's 15 minutes
      clover.outage('items', 503);
      try {
        expect(await syncStatus('POST')).toEqual({
          source: 'clover',
          last_success_at: NOW.toISOString(),
          last_error: MENU_SYNC_FAILED,
          last_error_at: now.toISOString(),
          notes: [],
          warnings: [],
        });
        expect(await (await api.call('GET', '/api/menus/')).text()).toBe(menus);
      } finally {
        clover.clear();
        now = NOW;
      }
    });

    it('a paid order Clover refuses is flagged "not on Clover" with its answer, until a later try gets it there', async () => {
      await syncStatus('POST');
      clover.outage('atomic_order/orders', 400);
      let orderId = '';
      try {
        orderId = await payFor(api, {
          delivery_type: 'pickup',
          cart_items: [{ menu_item_id: generatedItemId(5), quantity: 1, modifiers: [] }],
        });
        await waitFor(async () => (await findPush(api.deps.db, orderId))?.status === 'failed', {
          what: 'the refused push',
        });
        const board = async () => {
          const response = await api.call('GET', '/api/staff/orders/', undefined, staff);
          return ((await response.json()) as BoardAnswer).orders.find((o) => o.order_id === orderId)!;
        };
        const [problem] = await waitFor(
          async () => ((await board()).problems.length > 0 ? (await board()).problems : null),
          {
            what: 'the problem on the board',
          },
        );
        expect(problem).toMatchObject({ kind: 'not_sent_to_pos' });
        expect(problem!.detail).toMatch(
          /^Clover did not take the order: Clover POST atomic_order\/orders failed: HTTP 400/,
        );
        expect(problem!.detail).toMatch(/Enter it on the Clover device; we try again every minute for a while\.$/);

        // Clover takes it a minute later: the flag is settled.
        clover.clear();
        now = new Date(NOW.getTime() + 2 * 60_000);
        expect(await pushWaitingOrders(api.deps)).toBeGreaterThanOrEqual(1);
        expect(await findPush(api.deps.db, orderId)).toMatchObject({ status: 'pushed' });
        expect((await board()).problems).toEqual([]);
      } finally {
        clover.clear();
        now = NOW;
      }
    });

    it('a paid order goes to Clover once, with its lines, however often it is finalized', async () => {
      await syncStatus('POST');
      const orderId = await payFor(api, {
        delivery_type: 'pickup',
        cart_items: [{ menu_item_id: generatedItemId(4), quantity: 2, modifiers: [] }],
      });
      // The hand-off runs after finalize has answered.
      const push = await waitFor(
        async () => {
          const p = await findPush(api.deps.db, orderId);
          expect(p?.status, 'the push').toBe('pushed');
          return p;
        },
        { what: 'the order pushed to Clover' },
      );
      expect(push).toMatchObject({ status: 'pushed', attempts: 1 });
      expect(await api.call('POST', `/api/finalize-order/${orderId}/`).then((r) => r.status)).toBe(200);
      expect(await pushWaitingOrders(api.deps)).toBe(0);
      const sent = clover.orders().filter((o) => JSON.stringify(o).includes(orderId));
      expect(sent).toHaveLength(1);
      expect(JSON.stringify(sent[0])).toContain(generatedItemId(4));
      expect(generatedPrice(4)).toBe(278);
    });
  });

  describe('the embedded menu', () => {
    it('has nothing to sync: the board is told so', async () => {
      const api = await createTestApi(target, { clock: () => NOW });
      try {
        const staff = await signInStaff(api);
        expect(await (await api.call('GET', '/api/staff/menu/sync/', undefined, staff)).json()).toMatchObject({
          source: 'demo',
        });
        const refused = await api.call('POST', '/api/staff/menu/sync/', undefined, staff);
        expect(refused.status).toBe(409);
        expect(((await refused.json()) as { message: string }).message).toBe(NOTHING_TO_SYNC);
      } finally {
        await api.close();
      }
    });
  });

  describe('DoorDash Drive', () => {
    let doordash: DoorDashStandIn;
    let api: TestApi;
    beforeAll(async () => {
      doordash = await startDoorDashStandIn({ feeCents: 975 });
      const delivery = createDoorDash(doordash.credentials);
      api = await createTestApi(target, { delivery, clock: () => NOW }, { DOORDASH_WEBHOOK_SECRET: WEBHOOK_SECRET });
    });
    afterAll(async () => {
      await api?.close();
      await doordash?.close();
    });

    it('books the paid delivery with the tip, and its webhook moves the order the customer follows', async () => {
      const estimate = await api.call('POST', '/api/estimate-delivery/', address, {
        'X-Forwarded-For': '198.51.100.20',
      });
      const quote = (await estimate.json()) as { delivery_estimate: number; quote_id: string };
      expect(quote.delivery_estimate).toBe(9.75);
      const orderId = await payFor(api, {
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quote.quote_id,
        tip: 3.5,
        cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 3, modifiers: [] }],
      });
      const booked = await waitFor(() => deliveryForOrder(api.deps.db, orderId), {
        what: 'the delivery the payment books',
      });
      expect(booked).toMatchObject({ provider: 'doordash', status: 'accepted', fee_cents: 975, tip_cents: 350 });
      const accept = doordash.requests.find((r) => r.path.endsWith('/accept'));
      expect(accept?.body).toMatchObject({ tip: 350 });

      const status = readSse(await api.app.request(`/api/orders/${orderId}/status/`));
      try {
        const hook = (event: string) =>
          api.app.request('/api/webhooks/doordash/', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: WEBHOOK_SECRET },
            body: JSON.stringify(doordash.event(event, booked.external_delivery_id)),
          });
        const [first] = await status.next(1, 3000);
        expect(JSON.parse(first!.data)).toMatchObject({ status: 'paid', delivery: { text: DELIVERY_ACCEPTED_TEXT } });
        // A driver assigned moves nothing on the order, but the customer's page hears of it.
        expect((await hook('DASHER_CONFIRMED')).status).toBe(200);
        const [assigned] = await status.next(1, 3000);
        expect(JSON.parse(assigned!.data)).toEqual({
          status: 'paid',
          promised_at: null,
          delivery: {
            text: 'A DoorDash driver is on the way to the restaurant to pick up your order.',
            tracking_url: booked.tracking_url,
          },
        });
        expect((await hook('DASHER_PICKED_UP')).status).toBe(200);
        expect((await findOrder(api.deps.db, orderId))?.status).toBe('out_for_delivery');
        const [pickedUp] = await status.next(1, 3000);
        expect(JSON.parse(pickedUp!.data)).toMatchObject({
          status: 'out_for_delivery',
          delivery: { text: 'Your order is on its way with your DoorDash driver.' },
        });
        expect((await hook('DASHER_DROPPED_OFF')).status).toBe(200);
        expect((await findOrder(api.deps.db, orderId))?.status).toBe('completed');
        const refused = await api.app.request('/api/webhooks/doordash/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'not the secret' },
          body: JSON.stringify(doordash.event('DASHER_DROPPED_OFF', booked.external_delivery_id)),
        });
        expect(refused.status).toBe(401);
      } finally {
        await status.close();
      }
    });
  });

  describe('Twilio', () => {
    let twilio: TwilioStandIn;
    let api: TestApi;
    let staff: Record<string, string>;
    beforeAll(async () => {
      twilio = await startTwilioStandIn();
      // Chosen by the environment, as in production.
      api = await createTestApi(target, { clock: () => NOW }, twilio.env());
      staff = await signInStaff(api);
    });
    afterAll(async () => {
      await api?.close();
      await twilio?.close();
    });

    it('texts "ready" when the kitchen marks an order ready, only to a customer who ticked the box', async () => {
      const lines = {
        delivery_type: 'pickup',
        cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [] }],
      };
      const wanted = await payFor(api, { ...lines, sms_opt_in: true });
      const unwanted = await payFor(api, { ...lines, sms_opt_in: false });
      for (const orderId of [wanted, unwanted]) {
        for (const to of ['accepted', 'ready']) {
          expect((await api.call('POST', `/api/staff/orders/${orderId}/move/`, { to }, staff)).status).toBe(200);
        }
      }
      const [order] = await api.deps.db.query<{ number: string }>('select number::text from orders where id = $1', [
        wanted,
      ]);
      const texts = await waitFor(
        () => {
          const sent = twilio.messages.map((m) => ({ to: m.to, body: m.body }));
          return sent.length > 0 && sent;
        },
        { what: 'the "ready" text' },
      );
      // A fixed wait on purpose: a wrong second text has nothing to wait for, only room to show.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(twilio.messages.map((m) => ({ to: m.to, body: m.body }))).toEqual(texts);
      expect(texts).toEqual([
        {
          to: '+12135550199',
          body: `Taquería El Comal: order ${order!.number} is ready for pickup. ${SMS_STOP_SENTENCE}`,
        },
      ]);
    });
  });
});

describe('choosing providers from the environment', () => {
  it('all of CLOVER_* or DOORDASH_* choose them, none keeps the embedded ones, and half a set stops the start', () => {
    const embedded = readConfig({});
    expect(embedded.clover).toBeUndefined();
    expect(embedded.doordash).toBeUndefined();
    const chosen = readConfig({
      CLOVER_API_BASE: 'https://api.clover.com',
      CLOVER_MERCHANT_ID: 'M1',
      CLOVER_TOKEN: 't',
      DOORDASH_DEVELOPER_ID: 'dev',
      DOORDASH_KEY_ID: 'key',
      DOORDASH_SIGNING_SECRET: 'c2VjcmV0',
    });
    expect(chosen.clover).toMatchObject({ apiBase: 'https://api.clover.com', merchantId: 'M1', token: 't' });
    expect(chosen.doordash).toEqual({
      apiBase: 'https://openapi.doordash.com',
      developerId: 'dev',
      keyId: 'key',
      signingSecret: 'c2VjcmV0',
    });
    expect(() => readConfig({ CLOVER_TOKEN: 't' })).toThrow(
      'The Clover menu needs CLOVER_API_BASE, CLOVER_MERCHANT_ID: set them and start again.',
    );
    expect(() => readConfig({ DOORDASH_KEY_ID: 'key' })).toThrow(
      'DoorDash Drive needs DOORDASH_DEVELOPER_ID, DOORDASH_SIGNING_SECRET: set them and start again.',
    );
  });
});
