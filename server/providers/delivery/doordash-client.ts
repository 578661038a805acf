/**
 * The HTTP side of DoorDash Drive (API v2): every call carries a fresh DD-JWT-V1 token signed
 * with the access key's secret, gives up after a timeout, and a refusal comes back as a
 * DoorDashError whose `customerMessage` is a sentence a customer can act on. DoorDash's own
 * shapes stop here and in doordash.ts (https://developer.doordash.com/en-US/docs/drive/reference/JWTs,
 * https://developer.doordash.com/en-US/docs/drive/reference/errors).
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

/** DoorDash's error body: `{ code, message, field_errors: [{ field, error }] }`. */
export interface DoorDashErrorBody {
  code?: string;
  message?: string;
  field_errors?: { field?: string; error?: string }[];
}

export const DOORDASH_UNAVAILABLE =
  'DoorDash delivery is not available right now. Please try again in a few minutes, or choose pickup.';
export const DOORDASH_BUSY = 'DoorDash is busy right now. Wait a minute and try again, or choose pickup.';
export const DOORDASH_NOT_SERVED = 'DoorDash does not deliver to this address. Pickup is always available.';
export const DOORDASH_TOO_FAR =
  'This address is too far from the restaurant for DoorDash delivery. Pickup is always available.';
export const DOORDASH_BAD_ADDRESS =
  'DoorDash could not find this address. Check the street, city and ZIP code and try again.';
export const DOORDASH_BAD_PHONE = 'DoorDash needs a valid US phone number for the delivery. Check it and try again.';

export class DoorDashError extends Error {
  constructor(
    /** The HTTP status, or 0 when DoorDash did not answer (timeout, network). */
    readonly status: number,
    readonly body: DoorDashErrorBody,
    readonly customerMessage: string,
  ) {
    super(`DoorDash answered ${status || 'nothing'}: ${body.code ?? ''} ${body.message ?? ''}`.trim());
    this.name = 'DoorDashError';
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

/** The sentence a customer sees for a DoorDash refusal (status and body as DoorDash sent them). */
export function customerMessageFor(status: number, body: DoorDashErrorBody): string {
  const text =
    `${body.code ?? ''} ${body.message ?? ''} ${(body.field_errors ?? []).map((e) => `${e.field ?? ''} ${e.error ?? ''}`).join(' ')}`.toLowerCase();
  if (status === 429) return DOORDASH_BUSY;
  if (status === 0 || status >= 500 || status === 401 || status === 403) return DOORDASH_UNAVAILABLE;
  if (/distance|too_long|too far|exceeds/.test(text)) return DOORDASH_TOO_FAR;
  if (/not_serviceable|not serviceable|service area|does not serve|outside/.test(text)) return DOORDASH_NOT_SERVED;
  const fields = (body.field_errors ?? []).map((e) => e.field ?? '');
  if (fields.some((f) => f.includes('phone')) || /phone/.test(body.code ?? '')) return DOORDASH_BAD_PHONE;
  if (fields.some((f) => f.includes('address')) || /address/.test(text)) return DOORDASH_BAD_ADDRESS;
  return DOORDASH_UNAVAILABLE;
}

export interface DoorDashClient {
  /** POSTs JSON to `path` (e.g. '/drive/v2/quotes'); the parsed answer, or a DoorDashError. */
  post<T>(path: string, body: unknown): Promise<T>;
}

export function createDoorDashClient(credentials: DoorDashCredentials): DoorDashClient {
  const base = credentials.apiBase.replace(/\/+$/, '');
  return {
    async post<T>(path: string, body: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${await doordashToken(credentials)}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body ?? {}),
          signal: AbortSignal.timeout(credentials.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network_error';
        throw new DoorDashError(0, { code: reason, message: (error as Error).message }, DOORDASH_UNAVAILABLE);
      }
      const text = await response.text();
      let parsed: unknown = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        parsed = { message: text.slice(0, 200) };
      }
      if (!response.ok) {
        const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as DoorDashErrorBody;
        throw new DoorDashError(response.status, errorBody, customerMessageFor(response.status, errorBody));
      }
      return parsed as T;
    },
  };
}
