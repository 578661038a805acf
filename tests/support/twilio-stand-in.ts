/**
 * A local stand-in for the part of Twilio's REST API the server uses, on 127.0.0.1 and a free
 * port, so the real adapter can be pointed at it with TWILIO_API_BASE:
 *   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   form-encoded To, From or
 *        MessagingServiceSid, Body; answers 201 with the Message resource
 *        (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource)
 * Every call needs HTTP Basic auth with the account's SID and Auth Token, and the SID in the path
 * must be that account; else 401 with code 20003. Errors have Twilio's shape
 * `{ code, message, more_info, status }` (https://www.twilio.com/docs/api/errors): 21604 no To,
 * 21603 no From, 21602 no Body, 21211 a To that is not E.164, 21610 a recipient who replied STOP.
 * Test hooks: `unsubscribe` (that number replied STOP), `failNext` (the next call answers a given
 * error), `hang` (calls get no answer, for timeouts) and `reset`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** The Message resource, the fields the stand-in fills. */
export interface StandInMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: 'queued' | 'accepted';
  num_segments: string;
  direction: 'outbound-api';
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: null;
  error_code: null;
  error_message: null;
  price: null;
  price_unit: 'USD';
  uri: string;
}

export interface TwilioErrorAnswer {
  status: number;
  code: number;
  message: string;
}

export interface TwilioStandIn {
  /** http://127.0.0.1:PORT, for TWILIO_API_BASE. */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** Every request received, in order, refused ones included. */
  readonly requests: RecordedTwilioRequest[];
  /** The messages accepted, oldest first. */
  readonly messages: StandInMessage[];
  /** That number replied STOP: texts to it are refused with 21610. */
  unsubscribe(phone: string): void;
  /** The next call answers this error instead (after the auth check). */
  failNext(error: TwilioErrorAnswer): void;
  /** From now on calls get no answer until `reset` (the connection stays open). */
  hang(): void;
  /** Forgets unsubscribes, pending failures and hanging; keeps what was recorded. */
  reset(): void;
  /** The env that points the server's Twilio adapter here. */
  env(more?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

export const TWILIO_UNSUBSCRIBED: TwilioErrorAnswer = {
  status: 400,
  code: 21610,
  message: 'Attempt to send to unsubscribed recipient',
};

export async function startTwilioStandIn(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? TWILIO_TEST_ACCOUNT_SID;
  const authToken = options.authToken ?? TWILIO_TEST_AUTH_TOKEN;
  const requests: RecordedTwilioRequest[] = [];
  const messages: StandInMessage[] = [];
  const unsubscribed = new Set<string>();
  let nextFailure: TwilioErrorAnswer | null = null;
  let hanging = false;
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
    if (unsubscribed.has(to)) return fail(TWILIO_UNSUBSCRIBED);

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const message: StandInMessage = {
      sid,
      account_sid: accountSid,
      to,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: form.MessagingServiceSid ? 'accepted' : 'queued',
      num_segments: String(segments(form.Body)),
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    };
    messages.push(message);
    answer(201, message);
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
    unsubscribe: (phone) => void unsubscribed.add(phone),
    failNext: (error) => void (nextFailure = error),
    hang: () => void (hanging = true),
    reset() {
      unsubscribed.clear();
      nextFailure = null;
      hanging = false;
      for (const response of hung) response.destroy();
      hung.clear();
    },
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
