/**
 * A local stand-in for the part of DoorDash Drive (API v2) the server uses, on 127.0.0.1 and a
 * free port, so the real adapter can be pointed at it with DOORDASH_API_BASE:
 *   POST /drive/v2/quotes                               a quote at the fee set with `setFee`, held 5 minutes
 *   POST /drive/v2/quotes/{external_delivery_id}/accept tip and dropoff_phone_number; the delivery
 *   GET  /drive/v2/deliveries/{external_delivery_id}    the delivery as it is now
 * Every answer starts as the one DoorDash publishes (tests/fixtures/doordash/, whose README names
 * each source): a quote or delivery is the docs' sample response with the request's id,
 * addresses and phone numbers, the stand-in's fee and times, and `dropoff_location` at the ZIP
 * code's centre; every error is a published error body with its status.
 * Every call needs `Authorization: Bearer <jwt>` as DoorDash checks it
 * (https://developer.doordash.com/en-US/docs/drive/reference/JWTs): HS256 over the base64url-decoded
 * signing secret, header dd-ver DD-JWT-V1, aud 'doordash', iss the developer id, kid the key id,
 * exp at most 30 minutes after iat and not passed; else 401.
 * DoorDash documents no answer for accepting an expired quote; this one answers with whatever
 * `setExpiredAnswer` was given (404 with DoorDash's unknown-delivery body until then). Test hooks:
 * `setFee`, `expireQuotes` and `advance` (the 5-minute clock), `failNext` (a refusal, a lost
 * answer after the work was done, or a slow answer), `setTrackingUrl` (what its answers and events
 * give as tracking_url), `deliveries` (what was booked), and `event` / `postWebhook` to play
 * DoorDash's status webhooks.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { DoorDashCredentials } from '../../server/providers/delivery/doordash-client.ts';
import { zipCentroid } from '../../server/providers/delivery/zip-centroids.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/doordash');

/** A published DoorDash payload (tests/fixtures/doordash/), a fresh copy each time. */
export function doordashFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
}

/** A published error: its HTTP status and DoorDash's body. */
export interface DoorDashAnswer {
  status: number;
  body: unknown;
}

/** A published error answer by its fixture name ('error-422-distance-too-long'). */
export function doordashError(name: string): DoorDashAnswer {
  return doordashFixture<DoorDashAnswer>(name);
}

export interface RecordedDoorDashRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  status: number;
  /** The verified token's claims and header, when it was valid. */
  token?: { header: Record<string, unknown>; claims: JWTPayload };
}

export interface StandInQuote {
  external_delivery_id: string;
  fee: number;
  created_at: number;
  expired: boolean;
  accepted: boolean;
  /** DoorDash's status for it: 'quote' until accepted, then 'created' and on. */
  delivery_status: string;
  tip: number;
  request: Record<string, unknown>;
  dropoff_phone_number: string;
}

export interface DoorDashWebhookPayload {
  event_name: string;
  external_delivery_id: string;
  created_at: string;
  tracking_url?: string;
  delivery_status: string;
  dasher_name?: string;
  [field: string]: unknown;
}

/** Which of the stand-in's calls a failure is for. */
export type DoorDashCall = 'quote' | 'accept' | 'lookup' | 'cancel';

export interface FailOptions {
  /** Only this kind of call (default: the next call of any kind). */
  on?: DoorDashCall;
  /** The call is carried out first (a quote made, a delivery booked), then answered with the failure: a lost answer. */
  afterProcessing?: boolean;
  /** Waits this long before answering; longer than the adapter's timeout plays a timeout. */
  delayMs?: number;
}

export interface DoorDashStandIn {
  readonly url: string;
  readonly developerId: string;
  readonly keyId: string;
  readonly signingSecret: string;
  /** What the adapter (createDoorDash) is given to call this stand-in: its address and the keys above. */
  readonly credentials: DoorDashCredentials;
  /** Every request received, in order. */
  readonly requests: RecordedDoorDashRequest[];
  quote(externalDeliveryId: string): StandInQuote | undefined;
  /** The deliveries booked (quotes accepted), in order. */
  deliveries(): StandInQuote[];
  /** The fee of the quotes made from now on, in cents. */
  setFee(cents: number): void;
  /** The tracking_url of answers and events from now on (any text, to play a hostile one); null: DoorDash's usual https link. */
  setTrackingUrl(url: string | null): void;
  /** Every quote made so far is expired (as if five minutes went by). */
  expireQuotes(): void;
  /** Moves the stand-in's clock, which expires quotes 5 minutes after they were made. */
  advance(ms: number): void;
  /** How an accept of an expired quote is answered from now on (undocumented by DoorDash). */
  setExpiredAnswer(answer: DoorDashAnswer): void;
  /** The next call (of the kind `options.on` names) is answered with this status and body. */
  failNext(status: number, body: unknown, options?: FailOptions): void;
  /** The body DoorDash posts to a webhook endpoint for this event, the delivery as it is now. */
  event(eventName: string, externalDeliveryId: string, extra?: Record<string, unknown>): DoorDashWebhookPayload;
  /** Posts a webhook body to `url` with the Authorization header the portal was given. */
  postWebhook(url: string, payload: DoorDashWebhookPayload, authorization: string | null): Promise<Response>;
  close(): Promise<void>;
}

const QUOTE_VALID_MS = 5 * 60_000;
const EXTERNAL_ID = /^[a-zA-Z0-9\-._~]+$/;
const E164 = /^\+[1-9]\d{9,14}$/;
const STATUS_OF_EVENT: Record<string, string> = {
  DASHER_CONFIRMED: 'confirmed',
  DASHER_CONFIRMED_PICKUP_ARRIVAL: 'arrived_at_pickup',
  DASHER_PICKED_UP: 'picked_up',
  DASHER_CONFIRMED_DROPOFF_ARRIVAL: 'arrived_at_dropoff',
  DASHER_DROPPED_OFF: 'delivered',
  DELIVERY_RETURN_INITIALIZED: 'enroute_to_return',
  DASHER_CONFIRMED_RETURN_ARRIVAL: 'arrived_at_return',
  DELIVERY_RETURNED: 'returned',
  DELIVERY_CANCELLED: 'cancelled',
};
/** The published refusal (tests/fixtures/doordash/) of a cancel, by the delivery's status; absent: it cancels. */
const CANCEL_REFUSALS: Record<string, string> = {
  picked_up: 'error-409-delivery-picked-up',
  arrived_at_dropoff: 'error-409-delivery-picked-up',
  delivered: 'error-409-delivery-completed',
  enroute_to_return: 'error-409-delivery-picked-up',
  arrived_at_return: 'error-409-delivery-picked-up',
  returned: 'error-409-delivery-completed',
  cancelled: 'error-409-cancellation-window-closed',
};
/** Keys of the samples that echo the request: the request's value, or left out when it sent none. */
const ECHOED = new Set([
  'order_fulfillment_method',
  'pickup_address',
  'pickup_business_name',
  'pickup_phone_number',
  'pickup_instructions',
  'pickup_reference_tag',
  'pickup_external_business_id',
  'pickup_external_store_id',
  'dropoff_address',
  'dropoff_instructions',
  'dropoff_contact_given_name',
  'dropoff_contact_family_name',
  'dropoff_contact_send_notifications',
  'order_value',
  'items',
]);

class DoorDashApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`DoorDash ${status}`);
  }
}

interface Failure extends FailOptions {
  status: number;
  body: unknown;
}

/** A published error body with the call's own id and text where DoorDash puts them. */
function errorBody(name: string, fields: Record<string, unknown> = {}): DoorDashApiError {
  const { status, body } = doordashError(name);
  return new DoorDashApiError(status, { ...(body as Record<string, unknown>), ...fields });
}

export async function startDoorDashStandIn(
  options: { developerId?: string; keyId?: string; signingSecret?: string; feeCents?: number } = {},
): Promise<DoorDashStandIn> {
  const developerId = options.developerId ?? `dev-${randomBytes(4).toString('hex')}`;
  const keyId = options.keyId ?? `key-${randomBytes(4).toString('hex')}`;
  const signingSecret = options.signingSecret ?? randomBytes(32).toString('base64url');
  const key = Buffer.from(signingSecret, 'base64url');
  const quotes = new Map<string, StandInQuote>();
  const booked: StandInQuote[] = [];
  const requests: RecordedDoorDashRequest[] = [];
  const quoteSample = doordashFixture('quote-response');
  const deliverySample = doordashFixture('accept-response');
  let fee = options.feeCents ?? 975;
  let offsetMs = 0;
  let failures: Failure[] = [];
  let expiredAnswer: DoorDashAnswer | null = null;
  const supportReference = 2688703392;
  const now = () => Date.now() + offsetMs;
  let trackingUrlOverride: string | null = null;
  const trackingUrl = (id: string) =>
    trackingUrlOverride ?? `https://track.doordash.com/share/${encodeURIComponent(id)}/track`;

  async function verify(authorization: string | undefined): Promise<RecordedDoorDashRequest['token']> {
    const unauthorized = (message: string) => errorBody('error-401-authentication', { message });
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!token) throw unauthorized('The request has no Bearer token.');
    let header: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw unauthorized('The token is not a JWT.');
    }
    if (header['dd-ver'] !== 'DD-JWT-V1' || header.typ !== 'JWT')
      throw unauthorized('The token header must carry dd-ver DD-JWT-V1.');
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: 'doordash',
        issuer: developerId,
        requiredClaims: ['exp', 'iat'],
      });
      if (payload.kid !== keyId) throw unauthorized('The token names another key.');
      if (payload.exp! - payload.iat! > 1800) throw unauthorized('The token lives longer than 30 minutes.');
      if (payload.iat! > Math.floor(Date.now() / 1000) + 60) throw unauthorized('The token was issued in the future.');
      return { header, claims: payload };
    } catch (error) {
      if (error instanceof DoorDashApiError) throw error;
      throw unauthorized(`The token is not valid: ${(error as Error).message}`);
    }
  }

  function validationError(fieldErrors: { field: string; error: string }[]): DoorDashApiError {
    return errorBody('error-400-validation-phone', { field_errors: fieldErrors });
  }

  function createQuote(body: Record<string, unknown>): Record<string, unknown> {
    const id = body.external_delivery_id;
    const fieldErrors: { field: string; error: string }[] = [];
    if (typeof id !== 'string' || !EXTERNAL_ID.test(id))
      fieldErrors.push({ field: 'external_delivery_id', error: 'Must match [a-zA-Z0-9-._~]+' });
    for (const field of ['pickup_address', 'dropoff_address']) {
      if (typeof body[field] !== 'string' || !body[field].trim())
        fieldErrors.push({ field, error: 'This field is required.' });
    }
    for (const field of ['pickup_phone_number', 'dropoff_phone_number']) {
      if (body[field] !== undefined && (typeof body[field] !== 'string' || !E164.test(body[field]))) {
        fieldErrors.push({ field, error: 'Phone number provided does not seem to be a valid one' });
      }
    }
    if (typeof body.dropoff_phone_number !== 'string')
      fieldErrors.push({ field: 'dropoff_phone_number', error: 'This field is required.' });
    if (fieldErrors.length > 0) throw validationError(fieldErrors);
    if (quotes.has(id as string)) throw errorBody('error-409-duplicate-delivery-id', { external_delivery_id: id });
    const made: StandInQuote = {
      external_delivery_id: id as string,
      fee,
      created_at: now(),
      expired: false,
      accepted: false,
      delivery_status: 'quote',
      tip: 0,
      request: body,
      dropoff_phone_number: body.dropoff_phone_number as string,
    };
    quotes.set(made.external_delivery_id, made);
    return delivery(made);
  }

  function accept(id: string, body: Record<string, unknown>): Record<string, unknown> {
    const quote = quotes.get(id);
    if (!quote) throw errorBody('error-404-unknown-delivery-id', { external_delivery_id: id });
    if (quote.accepted) throw errorBody('error-409-duplicate-delivery-id', { external_delivery_id: id });
    if (quote.expired || now() - quote.created_at > QUOTE_VALID_MS) {
      if (expiredAnswer) throw new DoorDashApiError(expiredAnswer.status, expiredAnswer.body);
      throw errorBody('error-404-unknown-delivery-id', { external_delivery_id: id });
    }
    if (body.tip !== undefined && (!Number.isInteger(body.tip) || (body.tip as number) < 0)) {
      throw validationError([{ field: 'tip', error: 'Must be a non-negative integer.' }]);
    }
    if (
      body.dropoff_phone_number !== undefined &&
      (typeof body.dropoff_phone_number !== 'string' || !E164.test(body.dropoff_phone_number))
    ) {
      throw validationError([
        { field: 'dropoff_phone_number', error: 'Phone number provided does not seem to be a valid one' },
      ]);
    }
    quote.accepted = true;
    quote.delivery_status = 'created';
    quote.tip = (body.tip as number | undefined) ?? 0;
    if (typeof body.dropoff_phone_number === 'string') quote.dropoff_phone_number = body.dropoff_phone_number;
    booked.push(quote);
    return delivery(quote);
  }

  function lookup(id: string): Record<string, unknown> {
    const quote = quotes.get(id);
    if (!quote) throw errorBody('error-404-unknown-delivery-id', { external_delivery_id: id });
    return delivery(quote);
  }

  /**
   * PUT /drive/v2/deliveries/{id}/cancel: a delivery not yet picked up is cancelled (the delivery
   * as it is now); one picked up or finished answers 409 with @doordash/sdk's code for it.
   */
  function cancel(id: string): Record<string, unknown> {
    const quote = quotes.get(id);
    if (!quote || !quote.accepted) throw errorBody('error-404-unknown-delivery-id', { external_delivery_id: id });
    const refusal = CANCEL_REFUSALS[quote.delivery_status];
    if (refusal) throw errorBody(refusal, { external_delivery_id: id });
    quote.delivery_status = 'cancelled';
    return delivery(quote);
  }

  /** The docs' sample for its status, with this delivery's values. */
  function delivery(quote: StandInQuote): Record<string, unknown> {
    const sample = quote.delivery_status === 'quote' ? quoteSample : deliverySample;
    const at = new Date(now());
    const answer: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sample)) {
      if (!ECHOED.has(key)) answer[key] = value;
      else if (quote.request[key] !== undefined) answer[key] = quote.request[key];
    }
    delete answer.dropoff_location;
    const dropoff = typeof quote.request.dropoff_address === 'string' ? quote.request.dropoff_address : '';
    const zip = /(\d{5})(?:-\d{4})?\s*$/.exec(dropoff)?.[1];
    const place = zip ? zipCentroid(zip) : null;
    Object.assign(answer, {
      external_delivery_id: quote.external_delivery_id,
      currency: 'USD',
      delivery_status: quote.delivery_status,
      fee: quote.fee,
      dropoff_phone_number: quote.dropoff_phone_number,
      ...(place ? { dropoff_location: { lat: place.lat, lng: place.lng } } : {}),
      pickup_time_estimated: new Date(at.getTime() + 15 * 60_000).toISOString(),
      dropoff_time_estimated: new Date(at.getTime() + 40 * 60_000).toISOString(),
    });
    if (quote.delivery_status !== 'quote') {
      Object.assign(answer, {
        tip: quote.tip,
        updated_at: at.toISOString(),
        support_reference: String(supportReference + booked.indexOf(quote)),
        tracking_url: trackingUrl(quote.external_delivery_id),
      });
    }
    return answer;
  }

  function callOf(method: string, pathname: string): DoorDashCall | null {
    if (method === 'POST' && pathname === '/drive/v2/quotes') return 'quote';
    if (method === 'POST' && /^\/drive\/v2\/quotes\/[^/]+\/accept$/.test(pathname)) return 'accept';
    if (method === 'GET' && /^\/drive\/v2\/deliveries\/[^/]+$/.test(pathname)) return 'lookup';
    if (method === 'PUT' && /^\/drive\/v2\/deliveries\/[^/]+\/cancel$/.test(pathname)) return 'cancel';
    return null;
  }

  async function route(
    req: IncomingMessage,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown; token?: RecordedDoorDashRequest['token']; delayMs?: number }> {
    const token = await verify(req.headers.authorization);
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const method = req.method ?? '';
    const call = callOf(method, pathname);
    const index = failures.findIndex((f) => !f.on || f.on === call);
    const failure = index >= 0 ? failures[index]! : null;
    if (failure) failures = failures.filter((_, i) => i !== index);
    const id = decodeURIComponent(pathname.split('/')[4] ?? '');
    const work = (): Record<string, unknown> => {
      if (call === 'quote') return createQuote(body);
      if (call === 'accept') return accept(id, body);
      if (call === 'lookup') return lookup(id);
      if (call === 'cancel') return cancel(id);
      throw errorBody('error-404-unknown-delivery-id', { message: `No route for ${method} ${pathname}.` });
    };
    if (failure) {
      if (failure.afterProcessing) {
        try {
          work();
        } catch {
          // The failure is what is answered either way.
        }
      }
      return {
        status: failure.status,
        body: failure.body,
        token,
        ...(failure.delayMs ? { delayMs: failure.delayMs } : {}),
      };
    }
    return { status: 200, body: work(), token };
  }

  async function answerRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const record: RecordedDoorDashRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: {},
      status: 0,
    };
    requests.push(record);
    let answer: { status: number; body: unknown; delayMs?: number };
    try {
      let parsed: unknown = {};
      try {
        parsed = raw ? JSON.parse(raw) : {};
      } catch {
        throw validationError([{ field: 'body', error: 'The request body is not JSON.' }]);
      }
      record.body = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
      const routed = await route(req, record.body);
      if (routed.token) record.token = routed.token;
      answer = routed;
    } catch (error) {
      answer =
        error instanceof DoorDashApiError
          ? { status: error.status, body: error.body }
          : { status: 500, body: doordashError('error-500-service-fault').body };
    }
    record.status = answer.status;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => void answerRequest(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    developerId,
    keyId,
    signingSecret,
    credentials: { apiBase: `http://127.0.0.1:${port}`, developerId, keyId, signingSecret },
    requests,
    quote: (id) => quotes.get(id),
    deliveries: () => [...booked],
    setFee: (cents) => void (fee = cents),
    setTrackingUrl: (url) => void (trackingUrlOverride = url),
    expireQuotes: () => quotes.forEach((q) => void (q.expired = true)),
    advance: (ms) => void (offsetMs += ms),
    setExpiredAnswer: (answer) => void (expiredAnswer = answer),
    failNext: (status, body, failOptions = {}) => void failures.push({ status, body, ...failOptions }),
    event(eventName, externalDeliveryId, extra = {}) {
      const quote = quotes.get(externalDeliveryId);
      const status = STATUS_OF_EVENT[eventName] ?? quote?.delivery_status ?? 'created';
      if (quote) quote.delivery_status = status;
      const details = quote
        ? delivery(quote)
        : { delivery_status: status, tracking_url: trackingUrl(externalDeliveryId) };
      return {
        ...details,
        event_name: eventName,
        external_delivery_id: externalDeliveryId,
        created_at: new Date(now()).toISOString(),
        delivery_status: status,
        ...(eventName.startsWith('DASHER_') ? { dasher_name: 'Rosa M.' } : {}),
        ...extra,
      };
    },
    postWebhook(url, payload, authorization) {
      return fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(authorization === null ? {} : { Authorization: authorization }),
        },
        body: JSON.stringify(payload),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
