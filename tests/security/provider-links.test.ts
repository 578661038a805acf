/**
 * The link to DoorDash's tracking page is shown to customers on their order page, so it is a
 * link we vouch for: only an https URL (no user name or password in it) is kept, from DoorDash's
 * answer when the delivery is booked and from its status webhooks; anything else is dropped
 * (stored as no link), logged, and never reaches the customer's page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { deliveryForOrder } from '../../server/db/deliveries.ts';
import { log as serverLog, type Logger } from '../../server/logger.ts';
import { createDoorDash } from '../../server/providers/delivery/doordash.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';
import { waitFor } from '../support/wait-for.ts';

const pglite = databaseTargets.filter((target) => target.name === 'pglite');
const NOW = new Date('2026-11-20T19:00:00Z');
const WEBHOOK_SECRET = 'dd-links-7c41';
const DROPPED = 'DoorDash sent a tracking link that is not an https URL; it is not shown to the customer';
const address = {
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90013',
  delivery_country: 'US',
};

const HOSTILE_LINKS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://track.doordash.com/share/x/track',
  'https://user:secret@track.doordash.com/share/x/track',
  'https://:secret@track.doordash.com/share/x/track',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/track',
  'track.doordash.com/share/x/track',
  `https://track.doordash.com/${'a'.repeat(2100)}`,
];

describe.each(pglite)('DoorDash tracking links on $name', (target) => {
  let doordash: DoorDashStandIn;
  let api: TestApi;
  let log: MockInstance<Logger['warn']>;
  let caller = 0;

  beforeAll(async () => {
    log = vi.spyOn(serverLog, 'warn').mockImplementation(() => {});
    doordash = await startDoorDashStandIn({ feeCents: 975 });
    const delivery = createDoorDash(doordash.credentials);
    api = await createTestApi(target, { delivery, clock: () => NOW }, { DOORDASH_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await addTestItems(api, [{ id: 'dd-links-plate', name: 'Plato de Prueba', priceCents: 2500 }]);
  });
  afterEach(() => doordash.setTrackingUrl(null));
  afterAll(async () => {
    await api?.close();
    await doordash?.close();
    log.mockRestore();
  });

  /** A delivery order paid for, and its DoorDash delivery as the payment booked it. */
  async function bookedOrder() {
    const estimate = await api.call('POST', '/api/estimate-delivery/', address, {
      'X-Forwarded-For': `198.51.100.${++caller}`,
    });
    const { quote_id } = (await estimate.json()) as { quote_id: string };
    const placed = await api.call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'dd-links-plate', quantity: 1, modifiers: [] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '(213) 555-0199',
      promo_code: '',
      delivery_type: 'delivery',
      ...address,
      delivery_quote_id: quote_id,
      tip: 2,
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
    await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    const booked = await waitFor(() => deliveryForOrder(api.deps.db, order.order_id), {
      what: 'the delivery the payment books',
    });
    return { orderId: order.order_id, booked };
  }

  const webhook = (event: string, externalId: string) =>
    api.app.request('/api/webhooks/doordash/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: WEBHOOK_SECRET },
      body: JSON.stringify(doordash.event(event, externalId)),
    });

  /** The delivery as the customer's order page receives it from the status stream. */
  async function shownToCustomer(orderId: string) {
    const stream = readSse(await api.app.request(`/api/orders/${orderId}/status/`));
    try {
      const [first] = await stream.next(1, 3000);
      return (JSON.parse(first!.data) as { delivery: { text: string; tracking_url: string | null } }).delivery;
    } finally {
      await stream.close();
    }
  }

  const droppedLogs = () => log.mock.calls.filter((args: unknown[]) => args.includes(DROPPED)).length;

  it.each(
    HOSTILE_LINKS.map((link) => [link.length > 80 ? `${link.slice(0, 40)}… (${link.length} characters)` : link, link]),
  )('tracking_url %j is dropped when booking and from webhooks, and never shown', async (_label, link) => {
    doordash.setTrackingUrl(link);
    const before = droppedLogs();
    const { orderId, booked } = await bookedOrder();
    expect(booked.tracking_url).toBeNull();
    expect(droppedLogs()).toBe(before + 1);

    expect((await webhook('DASHER_PICKED_UP', booked.external_delivery_id)).status).toBe(200);
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ status: 'picked_up', tracking_url: null });
    expect(droppedLogs()).toBe(before + 2);
    expect(await shownToCustomer(orderId)).toEqual({
      text: 'Your order is on its way with your DoorDash driver.',
      tracking_url: null,
    });

    // A later webhook with a hostile link does not replace a good one already kept.
    doordash.setTrackingUrl('https://track.doordash.com/share/good/track');
    expect((await webhook('DASHER_CONFIRMED_DROPOFF_ARRIVAL', booked.external_delivery_id)).status).toBe(200);
    doordash.setTrackingUrl(link);
    expect((await webhook('DASHER_DROPPED_OFF', booked.external_delivery_id)).status).toBe(200);
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({
      status: 'delivered',
      tracking_url: 'https://track.doordash.com/share/good/track',
    });
  });

  it('DoorDash’s usual https link is kept and shown', async () => {
    const { orderId, booked } = await bookedOrder();
    const link = `https://track.doordash.com/share/${booked.external_delivery_id}/track`;
    expect(booked.tracking_url).toBe(link);
    expect(await shownToCustomer(orderId)).toMatchObject({ tracking_url: link });
  });
});
