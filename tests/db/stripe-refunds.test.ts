// Refunds made in Stripe's Dashboard, through the real API on a fresh database (PGlite, and
// PostgreSQL when DATABASE_URL is set), against the Stripe stand-in answering with Stripe's
// published objects (tests/fixtures/stripe/): charge.refunded for a full refund ends the open
// order as a cancel would and for a partial one records a refund row, each once, with the points
// taken back by the staff rule and the customer told as a staff refund tells them; a staff cancel or
// refund that Stripe refuses because the money went back already (charge_already_refunded, or
// "greater than unrefunded amount" on the amount) records what Stripe gave back and ends, with no
// "cancel again" loop.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusEvent } from '../../shared/api/schemas.ts';
import type { SalesReport } from '../../shared/api/admin-sales.ts';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { staffMember, staffSignIn } from '../support/staff-members.ts';
import { bookingForOrder } from '../../server/db/deliveries.ts';
import { createDoorDash } from '../../server/providers/delivery/doordash.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { WEBHOOK_NOT_AN_EVENT } from '../../server/routes/stripe-webhooks.ts';
import { REFUND_FAILED } from '../../server/services/order-cancel.ts';
import { DASHBOARD_NOTE, PROVIDER_DASHBOARD, REFUND_IN_FLIGHT } from '../../server/services/refunds.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';
import { waitFor } from '../support/wait-for.ts';
import {
  deliverStripeEvent,
  startStripeStandIn,
  stripeFixture,
  type StripeEventJson,
  type StripeStandIn,
} from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_dashboard_refunds';
const WEBHOOK_SECRET = 'whsec_dashboard_refunds';
const COOK = 'cook@comal.example';
const OWNER = 'owner@comal.example';
const STOP = translator('en')('sms.stopSentence');

describe.each(databaseTargets)('refunds made in Stripe on $name', (target) => {
  let api: TestApi;
  let stripe: StripeStandIn;
  let doordash: DoorDashStandIn;
  // A Friday, 11:00 in Los Angeles; each order a minute after the one before.
  let now = new Date('2026-11-20T19:00:00Z');
  let caller = 0;
  let phone = 300;
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++caller % 250}` });

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    doordash = await startDoorDashStandIn({ feeCents: 975 });
    const delivery = createDoorDash(doordash.credentials);
    api = await createTestApi(
      target,
      { payments, delivery, clock: () => now },
      { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    );
    await addTestItems(api, [
      {
        id: 'dr-torta',
        name: 'Torta',
        priceCents: 1150,
        groups: [
          {
            id: 'dr-extras',
            name: 'Extras',
            min: 0,
            max: 1,
            modifiers: [{ id: 'dr-aguacate', name: 'Aguacate', priceCents: 50 }],
          },
        ],
      },
      { id: 'dr-agua', name: 'Agua fresca', priceCents: 850 },
      { id: 'dr-churro', name: 'Churro', priceCents: 325 },
    ]);
    await staffMember(api, COOK, 'staff', now);
    await staffMember(api, OWNER, 'admin', now);
  });
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
    await doordash?.close();
  });

  const cook = () => staffSignIn(api, COOK, from());
  /** The owner's sales report's refunds for the restaurant's day now. */
  const salesRefunds = async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: restaurant.ordering.timeZone }).format(now);
    const response = await api.call(
      'GET',
      `/api/staff/admin/sales/?from=${day}&to=${day}`,
      undefined,
      await staffSignIn(api, OWNER, from()),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as SalesReport).totals.refunds_cents;
  };
  /** The staff's cancel of an order, which gives back all that is left to refund. */
  const staffCancel = (orderId: string, staff: Record<string, string>, reason = 'kitchen_delay') =>
    api.call('POST', `/api/staff/orders/${orderId}/cancel/`, { reason }, staff);
  /** A staff refund (items or an amount), as the refund dialog sends it with a new key. */
  const staffRefund = (orderId: string, staff: Record<string, string>, body: Record<string, unknown>) =>
    api.call('POST', `/api/staff/orders/${orderId}/refunds/`, body, { ...staff, 'Idempotency-Key': randomUUID() });

  /**
   * Torta with aguacate ($11.50 + $0.50), agua fresca ($8.50) and a churro ($3.25): $23.75, tax
   * 9.75% = $2.32, $26.07 paid through Stripe; it earns 23 points. Texts wanted. Picked up, unless
   * `delivery` names the fields of a delivery (then the total is more).
   */
  async function paidOrder(delivery: Record<string, string> = { delivery_type: 'pickup' }, language?: 'es') {
    now = new Date(now.getTime() + 60_000);
    const digits = `213555${String(++phone).padStart(4, '0')}`;
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        email: `ana${phone}@example.com`,
        phone: digits,
        ...delivery,
        promo_code: '',
        sms_opt_in: true,
        cart_items: [
          { menu_item_id: 'dr-torta', quantity: 1, modifiers: ['dr-aguacate'] },
          { menu_item_id: 'dr-agua', quantity: 1, modifiers: [] },
          { menu_item_id: 'dr-churro', quantity: 1, modifiers: [] },
        ],
      },
      { ...from(), ...(language ? { 'Accept-Language': language } : {}) },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; totals: { total: number } };
    const intent = stripe.intents().find((i) => i.metadata.order_id === order.order_id)!;
    stripe.succeed(intent.id);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    if (delivery.delivery_type === 'pickup') expect(order.totals.total).toBe(26.07);
    return { ...order, intent: intent.id, phone: digits, email: `ana${phone}@example.com` };
  }

  /** Delivers the event as Stripe does, then waits for the work it started (`settle: false`: not, while a call is held). */
  const deliver = async (event: StripeEventJson<unknown>, { settle = true } = {}) => {
    const response = await deliverStripeEvent(api.app, event, WEBHOOK_SECRET);
    if (settle) await api.deps.inFlight.idle();
    return response;
  };
  const board = async (orderId: string, staff: Record<string, string>) =>
    (await (await api.call('GET', `/api/staff/orders/${orderId}/`, undefined, staff)).json()) as BoardOrder;
  const points = async (digits: string) =>
    (
      (await (await api.call('GET', `/api/loyalty/points/?phone=${digits}`, undefined, from())).json()) as {
        points: number;
      }
    ).points;
  const mails = (to: string) =>
    api.deps.db.query<{ subject: string; body: string }>(
      'select subject, body from outbox where recipient = $1 order by id',
      [to],
    );
  const texts = async (orderId: string) => {
    await api.deps.inFlight.idle();
    return api.deps.db.query<{ kind: string; body: string }>(
      'select kind, body from sms_messages where order_id = $1 order by id',
      [orderId],
    );
  };
  const paymentStatus = async (orderId: string) =>
    (await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [orderId]))[0]!
      .status;
  const stripeAmounts = (intent: string) =>
    stripe
      .refunds()
      .filter((r) => r.payment_intent === intent)
      .map((r) => r.amount);
  async function statusNow(orderId: string): Promise<OrderStatusEvent> {
    const stream = readSse(await api.call('GET', `/api/orders/${orderId}/status/`));
    try {
      const [first] = await stream.next(1, 5000);
      return JSON.parse(first!.data) as OrderStatusEvent;
    } finally {
      await stream.close();
    }
  }
  const cancelMail = (number: number, amount: string, why: string, note: string | null, pointsBack: number) =>
    `Hi Ana Ruiz,\n\n` +
    `We are sorry: we cancelled your order #${number}.\n` +
    `${amount} is going back to the card you paid with; your bank can take 5 to 10 business days to show it.\n` +
    `Why: ${why}.\n` +
    (note ? `A note from the restaurant: ${note}\n` : '') +
    `${pointsBack} loyalty points this order earned were taken back.\n\n` +
    `Questions? Call us at ${restaurant.phoneDisplay}.\n`;

  it('charge.refunded for a full Dashboard refund ends the open order as a cancel would, once', async () => {
    const order = await paidOrder();
    expect(await points(order.phone)).toBe(23);
    const made = stripe.refundInDashboard(order.intent);
    expect(made).toMatchObject({ amount: 2607, metadata: {}, status: 'succeeded' });

    const event = stripe.chargeEvent('charge.refunded', order.intent);
    // As Stripe sends it from API version 2022-11-15: the charge without its refunds.
    expect(event.data.object).toMatchObject({ amount: 2607, amount_refunded: 2607, refunded: true });
    expect(event.data.object).not.toHaveProperty('refunds');
    expect(event.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    // Stripe was asked for the payment's refunds.
    expect(
      stripe.requests.filter(
        (r) => r.method === 'GET' && r.path === '/v1/refunds' && r.params.payment_intent === order.intent,
      ),
    ).toHaveLength(1);
    const staff = await cook();
    const shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'other',
      cancel_note: DASHBOARD_NOTE,
      refunded: true,
      refunded_cents: 2607,
    });
    expect(shown.refunds).toEqual([
      {
        id: expect.stringMatching(/^rf_/) as unknown,
        amount_cents: 2607,
        reason: 'other',
        note: DASHBOARD_NOTE,
        lines: [],
        whole_order: true,
        status: 'succeeded',
        by: PROVIDER_DASHBOARD,
        points_reversed: 23,
        created_at: now.toISOString(),
      },
    ]);
    expect(await points(order.phone)).toBe(0);
    expect(await paymentStatus(order.order_id)).toBe('refunded');
    const [stored] = await api.deps.db.query<{ provider_reference: string }>(
      'select provider_reference from refunds where order_id = $1',
      [order.order_id],
    );
    expect(stored!.provider_reference).toBe(made.id);

    // The customer: one mail and one text, as a staff cancel tells them; their page shows it.
    const sent = await mails(order.email);
    expect(sent.map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
      `Order #${order.number} is cancelled`,
    ]);
    expect(sent[1]!.body).toBe(cancelMail(order.number, '$26.07', 'another reason', DASHBOARD_NOTE, 23));
    expect(await texts(order.order_id)).toEqual([
      {
        kind: `refund:${shown.refunds[0]!.id}`,
        body: `${restaurant.name}: we cancelled order ${order.number}. $26.07 is going back to your card. Why: another reason (${DASHBOARD_NOTE}). ${STOP}`,
      },
    ]);
    const page = await statusNow(order.order_id);
    expect(page).toMatchObject({
      status: 'cancelled',
      cancel: { reason: 'other', reason_text: 'another reason', note: DASHBOARD_NOTE },
      refunds: [expect.objectContaining({ amount_cents: 2607, whole_order: true, status: 'succeeded' })],
    });

    // The same event again, another event about the same refund, and a staff cancel: nothing more.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.refundEvent('refund.updated', made.id))).status).toBe(200);
    const cancelled = await staffCancel(order.order_id, staff);
    expect(cancelled.status).toBe(200);
    expect((await board(order.order_id, staff)).refunds).toHaveLength(1);
    expect((await mails(order.email)).length).toBe(2);
    expect(await texts(order.order_id)).toHaveLength(1);
    expect(stripe.requests.some((r) => r.method === 'POST' && r.params.payment_intent === order.intent)).toBe(false);
  });

  it('a cancel whose refund went through and then failed at Stripe (a closed card): failed, flagged once, the payment paid again', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const cancelled = await staffCancel(order.order_id, staff);
    expect(cancelled.status).toBe(200);
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    expect(made).toMatchObject({ amount: 2607, status: 'succeeded' });
    expect(await paymentStatus(order.order_id)).toBe('refunded');
    const mailed = (await mails(order.email)).length;

    // Days later the card's bank sends it back: Stripe marks the refund failed and says why.
    now = new Date(now.getTime() + 3 * 86_400_000);
    const failed = stripe.setRefundStatus(made!.id, 'failed', 'expired_or_canceled_card');
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const event = stripe.refundEvent('refund.failed', made!.id);
    expect((await deliver(event)).status).toBe(200);

    const later = await cook();
    const shown = await board(order.order_id, later);
    expect(shown).toMatchObject({ status: 'cancelled', refunded: false, refunded_cents: 0 });
    expect(shown.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2607, whole_order: true, status: 'failed' }),
    ]);
    expect(shown.problems).toEqual([
      {
        kind: 'refund_failed',
        detail:
          "Stripe could not give back $26.07 to the customer's card: the card has expired or was closed. Give it back another way, or refund again once the cause is fixed.",
        opened_at: now.toISOString(),
      },
    ]);
    expect(await paymentStatus(order.order_id)).toBe('succeeded');
    // The customer, told the money was on its way, is told it is not, once.
    const told = (await mails(order.email)).slice(mailed);
    expect(told).toEqual([
      {
        subject: `Your refund on order #${order.number} did not go through`,
        body:
          'Hi Ana Ruiz,\n\n' +
          `The $26.07 we refunded for your order #${order.number} did not reach your card. We will be in touch to give it back to you another way.\n\n` +
          `Questions? Call us at ${restaurant.phoneDisplay}.\n`,
      },
    ]);

    // The same news again, in the other events Stripe sends for it: nothing more.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.refundEvent('charge.refund.updated', made!.id))).status).toBe(200);
    const again = await board(order.order_id, later);
    expect(again.problems).toHaveLength(1);
    expect(again.refunds).toEqual(shown.refunds);
    expect(await mails(order.email)).toHaveLength(mailed + 1);
    const events = await api.deps.db.query<{ n: number }>(
      `select count(*)::int as n from order_events where order_id = $1 and kind = 'refunded' and payload->>'status' = 'failed'`,
      [order.order_id],
    );
    expect(events[0]!.n).toBe(1);
  });

  it('a refund Stripe takes pending is settled and told at once, shown pending until refund.updated says it went through', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const mailed = (await mails(order.email)).length;
    const refundsBefore = await salesRefunds();
    stripe.pendRefunds(1);
    const asked = await staffRefund(order.order_id, staff, {
      reason: 'out_of_stock',
      lines: [{ position: 1, quantity: 1 }],
    });
    expect(asked.status).toBe(200);
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    // The agua fresca, $8.50, and its share of the tax, $0.83.
    expect(made).toMatchObject({ amount: 933, status: 'pending' });
    // $23.75 - $8.50 = $15.25 earns 15 of the 23 points: 8 taken back now, as for a refund gone through.
    expect(((await asked.json()) as BoardOrder).refunds).toEqual([
      expect.objectContaining({ amount_cents: 933, status: 'pending', points_reversed: 8 }),
    ]);
    expect(await points(order.phone)).toBe(15);
    // The owner's sales count it as given back, as Stripe does.
    expect((await salesRefunds()) - refundsBefore).toBe(933);
    const told = (await mails(order.email)).slice(mailed);
    expect(told).toEqual([expect.objectContaining({ subject: `A refund on order #${order.number}` })]);
    expect(told[0]!.body).toContain(
      `$9.33 is going back to the card you paid with; your bank can take 5 to 10 business days to show it.\n`,
    );
    expect(await texts(order.order_id)).toHaveLength(1);
    expect((await statusNow(order.order_id)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 933, status: 'pending' }),
    ]);
    const events = async () =>
      (
        await api.deps.db.query<{ status: string }>(
          `select payload->>'status' as status from order_events where order_id = $1 and kind = 'refunded' order by id`,
          [order.order_id],
        )
      ).map((event) => event.status);
    expect(await events()).toEqual(['pending']);

    // Stripe gave it back: refund.updated. The board and the customer's page say so; nothing is told twice.
    stripe.setRefundStatus(made!.id, 'succeeded');
    const event = stripe.refundEvent('refund.updated', made!.id);
    expect((await deliver(event)).status).toBe(200);
    expect((await board(order.order_id, staff)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 933, status: 'succeeded', points_reversed: 8 }),
    ]);
    expect((await statusNow(order.order_id)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 933, status: 'succeeded' }),
    ]);
    expect(await events()).toEqual(['pending', 'succeeded']);
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.refundEvent('charge.refund.updated', made!.id))).status).toBe(200);
    expect(await mails(order.email)).toHaveLength(mailed + 1);
    expect(await texts(order.order_id)).toHaveLength(1);
    expect(await points(order.phone)).toBe(15);
    expect(await events()).toEqual(['pending', 'succeeded']);
  });

  it("a cancel's refund Stripe takes pending is told at once and never asked again; failing later, it is flagged and the customer told, and a cancel again gives it back", async () => {
    const order = await paidOrder();
    const staff = await cook();
    const mailed = (await mails(order.email)).length;
    stripe.pendRefunds(1);
    const cancelled = await staffCancel(order.order_id, staff);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      status: 'cancelled',
      refunded: true,
      refunds: [expect.objectContaining({ amount_cents: 2607, whole_order: true, status: 'pending' })],
    });
    expect(stripeAmounts(order.intent)).toEqual([2607]);
    expect(await paymentStatus(order.order_id)).toBe('refunded');
    expect((await mails(order.email)).slice(mailed)).toEqual([
      {
        subject: `Order #${order.number} is cancelled`,
        body: cancelMail(order.number, '$26.07', 'the kitchen ran late', null, 23),
      },
    ]);

    // Minutes later, with no word from Stripe yet, a cancel again does not even ask Stripe.
    now = new Date(now.getTime() + 15 * 60_000);
    const asked = stripe.requests.length;
    expect((await staffCancel(order.order_id, await cook())).status).toBe(200);
    expect(stripe.requests.slice(asked).filter((r) => r.path === '/v1/refunds')).toEqual([]);
    expect(stripeAmounts(order.intent)).toEqual([2607]);

    // The Stripe balance never covered it: Stripe fails it.
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    stripe.setRefundStatus(made!.id, 'failed', 'insufficient_funds');
    expect((await deliver(stripe.refundEvent('refund.failed', made!.id))).status).toBe(200);
    const later = await cook();
    const shown = await board(order.order_id, later);
    expect(shown).toMatchObject({ status: 'cancelled', refunded: false });
    expect(shown.refunds).toEqual([expect.objectContaining({ amount_cents: 2607, status: 'failed' })]);
    expect(shown.problems).toEqual([
      {
        kind: 'refund_failed',
        detail:
          "Stripe could not give back $26.07 to the customer's card: the Stripe balance could not cover it. Give it back another way, or refund again once the cause is fixed.",
        opened_at: now.toISOString(),
      },
    ]);
    expect(await paymentStatus(order.order_id)).toBe('succeeded');
    // Told the money was on its way, the customer hears it is not.
    expect((await mails(order.email)).slice(mailed + 1)).toEqual([
      expect.objectContaining({ subject: `Your refund on order #${order.number} did not go through` }),
    ]);

    // Once the balance can cover it, a cancel again gives it back. Stripe's news of the failed
    // try, sent again while the new try is at Stripe, is answered 503 (Stripe sends it later):
    // it must not fail the new try.
    const hold = stripe.holdRefunds();
    const again = staffCancel(order.order_id, later);
    await hold.reached;
    const early = await deliver(stripe.refundEvent('charge.refund.updated', made!.id), { settle: false });
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ error: true, message: REFUND_IN_FLIGHT });
    hold.release();
    expect((await again).status).toBe(200);
    expect(
      stripe
        .refunds()
        .filter((r) => r.payment_intent === order.intent)
        .map((r) => r.status),
    ).toEqual(['failed', 'succeeded']);
    expect((await deliver(stripe.refundEvent('charge.refund.updated', made!.id))).status).toBe(200);
    const settled = await board(order.order_id, later);
    expect(settled).toMatchObject({ status: 'cancelled', refunded: true });
    expect(settled.refunds).toEqual([expect.objectContaining({ amount_cents: 2607, status: 'succeeded' })]);
    expect(await paymentStatus(order.order_id)).toBe('refunded');
    expect((await mails(order.email)).slice(mailed + 2)).toEqual([
      {
        subject: `Order #${order.number} is cancelled`,
        body: cancelMail(order.number, '$26.07', 'the kitchen ran late', null, 23),
      },
    ]);
  });

  it("Stripe's report of a refund it took while our try still waits on its answer is answered 503, then changes nothing: told once", async () => {
    const order = await paidOrder();
    const staff = await cook();
    const mailed = (await mails(order.email)).length;
    stripe.pendRefunds(1);
    const hold = stripe.holdRefunds('made');
    const asked = staffRefund(order.order_id, staff, { reason: 'out_of_stock', lines: [{ position: 2, quantity: 1 }] });
    await hold.reached;
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    expect(made).toMatchObject({ amount: 357, status: 'pending' });
    const early = await deliver(stripe.refundEvent('refund.created', made!.id), { settle: false });
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ error: true, message: REFUND_IN_FLIGHT });
    expect(await mails(order.email)).toHaveLength(mailed);
    hold.release();
    const answered = await asked;
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as BoardOrder).refunds).toEqual([
      expect.objectContaining({ amount_cents: 357, status: 'pending', points_reversed: 3 }),
    ]);
    // Stripe sends it again: taken in already, nothing more.
    expect((await deliver(stripe.refundEvent('refund.created', made!.id))).status).toBe(200);
    expect((await mails(order.email)).slice(mailed)).toEqual([
      expect.objectContaining({ subject: `A refund on order #${order.number}` }),
    ]);
    expect(await texts(order.order_id)).toHaveLength(1);
    expect(await points(order.phone)).toBe(20);
  });

  it('a refund whose answer was lost is found at Stripe: on its way, told once', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const mailed = (await mails(order.email)).length;
    stripe.pendRefunds(1);
    // Every answer to the refund's making lost (the client's retries with the same key too);
    // Stripe's list of the payment's refunds still answers.
    stripe.loseRefundAnswers(10, 'POST');
    const asked = await staffRefund(order.order_id, staff, {
      reason: 'out_of_stock',
      lines: [{ position: 2, quantity: 1 }],
    });
    stripe.loseRefundAnswers(0);
    expect(asked.status).toBe(200);
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    expect(made).toMatchObject({ amount: 357, status: 'pending' });
    expect(((await asked.json()) as BoardOrder).refunds).toEqual([
      expect.objectContaining({ amount_cents: 357, status: 'pending', points_reversed: 3 }),
    ]);
    expect(await points(order.phone)).toBe(20);
    expect((await mails(order.email)).slice(mailed)).toEqual([
      expect.objectContaining({ subject: `A refund on order #${order.number}` }),
    ]);
    // Stripe's own report of it changes nothing more.
    expect((await deliver(stripe.refundEvent('refund.created', made!.id))).status).toBe(200);
    expect(await mails(order.email)).toHaveLength(mailed + 1);
    expect(await texts(order.order_id)).toHaveLength(1);
  });

  it('a refund Stripe took pending while neither its answer nor its list reached us (502 to the staff) is taken in from its report and told once; failing, the customer hears it', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const mailed = (await mails(order.email)).length;
    stripe.pendRefunds(1);
    // Every answer about refunds lost while the staff's request lasts.
    stripe.loseRefundAnswers(10);
    const asked = await staffRefund(order.order_id, staff, {
      reason: 'out_of_stock',
      lines: [{ position: 2, quantity: 1 }],
    });
    stripe.loseRefundAnswers(0);
    expect(asked.status).toBe(502);
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    // The churro, $3.25, and its share of the tax: 232 x 325 / 2375 = 31.7 -> $0.32.
    expect(made).toMatchObject({ amount: 357, status: 'pending' });
    expect((await board(order.order_id, staff)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 357, status: 'failed', points_reversed: 0 }),
    ]);
    expect(await points(order.phone)).toBe(23);
    expect(await mails(order.email)).toHaveLength(mailed);

    // Stripe says it took it: the refund is on its way after all. $20.50 earns 20 points: 3 back.
    expect((await deliver(stripe.refundEvent('refund.created', made!.id))).status).toBe(200);
    expect((await board(order.order_id, staff)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 357, status: 'pending', points_reversed: 3 }),
    ]);
    expect(await points(order.phone)).toBe(20);
    expect((await mails(order.email)).slice(mailed)).toEqual([
      expect.objectContaining({ subject: `A refund on order #${order.number}` }),
    ]);
    expect(await texts(order.order_id)).toHaveLength(1);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    expect(await mails(order.email)).toHaveLength(mailed + 1);

    // It never reaches the card: flagged, and the customer, told it was on its way, hears it is not.
    stripe.setRefundStatus(made!.id, 'failed', 'declined');
    expect((await deliver(stripe.refundEvent('refund.failed', made!.id))).status).toBe(200);
    const shown = await board(order.order_id, await cook());
    expect(shown.refunds).toEqual([expect.objectContaining({ amount_cents: 357, status: 'failed' })]);
    expect(shown.problems).toEqual([expect.objectContaining({ kind: 'refund_failed' })]);
    expect((await mails(order.email)).slice(mailed + 1)).toEqual([
      expect.objectContaining({ subject: `Your refund on order #${order.number} did not go through` }),
    ]);
    expect(await points(order.phone)).toBe(20);
  });

  it('a refund whose try never heard back (a crash), which Stripe reports failed, is flagged with no word to the customer', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const asked = await staffRefund(order.order_id, staff, {
      reason: 'out_of_stock',
      lines: [{ position: 2, quantity: 1 }],
    });
    expect(asked.status).toBe(200);
    const [made] = stripe.refunds().filter((r) => r.payment_intent === order.intent);
    const { id } = ((await asked.json()) as BoardOrder).refunds[0]!;
    // What a server that stopped right after Stripe took the refund leaves: the row still being
    // asked, without Stripe's name for it. (Its settling is left as it was: the test is of the report.)
    await api.deps.db.query(`update refunds set status = 'pending', provider_reference = null where id = $1`, [id]);
    const mailed = (await mails(order.email)).length;

    // A report that comes while the try could still be in flight is left for later (503).
    stripe.setRefundStatus(made!.id, 'failed', 'declined');
    expect((await deliver(stripe.refundEvent('refund.failed', made!.id))).status).toBe(503);
    expect((await board(order.order_id, staff)).refunds).toEqual([expect.objectContaining({ id, status: 'pending' })]);

    // Once the try is over (stale), the same report fails it.
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await deliver(stripe.refundEvent('refund.updated', made!.id))).status).toBe(200);
    const shown = await board(order.order_id, await cook());
    expect(shown.refunds).toEqual([expect.objectContaining({ id, status: 'failed' })]);
    expect(shown.problems).toEqual([expect.objectContaining({ kind: 'refund_failed' })]);
    expect(await mails(order.email)).toHaveLength(mailed);
  });

  it('a Spanish order refunded in the Dashboard reads the note in Spanish, in its mail, its text and on its page', async () => {
    const order = await paidOrder(undefined, 'es');
    stripe.refundInDashboard(order.intent);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    const note = 'Reembolsado desde el panel de Stripe.';
    expect((await mails(order.email)).at(-1)!.body).toContain(`Una nota del restaurante: ${note}\n`);
    expect((await texts(order.order_id)).at(-1)!.body).toContain(`Motivo: otro motivo (${note}).`);
    expect((await statusNow(order.order_id)).cancel).toEqual({ reason: 'other', reason_text: 'otro motivo', note });
    // The staff read what happened in the board's words.
    expect((await board(order.order_id, await cook())).cancel_note).toBe(DASHBOARD_NOTE);
  });

  it('a partial Dashboard refund is a refund row, points back by the staff rule; the rest later ends the order', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const first = stripe.refundInDashboard(order.intent, 500);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    let shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({ status: 'paid', refunded: false, refunded_cents: 500 });
    // $23.75 - $5.00 = $18.75 earns 18 of the 23 points: 5 taken back.
    expect(shown.refunds).toEqual([
      expect.objectContaining({
        amount_cents: 500,
        reason: 'other',
        note: DASHBOARD_NOTE,
        whole_order: false,
        status: 'succeeded',
        by: PROVIDER_DASHBOARD,
        points_reversed: 5,
      }),
    ]);
    expect(await points(order.phone)).toBe(18);
    expect((await mails(order.email)).at(-1)).toEqual({
      subject: `A refund on order #${order.number}`,
      body:
        `Hi Ana Ruiz,\n\n` +
        `We refunded $5.00 of your order #${order.number}.\n` +
        `$5.00 is going back to the card you paid with; your bank can take 5 to 10 business days to show it.\n` +
        `Why: another reason.\n` +
        `A note from the restaurant: ${DASHBOARD_NOTE}\n` +
        `5 loyalty points this order earned were taken back.\n\n` +
        `Questions? Call us at ${restaurant.phoneDisplay}.\n`,
    });
    expect((await statusNow(order.order_id)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 500, reason: 'other', note: DASHBOARD_NOTE, status: 'succeeded' }),
    ]);

    // A staff refund of ours, then Stripe's charge.refunded about it: counted once, as ours.
    const ours = await staffRefund(order.order_id, staff, { reason: 'kitchen_delay', amount_cents: 300 });
    expect(ours.status).toBe(200);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    shown = await board(order.order_id, staff);
    expect(shown.refunds.map((r) => [r.amount_cents, r.by])).toEqual([
      [500, PROVIDER_DASHBOARD],
      [300, COOK],
    ]);
    expect(shown.refunded_cents).toBe(800);
    expect(await points(order.phone)).toBe(15);

    // The rest in the Dashboard: the order ends, its remaining points taken back.
    stripe.refundInDashboard(order.intent);
    expect(stripeAmounts(order.intent)).toEqual([500, 300, 1807]);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({ status: 'cancelled', refunded: true, refunded_cents: 2607 });
    expect(shown.refunds.at(-1)).toMatchObject({
      amount_cents: 1807,
      whole_order: true,
      by: PROVIDER_DASHBOARD,
      points_reversed: 15,
    });
    expect(await points(order.phone)).toBe(0);
    expect((await mails(order.email)).at(-1)!.body).toBe(
      cancelMail(order.number, '$18.07', 'another reason', DASHBOARD_NOTE, 15),
    );
    expect((await mails(order.email)).map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
      `A refund on order #${order.number}`,
      `A refund on order #${order.number}`,
      `Order #${order.number} is cancelled`,
    ]);
    expect(first.id).toMatch(/^re_/);
  });

  it('Dashboard-refunded, then a staff cancel: Stripe says charge_already_refunded; 200, cancelled, the refund recorded once', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const made = stripe.refundInDashboard(order.intent);
    const published = stripeFixture<{ body: { error: { code: string } } }>('error-charge-already-refunded');

    const cancelled = await staffCancel(order.order_id, staff);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const refused = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === order.intent,
    );
    expect(refused.map((r) => r.status)).toEqual([400]);
    expect(published.body.error.code).toBe('charge_already_refunded');

    const shown = (await cancelled.json()) as BoardOrder;
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'kitchen_delay',
      refunded: true,
      refunded_cents: 2607,
    });
    expect(shown.refunds).toEqual([
      expect.objectContaining({
        amount_cents: 2607,
        reason: 'kitchen_delay',
        whole_order: true,
        status: 'succeeded',
        by: COOK,
        points_reversed: 23,
      }),
    ]);
    const [stored] = await api.deps.db.query<{ provider_reference: string }>(
      'select provider_reference from refunds where order_id = $1',
      [order.order_id],
    );
    expect(stored!.provider_reference).toBe(made.id);
    expect(stripeAmounts(order.intent)).toEqual([2607]);
    expect(await points(order.phone)).toBe(0);
    expect(await paymentStatus(order.order_id)).toBe('refunded');
    const sent = await mails(order.email);
    expect(sent.map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
      `Order #${order.number} is cancelled`,
    ]);
    expect(sent[1]!.body).toBe(cancelMail(order.number, '$26.07', 'the kitchen ran late', null, 23));
    expect(await texts(order.order_id)).toHaveLength(1);

    // Stripe's event arrives after: the refund is known. Cancelling again asks Stripe nothing.
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    const posts = stripe.requests.length;
    const again = await staffCancel(order.order_id, staff);
    expect(again.status).toBe(200);
    expect(stripe.requests.length).toBe(posts);
    expect((await board(order.order_id, staff)).refunds).toHaveLength(1);
    expect(await mails(order.email)).toHaveLength(2);
    expect(await texts(order.order_id)).toHaveLength(1);
  });

  it('a staff refund after a partial Dashboard refund: "greater than unrefunded" records it and says what is left (409)', async () => {
    const order = await paidOrder();
    const staff = await cook();
    stripe.refundInDashboard(order.intent, 2000);
    const refund = await staffRefund(order.order_id, staff, { reason: 'quality_issue', amount_cents: 1000 });
    expect(refund.status).toBe(409);
    expect(await refund.json()).toEqual({
      error: true,
      message: `Only $6.07 of order ${order.number} is left to refund, less than $10.00.`,
    });
    const shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({ status: 'paid', refunded_cents: 2000 });
    // In the order they were written: the staff's try, then what Stripe said was given back before it.
    expect(shown.refunds.map((r) => [r.amount_cents, r.by, r.status])).toEqual([
      [1000, COOK, 'failed'],
      [2000, PROVIDER_DASHBOARD, 'succeeded'],
    ]);
    // $3.75 left of the subtotal earns 3 points: 20 taken back.
    expect(await points(order.phone)).toBe(3);
    expect((await mails(order.email)).map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
      `A refund on order #${order.number}`,
    ]);

    // The cancel gives back what is left.
    const cancelled = await staffCancel(order.order_id, staff, 'quality_issue');
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', refunded: true, refunded_cents: 2607 });
    expect(stripeAmounts(order.intent)).toEqual([2000, 607]);
    expect(await points(order.phone)).toBe(0);
  });

  it('a cancel after a partial Dashboard refund records it and gives back the rest, with a new key', async () => {
    const order = await paidOrder();
    const staff = await cook();
    stripe.refundInDashboard(order.intent, 1000);
    const cancelled = await staffCancel(order.order_id, staff, 'customer_request');
    expect(cancelled.status).toBe(200);
    const shown = (await cancelled.json()) as BoardOrder;
    expect(shown).toMatchObject({ status: 'cancelled', refunded: true, refunded_cents: 2607 });
    expect(shown.refunds.map((r) => [r.amount_cents, r.by, r.whole_order, r.status])).toEqual([
      [1607, COOK, true, 'succeeded'],
      [1000, PROVIDER_DASHBOARD, false, 'succeeded'],
    ]);
    expect(stripeAmounts(order.intent)).toEqual([1000, 1607]);
    const whole = shown.refunds.find((r) => r.whole_order)!;
    const keys = stripe.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === order.intent)
      .map((r) => [r.headers['idempotency-key'], r.status]);
    expect(keys).toEqual([
      [`refund-${whole.id}`, 400],
      [`refund-${whole.id}-2`, 200],
    ]);
    const sent = await mails(order.email);
    expect(sent.slice(1).map((m) => m.subject)).toEqual([
      `A refund on order #${order.number}`,
      `Order #${order.number} is cancelled`,
    ]);
    expect(sent.at(-1)!.body).toBe(cancelMail(order.number, '$16.07', 'you asked us to', null, 23));
  });

  it('a cancel whose refund Stripe refused is finished by a later Dashboard refund', async () => {
    const order = await paidOrder();
    const staff = await cook();
    stripe.refuseRefunds(1);
    const cancel = await staffCancel(order.order_id, staff);
    expect(cancel.status).toBe(502);
    expect(await cancel.json()).toEqual({ error: true, message: REFUND_FAILED });
    expect(await mails(order.email)).toHaveLength(1);

    stripe.refundInDashboard(order.intent);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    const shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({ status: 'cancelled', refunded: true, refunded_cents: 2607 });
    expect(shown.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2607, whole_order: true, status: 'succeeded', by: COOK }),
    ]);
    expect((await mails(order.email)).at(-1)!.body).toBe(
      cancelMail(order.number, '$26.07', 'the kitchen ran late', null, 23),
    );
    expect(await texts(order.order_id)).toHaveLength(1);
  });

  it('a cancel whose refund Stripe refused, then a partial Dashboard refund: its own row, and the cancel gives back the rest', async () => {
    const order = await paidOrder();
    const staff = await cook();
    stripe.refuseRefunds(1);
    const cancel = () => staffCancel(order.order_id, staff);
    expect((await cancel()).status).toBe(502);

    stripe.refundInDashboard(order.intent, 1000);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    const shown = await board(order.order_id, staff);
    expect(shown).toMatchObject({ status: 'cancelled', refunded: false, refunded_cents: 1000 });
    // The $10.00 is not the cancel's refund: the cancel is still owed the $16.07 left.
    expect(shown.refunds.map((r) => [r.amount_cents, r.by, r.whole_order, r.status])).toEqual([
      [1607, COOK, true, 'failed'],
      [1000, PROVIDER_DASHBOARD, false, 'succeeded'],
    ]);

    const again = await cancel();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'cancelled', refunded: true, refunded_cents: 2607 });
    expect(stripeAmounts(order.intent)).toEqual([1000, 1607]);
    expect((await mails(order.email)).at(-1)!.body).toBe(
      cancelMail(order.number, '$16.07', 'the kitchen ran late', null, 23),
    );
  });

  it('a full Dashboard refund of a delivery order calls its DoorDash courier off', async () => {
    const address = {
      delivery_street: '500 S Spring St',
      delivery_city: 'Los Angeles',
      delivery_state: 'CA',
      delivery_zip: '90013',
      delivery_country: 'US',
    };
    const estimate = await api.call('POST', '/api/estimate-delivery/', address, from());
    expect(estimate.status).toBe(200);
    const { quote_id } = (await estimate.json()) as { quote_id: string };
    const order = await paidOrder({ delivery_type: 'delivery', ...address, delivery_quote_id: quote_id });
    const booking = await waitFor(
      async () => {
        const row = await bookingForOrder(api.deps.db, order.order_id);
        return row?.state === 'booked' ? row : null;
      },
      { what: 'the DoorDash booking' },
    );
    const start = doordash.requests.length;

    stripe.refundInDashboard(order.intent);
    expect((await deliver(stripe.chargeEvent('charge.refunded', order.intent))).status).toBe(200);
    const staff = await cook();
    expect(await board(order.order_id, staff)).toMatchObject({ status: 'cancelled', refunded: true, problems: [] });
    expect(
      doordash.requests
        .slice(start)
        .filter((r) => r.method === 'PUT')
        .map((r) => [r.path, r.status]),
    ).toEqual([[`/drive/v2/deliveries/${booking.external_delivery_id}/cancel`, 200]]);
    expect(doordash.quote(booking.external_delivery_id)!.delivery_status).toBe('cancelled');
  });

  it('refund events for payments this server did not create are acknowledged and ignored; a wrong object is refused', async () => {
    const stranger = await api.deps.payments.createPayment({
      orderId: 'pos_sale_9',
      amountCents: 900,
      currency: 'usd',
      description: 'In-store sale',
      idempotencyKey: 'pos-sale-9',
    });
    stripe.succeed(stranger.reference);
    const made = stripe.refundInDashboard(stranger.reference);
    const before = await api.deps.db.query('select id from refunds');
    for (const event of [
      stripe.chargeEvent('charge.refunded', stranger.reference),
      stripe.refundEvent('refund.updated', made.id),
    ]) {
      const response = await deliver(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(await api.deps.db.query('select id from refunds')).toEqual(before);

    const broken = stripe.chargeEvent('charge.refunded', stranger.reference);
    (broken.data as { object: unknown }).object = { object: 'charge', amount_refunded: 900 };
    const refused = await deliver(broken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: true, message: WEBHOOK_NOT_AN_EVENT });
  });
});
