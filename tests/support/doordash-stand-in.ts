/**
 * A local stand-in for the part of DoorDash Drive (API v2) the server uses, on 127.0.0.1 and a
 * free port, so the real adapter can be pointed at it with DOORDASH_API_BASE:
 *   POST /drive/v2/quotes                               a quote at the fee set with `setFee`, held 5 minutes
 *   POST /drive/v2/quotes/{external_delivery_id}/accept tip and dropoff_phone_number; the delivery
 * Every call needs `Authorization: Bearer <jwt>` as DoorDash checks it
 * (https://developer.doordash.com/en-US/docs/drive/reference/JWTs): HS256 over the base64url-decoded
 * signing secret, header dd-ver DD-JWT-V1, aud 'doordash', iss the developer id, kid the key id,
 * exp at most 30 minutes after iat and not passed; else 401. Errors have DoorDash's shape
 * `{ code, message, field_errors }` (https://developer.doordash.com/en-US/docs/drive/reference/errors).
 * DoorDash documents no single answer for accepting an expired quote; this one answers
 * 400 `quote_expired`. Test hooks: `setFee`, `expireQuotes` and `advance` (the 5-minute clock),
 * `failNext`, `setTrackingUrl` (what its answers and events give as tracking_url), and `event` /
 * `postWebhook` to play DoorDash's status webhooks.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';

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
  tip: number;
  request: Record<string, unknown>;
  dropoff_phone_number: string;
}

export interface DoorDashWebhookPayload {
  event_name: string;
  external_delivery_id: string;
  created_at: string;
  tracking_url: string;
  delivery_status: string;
  dasher_name?: string;
  fee: number;
  tip: number;
  currency: 'USD';
  [field: string]: unknown;
}

export interface DoorDashStandIn {
  readonly url: string;
  readonly developerId: string;
  readonly keyId: string;
  readonly signingSecret: string;
  /** Every request received, in order. */
  readonly requests: RecordedDoorDashRequest[];
  quote(externalDeliveryId: string): StandInQuote | undefined;
  /** The fee of the quotes made from now on, in cents. */
  setFee(cents: number): void;
  /** The tracking_url of answers and events from now on (any text, to play a hostile one); null: DoorDash's usual https link. */
  setTrackingUrl(url: string | null): void;
  /** Every quote made so far is expired (as if five minutes went by). */
  expireQuotes(): void;
  /** Moves the stand-in's clock, which expires quotes 5 minutes after they were made. */
  advance(ms: number): void;
  /** The next call is answered with this status and DoorDash-shaped error body. */
  failNext(
    status: number,
    body: { code: string; message: string; field_errors?: { field: string; error: string }[] },
  ): void;
  /** The body DoorDash posts to a webhook endpoint for this event, the delivery as it is now. */
  event(eventName: string, externalDeliveryId: string): DoorDashWebhookPayload;
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
  DELIVERY_CANCELLED: 'cancelled',
};

class DoorDashApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: string; message: string; field_errors?: { field: string; error: string }[] },
  ) {
    super(body.message);
  }
}

export async function startDoorDashStandIn(
  options: { developerId?: string; keyId?: string; signingSecret?: string; feeCents?: number } = {},
): Promise<DoorDashStandIn> {
  const developerId = options.developerId ?? `dev-${randomBytes(4).toString('hex')}`;
  const keyId = options.keyId ?? `key-${randomBytes(4).toString('hex')}`;
  const signingSecret = options.signingSecret ?? randomBytes(32).toString('base64url');
  const key = Buffer.from(signingSecret, 'base64url');
  const quotes = new Map<string, StandInQuote>();
  const requests: RecordedDoorDashRequest[] = [];
  let fee = options.feeCents ?? 975;
  let offsetMs = 0;
  let failure: DoorDashApiError | null = null;
  const now = () => Date.now() + offsetMs;
  let trackingUrlOverride: string | null = null;
  const trackingUrl = (id: string) =>
    trackingUrlOverride ?? `https://track.doordash.com/share/${encodeURIComponent(id)}/track`;

  async function verify(authorization: string | undefined): Promise<RecordedDoorDashRequest['token']> {
    const unauthorized = (message: string) => new DoorDashApiError(401, { code: 'authentication_error', message });
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
    if (fieldErrors.length > 0)
      throw new DoorDashApiError(400, {
        code: 'validation_error',
        message: 'Validation Failed',
        field_errors: fieldErrors,
      });
    if (quotes.has(id as string))
      throw new DoorDashApiError(409, {
        code: 'duplicate_delivery_id',
        message: `Delivery with external_delivery_id ${String(id)} already exists.`,
      });
    const made: StandInQuote = {
      external_delivery_id: id as string,
      fee,
      created_at: now(),
      expired: false,
      accepted: false,
      tip: 0,
      request: body,
      dropoff_phone_number: body.dropoff_phone_number as string,
    };
    quotes.set(made.external_delivery_id, made);
    return delivery(made, 'quote');
  }

  function accept(id: string, body: Record<string, unknown>): Record<string, unknown> {
    const quote = quotes.get(id);
    if (!quote) throw new DoorDashApiError(404, { code: 'not_found', message: `Quote ${id} does not exist.` });
    if (quote.accepted)
      throw new DoorDashApiError(409, {
        code: 'duplicate_delivery_id',
        message: `The quote ${id} was already accepted.`,
      });
    if (quote.expired || now() - quote.created_at > QUOTE_VALID_MS) {
      throw new DoorDashApiError(400, {
        code: 'quote_expired',
        message: 'The quote has expired. Please request a new quote.',
      });
    }
    if (body.tip !== undefined && (!Number.isInteger(body.tip) || (body.tip as number) < 0)) {
      throw new DoorDashApiError(400, {
        code: 'validation_error',
        message: 'Validation Failed',
        field_errors: [{ field: 'tip', error: 'Must be a non-negative integer.' }],
      });
    }
    if (
      body.dropoff_phone_number !== undefined &&
      (typeof body.dropoff_phone_number !== 'string' || !E164.test(body.dropoff_phone_number))
    ) {
      throw new DoorDashApiError(400, {
        code: 'validation_error',
        message: 'Validation Failed',
        field_errors: [
          { field: 'dropoff_phone_number', error: 'Phone number provided does not seem to be a valid one' },
        ],
      });
    }
    quote.accepted = true;
    quote.tip = (body.tip as number | undefined) ?? 0;
    if (typeof body.dropoff_phone_number === 'string') quote.dropoff_phone_number = body.dropoff_phone_number;
    return delivery(quote, 'created');
  }

  function delivery(quote: StandInQuote, status: string): Record<string, unknown> {
    const at = new Date(now());
    return {
      external_delivery_id: quote.external_delivery_id,
      currency: 'USD',
      delivery_status: status,
      fee: quote.fee,
      tip: quote.tip,
      locale: 'en-US',
      pickup_address: quote.request.pickup_address,
      pickup_business_name: quote.request.pickup_business_name,
      pickup_phone_number: quote.request.pickup_phone_number,
      dropoff_address: quote.request.dropoff_address,
      dropoff_phone_number: quote.dropoff_phone_number,
      order_value: quote.request.order_value ?? 0,
      fee_components: [{ type: 'distance_based_fee', amount: quote.fee }],
      tax: 0,
      updated_at: at.toISOString(),
      pickup_time_estimated: new Date(at.getTime() + 15 * 60_000).toISOString(),
      dropoff_time_estimated: new Date(at.getTime() + 40 * 60_000).toISOString(),
      support_reference: String(1_000_000 + quotes.size),
      tracking_url: trackingUrl(quote.external_delivery_id),
    };
  }

  async function route(
    req: IncomingMessage,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown; token?: RecordedDoorDashRequest['token'] }> {
    const token = await verify(req.headers.authorization);
    if (failure) {
      const failed = failure;
      failure = null;
      throw failed;
    }
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'POST' && path === '/drive/v2/quotes') return { status: 200, body: createQuote(body), token };
    const accepting = /^\/drive\/v2\/quotes\/([^/]+)\/accept$/.exec(path);
    if (req.method === 'POST' && accepting)
      return { status: 200, body: accept(decodeURIComponent(accepting[1]!), body), token };
    throw new DoorDashApiError(404, { code: 'not_found', message: `No route for ${req.method} ${path}.` });
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
    let answer: { status: number; body: unknown };
    try {
      let parsed: unknown = {};
      try {
        parsed = raw ? JSON.parse(raw) : {};
      } catch {
        throw new DoorDashApiError(400, { code: 'validation_error', message: 'The request body is not JSON.' });
      }
      record.body = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
      const routed = await route(req, record.body);
      if (routed.token) record.token = routed.token;
      answer = routed;
    } catch (error) {
      answer =
        error instanceof DoorDashApiError
          ? { status: error.status, body: error.body }
          : { status: 500, body: { code: 'internal_error', message: (error as Error).message } };
    }
    record.status = answer.status;
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
    requests,
    quote: (id) => quotes.get(id),
    setFee: (cents) => void (fee = cents),
    setTrackingUrl: (url) => void (trackingUrlOverride = url),
    expireQuotes: () => quotes.forEach((q) => void (q.expired = true)),
    advance: (ms) => void (offsetMs += ms),
    failNext: (status, body) => void (failure = new DoorDashApiError(status, body)),
    event(eventName, externalDeliveryId) {
      const quote = quotes.get(externalDeliveryId);
      return {
        event_name: eventName,
        external_delivery_id: externalDeliveryId,
        created_at: new Date(now()).toISOString(),
        tracking_url: trackingUrl(externalDeliveryId),
        delivery_status: STATUS_OF_EVENT[eventName] ?? 'created',
        ...(eventName.startsWith('DASHER_') ? { dasher_name: 'Rosa M.' } : {}),
        fee: quote?.fee ?? 0,
        tip: quote?.tip ?? 0,
        currency: 'USD',
        pickup_address: quote?.request.pickup_address,
        dropoff_address: quote?.request.dropoff_address,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
