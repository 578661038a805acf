/**
 * The HTTP side of DoorDash Drive (API v2): every call carries a fresh DD-JWT-V1 token signed
 * with the access key's secret, gives up after a timeout, and a refusal comes back as a
 * DoorDashError that says what kind of refusal it is and the sentence a customer can act on.
 * DoorDash's own shapes stop here and in doordash.ts (https://developer.doordash.com/en-US/docs/drive/reference/JWTs,
 * https://developer.doordash.com/en-US/docs/drive/reference/errors).
 *
 * What a refusal means is read from DoorDash's machine words first: a 422's `reason`
 * (`distance_too_long`, `delivery_address_not_in_coverage`, `pickup_address_not_in_coverage`,
 * `outside_of_delivery_time`, as @doordash/sdk types `InvalidDeliveryError`), the same words as
 * the `code` itself (the SDK's `mapCodeToError` takes both), then `field_errors`, and its prose
 * only last; none of its text is ever passed on to a customer or the staff. Only a call
 * DoorDash did not answer, a 5xx, 401/403 (our keys) and 429 are "try again"; any other refusal
 * is permanent and offers pickup. tests/fixtures/doordash/README.md names every answer's source.
 */
import { SignJWT } from 'jose';

export interface DoorDashCredentials {
  /** https://openapi.doordash.com unless a test points it at a stand-in. */
  apiBase: string;
  developerId: string;
  keyId: string;
  /** The access key's signing secret, base64url as the Developer Portal shows it. */
  signingSecret: string;
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
  /** Seconds a token lives (default 300; DoorDash allows at most 1800). */
  tokenTtlSeconds?: number;
}

/** DoorDash's error body: `{ code, message }` always, `reason` or `field_errors: [{ field, error }]` on some. */
export interface DoorDashErrorBody {
  code?: unknown;
  message?: unknown;
  reason?: unknown;
  field_errors?: unknown;
}

export const DOORDASH_UNAVAILABLE =
  'DoorDash delivery is not available right now. Please try again in a few minutes, or choose pickup.';
export const DOORDASH_BUSY = 'DoorDash is busy right now. Wait a minute and try again, or choose pickup.';
export const DOORDASH_NOT_SERVED = 'That address is outside the area our couriers cover.';
export const DOORDASH_TOO_FAR = 'We can’t deliver that far: the address is too far from the restaurant.';
export const DOORDASH_OUTSIDE_HOURS = 'Delivery isn’t available at that time. Choose another time or pick up.';
export const DOORDASH_PICKUP_NOT_SERVED = 'Delivery isn’t available from the restaurant. Choose pickup instead.';
export const DOORDASH_REFUSED = 'Delivery isn’t available for this order. Choose pickup instead.';
export const DOORDASH_BAD_ADDRESS =
  'DoorDash could not find this address. Check the street, city and ZIP code and try again.';
export const DOORDASH_BAD_PHONE = 'DoorDash needs a valid US phone number for the delivery. Check it and try again.';

/** doordashTooFar(8) = 'We can’t deliver that far: the address is more than 8 miles away.' */
export function doordashTooFar(miles: number): string {
  return `We can’t deliver that far: the address is more than ${miles} miles away.`;
}

/** What a refusal is, whatever words DoorDash used for it. */
export type RefusalKind =
  /** DoorDash did not answer, failed (5xx) or refused our keys (401, 403): try again later. */
  | 'outage'
  /** 429: wait a minute. */
  | 'busy'
  | 'too_far'
  | 'not_served'
  | 'pickup_not_served'
  | 'outside_hours'
  | 'bad_phone'
  | 'bad_address'
  /** Any other 4xx: permanent, with nothing more to say. */
  | 'refused';

export interface Refusal {
  kind: RefusalKind;
  /** DoorDash's own limit, when its words name one ("exceeds 155 miles"). */
  limitMiles?: number;
}

/** The reasons (or codes) DoorDash documents for a delivery it will not do. */
const REASONS: Readonly<Record<string, RefusalKind>> = {
  distance_too_long: 'too_far',
  delivery_address_not_in_coverage: 'not_served',
  outside_of_delivery_area: 'not_served',
  pickup_address_not_in_coverage: 'pickup_not_served',
  outside_of_delivery_time: 'outside_hours',
};

/** A short machine word from DoorDash's answer (code, reason), or null for anything else. */
export function doordashWord(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : null;
}

const prose = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 500).toLowerCase() : '');

function fieldErrors(body: DoorDashErrorBody): { field: string; error: string }[] {
  if (!Array.isArray(body.field_errors)) return [];
  return body.field_errors.slice(0, 20).map((entry: unknown) => {
    const item = (entry && typeof entry === 'object' ? entry : {}) as { field?: unknown; error?: unknown };
    return { field: prose(item.field), error: prose(item.error) };
  });
}

const EXCEEDS_MILES = /exceeds\s+(\d{1,4})\s*miles/;
const NOT_SERVED_TEXT =
  /not within service area|does not serve|not serviceable|not in coverage|outside.*(area|coverage)/;

/** What DoorDash's refusal (status and body as it sent them) means for us. */
export function classifyRefusal(status: number, body: DoorDashErrorBody): Refusal {
  if (status === 429) return { kind: 'busy' };
  if (status === 0 || status >= 500 || status === 401 || status === 403) return { kind: 'outage' };
  const reason = doordashWord(body.reason);
  const code = doordashWord(body.code);
  for (const word of [reason, code]) {
    const kind = word ? REASONS[word.toLowerCase()] : undefined;
    if (kind) return { kind };
  }
  for (const { field, error } of fieldErrors(body)) {
    const limit = EXCEEDS_MILES.exec(error);
    if (limit || /distance|too far/.test(error))
      return limit ? { kind: 'too_far', limitMiles: Number(limit[1]) } : { kind: 'too_far' };
    if (NOT_SERVED_TEXT.test(error)) return { kind: field.startsWith('pickup') ? 'pickup_not_served' : 'not_served' };
    if (field.includes('phone')) return { kind: 'bad_phone' };
    if (field.includes('address')) return { kind: 'bad_address' };
  }
  const message = prose(body.message);
  if (/distance|too far|too_long/.test(message)) return { kind: 'too_far' };
  if (NOT_SERVED_TEXT.test(message)) return { kind: 'not_served' };
  return { kind: 'refused' };
}

/**
 * The sentence a customer sees for a refusal; `measuredMiles`, our own measure from the
 * restaurant, says how far when DoorDash named no limit.
 */
export function refusalMessage(refusal: Refusal, measuredMiles?: number): string {
  switch (refusal.kind) {
    case 'outage':
      return DOORDASH_UNAVAILABLE;
    case 'busy':
      return DOORDASH_BUSY;
    case 'too_far': {
      // Whole miles, and never "more than 1 miles": under 2, no number.
      const miles = refusal.limitMiles ?? (measuredMiles !== undefined ? Math.floor(measuredMiles) : 0);
      return miles >= 2 ? doordashTooFar(miles) : DOORDASH_TOO_FAR;
    }
    case 'not_served':
      return DOORDASH_NOT_SERVED;
    case 'pickup_not_served':
      return DOORDASH_PICKUP_NOT_SERVED;
    case 'outside_hours':
      return DOORDASH_OUTSIDE_HOURS;
    case 'bad_phone':
      return DOORDASH_BAD_PHONE;
    case 'bad_address':
      return DOORDASH_BAD_ADDRESS;
    case 'refused':
      return DOORDASH_REFUSED;
  }
}

const STAFF_WORDS: Readonly<Record<RefusalKind, string>> = {
  outage: 'DoorDash did not answer',
  busy: 'DoorDash was too busy to answer',
  too_far: 'DoorDash refused: the address is too far',
  not_served: "DoorDash refused: the address is outside DoorDash's area",
  pickup_not_served: "DoorDash refused: the restaurant's address is outside DoorDash's area",
  outside_hours: "DoorDash refused: outside DoorDash's delivery hours",
  bad_phone: "DoorDash refused the customer's phone number",
  bad_address: 'DoorDash could not find the address',
  refused: 'DoorDash refused',
};

export class DoorDashError extends Error {
  readonly refusal: Refusal;
  readonly customerMessage: string;

  constructor(
    /** The HTTP status, or 0 when DoorDash did not answer (timeout, network). */
    readonly status: number,
    readonly body: DoorDashErrorBody,
  ) {
    super(
      `DoorDash answered ${status || 'nothing'}: ${doordashWord(body.code) ?? ''} ${doordashWord(body.reason) ?? ''}`.trim(),
    );
    this.name = 'DoorDashError';
    this.refusal = classifyRefusal(status, body);
    this.customerMessage = refusalMessage(this.refusal);
  }

  /** DoorDash's machine word for it (reason, else code), else the status: for logs and the staff. */
  get word(): string {
    return (
      doordashWord(this.body.reason) ??
      doordashWord(this.body.code) ??
      (this.status ? `HTTP ${this.status}` : 'no answer')
    );
  }

  /** For the staff board, in English: 'DoorDash refused: the address is too far (distance_too_long).' */
  get staffDetail(): string {
    const what =
      this.status === 401 || this.status === 403
        ? 'DoorDash refused our access key'
        : this.status >= 500
          ? 'DoorDash failed'
          : STAFF_WORDS[this.refusal.kind];
    return `${what} (${this.word}).`;
  }

  /** True when DoorDash surely did nothing: it answered with a refusal (4xx). */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The token DoorDash expects: HS256 over the base64url-decoded secret, header dd-ver DD-JWT-V1. */
export async function doordashToken(credentials: DoorDashCredentials, now: Date = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kid: credentials.keyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' })
    .setAudience('doordash')
    .setIssuer(credentials.developerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.min(credentials.tokenTtlSeconds ?? 300, 1800))
    .sign(Buffer.from(credentials.signingSecret, 'base64url'));
}

export interface DoorDashClient {
  /** POSTs JSON to `path` (e.g. '/drive/v2/quotes'); the parsed answer, or a DoorDashError. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** GETs `path` (e.g. '/drive/v2/deliveries/{id}'); the parsed answer, or a DoorDashError. */
  get<T>(path: string): Promise<T>;
  /** PUTs to `path` with no body (e.g. '/drive/v2/deliveries/{id}/cancel'); the parsed answer, or a DoorDashError. */
  put<T>(path: string): Promise<T>;
}

export function createDoorDashClient(credentials: DoorDashCredentials): DoorDashClient {
  const base = credentials.apiBase.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await doordashToken(credentials)}`,
          Accept: 'application/json',
          ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
        signal: AbortSignal.timeout(credentials.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network_error';
      throw new DoorDashError(0, { code: reason });
    }
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    if (!response.ok) {
      throw new DoorDashError(response.status, parsed && typeof parsed === 'object' ? parsed : {});
    }
    return parsed as T;
  }

  return {
    post: (path, body) => call('POST', path, body),
    get: (path) => call('GET', path),
    put: (path) => call('PUT', path),
  };
}
