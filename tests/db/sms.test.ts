// Order texts through Twilio (a local stand-in), only for customers who ticked the box at
// checkout: create-order stores the consent; an opted-in paid order gets one text when it is
// ready for pickup (or out for delivery), to its E.164 phone, ending with the /sms-terms/ STOP
// sentence; an order without consent gets none; a second call, or two replicas at once, send
// nothing more; Twilio's refusals (21610 after STOP, 20003 wrong credentials) and a Twilio that
// never answers are recorded on the text's row and never thrown.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxSms } from '../../server/providers/sms/outbox-sms.ts';
import type { SmsProvider } from '../../server/providers/sms/sms-provider.ts';
import { smsProviderFromEnv } from '../../server/providers/sms/twilio.ts';
import { sendOrderText, type OrderTextDeps } from '../../server/services/order-texts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { lineLogger } from '../support/log-lines.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { startTwilioStandIn, TWILIO_TEST_FROM, type TwilioStandIn } from '../support/twilio-stand-in.ts';

/** The opt-out sentence every English text ends with, word for word. */
const SMS_STOP_SENTENCE = 'Reply STOP to cancel, HELP for help.';

const NOW = new Date('2026-11-20T19:00:00Z');

interface SmsRow {
  kind: string;
  to_phone: string;
  body: string;
  provider: string;
  provider_message_id: string | null;
  status: string;
  error: string | null;
}

describe.each(databaseTargets)('order texts on $name', (target) => {
  let api: TestApi;
  let twilio: TwilioStandIn;
  let sms: SmsProvider;
  let deps: OrderTextDeps;
  const logged: string[] = [];

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    api = await createTestApi(target, { clock: () => NOW });
    await addTestItems(api, [{ id: 'sms-item', name: 'Agua de Jamaica', priceCents: 650 }]);
    sms = smsProviderFromEnv(twilio.env());
    deps = { db: api.deps.db, sms, clock: () => NOW, log: lineLogger((line) => void logged.push(line)) };
  });
  afterAll(async () => {
    await api?.close();
    await twilio?.close();
  });
  beforeEach(() => twilio.reset());

  let phoneSuffix = 100;
  /** A pickup order through the real API, paid with the demo card unless told; a phone of its own. */
  async function placeOrder(options: { smsOptIn?: boolean; pay?: boolean; deliveryType?: 'pickup' | 'delivery' } = {}) {
    const phoneDigits = `213555${String(++phoneSuffix).padStart(4, '0')}`;
    let delivery: Record<string, unknown> = {};
    if (options.deliveryType === 'delivery') {
      const address = {
        delivery_street: '200 N Spring St',
        delivery_city: 'Los Angeles',
        delivery_state: 'CA',
        delivery_zip: '90012',
        delivery_country: 'US',
      };
      const estimated = await api.call('POST', '/api/estimate-delivery/', address, {
        'X-Forwarded-For': `198.51.100.${phoneSuffix}`,
      });
      expect(estimated.status).toBe(200);
      delivery = { ...address, delivery_quote_id: ((await estimated.json()) as { quote_id: string }).quote_id, tip: 0 };
    }
    const response = await api.call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'sms-item', quantity: 2, modifiers: [] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      // As a customer types it; the order keeps it as +1 and ten digits.
      phone: `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
      delivery_type: options.deliveryType ?? 'pickup',
      ...(options.smsOptIn === undefined ? {} : { sms_opt_in: options.smsOptIn }),
      ...delivery,
    });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { order_id: string; number: number; payment: { client_secret: string } };
    if (options.pay ?? true) {
      await api.call('POST', '/api/demo-payments/confirm/', {
        client_secret: placed.payment.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      });
      expect((await api.call('POST', `/api/finalize-order/${placed.order_id}/`)).status).toBe(200);
    }
    const [order] = await api.deps.db.query<{ number: string | number; phone: string; sms_opt_in: boolean }>(
      'select number, phone, sms_opt_in from orders where id = $1',
      [placed.order_id],
    );
    return { id: placed.order_id, number: Number(order!.number), phone: order!.phone, smsOptIn: order!.sms_opt_in };
  }

  const texts = (orderId: string) =>
    api.deps.db.query<SmsRow>(
      'select kind, to_phone, body, provider, provider_message_id, status, error from sms_messages where order_id = $1 order by id',
      [orderId],
    );

  it('create-order stores the consent to texts, and no consent when the box was not ticked', async () => {
    expect((await placeOrder({ smsOptIn: true, pay: false })).smsOptIn).toBe(true);
    expect((await placeOrder({ smsOptIn: false, pay: false })).smsOptIn).toBe(false);
    expect((await placeOrder({ pay: false })).smsOptIn).toBe(false);
    const refused = await api.call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'sms-item', quantity: 1, modifiers: [] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '2135550100',
      delivery_type: 'pickup',
      sms_opt_in: 'yes',
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: true,
      message: expect.stringContaining('Consent to order texts must be yes or no.') as unknown,
    });
  });

  it('an opted-in order ready for pickup gets one text, to its E.164 phone, with the STOP sentence', async () => {
    const order = await placeOrder({ smsOptIn: true });
    expect(order.phone).toMatch(/^\+1213555\d{4}$/);
    const before = twilio.requests.length;

    expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');

    const expectedBody = `Taquería El Comal: order ${order.number} is ready for pickup. Reply STOP to cancel, HELP for help.`;
    expect(expectedBody.endsWith(SMS_STOP_SENTENCE)).toBe(true);
    expect(twilio.requests.slice(before)).toHaveLength(1);
    const [request] = twilio.requests.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      auth: { user: twilio.accountSid, password: twilio.authToken },
      form: { To: order.phone, From: TWILIO_TEST_FROM, Body: expectedBody },
      status: 201,
    });
    expect(Object.keys(request!.form).sort()).toEqual(['Body', 'From', 'To']);
    expect(request!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);

    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ to: order.phone, body: expectedBody });
    expect(await texts(order.id)).toEqual([
      {
        kind: 'ready',
        to_phone: order.phone,
        body: expectedBody,
        provider: 'twilio',
        provider_message_id: message.sid,
        status: 'sent',
        error: null,
      },
    ]);
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('a second call, or two replicas at once, send nothing more', async () => {
    const order = await placeOrder({ smsOptIn: true });
    const before = twilio.requests.length;
    const outcomes = await Promise.all([
      sendOrderText(deps, order.id, 'ready'),
      sendOrderText(deps, order.id, 'ready'),
    ]);
    expect(outcomes.sort()).toEqual(['already_claimed', 'sent']);
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('already_claimed');
    expect(twilio.requests.length - before).toBe(1);
    expect(await texts(order.id)).toHaveLength(1);
  });

  it('a delivery order gets one text when it is out for delivery', async () => {
    const order = await placeOrder({ smsOptIn: true, deliveryType: 'delivery' });
    expect(await sendOrderText(deps, order.id, 'out_for_delivery')).toBe('sent');
    expect(await sendOrderText(deps, order.id, 'out_for_delivery')).toBe('already_claimed');
    const rows = await texts(order.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'out_for_delivery',
        to_phone: order.phone,
        body: `Taquería El Comal: order ${order.number} is out for delivery. ${SMS_STOP_SENTENCE}`,
        status: 'sent',
      }),
    ]);
    expect(twilio.messages.filter((m) => m.to === order.phone)).toHaveLength(1);
  });

  it('an order without consent gets no text, and Twilio hears nothing', async () => {
    const order = await placeOrder({ smsOptIn: false });
    const unticked = await placeOrder({});
    const before = twilio.requests.length;
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('not_wanted');
    expect(await sendOrderText(deps, unticked.id, 'ready')).toBe('not_wanted');
    expect(twilio.requests.length).toBe(before);
    expect(await texts(order.id)).toEqual([]);
    expect(await texts(unticked.id)).toEqual([]);
  });

  it('an order not paid for, or not there, gets no text', async () => {
    const unpaid = await placeOrder({ smsOptIn: true, pay: false });
    const before = twilio.requests.length;
    expect(await sendOrderText(deps, unpaid.id, 'ready')).toBe('no_order');
    expect(await sendOrderText(deps, 'ord_nope', 'ready')).toBe('no_order');
    expect(twilio.requests.length).toBe(before);
  });

  it('a customer who replied STOP (Twilio 21610): the refusal is recorded, nothing is thrown, nothing is retried', async () => {
    const order = await placeOrder({ smsOptIn: true });
    twilio.unsubscribe(order.phone);
    logged.length = 0;
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('failed');
    expect(twilio.requests.at(-1)).toMatchObject({ status: 400, form: { To: order.phone } });
    const [row] = await texts(order.id);
    expect(row).toMatchObject({ kind: 'ready', provider: 'twilio', provider_message_id: null, status: 'failed' });
    expect(row!.error).toBe('Twilio answered 400 (21610): Attempt to send to unsubscribed recipient');
    expect(logged.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'order text not sent', order_id: order.id, code: 21610 }),
    );

    const before = twilio.requests.length;
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('already_claimed');
    expect(twilio.requests.length).toBe(before);
  });

  it('Twilio too busy (429, 20429, never processed): asked again a second later, and the text goes out once', async () => {
    const order = await placeOrder({ smsOptIn: true });
    const before = twilio.requests.length;
    twilio.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');
    expect(twilio.requests.slice(before).map((request) => request.status)).toEqual([429, 201]);
    expect(twilio.messages.filter((message) => message.to === order.phone)).toHaveLength(1);
    expect((await texts(order.id))[0]).toMatchObject({ status: 'sent', error: null });
  });

  it('wrong credentials (Twilio 20003) and a Twilio that never answers are recorded, not thrown', async () => {
    const wrongToken = smsProviderFromEnv(twilio.env({ TWILIO_AUTH_TOKEN: 'not-the-token' }));
    const refused = await placeOrder({ smsOptIn: true });
    expect(await sendOrderText({ ...deps, sms: wrongToken }, refused.id, 'ready')).toBe('failed');
    expect(twilio.requests.at(-1)).toMatchObject({ status: 401 });
    expect((await texts(refused.id))[0]).toMatchObject({
      status: 'failed',
      error: 'Twilio answered 401 (20003): Authenticate',
    });

    const impatient = smsProviderFromEnv(twilio.env({ TWILIO_TIMEOUT_MS: '200' }));
    const silent = await placeOrder({ smsOptIn: true });
    twilio.hang();
    const started = Date.now();
    expect(await sendOrderText({ ...deps, sms: impatient }, silent.id, 'ready')).toBe('failed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await texts(silent.id))[0]).toMatchObject({ status: 'failed', error: 'Twilio did not answer in time.' });
  });

  it('a Messaging Service sends instead of a From number when it is set', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    const viaService = smsProviderFromEnv(
      twilio.env({ TWILIO_FROM_NUMBER: '', TWILIO_MESSAGING_SERVICE_SID: service }),
    );
    const order = await placeOrder({ smsOptIn: true });
    expect(await sendOrderText({ ...deps, sms: viaService }, order.id, 'ready')).toBe('sent');
    const form = twilio.requests.at(-1)!.form;
    expect(form).toMatchObject({ To: order.phone, MessagingServiceSid: service });
    expect(form.From).toBeUndefined();
  });

  it('without TWILIO_* the text goes to the log and is stored with provider outbox', async () => {
    const lines: string[] = [];
    const outbox = createOutboxSms({ log: lineLogger((line) => void lines.push(line)) });
    const order = await placeOrder({ smsOptIn: true });
    const before = twilio.requests.length;
    expect(await sendOrderText({ ...deps, sms: outbox }, order.id, 'ready')).toBe('sent');
    expect(twilio.requests.length).toBe(before);
    const [row] = await texts(order.id);
    expect(row).toMatchObject({
      provider: 'outbox',
      status: 'sent',
      provider_message_id: expect.stringMatching(/^outbox_[0-9a-f]{24}$/) as unknown,
    });
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 'info',
      message: 'sms',
      provider: 'outbox',
      id: row!.provider_message_id,
      to: order.phone,
      body: row!.body,
    });
  });
});
