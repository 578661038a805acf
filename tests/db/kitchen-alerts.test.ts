// No order is missed at Friday rush (server/services/order-alerts.ts), through the real API on a
// fresh database (PGlite, and PostgreSQL when DATABASE_URL is set) with a fixed clock: nothing is
// texted before an order has waited 3 minutes unaccepted; at 3 minutes the restaurant's phone gets
// exactly one text through the SMS outbox (also with two loops looking at once, on PostgreSQL from
// two connection pools), its words and number, and the board shows when; accepted orders are never
// texted about; a scheduled order counts from its fire time; with auto-accept on, an order is
// accepted with its payment (scheduled: at its fire time), and with it off nothing is. The same
// text through Twilio (a local stand-in).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardOrder, StoreStatusAnswer } from '../../shared/api/staff.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import type { Database } from '../../server/db/database.ts';
import { createOutboxSms } from '../../server/providers/sms/outbox-sms.ts';
import { smsProviderFromEnv } from '../../server/providers/sms/twilio.ts';
import { checkWaitingOrders, kitchenAlertText, shortName } from '../../server/services/order-alerts.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { lineLogger } from '../support/log-lines.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in.ts';

const STAFF_PASSWORD = 'comal kitchen board 2026';
const ALERT_PHONE = '+12135550148';
const MINUTE = 60_000;
/** 11:00 in Los Angeles on days the restaurant is open (not Thanksgiving, Nov 26), one per test. */
const OPEN_DAYS = ['20', '21', '22', '23', '24', '25', '27', '28', '29', '30'].map(
  (day) => new Date(`2026-11-${day}T19:00:00Z`),
);

interface TextRow {
  kind: string;
  to_phone: string;
  body: string;
  provider: string;
  status: string;
}

describe.each(databaseTargets)('kitchen alerts on $name', (target) => {
  let api: TestApi;
  let now = OPEN_DAYS[0]!;
  let day = 0;
  let caller = 0;
  let twilio: TwilioStandIn;
  /** What the outbox SMS provider "sent": each log line it wrote. */
  const sent: { to: string; body: string }[] = [];
  const sms = createOutboxSms({
    log: lineLogger((line) => {
      const event = JSON.parse(line) as { message?: string; to?: string; body?: string };
      if (event.message === 'sms') sent.push({ to: event.to!, body: event.body! });
    }),
  });
  const at = (minutes: number, seconds = 0) =>
    new Date(OPEN_DAYS[day - 1]!.getTime() + minutes * MINUTE + seconds * 1000);
  const look = (db: Database = api.deps.db) => checkWaitingOrders({ db, clock: () => now, sms });

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    api = await createTestApi(target, { clock: () => now, sms });
    await addTestItems(api, [{ id: 'ka-torta', name: 'Torta de Alerta', priceCents: 1200 }]);
    const invite = await inviteStaff(api.deps.db, {
      email: 'pass@comal.example',
      role: 'staff',
      origin: TEST_ORIGIN,
      now,
    });
    const token = new URL(invite.url).searchParams.get('set-password')!;
    expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    await api?.close();
    await twilio?.close();
  });
  // Each test on a day of its own: yesterday's orders are long past what the loop looks at.
  beforeEach(() => {
    now = OPEN_DAYS[day++]!;
    sent.length = 0;
  });

  /** A staff member's token at `now` (a token lives 15 minutes, and the tests move the clock on). */
  async function staff() {
    const login = await api.call(
      'POST',
      '/api/staff/login/',
      { email: 'pass@comal.example', password: STAFF_PASSWORD },
      { 'X-Forwarded-For': `203.0.113.${++caller}` },
    );
    expect(login.status).toBe(200);
    return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  }

  async function paidOrder(extra: Record<string, unknown> = {}) {
    const created = await api.call('POST', '/api/create-order/', {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '(213) 555-0199',
      delivery_type: 'pickup',
      cart_items: [{ menu_item_id: 'ka-torta', quantity: 1, modifiers: [] }],
      ...extra,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return order;
  }

  const board = async (id: string) =>
    (await (await api.call('GET', `/api/staff/orders/${id}/`, undefined, await staff())).json()) as BoardOrder;
  const texts = (orderId: string) =>
    api.deps.db.query<TextRow>(
      'select kind, to_phone, body, provider, status from sms_messages where order_id = $1 order by id',
      [orderId],
    );
  const alertEvents = async (orderId: string) =>
    (await api.deps.db.query(`select id from order_events where order_id = $1 and kind = 'alerted'`, [orderId])).length;
  const setAutoAccept = async (on: boolean) => {
    const response = await api.call('POST', '/api/staff/store/', { auto_accept: on }, await staff());
    expect(response.status).toBe(200);
    expect(((await response.json()) as StoreStatusAnswer).auto_accept).toBe(on);
  };

  it('texts the restaurant’s phone once, 3 minutes after an order nobody accepted, even with two loops at once', async () => {
    expect(kitchenSettings).toMatchObject({ alertAfterMinutes: 3, alertPhone: ALERT_PHONE, autoAccept: false });
    const order = await paidOrder();
    now = at(2, 59);
    expect(await look()).toEqual({ accepted: [], alerted: [] });
    expect(await texts(order.order_id)).toEqual([]);
    expect((await board(order.order_id)).alerted_at).toBeNull();

    now = at(3);
    // Two replicas' loops at the same moment: on PostgreSQL each through a pool of its own.
    const other = target.name === 'postgres' ? await api.fresh.reopen() : api.deps.db;
    try {
      const [first, second] = await Promise.all([look(), look(other)]);
      expect([...first.alerted, ...second.alerted]).toEqual([order.order_id]);
    } finally {
      if (other !== api.deps.db) await other.close();
    }
    // Ready at 11:20 (20 minutes after it was paid), in the 11:30 slot.
    const words = `Taquería El Comal: order ${order.number} (Ana R., pickup, due 11:30 AM) has waited 3 min with nobody accepting it. Open the board.`;
    expect(await texts(order.order_id)).toEqual([
      { kind: 'kitchen_alert', to_phone: ALERT_PHONE, body: words, provider: 'outbox', status: 'sent' },
    ]);
    expect(sent).toEqual([{ to: ALERT_PHONE, body: words }]);
    // The customer's phone is in no text to the kitchen.
    expect(words).not.toContain('555');
    expect(await board(order.order_id)).toMatchObject({ status: 'paid', alerted_at: at(3).toISOString() });
    expect(await alertEvents(order.order_id)).toBe(1);

    now = at(10);
    expect(await look()).toEqual({ accepted: [], alerted: [] });
    expect(sent).toHaveLength(1);
    expect(await alertEvents(order.order_id)).toBe(1);
  });

  it('never texts about an order someone accepted', async () => {
    const order = await paidOrder();
    now = at(1);
    expect(
      (await api.call('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'accepted' }, await staff())).status,
    ).toBe(200);
    for (const minutes of [3, 4, 30]) {
      now = at(minutes);
      expect(await look()).toEqual({ accepted: [], alerted: [] });
    }
    expect(await texts(order.order_id)).toEqual([]);
    expect(sent).toEqual([]);
    expect((await board(order.order_id)).alerted_at).toBeNull();
  });

  it('counts a scheduled order from its fire time (its time minus 15 minutes of prep), not from its payment', async () => {
    // Paid at 11:00 for 1:00 PM: it reaches New at 12:45 and is texted about at 12:48.
    const order = await paidOrder({ scheduled_for: at(120).toISOString() });
    expect(await board(order.order_id)).toMatchObject({
      fire_at: at(105).toISOString(),
      due_at: at(120).toISOString(),
    });
    for (const [minutes, seconds] of [
      [3, 0],
      [60, 0],
      [107, 59],
    ] as const) {
      now = at(minutes, seconds);
      expect(await look()).toEqual({ accepted: [], alerted: [] });
    }
    now = at(108);
    expect(await look()).toEqual({ accepted: [], alerted: [order.order_id] });
    expect(sent).toEqual([
      {
        to: ALERT_PHONE,
        body: `Taquería El Comal: order ${order.number} (Ana R., pickup, due 1:00 PM) has waited 3 min with nobody accepting it. Open the board.`,
      },
    ]);
  });

  it('with auto-accept on, accepts an ASAP order with its payment and a scheduled one at its fire time; off, nothing', async () => {
    await setAutoAccept(true);
    try {
      const asap = await paidOrder();
      const accepted = await board(asap.order_id);
      expect(accepted).toMatchObject({ status: 'accepted', undo: null });
      const [event] = await api.deps.db.query<{ payload: { from: string; by: string } }>(
        `select payload from order_events where order_id = $1 and kind = 'status'`,
        [asap.order_id],
      );
      expect(event!.payload).toEqual({ from: 'paid', by: 'auto-accept' });

      const scheduled = await paidOrder({ scheduled_for: at(120).toISOString() });
      expect((await board(scheduled.order_id)).status).toBe('paid');
      now = at(104, 59);
      expect(await look()).toEqual({ accepted: [], alerted: [] });
      now = at(105);
      expect(await look()).toEqual({ accepted: [scheduled.order_id], alerted: [] });
      expect((await board(scheduled.order_id)).status).toBe('accepted');
      now = at(130);
      expect(await look()).toEqual({ accepted: [], alerted: [] });
      expect(sent).toEqual([]);
    } finally {
      await setAutoAccept(false);
    }

    now = at(200);
    const waiting = await paidOrder();
    const scheduled = await paidOrder({ scheduled_for: at(255).toISOString() });
    expect((await board(waiting.order_id)).status).toBe('paid');
    now = at(242);
    // The scheduled one reached New and stays there for someone to accept: 3 minutes later, a text.
    expect(await look()).toEqual({ accepted: [], alerted: [waiting.order_id] });
    now = at(243);
    expect(await look()).toEqual({ accepted: [], alerted: [scheduled.order_id] });
    expect((await board(scheduled.order_id)).status).toBe('paid');
  });

  it('sends the same text through Twilio when Twilio is the provider', async () => {
    const order = await paidOrder({ delivery_type: 'pickup', name: 'Madonna' });
    now = at(3);
    const result = await checkWaitingOrders({
      db: api.deps.db,
      clock: () => now,
      sms: smsProviderFromEnv(twilio.env()),
    });
    expect(result.alerted).toEqual([order.order_id]);
    expect(twilio.messages.map((m) => ({ to: m.to, body: m.body }))).toEqual([
      {
        to: ALERT_PHONE,
        body: `Taquería El Comal: order ${order.number} (Madonna, pickup, due 11:30 AM) has waited 3 min with nobody accepting it. Open the board.`,
      },
    ]);
    expect(await texts(order.order_id)).toMatchObject([{ kind: 'kitchen_alert', provider: 'twilio', status: 'sent' }]);
  });
});

describe('the kitchen’s text', () => {
  it('names the customer by first name and initial, on one plain line', () => {
    expect(shortName('Ana Ruiz')).toBe('Ana R.');
    expect(shortName('  maría\u0007 de la\u2028 o\u202e ')).toBe('maría O.');
    expect(shortName('Madonna')).toBe('Madonna');
    expect(shortName(' \u0000 ')).toBe('no name');
    expect(shortName('bit.ly/refund-now Ruiz')).toBe('bit[.]ly/refund-now R.');
    expect(shortName('https://203.0.113.5/pay Ruiz')).toBe('203[.]0[.]113[.]5/pay R.');
    expect(shortName(`${'x'.repeat(40)} Ruiz`)).toBe(`${'x'.repeat(24)} R.`);
    const text = kitchenAlertText(
      { number: 1042, name: 'Ana\r\nRuiz', delivery_type: 'delivery' },
      new Date('2026-11-21T02:45:00Z'),
      4,
    );
    expect(text).toBe(
      'Taquería El Comal: order 1042 (Ana R., delivery, due 6:45 PM) has waited 4 min with nobody accepting it. Open the board.',
    );
    expect(text).not.toMatch(/[\r\n]/);
  });
});
