// Booking a paid order's DoorDash courier when DoorDash does not simply say yes, through the real
// app and the DoorDash stand-in answering with DoorDash's published payloads
// (tests/fixtures/doordash/): an accept refused in any shape (DoorDash documents none for an
// expired quote) is quoted again and booked once; refused again, the order shows on the staff
// board as "delivery not booked" with DoorDash's words and a 'problem' event on the staff stream;
// an accept whose answer was lost is looked up before anything is booked again, so the customer
// never gets two couriers; an accept turned away by DoorDash's rate limit, or one whose fate
// DoorDash cannot say, flags the order and is tried again a minute later, and the booking found
// settles the flag; two replicas never book one order twice; and DoorDash
// cancelling a booked delivery flags the order too.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardAnswer, BoardOrder } from '../../shared/api/staff.ts';
import { bookingForOrder, deliveryForOrder } from '../../server/db/deliveries.ts';
import { findOrder } from '../../server/db/orders.ts';
import { createDoorDash } from '../../server/providers/delivery/doordash.ts';
import { DOORDASH_DELIVERY_NOT_YET } from '../../server/routes/doordash-webhook.ts';
import {
  BOOKING_RECHECK_MS,
  handOffPaidOrder,
  recheckBookings,
  startPosRetries,
} from '../../server/services/order-handoff.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { doordashError, startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse, type SseReader } from '../support/sse.ts';
import { staffMember, staffSignIn, type StaffAuthorization } from '../support/staff-members.ts';
import { waitFor } from '../support/wait-for.ts';

const OPENING = new Date('2026-11-20T19:00:00Z'); // a Friday, 11:00 in Los Angeles
const WEBHOOK_SECRET = 'dd-booking-hook-7c1a';
const address = {
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90013',
  delivery_country: 'US',
};
const TOO_FAR = doordashError('error-422-distance-too-long');

/**
 * How DoorDash might answer an accept of an expired quote: it documents nothing, so every
 * plausible shape. The first two are its published bodies for "no such delivery" and "state does
 * not allow it"; the rest are guesses, each a 4xx as the docs say a client-side refusal is.
 */
const EXPIRED_ANSWERS: [string, { status: number; body: unknown }][] = [
  ['404 with the unknown-delivery body', doordashError('error-404-unknown-delivery-id')],
  ['409 with the duplicate-id body', doordashError('error-409-duplicate-delivery-id')],
  ['410 Gone', { status: 410, body: { code: 'quote_expired', message: 'Quote has expired' } }],
  [
    '422 saying the quote expired',
    { status: 422, body: { code: 'unprocessable_entity', message: 'The quote expired.' } },
  ],
  ['400 with a code we do not know', { status: 400, body: { code: 'bad_request_9f', message: 'Bad request' } }],
];

describe.each(databaseTargets)('booking DoorDash after payment, on $name', (target) => {
  let doordash: DoorDashStandIn;
  let api: TestApi;
  let staff: StaffAuthorization;
  let now = OPENING;
  let tests = 0;
  let caller = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller % 250}` });

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {}); // the app's request log
    doordash = await startDoorDashStandIn({ feeCents: 975 });
    const delivery = createDoorDash({ ...doordash.credentials, timeoutMs: 800 });
    api = await createTestApi(target, { delivery, clock: () => now }, { DOORDASH_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await addTestItems(api, [{ id: 'dd-mole', name: 'Mole de Prueba', priceCents: 2500 }]);
    staff = await staffMember(api, 'dispatch@comal.example', 'staff', now);
  });
  afterAll(async () => {
    await api?.close();
    await doordash?.close();
    vi.restoreAllMocks();
  });
  beforeEach(async () => {
    // Each test a quarter hour after the one before (signed in again: a staff token lives 15 minutes).
    now = new Date(OPENING.getTime() + tests++ * 15 * 60_000);
    staff = await staffSignIn(api, 'dispatch@comal.example', from());
    doordash.setFee(975);
  });

  /** An estimate: our quote id and the external_delivery_id it was quoted under. */
  async function quoted(): Promise<{ quoteId: string; externalId: string }> {
    const response = await api.call('POST', '/api/estimate-delivery/', address, from());
    expect(response.status).toBe(200);
    const { quote_id } = (await response.json()) as { quote_id: string };
    const [row] = await api.deps.db.query<{ provider_quote_id: string }>(
      'select provider_quote_id from delivery_quotes where id = $1',
      [quote_id],
    );
    return { quoteId: quote_id, externalId: row!.provider_quote_id };
  }

  /** Pays for a delivery order on the quote; the booking starts in the background. */
  async function pay(quoteId: string): Promise<string> {
    const placed = await api.call(
      'POST',
      '/api/create-order/',
      {
        cart_items: [{ menu_item_id: 'dd-mole', quantity: 1, modifiers: [] }],
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '(213) 555-0199',
        delivery_type: 'delivery',
        ...address,
        delivery_quote_id: quoteId,
        tip: 3,
      },
      from(),
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
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

  /** The order's booking once this round of it has ended. */
  const bookingDone = (orderId: string) =>
    waitFor(
      async () => {
        const booking = await bookingForOrder(api.deps.db, orderId);
        return booking && booking.state !== 'booking' ? booking : null;
      },
      { what: `the end of order ${orderId}'s booking` },
    );

  async function onBoard(orderId: string): Promise<BoardOrder> {
    const response = await api.call('GET', '/api/staff/orders/', undefined, staff);
    expect(response.status).toBe(200);
    const order = ((await response.json()) as BoardAnswer).orders.find((o) => o.order_id === orderId);
    expect(order, `order ${orderId} on the board`).toBeDefined();
    return order!;
  }

  /** The deliveries DoorDash booked, and the accepts it was asked, for these external ids. */
  const bookedUnder = (ids: string[]) => doordash.deliveries().filter((d) => ids.includes(d.external_delivery_id));
  const callsSince = (start: number, path: RegExp) =>
    doordash.requests.slice(start).filter((r) => path.test(`${r.method} ${r.path}`));
  /** Posts a DoorDash event to our webhook, as DoorDash does with the portal's Authorization. */
  const hook = (payload: ReturnType<DoorDashStandIn['event']>) =>
    api.app.request('/api/webhooks/doordash/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: WEBHOOK_SECRET },
      body: JSON.stringify(payload),
    });

  /** The first staff-stream event for the order whose board order matches. */
  async function streamed(stream: SseReader, orderId: string, match: (order: BoardOrder) => boolean) {
    return waitFor(
      async () => {
        for (const event of await stream.next(1, 200)) {
          const order = JSON.parse(event.data) as BoardOrder;
          if (event.event === 'order' && order.order_id === orderId && match(order)) return order;
        }
        return null;
      },
      { what: `a staff-stream event for order ${orderId}`, timeoutMs: 8000 },
    );
  }

  it.each(EXPIRED_ANSWERS)('an expired quote answered %s is quoted again and booked once', async (_, answer) => {
    const { quoteId, externalId } = await quoted();
    doordash.setExpiredAnswer(answer);
    doordash.expireQuotes();
    doordash.setFee(1150);
    const start = doordash.requests.length;
    const orderId = await pay(quoteId);

    expect(await bookingDone(orderId)).toMatchObject({ state: 'booked', requoted: true, attempts: 1 });
    const booked = (await deliveryForOrder(api.deps.db, orderId))!;
    expect(booked.external_delivery_id).not.toBe(externalId);
    // The new price is DoorDash's; the customer paid the agreed one and the restaurant absorbs the change.
    expect(booked).toMatchObject({ provider: 'doordash', status: 'accepted', fee_cents: 1150, tip_cents: 300 });
    expect((await findOrder(api.deps.db, orderId))!.delivery_fee_cents).toBe(975);
    // Exactly one courier: the new quote's, accepted once with the tip and phone; the old one never.
    expect(bookedUnder([externalId, booked.external_delivery_id]).map((d) => d.external_delivery_id)).toEqual([
      booked.external_delivery_id,
    ]);
    expect(callsSince(start, /^POST \/drive\/v2\/quotes$/)).toHaveLength(1);
    expect(callsSince(start, /\/accept$/).map((r) => [r.path, r.status])).toEqual([
      [`/drive/v2/quotes/${externalId}/accept`, answer.status],
      [`/drive/v2/quotes/${booked.external_delivery_id}/accept`, 200],
    ]);
    expect(callsSince(start, /\/accept$/)[1]!.body).toEqual({ tip: 300, dropoff_phone_number: '+12135550199' });
    expect((await onBoard(orderId)).problems).toEqual([]);
  });

  it('refused again after the new quote: on the staff board as "delivery not booked", with a problem event on the staff stream', async () => {
    const { quoteId, externalId } = await quoted();
    doordash.failNext(410, { code: 'quote_expired', message: 'Quote has expired' }, { on: 'accept' });
    doordash.failNext(TOO_FAR.status, TOO_FAR.body, { on: 'accept' });
    const stream = readSse(await api.app.request('/api/staff/events/', { headers: staff }));
    try {
      const orderId = await pay(quoteId);
      const detail =
        'DoorDash refused (quote_expired). After a new quote: DoorDash refused: the address is too far (distance_too_long).';
      expect(await bookingDone(orderId)).toMatchObject({ state: 'not_booked', requoted: true, last_answer: detail });
      expect((await onBoard(orderId)).problems).toEqual([
        { kind: 'delivery_not_booked', detail, opened_at: now.toISOString() },
      ]);
      // Every open board hears of it at once (and sounds for it).
      const flagged = await streamed(stream, orderId, (order) => order.problems.length > 0);
      expect(flagged.problems).toEqual([{ kind: 'delivery_not_booked', detail, opened_at: now.toISOString() }]);
      const events = await api.deps.db.query<{ payload: unknown }>(
        `select payload from order_events where order_id = $1 and kind = 'problem'`,
        [orderId],
      );
      const payloads = events.map((e): unknown =>
        typeof e.payload === 'string' ? (JSON.parse(e.payload) as unknown) : e.payload,
      );
      expect(payloads).toEqual([{ problem: 'delivery_not_booked', open: true }]);
      expect(await deliveryForOrder(api.deps.db, orderId)).toBeNull();
      expect(doordash.deliveries().filter((d) => d.external_delivery_id === externalId)).toEqual([]);
      // The paid order itself goes on: the kitchen cooks, the staff call the customer or book by hand.
      expect((await findOrder(api.deps.db, orderId))!.status).toBe('paid');
    } finally {
      await stream.close();
    }
  });

  it('a new quote refused after the accept was: flagged with both of DoorDash’s answers', async () => {
    const { quoteId } = await quoted();
    doordash.failNext(422, { code: 'unprocessable_entity', message: 'The quote expired.' }, { on: 'accept' });
    doordash.failNext(TOO_FAR.status, TOO_FAR.body, { on: 'quote' });
    const orderId = await pay(quoteId);
    const detail =
      'DoorDash refused (unprocessable_entity). A new quote was refused: DoorDash refused: the address is too far (distance_too_long).';
    expect(await bookingDone(orderId)).toMatchObject({ state: 'not_booked', last_answer: detail });
    expect((await onBoard(orderId)).problems).toEqual([
      { kind: 'delivery_not_booked', detail, opened_at: now.toISOString() },
    ]);
  });

  it('no answer to an accept DoorDash carried out: looked up, recorded, never booked twice', async () => {
    for (const lost of [
      { status: 504, body: {}, delayMs: 1500 }, // past the adapter's 0.8 s: a timeout
      { ...doordashError('error-500-service-fault'), delayMs: 0 },
    ]) {
      const { quoteId, externalId } = await quoted();
      doordash.failNext(lost.status, lost.body, { on: 'accept', afterProcessing: true, delayMs: lost.delayMs });
      const start = doordash.requests.length;
      const orderId = await pay(quoteId);
      expect(await bookingDone(orderId)).toMatchObject({ state: 'booked', requoted: false });
      expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({
        external_delivery_id: externalId,
        fee_cents: 975,
        tracking_url: `https://track.doordash.com/share/${externalId}/track`,
      });
      expect(callsSince(start, /^GET \/drive\/v2\/deliveries\//).map((r) => r.path)).toEqual([
        `/drive/v2/deliveries/${externalId}`,
      ]);
      expect(callsSince(start, /^POST \/drive\/v2\/quotes$/)).toEqual([]);
      expect(callsSince(start, /\/accept$/)).toHaveLength(1);
      expect(bookedUnder([externalId])).toHaveLength(1);
      expect((await onBoard(orderId)).problems).toEqual([]);
    }
  });

  it('no answer to an accept DoorDash did not carry out: looked up, quoted again and booked once', async () => {
    const { quoteId, externalId } = await quoted();
    doordash.failNext(503, doordashError('error-500-service-fault').body, { on: 'accept' });
    const start = doordash.requests.length;
    const orderId = await pay(quoteId);
    expect(await bookingDone(orderId)).toMatchObject({ state: 'booked', requoted: true });
    const booked = (await deliveryForOrder(api.deps.db, orderId))!;
    expect(booked.external_delivery_id).not.toBe(externalId);
    // DoorDash had only the quote: its status said so.
    const lookup = callsSince(start, /^GET /);
    expect(lookup.map((r) => [r.path, r.status])).toEqual([[`/drive/v2/deliveries/${externalId}`, 200]]);
    expect(bookedUnder([externalId, booked.external_delivery_id])).toHaveLength(1);
  });

  it('DoorDash’s rate limit on the accept: nothing booked, no new quote, flagged; a minute later booked once, settled', async () => {
    const { quoteId, externalId } = await quoted();
    const busy = doordashError('error-429-too-many-requests');
    doordash.failNext(busy.status, busy.body, { on: 'accept' });
    const start = doordash.requests.length;
    const orderId = await pay(quoteId);
    expect(await bookingDone(orderId)).toMatchObject({ state: 'unknown', requoted: false });
    const detail =
      'DoorDash was too busy to answer (too_many_requests) when booking. No courier is booked yet: we ask DoorDash again every minute.';
    expect((await onBoard(orderId)).problems).toEqual([
      { kind: 'delivery_not_booked', detail, opened_at: now.toISOString() },
    ]);
    // Not quoted again and accepted again at once, into the same limit.
    expect(callsSince(start, /^POST \/drive\/v2\/quotes$/)).toEqual([]);
    expect(callsSince(start, /\/accept$/)).toHaveLength(1);

    now = new Date(now.getTime() + BOOKING_RECHECK_MS);
    await recheckBookings(api.deps);
    expect(await bookingForOrder(api.deps.db, orderId)).toMatchObject({ state: 'booked' });
    const booked = (await deliveryForOrder(api.deps.db, orderId))!;
    expect(bookedUnder([externalId, booked.external_delivery_id])).toHaveLength(1);
    expect((await onBoard(orderId)).problems).toEqual([]);
  });

  it('while DoorDash cannot say, the order is flagged; a later look-up that finds the courier settles it', async () => {
    const { quoteId, externalId } = await quoted();
    doordash.failNext(504, {}, { on: 'accept', afterProcessing: true, delayMs: 1500 });
    doordash.failNext(503, doordashError('error-500-service-fault').body, { on: 'lookup' });
    const orderId = await pay(quoteId);
    const unknown = await bookingDone(orderId);
    expect(unknown).toMatchObject({ state: 'unknown', external_delivery_id: externalId });
    const [problem] = (await onBoard(orderId)).problems;
    expect(problem).toMatchObject({ kind: 'delivery_not_booked', opened_at: now.toISOString() });
    expect(problem!.detail).toBe(
      'DoorDash failed (service_fault) when asked whether the courier is booked. Whether a courier is booked is unknown: we ask DoorDash again every minute; check the DoorDash portal before booking by hand.',
    );
    expect(await deliveryForOrder(api.deps.db, orderId)).toBeNull();
    // DoorDash tells of the Dasher meanwhile: not recorded yet, so not acknowledged, so sent again.
    const confirmed = doordash.event('DASHER_CONFIRMED', externalId);
    const early = await hook(confirmed);
    expect([early.status, await early.json()]).toEqual([409, { error: true, message: DOORDASH_DELIVERY_NOT_YET }]);

    // Not due yet: nothing is asked.
    const start = doordash.requests.length;
    await recheckBookings(api.deps);
    expect(callsSince(start, /^GET /)).toEqual([]);

    // A minute on, two replicas look at once: one asks DoorDash, finds the courier and settles the flag.
    now = new Date(now.getTime() + BOOKING_RECHECK_MS);
    const counts = await Promise.all([recheckBookings(api.deps), recheckBookings(api.deps)]);
    expect(counts.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    expect(callsSince(start, new RegExp(`^GET /drive/v2/deliveries/${externalId}$`))).toHaveLength(1);
    expect(await bookingForOrder(api.deps.db, orderId)).toMatchObject({ state: 'booked' });
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ external_delivery_id: externalId });
    expect((await onBoard(orderId)).problems).toEqual([]);
    expect(bookedUnder([externalId])).toHaveLength(1);
    expect(callsSince(start, /\/accept$|^POST \/drive\/v2\/quotes$/)).toEqual([]);
    // DoorDash's retry of the event now moves the delivery on.
    expect((await hook(confirmed)).status).toBe(200);
    expect(await deliveryForOrder(api.deps.db, orderId)).toMatchObject({ status: 'dasher_confirmed' });
  });

  it('the timer every server starts looks such a booking up too, and books it once DoorDash says it never got it', async () => {
    const { quoteId, externalId } = await quoted();
    doordash.failNext(504, {}, { on: 'accept', delayMs: 1500 }); // never carried out
    doordash.failNext(503, doordashError('error-500-service-fault').body, { on: 'lookup' });
    const orderId = await pay(quoteId);
    expect(await bookingDone(orderId)).toMatchObject({ state: 'unknown' });
    now = new Date(now.getTime() + BOOKING_RECHECK_MS);
    const stop = startPosRetries(api.deps, 25);
    try {
      const booked = await waitFor(() => deliveryForOrder(api.deps.db, orderId), { what: 'the booking' });
      expect(booked.external_delivery_id).not.toBe(externalId);
      expect(bookedUnder([externalId, booked.external_delivery_id])).toHaveLength(1);
      await waitFor(async () => (await onBoard(orderId)).problems.length === 0, { what: 'the flag settled' });
    } finally {
      stop();
    }
  });

  it('two replicas handing off the same paid order book it once', async () => {
    const { quoteId, externalId } = await quoted();
    const orderId = await pay(quoteId);
    await bookingDone(orderId);
    const order = (await findOrder(api.deps.db, orderId))!;
    const start = doordash.requests.length;
    await Promise.all([handOffPaidOrder(api.deps, order), handOffPaidOrder(api.deps, order)]);
    expect(doordash.requests.slice(start)).toEqual([]);
    expect(bookedUnder([externalId])).toHaveLength(1);
  });

  it('DoorDash cancelling a booked delivery flags the order with its reason; after the drop-off it does not', async () => {
    const { quoteId, externalId } = await quoted();
    const orderId = await pay(quoteId);
    await bookingDone(orderId);
    const cancelled = doordash.event('DELIVERY_CANCELLED', externalId, {
      cancellation_reason: 'failed_to_assign_and_refunded',
    });
    expect((await hook(cancelled)).status).toBe(200);
    expect((await onBoard(orderId)).problems).toEqual([
      {
        kind: 'delivery_not_booked',
        detail: 'DoorDash cancelled the delivery: no Dasher took it (failed_to_assign_and_refunded).',
        opened_at: now.toISOString(),
      },
    ]);

    // A reason DoorDash does not document is never shown as its text.
    const second = await quoted();
    const secondOrder = await pay(second.quoteId);
    await bookingDone(secondOrder);
    const hostile = doordash.event('DELIVERY_CANCELLED', second.externalId, {
      cancellation_reason: '<img src=x onerror=alert(1)>',
    });
    expect((await hook(hostile)).status).toBe(200);
    expect((await onBoard(secondOrder)).problems).toEqual([
      {
        kind: 'delivery_not_booked',
        detail: 'DoorDash cancelled the delivery (no reason given).',
        opened_at: now.toISOString(),
      },
    ]);

    // Delivered, then a late cancellation: the order is completed and nothing is flagged.
    const third = await quoted();
    const thirdOrder = await pay(third.quoteId);
    await bookingDone(thirdOrder);
    expect((await hook(doordash.event('DASHER_DROPPED_OFF', third.externalId))).status).toBe(200);
    expect((await findOrder(api.deps.db, thirdOrder))!.status).toBe('completed');
    expect((await hook(doordash.event('DELIVERY_CANCELLED', third.externalId))).status).toBe(200);
    const flagged = await api.deps.db.query('select 1 from order_problems where order_id = $1', [thirdOrder]);
    expect(flagged).toEqual([]);
  });

  it('a delivery coming back flags the order for the staff, and its return updates what the ticket says', async () => {
    const { quoteId, externalId } = await quoted();
    const orderId = await pay(quoteId);
    await bookingDone(orderId);
    expect((await hook(doordash.event('DASHER_PICKED_UP', externalId))).status).toBe(200);
    expect((await onBoard(orderId)).problems).toEqual([]);
    expect((await hook(doordash.event('DELIVERY_RETURN_INITIALIZED', externalId))).status).toBe(200);
    expect((await onBoard(orderId)).problems).toEqual([
      {
        kind: 'delivery_returned',
        detail:
          "DoorDash's driver could not hand the order over and is bringing it back to the restaurant. Call the customer.",
        opened_at: now.toISOString(),
      },
    ]);
    expect((await hook(doordash.event('DELIVERY_RETURNED', externalId))).status).toBe(200);
    expect((await onBoard(orderId)).problems).toEqual([
      {
        kind: 'delivery_returned',
        detail: 'The order is back at the restaurant: the driver could not hand it over. Call the customer.',
        opened_at: now.toISOString(),
      },
    ]);
  });

  describe('cancelling a delivery order', () => {
    const cancel = (orderId: string) =>
      api.call('POST', `/api/staff/orders/${orderId}/cancel/`, { reason: 'customer_request' }, staff);

    it('calls off the booked courier at DoorDash, once, and flags nothing', async () => {
      const { quoteId, externalId } = await quoted();
      const orderId = await pay(quoteId);
      await bookingDone(orderId);
      const start = doordash.requests.length;
      expect((await cancel(orderId)).status).toBe(200);
      await api.deps.inFlight.idle();
      expect(callsSince(start, /^PUT /).map((r) => [r.path, r.status])).toEqual([
        [`/drive/v2/deliveries/${externalId}/cancel`, 200],
      ]);
      expect(doordash.quote(externalId)!.delivery_status).toBe('cancelled');
      // DoorDash's own cancellation event then changes nothing on the cancelled order.
      expect((await hook(doordash.event('DELIVERY_CANCELLED', externalId))).status).toBe(200);
      expect((await onBoard(orderId)).problems).toEqual([]);
    });

    it('a courier who has picked up the food is flagged "courier not cancelled" with DoorDash’s refusal', async () => {
      const { quoteId, externalId } = await quoted();
      const orderId = await pay(quoteId);
      await bookingDone(orderId);
      expect((await hook(doordash.event('DASHER_PICKED_UP', externalId))).status).toBe(200);
      expect((await cancel(orderId)).status).toBe(200);
      await api.deps.inFlight.idle();
      expect((await onBoard(orderId)).problems).toEqual([
        {
          kind: 'courier_not_cancelled',
          detail: `DoorDash would not cancel the courier (delivery_picked_up). Cancel delivery ${externalId} in the DoorDash portal, or call DoorDash.`,
          opened_at: now.toISOString(),
        },
      ]);
    });

    it('DoorDash failing when asked is flagged too, and a delivery returned to the restaurant is never asked', async () => {
      const { quoteId, externalId } = await quoted();
      const orderId = await pay(quoteId);
      await bookingDone(orderId);
      doordash.failNext(500, doordashError('error-500-service-fault').body, { on: 'cancel' });
      expect((await cancel(orderId)).status).toBe(200);
      await api.deps.inFlight.idle();
      const [problem] = (await onBoard(orderId)).problems;
      expect(problem).toMatchObject({ kind: 'courier_not_cancelled' });
      expect(problem!.detail).toBe(
        `DoorDash failed (service_fault) when asked to cancel the courier. Cancel delivery ${externalId} in the DoorDash portal, or call DoorDash.`,
      );

      const second = await quoted();
      const secondOrder = await pay(second.quoteId);
      await bookingDone(secondOrder);
      // The Dasher brought the food back: there is no courier left to call off.
      expect((await hook(doordash.event('DELIVERY_RETURNED', second.externalId))).status).toBe(200);
      const start = doordash.requests.length;
      expect((await cancel(secondOrder)).status).toBe(200);
      await api.deps.inFlight.idle();
      expect(callsSince(start, /^PUT /)).toEqual([]);
      expect((await onBoard(secondOrder)).problems.map((p) => p.kind)).not.toContain('courier_not_cancelled');
    });
  });
});
