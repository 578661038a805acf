// DoorDash Drive as the delivery provider, through the real API and a local stand-in for
// DoorDash: the estimate answers DoorDash's fee under our quote id, after payment the quote is
// accepted with the customer's tip, DoorDash's status webhooks move the order (once each, and
// only with the registered Authorization), and an expired quote is asked again with the fee
// change reported. The stand-in answers with DoorDash's published payloads (tests/fixtures/doordash/).
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryForOrder } from '../../server/db/deliveries.ts';
import { eventsOfOrderAfter } from '../../server/db/order-events.ts';
import { findOrder } from '../../server/db/orders.ts';
import { DOORDASH_NOT_SERVED, DOORDASH_UNAVAILABLE } from '../../server/providers/delivery/doordash-client.ts';
import { createDoorDash, type DoorDashProvider } from '../../server/providers/delivery/doordash.ts';
import { DOORDASH_WEBHOOK_UNAUTHORIZED, doordashWebhookRoutes } from '../../server/routes/doordash-webhook.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { doordashError, startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { waitFor } from '../support/wait-for.ts';

const NOW = new Date('2026-11-20T19:00:00Z');
const WEBHOOK_SECRET = 'dd-webhook-test-3b1f';
const address = {
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90013',
  delivery_country: 'US',
};

describe.each(databaseTargets)('DoorDash Drive on $name', (target) => {
  let doordash: DoorDashStandIn;
  let provider: DoorDashProvider;
  let api: TestApi;
  let webhookServer: ServerType;
  let webhookUrl: string;
  let caller = 0;

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {}); // the app's request log
    doordash = await startDoorDashStandIn({ feeCents: 975 });
    provider = createDoorDash(doordash.credentials);
    api = await createTestApi(target, { delivery: provider, clock: () => NOW });
    await addTestItems(api, [{ id: 'dd-plate', name: 'Plato de Prueba', priceCents: 2500 }]);
    // The webhook sub-app as the server would mount it, on a port DoorDash (the stand-in) posts to.
    const hooks = new Hono().route('/api', doordashWebhookRoutes({ ...api.deps, webhookSecret: WEBHOOK_SECRET }));
    const port = await new Promise<number>((resolve) => {
      webhookServer = serve({ fetch: hooks.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(info.port));
    });
    webhookUrl = `http://127.0.0.1:${port}/api/webhooks/doordash/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => webhookServer?.close(resolve));
    await api?.close();
    await doordash?.close();
    vi.restoreAllMocks();
  });

  // Each call its own client address, so the estimate rate limit never mixes tests.
  const estimate = (body: unknown = address) =>
    api.call('POST', '/api/estimate-delivery/', body, { 'X-Forwarded-For': `198.51.100.${++caller}` });

  async function quoted(): Promise<{ quoteId: string; externalId: string }> {
    const response = await estimate();
    expect(response.status).toBe(200);
    const { quote_id } = (await response.json()) as { quote_id: string };
    const [row] = await api.deps.db.query<{ provider_quote_id: string }>(
      'select provider_quote_id from delivery_quotes where id = $1',
      [quote_id],
    );
    return { quoteId: quote_id, externalId: row!.provider_quote_id };
  }

  async function paidDeliveryOrder(quoteId: string): Promise<string> {
    const placed = await api.call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'dd-plate', quantity: 1, modifiers: [] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '(213) 555-0199',
      delivery_type: 'delivery',
      ...address,
      delivery_quote_id: quoteId,
      tip: 4.25,
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
    return order.order_id;
  }

  /** The delivery the payment booked (services/order-handoff.ts runs right after finalize answers). */
  async function bookingOf(orderId: string) {
    return waitFor(() => deliveryForOrder(api.deps.db, orderId), { what: `order ${orderId}'s booked delivery` });
  }

  /** An order paid for, and its DoorDash delivery booked by the payment. */
  async function bookedOrder(): Promise<{ orderId: string; externalId: string }> {
    const { quoteId, externalId } = await quoted();
    const orderId = await paidDeliveryOrder(quoteId);
    expect((await bookingOf(orderId)).external_delivery_id).toBe(externalId);
    return { orderId, externalId };
  }

  it("an estimate answers DoorDash's $9.75 under our quote id, with a signed call from the restaurant to the address", async () => {
    const before = doordash.requests.length;
    const response = await estimate();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: false,
      delivery_estimate: 9.75,
      quote_id: expect.stringMatching(/^dq_[A-Za-z0-9_-]{16,}$/) as unknown,
      delivery_lat: 34.044685,
      delivery_lng: -118.240022,
      distance_miles: 1.2,
      expires_at: expect.any(String) as unknown,
    });
    // DoorDash holds its price five minutes, so ours does too (less the time the call took).
    const holds = new Date(body.expires_at as string).getTime() - NOW.getTime();
    expect(holds).toBeGreaterThan(4 * 60_000);
    expect(holds).toBeLessThanOrEqual(5 * 60_000);

    const calls = doordash.requests.slice(before);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', path: '/drive/v2/quotes', status: 200 });
    expect(call!.token!.header).toEqual({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' });
    expect(call!.token!.claims).toMatchObject({ aud: 'doordash', iss: doordash.developerId, kid: doordash.keyId });
    expect(call!.token!.claims.exp! - call!.token!.claims.iat!).toBe(300);
    expect(call!.body).toMatchObject({
      pickup_address: '727 N Broadway, Los Angeles, CA 90012',
      pickup_business_name: 'Taquería El Comal',
      pickup_phone_number: '+12135550148',
      dropoff_address: '500 S Spring St, Los Angeles, CA 90013',
    });
    const [stored] = await api.deps.db.query<{ provider: string; provider_quote_id: string; fee_cents: number }>(
      'select provider, provider_quote_id, fee_cents from delivery_quotes where id = $1',
      [body.quote_id],
    );
    expect(stored).toEqual({
      provider: 'doordash',
      provider_quote_id: call!.body.external_delivery_id,
      fee_cents: 975,
    });
  });

  it('an address DoorDash does not serve is refused with a sentence', async () => {
    const { status, body } = doordashError('error-422-delivery-address-not-in-coverage');
    doordash.failNext(status, body);
    const response = await estimate();
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: true, message: DOORDASH_NOT_SERVED });
  });

  it('a token signed with another secret is refused by DoorDash, and the customer is told delivery is unavailable', async () => {
    const wrong = createDoorDash({
      ...doordash.credentials,
      signingSecret: Buffer.from('not the secret').toString('base64url'),
    });
    const before = doordash.requests.length;
    expect(await wrong.quote(address)).toEqual({
      ok: false,
      message: DOORDASH_UNAVAILABLE,
      detail: 'DoorDash refused our access key (authentication_error).',
    });
    expect(doordash.requests.slice(before).map((r) => r.status)).toEqual([401]);
    // Nobody answering at all says the same.
    const unreachable = createDoorDash({
      apiBase: 'http://127.0.0.1:9',
      developerId: 'd',
      keyId: 'k',
      signingSecret: doordash.signingSecret,
      timeoutMs: 2000,
    });
    expect(await unreachable.quote(address)).toEqual({
      ok: false,
      message: DOORDASH_UNAVAILABLE,
      detail: 'DoorDash did not answer (network_error).',
    });
  });

  it("the payment books the quoted delivery with the customer's tip and phone, once", async () => {
    const { quoteId, externalId } = await quoted();
    const orderId = await paidDeliveryOrder(quoteId);
    const order = (await findOrder(api.deps.db, orderId))!;
    expect(order.tip_cents).toBe(425);

    expect(await bookingOf(orderId)).toMatchObject({
      provider: 'doordash',
      external_delivery_id: externalId,
      tracking_url: `https://track.doordash.com/share/${externalId}/track`,
      fee_cents: 975,
      tip_cents: 425,
      status: 'accepted',
    });
    // Finalizing again (a reload of the confirmation page) books nothing more.
    expect((await api.call('POST', `/api/finalize-order/${orderId}/`)).status).toBe(200);
    expect(doordash.requests.filter((r) => r.path === `/drive/v2/quotes/${externalId}/accept`)).toHaveLength(1);
    const call = doordash.requests.filter((r) => r.path.endsWith('/accept')).at(-1)!;
    expect(call.path).toBe(`/drive/v2/quotes/${externalId}/accept`);
    expect(call.body).toEqual({ tip: 425, dropoff_phone_number: '+12135550199' });
    expect(call.token?.claims.iss).toBe(doordash.developerId);
    expect(doordash.quote(externalId)).toMatchObject({
      accepted: true,
      tip: 425,
      dropoff_phone_number: '+12135550199',
    });
  });

  it("DoorDash's webhooks move the order out for delivery, then completed, and the customer's page sees each move", async () => {
    const { orderId, externalId } = await bookedOrder();
    const post = (payload: ReturnType<DoorDashStandIn['event']>) =>
      doordash.postWebhook(webhookUrl, payload, `Basic ${WEBHOOK_SECRET}`);

    expect((await post(doordash.event('DASHER_CONFIRMED', externalId))).status).toBe(200);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('paid');
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({
      status: 'dasher_confirmed',
      dasher_name: 'Rosa M.',
    });

    const pickedUp = doordash.event('DASHER_PICKED_UP', externalId);
    expect((await post(pickedUp)).status).toBe(200);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('out_for_delivery');
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({
      status: 'picked_up',
      status_text: 'Your order is on its way with your DoorDash driver.',
      tracking_url: `https://track.doordash.com/share/${externalId}/track`,
    });

    const droppedOff = doordash.event('DASHER_DROPPED_OFF', externalId);
    expect((await post(droppedOff)).status).toBe(200);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('completed');

    const events = await eventsOfOrderAfter(api.deps.db, orderId, '0');
    const moves = events.filter((e) => e.kind === 'status');
    expect(moves.map((e) => [e.status, e.payload.from, e.payload.by, e.payload.delivery_status])).toEqual([
      ['out_for_delivery', 'paid', 'doordash', 'picked_up'],
      ['completed', 'out_for_delivery', 'doordash', 'delivered'],
    ]);

    // DoorDash resends: the same webhooks again change nothing.
    const replayed = await post(pickedUp);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ received: true, duplicate: true });
    expect((await post(droppedOff)).status).toBe(200);
    expect(await eventsOfOrderAfter(api.deps.db, orderId, '0')).toHaveLength(events.length);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('completed');
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ status: 'delivered' });

    // A late pick-up event with another time moves neither the delivery nor the order back.
    expect((await post({ ...pickedUp, created_at: '2026-11-20T19:59:00.000Z' })).status).toBe(200);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('completed');
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ status: 'delivered' });

    // The customer heard once that the order is on its way.
    const number = (await findOrder(api.deps.db, orderId))!.number;
    expect(
      await api.deps.db.query('select 1 from outbox where subject = $1', [`Order #${number} is on its way`]),
    ).toHaveLength(1);
  });

  it('a webhook without the registered Authorization is refused with 401 and changes nothing', async () => {
    const { orderId, externalId } = await bookedOrder();
    const payload = doordash.event('DASHER_PICKED_UP', externalId);
    for (const authorization of [null, 'Basic not-the-secret', `Basic ${WEBHOOK_SECRET}x`]) {
      const response = await doordash.postWebhook(webhookUrl, payload, authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: true, message: DOORDASH_WEBHOOK_UNAUTHORIZED });
    }
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('paid');
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ status: 'accepted' });
    // The same event with the right header is still applied: a refused delivery was not recorded as handled.
    expect((await doordash.postWebhook(webhookUrl, payload, WEBHOOK_SECRET)).status).toBe(200);
    expect((await findOrder(api.deps.db, orderId))!.status).toBe('out_for_delivery');
  });

  it('an event for a delivery we did not book is acknowledged and left alone', async () => {
    const response = await doordash.postWebhook(
      webhookUrl,
      doordash.event('DASHER_PICKED_UP', 'someone-elses-delivery'),
      WEBHOOK_SECRET,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it('an expired quote is not accepted; asking again reports the new fee so the customer can agree to it', async () => {
    const { externalId } = await quoted();
    doordash.setFee(1150);
    doordash.expireQuotes();
    expect(await provider.acceptQuote(externalId, { tipCents: 300, phone: '(213) 555-0199' })).toEqual({
      outcome: 'refused',
      status: 404,
      detail: 'DoorDash refused (unknown_delivery_id).',
    });
    expect(doordash.requests.at(-1)).toMatchObject({ status: 404, path: `/drive/v2/quotes/${externalId}/accept` });

    const again = await provider.requote(address, { feeCents: 975 });
    expect(again).toMatchObject({ ok: true, feeCents: 1150, changed: true });
    if (!again.ok) throw new Error('requote refused');
    expect(again.providerQuoteId).not.toBe(externalId);
    expect(again.quote).toMatchObject({ provider: 'doordash', feeCents: 1150, distanceMiles: 1.2 });

    // Five minutes on DoorDash's clock expire a quote too; the same fee again is no change.
    doordash.advance(5 * 60_000 + 1000);
    expect(await provider.acceptQuote(again.providerQuoteId, { tipCents: 300 })).toMatchObject({
      outcome: 'refused',
    });
    const same = await provider.requote(address, { feeCents: 1150 });
    expect(same).toMatchObject({ ok: true, feeCents: 1150, changed: false });
    if (!same.ok) throw new Error('requote refused');
    expect(await provider.acceptQuote(same.providerQuoteId, { tipCents: 300 })).toMatchObject({
      outcome: 'booked',
      feeCents: 1150,
    });
    doordash.setFee(975);
  });
});
