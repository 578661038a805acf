// What Twilio tells us after a text leaves, through the real API on a fresh database (PGlite, and
// PostgreSQL when DATABASE_URL is set), with the Twilio stand-in answering and calling back with
// Twilio's published payloads (tests/fixtures/twilio/):
// - every text asks for status callbacks at the configured public origin; a callback is accepted
//   only with the Auth Token's X-Twilio-Signature over that origin's URL (twilio-node's published
//   example holds), and records the text's delivery status: queued, sent, delivered; a late or
//   out-of-order callback never moves a final status back; 30003 and 30006 failures are recorded
//   with their code and logged; a status for a text we never sent is answered 200 and ignored.
// - every one of Twilio's opt-out words (any case, spaces around) stops every later text to that
//   number, the kitchen's alert included: Twilio hears nothing and the skipped text is recorded;
//   START, YES or UNSTOP texts again; HELP and INFO are recorded without opting out; a refusal
//   with 21610, on sending or in a callback, opts the number out; a replayed STOP after START
//   changes nothing. Marketing texts need the checkout's offers box.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { log as serverLog } from '../../server/logger.ts';
import { textStatus } from '../../server/db/sms-messages.ts';
import { isOptedOut } from '../../server/db/sms-opt-outs.ts';
import { twilioSignature, twilioWebhooks } from '../../server/providers/sms/twilio.ts';
import { EMPTY_TWIML, TWILIO_SIGNATURE_INVALID, TWILIO_WEBHOOKS_OFF } from '../../server/routes/twilio-webhooks.ts';
import { checkWaitingOrders } from '../../server/services/order-alerts.ts';
import { OPTED_OUT_REASON, sendOrderText, sendText, type OrderTextDeps } from '../../server/services/order-texts.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import {
  startTwilioStandIn,
  twilioTestSignature,
  TWILIO_TEST_ACCOUNT_SID,
  type TwilioStandIn,
} from '../support/twilio-stand-in.ts';
import signatureExample from '../fixtures/twilio/signature-example.json' with { type: 'json' };
import statusCallbackSent from '../fixtures/twilio/status-callback-sent.json' with { type: 'json' };

/** 11:00 in Los Angeles on an open Friday. */
const NOW = new Date('2026-11-20T19:00:00Z');
const STATUS_URL = `${TEST_ORIGIN}/api/webhooks/twilio/status/`;
const INCOMING_URL = `${TEST_ORIGIN}/api/webhooks/twilio/incoming/`;
const ALERT_PHONE = '+12135550148';

describe.each(databaseTargets)('Twilio status callbacks and keywords on $name', (target) => {
  let api: TestApi;
  let twilio: TwilioStandIn;
  let deps: OrderTextDeps;
  let now = NOW;

  beforeAll(async () => {
    twilio = await startTwilioStandIn({ incomingUrl: INCOMING_URL });
    api = await createTestApi(target, { clock: () => now }, twilio.env());
    twilio.deliverVia((url, init) => api.app.request(url, init));
    await addTestItems(api, [{ id: 'tw-agua', name: 'Agua de Horchata', priceCents: 450 }]);
    deps = { db: api.deps.db, sms: api.deps.sms, clock: () => now };
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await api?.close();
    await twilio?.close();
  });
  beforeEach(() => twilio.reset());

  let phoneSuffix = 2000;
  /** A paid pickup order through the real API, on a phone of its own unless told. */
  async function paidOrder(options: { smsOptIn?: boolean; marketingOptIn?: boolean; phone?: string } = {}) {
    const phone = options.phone ?? `+1213555${String(++phoneSuffix).padStart(4, '0')}`;
    const created = await api.call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'tw-agua', quantity: 1, modifiers: [] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      delivery_type: 'pickup',
      sms_opt_in: options.smsOptIn ?? true,
      marketing_opt_in: options.marketingOptIn ?? false,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const placed = (await created.json()) as { order_id: string; payment: { client_secret: string } };
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: placed.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${placed.order_id}/`)).status).toBe(200);
    return { id: placed.order_id, phone };
  }

  /** An order texted 'ready' through Twilio; answers it with the Message SID Twilio gave the text. */
  async function textedOrder(options: { phone?: string } = {}) {
    const order = await paidOrder(options);
    expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');
    const sid = twilio.messages.at(-1)!.sid;
    expect(twilio.messages.at(-1)!.to).toBe(order.phone);
    return { ...order, sid };
  }

  /** Posts form fields to a Twilio route as Twilio would, signed over `signedUrl` unless a signature is given. */
  function post(url: string, fields: Record<string, string>, signature?: string | null) {
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const signed = signature === undefined ? twilioTestSignature(twilio.authToken, url, fields) : signature;
    if (signed !== null) headers['X-Twilio-Signature'] = signed;
    return api.app.request(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
  }

  const delivery = async (orderId: string) => {
    const row = await textStatus(api.deps.db, orderId, 'ready');
    return { status: row?.delivery_status ?? null, code: row?.delivery_error_code ?? null };
  };

  const keywords = (phone: string) =>
    api.deps.db.query<{ word: string; action: string; provider_message_id: string }>(
      'select word, action, provider_message_id from sms_keywords where phone = $1 order by id',
      [phone],
    );

  describe('delivery status', () => {
    it('every text asks Twilio for status callbacks at the configured public origin', async () => {
      const order = await paidOrder();
      expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');
      expect(twilio.requests.at(-1)!.form).toMatchObject({ To: order.phone, StatusCallback: STATUS_URL });

      const env = { DIST_DIR: 'dist', ...twilio.env() };
      expect(readConfig({ ...env, PUBLIC_ORIGIN: 'https://order.example.com/' }).twilio?.statusCallbackUrl).toBe(
        'https://order.example.com/api/webhooks/twilio/status/',
      );
      // Without PUBLIC_ORIGIN (a local run) Twilio could not reach us: no callback is asked for.
      expect(readConfig({ ...env, HOST: '127.0.0.1', PORT: '3000' }).twilio?.statusCallbackUrl).toBeUndefined();
    });

    it("a callback signed with the Auth Token is accepted; a wrong, missing or other host's signature is refused with 403", async () => {
      const order = await textedOrder();
      const sent = await twilio.report(order.sid, 'sent');
      expect(sent!.status).toBe(200);
      expect(await sent!.json()).toEqual({ received: true });
      expect(await delivery(order.id)).toEqual({ status: 'sent', code: null });

      const fields = { ...statusCallbackSent, AccountSid: twilio.accountSid, MessageSid: order.sid, SmsSid: order.sid };
      const delivered = { ...fields, MessageStatus: 'delivered', SmsStatus: 'delivered' };
      const refusals = [
        await twilio.report(order.sid, 'delivered', {
          signature: twilioTestSignature('not-the-token', STATUS_URL, delivered),
        }),
        await post(STATUS_URL, delivered, null),
        await post(STATUS_URL, delivered, ''),
        // Signed over the Host the request names, not over the configured origin.
        await post('http://attacker.example/api/webhooks/twilio/status/', delivered),
        // Signed, then a field changed on the way.
        await post(STATUS_URL, delivered, twilioTestSignature(twilio.authToken, STATUS_URL, fields)),
      ];
      for (const refused of refusals) {
        expect(refused!.status).toBe(403);
        expect(await refused!.json()).toEqual({ error: true, message: TWILIO_SIGNATURE_INVALID });
      }
      expect(await delivery(order.id)).toEqual({ status: 'sent', code: null });

      // Twilio sometimes signs with the default port written out, as twilio-node's validateRequest allows.
      const withPort = await post(
        STATUS_URL,
        delivered,
        twilioTestSignature(twilio.authToken, 'http://localhost:80/api/webhooks/twilio/status/', delivered),
      );
      expect(withPort.status).toBe(200);
      expect(await delivery(order.id)).toEqual({ status: 'delivered', code: null });
    });

    it("the signature is Twilio's: twilio-node's published example signs the same", () => {
      const fields = new Map(Object.entries(signatureExample.params).map(([name, value]) => [name, [value]]));
      expect(twilioSignature(signatureExample.authToken, signatureExample.url, fields)).toBe(
        signatureExample.signature,
      );
      const example = twilioWebhooks(signatureExample.authToken);
      expect(example.verify(signatureExample.url, fields, signatureExample.signature)).toBe(true);
      expect(
        example.verify(signatureExample.url, new Map([...fields, ['Digits', ['1235']]]), signatureExample.signature),
      ).toBe(false);
      // Our account's token does not sign it.
      expect(api.deps.sms.webhooks!.verify(signatureExample.url, fields, signatureExample.signature)).toBe(false);
      expect(twilioTestSignature(signatureExample.authToken, signatureExample.url, signatureExample.params)).toBe(
        signatureExample.signature,
      );
    });

    it('records queued, sent and delivered in turn; a late sent or undelivered never moves delivered back', async () => {
      const order = await textedOrder();
      for (const status of ['queued', 'sent', 'delivered'] as const) {
        expect((await twilio.report(order.sid, status))!.status).toBe(200);
        expect(await delivery(order.id)).toEqual({ status, code: null });
      }
      expect(twilio.callbacks.at(-1)!.fields).toMatchObject({
        MessageStatus: 'delivered',
        RawDlrDoneDate: expect.stringMatching(/^\d{10}$/) as unknown,
      });
      for (const late of ['sent', 'queued', 'undelivered', 'failed'] as const) {
        expect((await twilio.report(order.sid, late, { errorCode: 30003 }))!.status).toBe(200);
      }
      expect(await delivery(order.id)).toEqual({ status: 'delivered', code: null });
    });

    it('callbacks out of order: delivered before queued and sent stays delivered', async () => {
      const order = await textedOrder();
      await twilio.report(order.sid, 'delivered');
      await twilio.report(order.sid, 'sent');
      await twilio.report(order.sid, 'queued');
      expect(await delivery(order.id)).toEqual({ status: 'delivered', code: null });
      // The text itself stays what our send did.
      expect(await textStatus(api.deps.db, order.id, 'ready')).toMatchObject({
        status: 'sent',
        provider_message_id: order.sid,
      });
    });

    it('an undelivered 30003 and a failed 30006 are recorded with their codes and logged', async () => {
      const warned = vi.spyOn(serverLog, 'warn');
      const unreachable = await textedOrder();
      const landline = await textedOrder();
      await twilio.report(unreachable.sid, 'sent');
      await twilio.report(unreachable.sid, 'undelivered', { errorCode: 30003 });
      await twilio.report(landline.sid, 'failed', { errorCode: 30006 });
      expect(await delivery(unreachable.id)).toEqual({ status: 'undelivered', code: 30003 });
      expect(await delivery(landline.id)).toEqual({ status: 'failed', code: 30006 });
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({
          order_id: unreachable.id,
          kind: 'ready',
          provider_message_id: unreachable.sid,
          status: 'undelivered',
          code: 30003,
        }),
        'order text not delivered',
      );
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ order_id: landline.id, status: 'failed', code: 30006 }),
        'order text not delivered',
      );
      // A failure that is not an opt-out leaves the number textable.
      expect(await isOptedOut(api.deps.db, unreachable.phone)).toBe(false);
      warned.mockRestore();
    });

    it('a status for a text we never sent, or one we cannot read, is answered 200 and changes nothing', async () => {
      const order = await textedOrder();
      await twilio.report(order.sid, 'sent');
      const stranger = `SM${'ab'.repeat(16)}`;
      const unknown = await post(STATUS_URL, {
        ...statusCallbackSent,
        AccountSid: TWILIO_TEST_ACCOUNT_SID,
        MessageSid: stranger,
        SmsSid: stranger,
        MessageStatus: 'delivered',
        SmsStatus: 'delivered',
      });
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual({ received: true });
      const unreadable = await twilio.report(order.sid, 'teleported');
      expect(unreadable!.status).toBe(200);
      expect(await delivery(order.id)).toEqual({ status: 'sent', code: null });
      const rows = await api.deps.db.query(`select 1 from sms_messages where provider_message_id = $1`, [stranger]);
      expect(rows).toEqual([]);
    });

    it('a signed callback with fields Twilio added without notice is accepted', async () => {
      const order = await textedOrder();
      const answer = await twilio.report(order.sid, 'delivered', {
        extra: { ApiVersion: '2010-04-01', ChannelPrefix: 'sms', To: order.phone },
      });
      expect(answer!.status).toBe(200);
      expect(await delivery(order.id)).toEqual({ status: 'delivered', code: null });
    });

    it('a body that is not a form is refused with 415; without Twilio configured the routes answer 404', async () => {
      const json = await api.app.request(STATUS_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': 'x' },
        body: JSON.stringify({ MessageSid: 'SM1', MessageStatus: 'delivered' }),
      });
      expect(json.status).toBe(415);
      expect(((await json.json()) as { error: boolean }).error).toBe(true);

      const outbox = await createTestApi(target);
      try {
        for (const url of [STATUS_URL, INCOMING_URL]) {
          const fields = { ...statusCallbackSent };
          const off = await outbox.app.request(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'X-Twilio-Signature': twilioTestSignature(twilio.authToken, url, fields),
            },
            body: new URLSearchParams(fields).toString(),
          });
          expect(off.status).toBe(404);
          expect(await off.json()).toEqual({ error: true, message: TWILIO_WEBHOOKS_OFF });
        }
      } finally {
        await outbox.close();
      }
    });
  });

  describe('STOP, START and HELP', () => {
    /** What the incoming-message webhook answers: empty TwiML, so we reply nothing (Twilio confirms). */
    async function expectEmptyTwiml(answer: Response) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toMatch(/^text\/xml/);
      expect(await answer.text()).toBe(EMPTY_TWIML);
    }

    it.each([
      ['STOP', 'STOP'],
      ['stopall', 'STOPALL'],
      [' Unsubscribe ', 'UNSUBSCRIBE'],
      ['cancel', 'CANCEL'],
      ['End', 'END'],
      ['QUIT\n', 'QUIT'],
      ['revoke', 'REVOKE'],
      ['OptOut', 'OPTOUT'],
      ['Stop  All', 'STOP ALL'],
    ])(
      '%j opts the number out: no more texts, Twilio hears nothing, the skipped text is recorded',
      async (said, word) => {
        const order = await paidOrder();
        await expectEmptyTwiml(await twilio.textFrom(order.phone, said));
        expect(await keywords(order.phone)).toEqual([
          { word, action: 'opt_out', provider_message_id: twilio.callbacks.at(-1)!.fields.MessageSid },
        ]);

        const before = twilio.requests.length;
        expect(await sendOrderText(deps, order.id, 'ready')).toBe('opted_out');
        expect(twilio.requests.length).toBe(before);
        expect(await textStatus(api.deps.db, order.id, 'ready')).toMatchObject({
          to_phone: order.phone,
          status: 'skipped',
          error: OPTED_OUT_REASON,
          provider_message_id: null,
        });
        // Claimed as skipped: asking again sends nothing either.
        expect(await sendOrderText(deps, order.id, 'ready')).toBe('already_claimed');
        expect(twilio.requests.length).toBe(before);
      },
    );

    it.each(['START', 'yes', ' Unstop '])('%j after STOP texts the number again', async (said) => {
      const stopped = await paidOrder();
      await twilio.textFrom(stopped.phone, 'STOP');
      expect(await sendOrderText(deps, stopped.id, 'ready')).toBe('opted_out');

      await expectEmptyTwiml(await twilio.textFrom(stopped.phone, said));
      expect((await keywords(stopped.phone)).map((k) => k.action)).toEqual(['opt_out', 'opt_in']);
      const again = await paidOrder({ phone: stopped.phone });
      const before = twilio.requests.length;
      expect(await sendOrderText(deps, again.id, 'ready')).toBe('sent');
      expect(twilio.requests.length).toBe(before + 1);
      expect(twilio.messages.at(-1)!.to).toBe(stopped.phone);
    });

    it.each([
      ['HELP', 'HELP'],
      ['info', 'INFO'],
    ])('%j is recorded and opts nobody out', async (said, word) => {
      const order = await paidOrder();
      await expectEmptyTwiml(await twilio.textFrom(order.phone, said));
      expect(await keywords(order.phone)).toMatchObject([{ word, action: 'help' }]);
      expect(await isOptedOut(api.deps.db, order.phone)).toBe(false);
      expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');
    });

    it('a text that is more than a keyword ("stop please", "Stop.") is not kept and opts nobody out', async () => {
      const order = await paidOrder();
      await expectEmptyTwiml(await twilio.textFrom(order.phone, 'stop please'));
      await expectEmptyTwiml(await twilio.textFrom(order.phone, 'Stop.'));
      expect(await keywords(order.phone)).toEqual([]);
      expect(await sendOrderText(deps, order.id, 'ready')).toBe('sent');
    });

    it("Advanced Opt-Out's OptOutType counts for a Messaging Service's own word (ALTO)", async () => {
      const order = await paidOrder();
      await expectEmptyTwiml(await twilio.textFrom(order.phone, 'Alto', { optOutType: 'STOP' }));
      expect(await keywords(order.phone)).toMatchObject([{ word: 'STOP', action: 'opt_out' }]);
      expect(await sendOrderText(deps, order.id, 'ready')).toBe('opted_out');
    });

    it('a STOP whose signature does not hold is refused with 403 and opts nobody out', async () => {
      const order = await paidOrder();
      const refused = await twilio.textFrom(order.phone, 'STOP', { signature: 'bm90IGEgc2lnbmF0dXJl' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: true, message: TWILIO_SIGNATURE_INVALID });
      expect(await keywords(order.phone)).toEqual([]);
      expect(await isOptedOut(api.deps.db, order.phone)).toBe(false);
    });

    it('a STOP delivered again after START (a retry or a replay) changes nothing', async () => {
      const order = await paidOrder();
      await twilio.textFrom(order.phone, 'STOP');
      const stop = twilio.callbacks.at(-1)!;
      await twilio.textFrom(order.phone, 'START');
      const replay = await post(stop.url, stop.fields, stop.signature);
      await expectEmptyTwiml(replay);
      expect((await keywords(order.phone)).map((k) => k.action)).toEqual(['opt_out', 'opt_in']);
      expect(await isOptedOut(api.deps.db, order.phone)).toBe(false);
    });

    it('Twilio refusing a text with 21610 opts the number out: the next text is skipped without calling Twilio', async () => {
      const first = await paidOrder();
      // They replied STOP to Twilio, and we never heard of it.
      twilio.unsubscribe(first.phone);
      expect(await sendOrderText(deps, first.id, 'ready')).toBe('failed');
      expect(twilio.requests.at(-1)!.status).toBe(400);
      expect(await textStatus(api.deps.db, first.id, 'ready')).toMatchObject({
        status: 'failed',
        error: 'Twilio answered 400 (21610): Attempt to send to unsubscribed recipient',
      });
      const [optOut] = await api.deps.db.query('select source, word from sms_opt_outs where phone = $1', [first.phone]);
      expect(optOut).toEqual({ source: 'provider', word: null });

      const next = await paidOrder({ phone: first.phone });
      const before = twilio.requests.length;
      expect(await sendOrderText(deps, next.id, 'ready')).toBe('opted_out');
      expect(twilio.requests.length).toBe(before);
    });

    it('a 21610 in a status callback (a Messaging Service refuses later) opts the number out', async () => {
      const order = await textedOrder();
      await twilio.report(order.sid, 'failed', { errorCode: 21610 });
      expect(await delivery(order.id)).toEqual({ status: 'failed', code: 21610 });
      expect(await isOptedOut(api.deps.db, order.phone)).toBe(true);
      const next = await paidOrder({ phone: order.phone });
      expect(await sendOrderText(deps, next.id, 'ready')).toBe('opted_out');
    });

    it('marketing texts need the offers box, order texts the texting box; neither reaches an opted-out number', async () => {
      const textsOnly = await paidOrder({ smsOptIn: true, marketingOptIn: false });
      const offersOnly = await paidOrder({ smsOptIn: false, marketingOptIn: true });
      const offer = () => 'Taquería El Comal: pozole is back. Reply STOP to cancel, HELP for help.';
      const before = twilio.requests.length;
      expect(await sendText(deps, textsOnly.id, 'marketing:pozole', offer, undefined, 'marketing')).toBe('not_wanted');
      expect(await sendText(deps, offersOnly.id, 'marketing:pozole', offer, ALERT_PHONE, 'marketing')).toBe(
        'not_wanted',
      );
      expect(await sendOrderText(deps, offersOnly.id, 'ready')).toBe('not_wanted');
      expect(twilio.requests.length).toBe(before);

      expect(await sendText(deps, offersOnly.id, 'marketing:pozole', offer, undefined, 'marketing')).toBe('sent');
      expect(twilio.messages.at(-1)).toMatchObject({ to: offersOnly.phone, body: offer() });
      expect(await textStatus(api.deps.db, offersOnly.id, 'marketing:pozole')).toMatchObject({
        purpose: 'marketing',
        status: 'sent',
      });

      const stopped = await paidOrder({ smsOptIn: false, marketingOptIn: true });
      await twilio.textFrom(stopped.phone, 'QUIT');
      expect(await sendText(deps, stopped.id, 'marketing:pozole', offer, undefined, 'marketing')).toBe('opted_out');
    });

    it("the kitchen's alert is not texted to a restaurant phone that replied STOP; the skip is recorded", async () => {
      const order = await paidOrder({ smsOptIn: false });
      await expectEmptyTwiml(await twilio.textFrom(ALERT_PHONE, 'STOP'));
      now = new Date(NOW.getTime() + 3 * 60_000);
      try {
        const before = twilio.requests.length;
        const result = await checkWaitingOrders({ db: api.deps.db, clock: () => now, sms: api.deps.sms });
        expect(result.alerted).toContain(order.id);
        expect(twilio.requests.length).toBe(before);
        expect(await textStatus(api.deps.db, order.id, 'kitchen_alert')).toMatchObject({
          to_phone: ALERT_PHONE,
          status: 'skipped',
          error: OPTED_OUT_REASON,
        });
      } finally {
        now = NOW;
      }
    });
  });
});
