/**
 * A local stand-in for the part of Twilio the server uses, on 127.0.0.1 and a free port, so the
 * real adapter can be pointed at it with TWILIO_API_BASE, answering with what Twilio publishes
 * (tests/fixtures/twilio/, each file's source in its README):
 *   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   form-encoded To, From or
 *        MessagingServiceSid, Body and StatusCallback; answers 201 with the Message resource
 *        (message-created.json with this message's values)
 * Every call needs HTTP Basic auth with the account's SID and Auth Token, and the SID in the path
 * must be that account; else 401 with code 20003. Errors have Twilio's shape
 * `{ code, message, more_info, status }` (https://www.twilio.com/docs/api/errors): 21604 no To,
 * 21603 no From, 21602 no Body, 21211 a To that is not E.164, 21610 a recipient who replied STOP
 * (error-21610.json).
 *
 * And Twilio's calls to the server, form-encoded and signed with X-Twilio-Signature (the Auth
 * Token's HMAC-SHA1 over the URL and the sorted fields, computed here on its own, as Twilio
 * documents it): `report` posts a text's status to the StatusCallback it was sent with
 * (status-callback-sent.json's fields, ErrorCode and RawDlrDoneDate where Twilio adds them), and
 * `textFrom` posts a customer's text to the incoming-message webhook (incoming-message.json's
 * fields). Like Twilio's default STOP filtering, a text that is an opt-out word puts its sender on
 * the stand-in's unsubscribed list (sends to it are then refused with 21610) and an opt-in word
 * takes it off. Where the calls go is `deliverVia` (the test's app.request; fetch by default).
 * Test hooks: `unsubscribe` (that number replied STOP), `failNext` (the next call answers a given
 * error), `hang` (calls get no answer, for timeouts) and `reset`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/twilio/${name}`, import.meta.url), 'utf8')) as T;

/** The Message resource as Twilio publishes it (message-created.json). */
export type StandInMessage = typeof MESSAGE_CREATED;
const MESSAGE_CREATED = fixture<{
  account_sid: string;
  api_version: string;
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: string;
  error_code: number | null;
  error_message: string | null;
  from: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string | null;
  messaging_service_sid: string | null;
  sid: string;
  status: string;
  subresource_uris: { media: string };
  to: string;
  uri: string;
}>('message-created.json');
const STATUS_CALLBACK = fixture<Record<string, string>>('status-callback-sent.json');
const INCOMING_MESSAGE = fixture<Record<string, string>>('incoming-message.json');
const UNSUBSCRIBED_ERROR = fixture<{ code: number; message: string; more_info: string; status: number }>(
  'error-21610.json',
);

/** Test credentials in Twilio's formats: AC + 32 hex digits, a 32-hex-digit token. */
export const TWILIO_TEST_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TEST_AUTH_TOKEN = 'fedcba9876543210'.repeat(2);
export const TWILIO_TEST_FROM = '+12135550199';

export interface RecordedTwilioRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form fields as sent. */
  form: Record<string, string>;
  /** The Basic auth user and password, when the header had them. */
  auth: { user: string; password: string } | null;
  status: number;
}

/** A call the stand-in made to the server, as Twilio would. */
export interface TwilioCallback {
  url: string;
  fields: Record<string, string>;
  signature: string;
  status: number;
}

export interface TwilioErrorAnswer {
  status: number;
  code: number;
  message: string;
}

export type Deliver = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface TwilioStandIn {
  /** http://127.0.0.1:PORT, for TWILIO_API_BASE. */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** Every request received, in order, refused ones included. */
  readonly requests: RecordedTwilioRequest[];
  /** The messages accepted, oldest first. */
  readonly messages: StandInMessage[];
  /** Every call made to the server, oldest first. */
  readonly callbacks: TwilioCallback[];
  /** That number replied STOP: texts to it are refused with 21610. */
  unsubscribe(phone: string): void;
  /** Whether the stand-in refuses texts to this number (it replied an opt-out word). */
  isUnsubscribed(phone: string): boolean;
  /** The next call answers this error instead (after the auth check). */
  failNext(error: TwilioErrorAnswer): void;
  /** From now on calls get no answer until `reset` (the connection stays open). */
  hang(): void;
  /** Forgets unsubscribes, pending failures and hanging; keeps what was recorded. */
  reset(): void;
  /** Where the stand-in's calls to the server go (default: fetch). */
  deliverVia(deliver: Deliver): void;
  /**
   * Posts the message's status to the StatusCallback it was sent with, signed; answers the
   * server's response, or null when the message asked for no callback. `signature` replaces the
   * right one, `extra` adds fields (Twilio adds new ones without notice).
   */
  report(
    sid: string,
    status: string,
    options?: { errorCode?: number; extra?: Record<string, string>; signature?: string },
  ): Promise<Response | null>;
  /** Posts a text from `from` to the incoming-message webhook, signed; answers the server's response. */
  textFrom(
    from: string,
    body: string,
    options?: { optOutType?: string; signature?: string; extra?: Record<string, string> },
  ): Promise<Response>;
  /** The env that points the server's Twilio adapter here. */
  env(more?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** X-Twilio-Signature as Twilio documents it: HMAC-SHA1 of the URL and each field's name and value, names sorted. */
export function twilioTestSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((signed, name) => signed + name + fields[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Twilio's default opt-out and opt-in words (tests/fixtures/twilio/README.md). */
export const TWILIO_OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const TWILIO_OPT_IN_WORDS = ['START', 'YES', 'UNSTOP'];

const E164 = /^\+[1-9]\d{7,14}$/;

export const TWILIO_UNSUBSCRIBED: TwilioErrorAnswer = {
  status: UNSUBSCRIBED_ERROR.status,
  code: UNSUBSCRIBED_ERROR.code,
  message: UNSUBSCRIBED_ERROR.message,
};

export async function startTwilioStandIn(
  options: {
    accountSid?: string;
    authToken?: string;
    /** The incoming-message webhook set on the number in Twilio's Console. */
    incomingUrl?: string;
    /** The number's Messaging Service, when it is in one (its SID is sent with incoming texts). */
    messagingServiceSid?: string;
  } = {},
): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? TWILIO_TEST_ACCOUNT_SID;
  const authToken = options.authToken ?? TWILIO_TEST_AUTH_TOKEN;
  const requests: RecordedTwilioRequest[] = [];
  const messages: StandInMessage[] = [];
  const callbacks: TwilioCallback[] = [];
  /** Each message's StatusCallback, by sid. */
  const statusCallbacks = new Map<string, string>();
  const unsubscribed = new Set<string>();
  let nextFailure: TwilioErrorAnswer | null = null;
  let hanging = false;
  let deliver: Deliver = (url, init) => fetch(url, init);
  const hung = new Set<ServerResponse>();

  function refusal(error: TwilioErrorAnswer) {
    return {
      code: error.code,
      message: error.message,
      more_info: `https://www.twilio.com/docs/errors/${error.code}`,
      status: error.status,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readAll(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const form = Object.fromEntries(new URLSearchParams(rawBody));
    const auth = basicAuth(request.headers.authorization);
    const record = (status: number) =>
      requests.push({ method, path: url.pathname, headers: request.headers, form, auth, status });
    const answer = (status: number, body: unknown) => {
      record(status);
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Twilio-Request-Id': `RQ${randomBytes(16).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    const fail = (error: TwilioErrorAnswer) => answer(error.status, refusal(error));

    if (hanging) {
      record(0);
      hung.add(response);
      return;
    }
    const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!path || method !== 'POST') {
      fail({ status: 404, code: 20404, message: `The requested resource ${url.pathname} was not found` });
      return;
    }
    if (
      !auth ||
      auth.user !== accountSid ||
      auth.password !== authToken ||
      decodeURIComponent(path[1]!) !== accountSid
    ) {
      fail({ status: 401, code: 20003, message: 'Authenticate' });
      return;
    }
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      fail(failure);
      return;
    }
    if (!/^application\/x-www-form-urlencoded\b/.test(request.headers['content-type'] ?? '')) {
      fail({ status: 400, code: 21604, message: "A 'To' phone number is required." });
      return;
    }
    const to = form.To ?? '';
    if (!to) return fail({ status: 400, code: 21604, message: "A 'To' phone number is required." });
    if (!form.From && !form.MessagingServiceSid)
      return fail({ status: 400, code: 21603, message: "A 'From' phone number is required." });
    if (!form.Body) return fail({ status: 400, code: 21602, message: 'Message body is required.' });
    if (!E164.test(to)) return fail({ status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${to}` });
    if (unsubscribed.has(to)) return answer(UNSUBSCRIBED_ERROR.status, UNSUBSCRIBED_ERROR);

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = rfc2822(new Date());
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}`;
    // The published resource with this message's values; through a Messaging Service a text
    // starts 'accepted', from a number 'queued' (Twilio's outbound message status guide).
    const message: StandInMessage = {
      ...MESSAGE_CREATED,
      account_sid: accountSid,
      body: form.Body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      num_segments: form.MessagingServiceSid ? '0' : String(segments(form.Body)),
      sid,
      status: form.MessagingServiceSid ? 'accepted' : 'queued',
      subresource_uris: { media: `${uri}/Media.json` },
      to,
      uri: `${uri}.json`,
    };
    messages.push(message);
    if (form.StatusCallback) statusCallbacks.set(sid, form.StatusCallback);
    answer(201, message);
  }

  /** Posts `fields` to `url` signed as Twilio signs, and records what the server answered. */
  async function post(url: string, fields: Record<string, string>, signature?: string): Promise<Response> {
    const signed = signature ?? twilioTestSignature(authToken, url, fields);
    const response = await deliver(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signed,
        'User-Agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(fields).toString(),
    });
    callbacks.push({ url, fields, signature: signed, status: response.status });
    return response;
  }

  async function report(
    sid: string,
    status: string,
    more: { errorCode?: number; extra?: Record<string, string>; signature?: string } = {},
  ): Promise<Response | null> {
    const message = messages.find((m) => m.sid === sid);
    const url = statusCallbacks.get(sid);
    if (!message || !url) return null;
    // status-callback-sent.json's fields with this message's values.
    const fields: Record<string, string> = {
      ...STATUS_CALLBACK,
      AccountSid: accountSid,
      From: message.from ?? TWILIO_TEST_FROM,
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
    };
    if ((status === 'failed' || status === 'undelivered') && more.errorCode !== undefined)
      fields.ErrorCode = String(more.errorCode);
    if (status === 'delivered' || status === 'undelivered') fields.RawDlrDoneDate = dlrDoneDate(new Date());
    return post(url, { ...fields, ...more.extra }, more.signature);
  }

  async function textFrom(
    from: string,
    body: string,
    more: { optOutType?: string; signature?: string; extra?: Record<string, string> } = {},
  ): Promise<Response> {
    if (!options.incomingUrl) throw new Error('startTwilioStandIn({ incomingUrl }) names the incoming-message webhook');
    // Twilio's default STOP filtering, before the webhook hears of it.
    const word = body.trim().toUpperCase();
    if (TWILIO_OPT_OUT_WORDS.includes(word)) unsubscribed.add(from);
    if (TWILIO_OPT_IN_WORDS.includes(word)) unsubscribed.delete(from);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const { MessagingServiceSid: _service, ...published } = INCOMING_MESSAGE;
    const fields: Record<string, string> = {
      ...published,
      MessageSid: sid,
      SmsSid: sid,
      SmsMessageSid: sid,
      AccountSid: accountSid,
      ...(options.messagingServiceSid ? { MessagingServiceSid: options.messagingServiceSid } : {}),
      From: from,
      To: TWILIO_TEST_FROM,
      Body: body,
      NumMedia: '0',
      NumSegments: '1',
      ...(more.optOutType ? { OptOutType: more.optOutType } : {}),
      ...more.extra,
    };
    return post(options.incomingUrl, fields, more.signature);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          code: 20500,
          message: String(error),
          more_info: 'https://www.twilio.com/docs/errors/20500',
          status: 500,
        }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    requests,
    messages,
    callbacks,
    unsubscribe: (phone) => void unsubscribed.add(phone),
    isUnsubscribed: (phone) => unsubscribed.has(phone),
    failNext: (error) => void (nextFailure = error),
    hang: () => void (hanging = true),
    reset() {
      unsubscribed.clear();
      nextFailure = null;
      hanging = false;
      for (const response of hung) response.destroy();
      hung.clear();
    },
    deliverVia: (to) => void (deliver = to),
    report,
    textFrom,
    env: (more = {}) => ({
      TWILIO_API_BASE: url,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM_NUMBER: TWILIO_TEST_FROM,
      ...more,
    }),
    close() {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** 'Thu, 24 Aug 2023 05:01:45 +0000', as the Message resource writes dates. */
function rfc2822(at: Date): string {
  return at.toUTCString().replace('GMT', '+0000');
}

/** RawDlrDoneDate: YYMMDDhhmm. */
function dlrDoneDate(at: Date): string {
  return at.toISOString().replace(/^\d\d(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d).*$/, '$1$2$3$4$5');
}

/** Segments as carriers count them: GSM-7 text 160 (153 when split), anything else UCS-2 70 (67). */
function segments(body: string): number {
  const gsm = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà]*$/.test(body);
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const length = [...body].length;
  return length <= single ? 1 : Math.ceil(length / multi);
}

function basicAuth(header: string | undefined): { user: string; password: string } | null {
  const encoded = /^Basic (.+)$/.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
