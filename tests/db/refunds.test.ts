// Money back through the real API on a fresh database (PGlite, and PostgreSQL when DATABASE_URL is
// set), with Stripe's stand-in as the payment provider: a refund of one item to the cent (its share
// of the tax, the refund row with who made it, the amount Stripe got, the loyalty points it had
// earned taken back, the customer's mail and text with the reason and the staff's note), a refund
// of an amount, refusing more than is left (409) and bad bodies (422) with their sentences,
// cancelling with a preset and with "other" and a note (everything left goes back, the promo use
// is released only then), a Spanish order's Spanish mail and text, the customer's order page
// data, and Stripe refusing a refund: 502 and a failed row, then a retry that goes through. Each
// refund carries the dialog's Idempotency-Key: sent again it refunds once and answers as the first
// (409 while the first is still at Stripe), another refund under the same key is refused (422), no
// key is refused (400); two staff refunding everything left at once make one refund and one 409.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusEvent } from '../../shared/api/schemas.ts';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { createStripePayments } from '../../server/providers/payments/stripe.ts';
import { IDEMPOTENCY_KEY_INVALID } from '../../server/http/idempotency-key.ts';
import { REFUND_FAILED } from '../../server/services/order-cancel.ts';
import { cancelledNoRefund, REFUND_KEY_REUSED, refundNotTaken, refundOnItsWay } from '../../server/services/refunds.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_money_back';
const STAFF_PASSWORD = 'comal kitchen board 2026';
const COOK = 'cook@comal.example';
const STOP = translator('en')('sms.stopSentence');
const PARA = translator('es')('sms.stopSentence');

describe.each(databaseTargets)('money back on $name', (target) => {
  let api: TestApi;
  let stripe: StripeStandIn;
  // A Friday, 11:00 in Los Angeles; each order a minute after the one before.
  let now = new Date('2026-11-20T19:00:00Z');
  let caller = 0;
  let phone = 140;
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++caller}` });

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
    const payments = createStripePayments({
      secretKey: SECRET_KEY,
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    api = await createTestApi(target, { payments, clock: () => now });
    await addTestItems(api, [
      {
        id: 'rf-torta',
        name: 'Torta',
        priceCents: 1150,
        groups: [
          {
            id: 'rf-extras',
            name: 'Extras',
            min: 0,
            max: 1,
            modifiers: [{ id: 'rf-aguacate', name: 'Aguacate', priceCents: 50 }],
          },
        ],
      },
      { id: 'rf-agua', name: 'Agua fresca', priceCents: 850 },
      { id: 'rf-churro', name: 'Churro', priceCents: 325 },
    ]);
    const invite = await inviteStaff(api.deps.db, { email: COOK, role: 'staff', origin: TEST_ORIGIN, now });
    const set = await api.call('POST', '/api/staff/password/', {
      token: new URL(invite.url).searchParams.get('set-password'),
      password: STAFF_PASSWORD,
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  /** The cook, signed in now (a token lasts 15 minutes of the test clock). */
  async function cook(): Promise<{ Authorization: string }> {
    const login = await api.call('POST', '/api/staff/login/', { email: COOK, password: STAFF_PASSWORD }, from());
    expect(login.status).toBe(200);
    return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  }

  /**
   * Torta with aguacate ($11.50 + $0.50), agua fresca ($8.50) and a churro ($3.25): $23.75, tax
   * 9.75% = $2.32, $26.07 paid through Stripe; it earns 23 points. Texts wanted.
   */
  async function paidOrder(options: { language?: 'es'; promo?: string } = {}) {
    now = new Date(now.getTime() + 60_000);
    const digits = `213555${String(++phone).padStart(4, '0')}`;
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        email: `ana${phone}@example.com`,
        phone: digits,
        delivery_type: 'pickup',
        promo_code: options.promo ?? '',
        sms_opt_in: true,
        cart_items: [
          { menu_item_id: 'rf-torta', quantity: 1, modifiers: ['rf-aguacate'] },
          { menu_item_id: 'rf-agua', quantity: 1, modifiers: [] },
          { menu_item_id: 'rf-churro', quantity: 1, modifiers: [] },
        ],
      },
      { ...from(), ...(options.language ? { 'Accept-Language': options.language } : {}) },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; totals: { total: number } };
    const intent = stripe.intents().find((i) => i.metadata.order_id === order.order_id)!;
    stripe.succeed(intent.id);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return { ...order, intent: intent.id, phone: digits, email: `ana${phone}@example.com` };
  }

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
    return api.deps.db.query<{ kind: string; body: string; provider: string }>(
      'select kind, body, provider from sms_messages where order_id = $1 order by id',
      [orderId],
    );
  };
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  /** The staff's headers with a new Idempotency-Key, as a refund dialog that just opened sends. */
  const keyed = (staff: Record<string, string>) => ({ ...staff, 'Idempotency-Key': randomUUID() });
  /** The first event of the customer's order page stream: the order as it is now. */
  async function statusNow(orderId: string): Promise<OrderStatusEvent> {
    const stream = readSse(await api.call('GET', `/api/orders/${orderId}/status/`));
    try {
      const [first] = await stream.next(1, 5000);
      return JSON.parse(first!.data) as OrderStatusEvent;
    } finally {
      await stream.close();
    }
  }

  it('refunds one item of three to the cent: the row, Stripe, the points, the mail and the text', async () => {
    const order = await paidOrder();
    expect(order.totals.total).toBe(26.07);
    expect(await points(order.phone)).toBe(23);
    const staff = await cook();

    const refunded = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/refunds/`,
      { reason: 'out_of_stock', note: 'Sorry, the horchata machine broke.', lines: [{ position: 1, quantity: 1 }] },
      keyed(staff),
    );
    expect(refunded.status).toBe(200);
    const board = (await refunded.json()) as BoardOrder;
    // $8.50 and its share of the tax: 232 x 850 / 2375 = 83.03 -> $0.83.
    expect(board.refunds).toEqual([
      {
        id: expect.stringMatching(/^rf_/) as unknown,
        amount_cents: 933,
        reason: 'out_of_stock',
        note: 'Sorry, the horchata machine broke.',
        lines: [{ position: 1, name: 'Agua fresca', quantity: 1 }],
        whole_order: false,
        status: 'succeeded',
        by: COOK,
        // 23 points earned; $23.75 - $8.50 = $15.25 earns 15: 8 taken back.
        points_reversed: 8,
        created_at: now.toISOString(),
      },
    ]);
    expect(board).toMatchObject({ status: 'paid', refunded: false, refunded_cents: 933 });
    expect(board.items.map((item) => [item.name, item.refunded_quantity, item.unit_price_cents])).toEqual([
      ['Torta', 0, 1200],
      ['Agua fresca', 1, 850],
      ['Churro', 0, 325],
    ]);

    // Stripe gave back exactly that, once, keyed by the refund.
    const refundId = board.refunds[0]!.id;
    expect(stripe.refunds().filter((r) => r.payment_intent === order.intent)).toEqual([
      expect.objectContaining({ amount: 933, metadata: { refund_id: refundId } }),
    ]);
    const call = stripe.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === order.intent)!;
    expect(call.headers['idempotency-key']).toBe(`refund-${refundId}`);
    expect(await points(order.phone)).toBe(15);

    const [paid, refund] = await mails(order.email);
    expect(paid!.subject).toBe(`Order #${order.number} is in: ${restaurant.name}`);
    expect(refund).toEqual({
      subject: `A refund on order #${order.number}`,
      body:
        `Hi Ana Ruiz,\n\n` +
        `We refunded $9.33 of your order #${order.number}.\n` +
        `For: 1 × Agua fresca.\n` +
        `$9.33 is going back to the card you paid with; your bank can take 5 to 10 business days to show it.\n` +
        `Why: an item ran out.\n` +
        `A note from the restaurant: Sorry, the horchata machine broke.\n` +
        `8 loyalty points this order earned were taken back.\n\n` +
        `Questions? Call us at ${restaurant.phoneDisplay}.\n`,
    });
    expect(await texts(order.order_id)).toEqual([
      {
        kind: `refund:${refundId}`,
        provider: 'outbox',
        body: `${restaurant.name}: we refunded $9.33 of order ${order.number} for 1 × Agua fresca. Why: an item ran out (Sorry, the horchata machine broke.). ${STOP}`,
      },
    ]);
    // The board and the customer's page follow it as an order event.
    const events = await api.deps.db.query<{ kind: string; status: string }>(
      "select kind, status from order_events where order_id = $1 and kind = 'refunded'",
      [order.order_id],
    );
    expect(events).toEqual([{ kind: 'refunded', status: 'paid' }]);
    const [payment] = await api.deps.db.query<{ status: string }>('select status from payments where order_id = $1', [
      order.order_id,
    ]);
    expect(payment!.status).toBe('succeeded');

    // The customer's order page shows it, in their words.
    expect(await statusNow(order.order_id)).toEqual({
      status: 'paid',
      promised_at: null,
      delivery: null,
      cancel: null,
      refunds: [
        {
          amount_cents: 933,
          lines: [{ name: 'Agua fresca', quantity: 1 }],
          whole_order: false,
          reason: 'out_of_stock',
          reason_text: 'an item ran out',
          note: 'Sorry, the horchata machine broke.',
          status: 'succeeded',
          created_at: now.toISOString(),
        },
      ],
      points_earned: 15,
    });
  });

  it('refunds an amount, refuses more than is left (409), then a cancel gives back the rest', async () => {
    const order = await paidOrder({ promo: 'FIVEOFF' });
    // $23.75 - $5.00 = $18.75; tax 182.8125 -> $1.83; $20.58 paid; 18 points.
    expect(order.totals.total).toBe(20.58);
    expect(await points(order.phone)).toBe(18);
    const staff = await cook();
    const refund = (body: unknown) =>
      api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, body, keyed(staff));

    const amount = await refund({ reason: 'kitchen_delay', amount_cents: 500 });
    expect(amount.status).toBe(200);
    const board = (await amount.json()) as BoardOrder;
    expect(board.refunds[0]).toMatchObject({ amount_cents: 500, lines: [], whole_order: false, points_reversed: 5 });
    expect(await points(order.phone)).toBe(13);
    // The churro: $3.25 less its share of the promo ($0.68 of $5.00) = $2.57, and tax $0.25; the
    // order then keeps what $18.75 - $5.00 - $2.57 = $11.18 earns: 11 points.
    const churro = await refund({ reason: 'quality_issue', lines: [{ position: 2, quantity: 1 }] });
    expect(((await churro.json()) as BoardOrder).refunds[1]).toMatchObject({ amount_cents: 282, points_reversed: 2 });
    expect(await points(order.phone)).toBe(11);

    const tooMuch = await refund({ reason: 'other', amount_cents: 5000 });
    expect(tooMuch.status).toBe(409);
    expect(await message(tooMuch)).toBe(`Only $12.76 of order ${order.number} is left to refund, less than $50.00.`);
    const again = await refund({ reason: 'quality_issue', lines: [{ position: 2, quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(`Churro on order ${order.number} was already refunded in full.`);

    // A partial refund keeps the promo's use; the cancel releases it.
    const uses = async () =>
      (
        await api.deps.db.query<{ released: boolean }>(
          'select released_at is not null as released from promo_redemptions where order_id = $1',
          [order.order_id],
        )
      )[0]!.released;
    expect(await uses()).toBe(false);

    const cancelled = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'other', note: 'Power cut.\nBcc: everyone@evil.example' },
      staff,
    );
    expect(cancelled.status).toBe(200);
    const after = (await cancelled.json()) as BoardOrder;
    expect(after).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'other',
      cancel_note: 'Power cut.\nBcc: everyone@evil.example',
      refunded: true,
      refunded_cents: 2058,
    });
    expect(after.refunds[2]).toMatchObject({
      amount_cents: 1276,
      whole_order: true,
      status: 'succeeded',
      points_reversed: 11,
    });
    expect(
      stripe
        .refunds()
        .filter((r) => r.payment_intent === order.intent)
        .map((r) => r.amount),
    ).toEqual([500, 282, 1276]);
    expect(await points(order.phone)).toBe(0);
    expect(await uses()).toBe(true);

    // The staff's words stay one plain line: no header, no line of their own, no link.
    const cancelMail = (await mails(order.email)).at(-1)!;
    expect(cancelMail.subject).toBe(`Order #${order.number} is cancelled`);
    expect(cancelMail.body).toContain(
      `We are sorry: we cancelled your order #${order.number}.\n$12.76 is going back to the card you paid with`,
    );
    expect(cancelMail.body).toContain(
      'Why: another reason.\nA note from the restaurant: Power cut. Bcc: everyone@evil[.]example\n',
    );
    expect(cancelMail.body).not.toMatch(/^Bcc:/m);
    // The cancel's text, among the refunds' (each is sent after its own commit, so the order they
    // are written in can differ from the order they were made in).
    expect((await texts(order.order_id)).map((each) => each.body)).toContain(
      `${restaurant.name}: we cancelled order ${order.number}. $12.76 is going back to your card. Why: another reason (Power cut. Bcc: everyone@evil[.]example). ${STOP}`,
    );

    const page = await statusNow(order.order_id);
    expect(page.cancel).toEqual({
      reason: 'other',
      reason_text: 'another reason',
      note: 'Power cut.\nBcc: everyone@evil.example',
    });
    expect(page.refunds!.map((r) => [r.amount_cents, r.whole_order, r.reason])).toEqual([
      [500, false, 'kitchen_delay'],
      [282, false, 'quality_issue'],
      [1276, true, 'other'],
    ]);

    // A cancelled order takes no more refunds.
    const late = await refund({ reason: 'other', amount_cents: 1 });
    expect(late.status).toBe(409);
    expect(await message(late)).toBe(cancelledNoRefund(order.number));
  });

  it('a refund of every item of a completed order gives back its promo use too, as a cancel would', async () => {
    const order = await paidOrder({ promo: 'FIVEOFF' });
    const staff = await cook();
    for (const to of ['accepted', 'ready', 'completed'])
      expect((await api.call('POST', `/api/staff/orders/${order.order_id}/move/`, { to }, staff)).status).toBe(200);
    const released = async () =>
      (
        await api.deps.db.query<{ released: boolean }>(
          'select released_at is not null as released from promo_redemptions where order_id = $1',
          [order.order_id],
        )
      )[0]!.released;
    const refund = (lines: { position: number; quantity: number }[]) =>
      api.call(
        'POST',
        `/api/staff/orders/${order.order_id}/refunds/`,
        { reason: 'quality_issue', lines },
        keyed(staff),
      );

    // Part of it: the promo stays used.
    expect((await refund([{ position: 2, quantity: 1 }])).status).toBe(200);
    expect(await released()).toBe(false);
    // The rest: the order gave the customer nothing, and the code may be used again.
    const rest = await refund([
      { position: 0, quantity: 1 },
      { position: 1, quantity: 1 },
    ]);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ status: 'completed', refunded: true, refunded_cents: 2058 });
    expect(await released()).toBe(true);
    expect(await points(order.phone)).toBe(0);
  });

  it('cancels with a preset reason: all of it back, the customer told why', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const cancelled = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'kitchen_delay' },
      staff,
    );
    expect(cancelled.status).toBe(200);
    const board = (await cancelled.json()) as BoardOrder;
    expect(board).toMatchObject({ cancel_reason: 'kitchen_delay', cancel_note: null, refunded: true });
    expect(board.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2607, whole_order: true, by: COOK, points_reversed: 23, lines: [] }),
    ]);
    expect(await points(order.phone)).toBe(0);
    const mail = (await mails(order.email)).at(-1)!;
    expect(mail.body).toBe(
      `Hi Ana Ruiz,\n\n` +
        `We are sorry: we cancelled your order #${order.number}.\n` +
        `$26.07 is going back to the card you paid with; your bank can take 5 to 10 business days to show it.\n` +
        `Why: the kitchen ran late.\n` +
        `23 loyalty points this order earned were taken back.\n\n` +
        `Questions? Call us at ${restaurant.phoneDisplay}.\n`,
    );
    expect((await texts(order.order_id)).map((t) => t.body)).toEqual([
      `${restaurant.name}: we cancelled order ${order.number}. $26.07 is going back to your card. Why: the kitchen ran late. ${STOP}`,
    ]);
  });

  it('speaks Spanish to a Spanish order', async () => {
    const order = await paidOrder({ language: 'es' });
    const staff = await cook();
    const refunded = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/refunds/`,
      { reason: 'quality_issue', amount_cents: 200 },
      keyed(staff),
    );
    expect(refunded.status).toBe(200);
    const mail = (await mails(order.email)).at(-1)!;
    expect(mail).toEqual({
      subject: `Un reembolso de tu pedido #${order.number}`,
      body:
        `Hola, Ana Ruiz:\n\n` +
        `Te reembolsamos $2.00 de tu pedido #${order.number}.\n` +
        `Te devolvemos $2.00 a la tarjeta con la que pagaste; tu banco puede tardar de 5 a 10 días hábiles en mostrarlo.\n` +
        `Motivo: un problema con la comida.\n` +
        `Se descontaron 2 puntos de lealtad que ganaste con este pedido.\n\n` +
        `¿Preguntas? Llámanos al ${restaurant.phoneDisplay}.\n`,
    });
    expect((await texts(order.order_id)).map((t) => t.body)).toEqual([
      `${restaurant.name}: te reembolsamos $2.00 del pedido ${order.number}. Motivo: un problema con la comida. ${PARA}`,
    ]);
    expect((await statusNow(order.order_id)).refunds).toEqual([
      expect.objectContaining({ amount_cents: 200, reason: 'quality_issue', reason_text: 'un problema con la comida' }),
    ]);
  });

  it('refuses bad bodies with 422 and a sentence, and callers who are not staff', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const refund = (body: unknown) =>
      api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, body, keyed(staff));
    const refusals: [unknown, string][] = [
      [{ reason: 'out_of_stock' }, 'Refund either some items or an amount, not both.'],
      [
        { reason: 'out_of_stock', amount_cents: 100, lines: [{ position: 0, quantity: 1 }] },
        'Refund either some items or an amount, not both.',
      ],
      [
        { reason: 'sorry', amount_cents: 100 },
        'Choose a reason: customer request, out of stock, kitchen delay, quality issue, duplicate order, delivery problem, other.',
      ],
      [{ reason: 'other', amount_cents: 1.5 }, 'Give the amount in whole cents.'],
      [{ reason: 'other', amount_cents: 0 }, 'Refund at least 1 cent.'],
      [{ reason: 'other', lines: [] }, 'Choose at least one item to refund.'],
      [{ reason: 'other', lines: [{ position: 0, quantity: 0 }] }, 'Refund a whole number of each item.'],
      [{ reason: 'other', amount_cents: 100, note: 'x'.repeat(501) }, 'Keep the note under 500 characters.'],
      [
        { reason: 'other', lines: [{ position: 3, quantity: 1 }] },
        `Order ${order.number} has no line 4. Look at the order again and choose its items.`,
      ],
      [
        {
          reason: 'other',
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
        },
        'Torta is listed twice. List each item once, with how many to refund.',
      ],
    ];
    for (const [body, sentence] of refusals) {
      const response = await refund(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ error: true, message: sentence });
    }
    const twoTortas = await refund({ reason: 'other', lines: [{ position: 0, quantity: 2 }] });
    expect(twoTortas.status).toBe(409);
    expect(await message(twoTortas)).toBe(`Only 1 of Torta on order ${order.number} is left to refund.`);

    const cancelWithoutWords = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'other' },
      staff,
    );
    expect(cancelWithoutWords.status).toBe(422);
    expect(await message(cancelWithoutWords)).toBe('Say why the order is cancelled.');

    expect((await refund({ reason: 'other', amount_cents: 1 })).status).toBe(200);
    const missing = await api.call(
      'POST',
      '/api/staff/orders/ord_missing/refunds/',
      {
        reason: 'other',
        amount_cents: 1,
      },
      keyed(staff),
    );
    expect(missing.status).toBe(404);
    expect(
      (await api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, { reason: 'other', amount_cents: 1 }))
        .status,
    ).toBe(401);
  });

  it('Stripe refusing a refund: 502 and a failed row, then a retry goes through', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const body = { reason: 'customer_request', lines: [{ position: 2, quantity: 1 }] };
    // Both tries from one refund dialog, with its one key: the refund failed, so the retry makes it.
    const tries = keyed(staff);
    stripe.refuseRefunds(1);
    const refused = await api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, body, tries);
    expect(refused.status).toBe(502);
    expect(await message(refused)).toBe(refundNotTaken(order.number));
    const shown = (await (
      await api.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staff)
    ).json()) as BoardOrder;
    expect(shown.refunds).toEqual([
      expect.objectContaining({ amount_cents: 357, status: 'failed', points_reversed: 0 }),
    ]);
    expect(shown).toMatchObject({ refunded_cents: 0 });
    expect(await points(order.phone)).toBe(23);
    expect((await mails(order.email)).map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
    ]);

    const retried = await api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, body, tries);
    expect(retried.status).toBe(200);
    const board = (await retried.json()) as BoardOrder;
    expect(board.refunds.map((r) => [r.amount_cents, r.status])).toEqual([
      [357, 'failed'],
      [357, 'succeeded'],
    ]);
    expect(board.refunded_cents).toBe(357);
    expect(
      stripe
        .refunds()
        .filter((r) => r.payment_intent === order.intent)
        .map((r) => r.amount),
    ).toEqual([357]);

    // A cancel whose refund Stripe refuses: cancelled, the refund failed; cancelling again retries
    // it with a new key, after looking for what the first try may have made.
    stripe.refuseRefunds(1);
    const cancel = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'customer_request' },
      staff,
    );
    expect(cancel.status).toBe(502);
    expect(await message(cancel)).toBe(REFUND_FAILED);
    const failed = (await (
      await api.call('GET', `/api/staff/orders/${order.order_id}/`, undefined, staff)
    ).json()) as BoardOrder;
    expect(failed).toMatchObject({ status: 'cancelled', refunded: false });
    const whole = failed.refunds.find((r) => r.whole_order)!;
    expect(whole).toMatchObject({ amount_cents: 2250, status: 'failed' });
    const beforeAgain = stripe.requests.length;
    const again = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/cancel/`,
      { reason: 'customer_request' },
      staff,
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ refunded: true, refunded_cents: 2607 });
    const keys = stripe.requests
      .filter((r) => r.path === '/v1/refunds' && r.method === 'POST' && r.params.payment_intent === order.intent)
      .map((r) => r.headers['idempotency-key']);
    expect(keys.slice(-2)).toEqual([`refund-${whole.id}`, `refund-${whole.id}-2`]);
    // The retry first looks at Stripe for what the failed try may have made, then asks.
    expect(
      stripe.requests
        .slice(beforeAgain)
        .filter((r) => r.path === '/v1/refunds')
        .map((r) => r.method),
    ).toEqual(['GET', 'POST']);
    expect(
      stripe
        .refunds()
        .filter((r) => r.payment_intent === order.intent)
        .map((r) => r.amount),
    ).toEqual([357, 2250]);
    expect((await mails(order.email)).at(-1)!.subject).toBe(`Order #${order.number} is cancelled`);
    // A third cancel changes nothing and asks Stripe nothing.
    const posts = stripe.requests.length;
    expect(
      (await api.call('POST', `/api/staff/orders/${order.order_id}/cancel/`, { reason: 'customer_request' }, staff))
        .status,
    ).toBe(200);
    expect(stripe.requests.length).toBe(posts);
  });

  it('a refund sent again with its key refunds once: the first answer, one Stripe call; anything else is refused', async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    const staff = await cook();
    const tries = keyed(staff);
    const body = { reason: 'kitchen_delay', note: 'Sorry for the wait.', amount_cents: 300 };
    const refund = (headers: Record<string, string>, what: unknown = body, orderId = order.order_id) =>
      api.call('POST', `/api/staff/orders/${orderId}/refunds/`, what, headers);

    // The dialog's try timed out and was clicked again, or the request was replayed.
    const first = await refund(tries);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as BoardOrder;
    now = new Date(now.getTime() + 1000);
    const again = await refund(tries);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(answer.refunds).toEqual([expect.objectContaining({ amount_cents: 300, status: 'succeeded' })]);

    // The same key with another refund, on another order, or with no key: refused, nothing more given back.
    const changed = await refund(tries, { ...body, amount_cents: 400 });
    expect(changed.status).toBe(422);
    expect(await message(changed)).toBe(REFUND_KEY_REUSED);
    const elsewhere = await refund(tries, body, other.order_id);
    expect(elsewhere.status).toBe(422);
    expect(await message(elsewhere)).toBe(REFUND_KEY_REUSED);
    for (const headers of [staff, { ...staff, 'Idempotency-Key': 'short' }]) {
      const unkeyed = await refund(headers);
      expect(unkeyed.status).toBe(400);
      expect(await message(unkeyed)).toBe(IDEMPOTENCY_KEY_INVALID);
    }

    const posts = stripe.requests.filter(
      (r) =>
        r.path === '/v1/refunds' &&
        r.method === 'POST' &&
        [order.intent, other.intent].includes(r.params.payment_intent as string),
    );
    expect(posts.map((r) => [r.params.payment_intent, r.headers['idempotency-key']])).toEqual([
      [order.intent, `refund-${answer.refunds[0]!.id}`],
    ]);
    const rows = await api.deps.db.query<{ order_id: string; amount_cents: number }>(
      'select order_id, amount_cents from refunds where order_id = any($1::text[])',
      [[order.order_id, other.order_id]],
    );
    expect(rows).toEqual([{ order_id: order.order_id, amount_cents: 300 }]);
    expect((await mails(order.email)).map((m) => m.subject)).toEqual([
      `Order #${order.number} is in: ${restaurant.name}`,
      `A refund on order #${order.number}`,
    ]);
    expect(await texts(order.order_id)).toHaveLength(1);
  });

  it('a try sent again while the first is still at Stripe is refused (409), then answered as the first', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const tries = keyed(staff);
    const body = { reason: 'quality_issue', lines: [{ position: 0, quantity: 1 }] };
    const refund = () => api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, body, tries);
    const hold = stripe.holdRefunds();
    try {
      const first = refund();
      await hold.reached;
      const meanwhile = await refund();
      expect(meanwhile.status).toBe(409);
      expect(await message(meanwhile)).toBe(refundOnItsWay(order.number));
      hold.release();
      const answered = await first;
      expect(answered.status).toBe(200);
      const answer = (await answered.json()) as BoardOrder;
      const later = await refund();
      expect(later.status).toBe(200);
      expect(await later.json()).toEqual(answer);
      expect(stripe.refunds().filter((r) => r.payment_intent === order.intent)).toHaveLength(1);
      expect(answer.refunds).toEqual([expect.objectContaining({ lines: [expect.objectContaining({ position: 0 })] })]);
    } finally {
      hold.release();
    }
  });

  it('two staff refunding everything left at once, each with a key: one refund, the other 409', async () => {
    const order = await paidOrder();
    const staff = await cook();
    const everything = { reason: 'duplicate_order', amount_cents: 2607 };
    const both = await Promise.all(
      [keyed(staff), keyed(staff)].map((headers) =>
        api.call('POST', `/api/staff/orders/${order.order_id}/refunds/`, everything, headers),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(await message(refused)).toBe(`Order ${order.number} was already refunded in full.`);
    expect(
      stripe
        .refunds()
        .filter((r) => r.payment_intent === order.intent)
        .map((r) => r.amount),
    ).toEqual([2607]);
    const rows = await api.deps.db.query<{ amount_cents: number }>(
      'select amount_cents from refunds where order_id = $1',
      [order.order_id],
    );
    expect(rows).toEqual([{ amount_cents: 2607 }]);
  });
});
