// A customer disputing a card payment with their bank, through the real API on a fresh database
// (PGlite, and PostgreSQL when DATABASE_URL is set), against the Stripe stand-in answering with
// Stripe's published Dispute (tests/fixtures/stripe/dispute.json): charge.dispute.created puts the
// order's 'payment_disputed' problem on the staff board with the amount and the bank's reason,
// records the dispute and mails the owner once; charge.dispute.closed settles the problem and mails
// the outcome. A dispute naming only its charge is matched through the charge's PaymentIntent; what
// the dispute says never becomes a mail header or a line of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { staffMember, staffSignIn } from '../support/staff-members.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { WEBHOOK_NOT_AN_EVENT } from '../../server/routes/stripe-webhooks.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import {
  deliverStripeEvent,
  startStripeStandIn,
  type StripeEventJson,
  type StripeStandIn,
} from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_disputes';
const WEBHOOK_SECRET = 'whsec_disputes';
const COOK = 'cook@comal.example';
/** Friday, November 27, 2026, 11:59:59 PM in Los Angeles. */
const DUE_BY = Date.parse('2026-11-28T07:59:59Z') / 1000;

describe.each(databaseTargets)('payment disputes on $name', (target) => {
  let api: TestApi;
  let stripe: StripeStandIn;
  let now = new Date('2026-11-20T19:00:00Z');
  let caller = 0;
  let phone = 500;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller % 250}` });

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    api = await createTestApi(target, { payments, clock: () => now }, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await addTestItems(api, [
      { id: 'dp-plato', name: 'Plato de carnitas', priceCents: 2000 },
      { id: 'dp-agua', name: 'Agua fresca', priceCents: 375 },
    ]);
    await staffMember(api, COOK, 'staff', now);
  });
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  const cook = () => staffSignIn(api, COOK, from());

  /** Carnitas ($20.00) and an agua fresca ($3.75): $23.75, tax $2.32, $26.07 paid through Stripe. */
  async function paidOrder(name = 'Ana Ruiz') {
    now = new Date(now.getTime() + 60_000);
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name,
        email: `ana${++phone}@example.com`,
        phone: `213555${String(phone).padStart(4, '0')}`,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: [
          { menu_item_id: 'dp-plato', quantity: 1, modifiers: [] },
          { menu_item_id: 'dp-agua', quantity: 1, modifiers: [] },
        ],
      },
      from(),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; totals: { total: number } };
    expect(order.totals.total).toBe(26.07);
    const intent = stripe.intents().find((i) => i.metadata.order_id === order.order_id)!;
    stripe.succeed(intent.id);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return { ...order, intent: intent.id };
  }

  const deliver = (event: StripeEventJson<unknown>) => deliverStripeEvent(api.app, event, WEBHOOK_SECRET);
  const board = async (orderId: string) =>
    (await (await api.call('GET', `/api/staff/orders/${orderId}/`, undefined, await cook())).json()) as BoardOrder;
  const ownerMails = () =>
    api.deps.db.query<{ subject: string; body: string }>(
      'select subject, body from outbox where recipient = $1 order by id',
      [restaurant.email],
    );
  const disputeRows = (orderId: string) =>
    api.deps.db.query<{
      id: string;
      amount_cents: number;
      reason: string;
      status: string;
      due: string | null;
      closed: boolean;
    }>(
      `select id, amount_cents, reason, status, to_char(evidence_due_by at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as due,
              closed_at is not null as closed
         from payment_disputes where order_id = $1`,
      [orderId],
    );
  const problemEvents = async (orderId: string) =>
    Number(
      (
        await api.deps.db.query<{ n: string | number }>(
          `select count(*) as n from order_events where order_id = $1 and kind = 'problem'`,
          [orderId],
        )
      )[0]!.n,
    );

  it('charge.dispute.created flags the order and mails the owner once; closed as won settles it and says so', async () => {
    const order = await paidOrder();
    const dispute = stripe.dispute(order.intent, { reason: 'fraudulent', dueBy: DUE_BY });
    const mailsBefore = (await ownerMails()).length;
    const created = stripe.disputeEvent('charge.dispute.created', dispute.id);
    const response = await deliver(created);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    expect((await board(order.order_id)).problems).toEqual([
      {
        kind: 'payment_disputed',
        detail: 'The customer disputed $26.07 with their bank (fraudulent).',
        opened_at: now.toISOString(),
      },
    ]);
    expect(await disputeRows(order.order_id)).toEqual([
      {
        id: dispute.id,
        amount_cents: 2607,
        reason: 'fraudulent',
        status: 'needs_response',
        due: '2026-11-28T07:59:59',
        closed: false,
      },
    ]);
    const link = `https://dashboard.stripe.com/test/disputes/${dispute.id}`;
    expect((await ownerMails()).slice(mailsBefore)).toEqual([
      {
        subject: `Payment disputed: order #${order.number}`,
        body:
          `The customer disputed the payment for order #${order.number} with their bank: $26.07 is taken back from the restaurant's Stripe balance until the bank decides.\n` +
          `Order #${order.number}: Ana Ruiz, $26.07.\n` +
          `Reason the bank gave: fraudulent.\n` +
          `Answer with your evidence in Stripe by Friday, November 27, 2026 at 11:59 PM; after that the bank decides without it.\n` +
          `The dispute in Stripe: ${link}\n` +
          `The order shows the dispute on the kitchen board until it closes.\n`,
      },
    ]);

    // Delivered again, or reported again unchanged: one mail, one flag.
    expect(await (await deliver(created)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.disputeEvent('charge.dispute.updated', dispute.id))).status).toBe(200);
    expect((await ownerMails()).length).toBe(mailsBefore + 1);
    expect(await problemEvents(order.order_id)).toBe(1);

    stripe.closeDispute(dispute.id, 'won');
    now = new Date(now.getTime() + 60_000);
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).status).toBe(200);
    expect((await board(order.order_id)).problems).toEqual([]);
    expect(await disputeRows(order.order_id)).toEqual([expect.objectContaining({ status: 'won', closed: true })]);
    expect((await ownerMails()).at(-1)).toEqual({
      subject: `Dispute closed: order #${order.number}`,
      body:
        `You won the dispute on order #${order.number}: the $26.07 stays with the restaurant.\n` +
        `Order #${order.number}: Ana Ruiz, $26.07.\n` +
        `The dispute in Stripe: ${link}\n`,
    });
    expect(await problemEvents(order.order_id)).toBe(2);
    // The order itself is as it was: paid, and on the board.
    expect(await board(order.order_id)).toMatchObject({ status: 'paid', refunded_cents: 0 });
  });

  it('a dispute naming only its charge is found through the charge; a lost one is mailed as lost', async () => {
    const order = await paidOrder();
    const dispute = stripe.dispute(order.intent, {
      reason: 'product_not_received',
      amount: 1500,
      dueBy: DUE_BY,
      linkedBy: 'charge',
    });
    expect(dispute.payment_intent).toBeNull();
    expect((await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id))).status).toBe(200);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/charges/${dispute.charge}`)).toBe(true);
    expect((await board(order.order_id)).problems).toEqual([
      expect.objectContaining({
        kind: 'payment_disputed',
        detail: 'The customer disputed $15.00 with their bank (product not received).',
      }),
    ]);
    expect((await ownerMails()).at(-1)!.body).toContain('Reason the bank gave: product not received.\n');

    stripe.closeDispute(dispute.id, 'lost');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', dispute.id))).status).toBe(200);
    expect((await board(order.order_id)).problems).toEqual([]);
    expect((await ownerMails()).at(-1)!.body).toBe(
      `The dispute on order #${order.number} was lost: the bank gave $15.00 back to the customer.\n` +
        `Order #${order.number}: Ana Ruiz, $26.07.\n` +
        `The dispute in Stripe: https://dashboard.stripe.com/test/disputes/${dispute.id}\n`,
    );
  });

  it('an inquiry is flagged as one; its closing without a dispute, reported before it, never flags the order', async () => {
    const order = await paidOrder('Eve see evil.example/pay');
    const dispute = stripe.dispute(order.intent, {
      reason: 'general',
      status: 'warning_needs_response',
      dueBy: null,
    });
    const created = stripe.disputeEvent('charge.dispute.created', dispute.id);
    expect((await deliver(created)).status).toBe(200);
    expect((await board(order.order_id)).problems).toEqual([
      expect.objectContaining({
        detail: "The customer's bank asked about $26.07 (general): an inquiry, not a dispute yet.",
      }),
    ]);
    const inquiry = (await ownerMails()).at(-1)!;
    expect(inquiry.subject).toBe(`Payment inquiry: order #${order.number}`);
    // The customer's words stay plain text: no link in the owner's mail.
    expect(inquiry.body).toContain(`Order #${order.number}: Eve see evil[.]example/pay, $26.07.\n`);
    expect(inquiry.body).toContain('\nAnswer with your evidence in Stripe.\n');

    // A second order: Stripe's events arrive out of order, the closing first.
    const other = await paidOrder();
    const closedFirst = stripe.dispute(other.intent, { reason: 'general', status: 'warning_needs_response' });
    const late = stripe.disputeEvent('charge.dispute.created', closedFirst.id);
    stripe.closeDispute(closedFirst.id, 'warning_closed');
    expect((await deliver(stripe.disputeEvent('charge.dispute.closed', closedFirst.id))).status).toBe(200);
    expect((await deliver(late)).status).toBe(200);
    expect((await board(other.order_id)).problems).toEqual([]);
    expect(await disputeRows(other.order_id)).toEqual([
      expect.objectContaining({ status: 'warning_closed', closed: true }),
    ]);
    const mails = (await ownerMails()).filter((mail) => mail.subject.endsWith(`#${other.number}`));
    expect(mails.map((mail) => mail.body.split('\n')[0])).toEqual([
      `The customer's bank closed its inquiry about order #${other.number} without a dispute: nothing was taken back.`,
    ]);
  });

  it('what a dispute says is never a header or a line; an unknown reason reads "no reason given"', async () => {
    const order = await paidOrder();
    const dispute = stripe.dispute(order.intent, { reason: 'fraudulent\nSubject: pay us', dueBy: DUE_BY });
    expect((await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id))).status).toBe(200);
    const mail = (await ownerMails()).at(-1)!;
    expect(mail.subject).toBe(`Payment disputed: order #${order.number}`);
    expect(mail.body).toContain('\nReason the bank gave: no reason given.\n');
    expect(mail.body).not.toContain('pay us');
    expect((await disputeRows(order.order_id))[0]).toMatchObject({ reason: 'unknown' });
  });

  it('disputes of payments this server did not create are acknowledged and ignored; a wrong object is refused', async () => {
    const stranger = await api.deps.payments.createPayment({
      orderId: 'pos_sale_12',
      amountCents: 1200,
      currency: 'usd',
      description: 'In-store sale',
      idempotencyKey: 'pos-sale-12',
    });
    stripe.succeed(stranger.reference);
    const dispute = stripe.dispute(stranger.reference, { linkedBy: 'charge' });
    const mailsBefore = (await ownerMails()).length;
    const response = await deliver(stripe.disputeEvent('charge.dispute.created', dispute.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await api.deps.db.query('select id from payment_disputes where id = $1', [dispute.id])).toEqual([]);
    expect((await ownerMails()).length).toBe(mailsBefore);

    const broken = stripe.disputeEvent('charge.dispute.created', dispute.id);
    (broken.data.object as { amount: unknown }).amount = '26.07';
    const refused = await deliver(broken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: true, message: WEBHOOK_NOT_AN_EVENT });
  });
});
