/**
 * How every call to the server's /api/ goes out, for the customer's client (client.ts) and the
 * staff board (site/components/staff/): to the product's own backend with cookies
 * (`credentials: 'include'`), asking for JSON, with the XHR marker. State-changing calls carry the
 * CSRF token: from the `csrftoken` cookie when the page can read it, else the one the last
 * `GET /api/csrf/` returned in its body (a partner page cannot read the API origin's cookies). The
 * access token, kept in memory by the caller, goes in `Authorization: Bearer`.
 *
 * A call either answers what the server sent or throws one error type, ApiRequestError.
 *
 * This file is bundled into the widget: it must not import zod at runtime, only types.
 */
import { NETWORK_ERROR, REQUEST_FAILED } from './messages.ts';

export interface TransportOptions {
  /** The API origin, e.g. 'https://restaurant.example' ('' for same origin); a trailing slash is dropped. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Returns `document.cookie`-like text; absent where the API's cookies cannot be read (a partner page). */
  readCookie?: () => string;
  /** The in-memory access token, or null when signed out. */
  getAccessToken?: () => string | null;
  /**
   * The language the customer reads ('es'), sent as Accept-Language so the server's messages,
   * and the mails and texts of an order placed, speak it; absent leaves the browser's own.
   */
  getLocale?: () => string;
  /** Says a failure's message in the customer's language (the widget's `localize`). */
  localize?: (message: string) => string;
}

/** A failed call: `message` is the server's own sentence when it sent one, else the call's fallback. */
export class ApiRequestError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The parsed answer, when there was one. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The sentence thrown when the server sends none: for no answer (else NETWORK_ERROR), an HTTP
   * error (else REQUEST_FAILED) and an answer `refuse` turns down.
   */
  fallback?: string;
  /** Turns down a successful answer the call cannot use: the sentence to throw, or undefined to accept it. */
  refuse?: (data: unknown) => string | undefined;
  /** The browser cache's part: 'no-cache' revalidates an answer kept with max-age. */
  cache?: RequestCache;
}

export interface Transport {
  /**
   * Sends one call and answers its parsed JSON (undefined for an empty or non-JSON body). Throws
   * ApiRequestError: status 0 when the server could not be reached, else the HTTP status with the
   * server's `message` (or text `error`), else the fallback.
   */
  request<T>(this: void, method: Method, path: string, options?: RequestOptions): Promise<T>;
  /** GET /api/csrf/: sets the cookie and remembers the token from the body; failures are ignored. */
  csrf(this: void): Promise<void>;
}

const STATE_CHANGING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let csrfFromBody: string | null = null;

  async function send(
    method: Method,
    path: string,
    { body, headers: extra, cache }: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(options.getLocale ? { 'Accept-Language': options.getLocale() } : {}),
      ...extra,
    };
    const init: RequestInit = { method, headers, credentials: 'include', ...(cache ? { cache } : {}) };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (STATE_CHANGING.has(method)) {
      const token = readCsrfCookie(options.readCookie) ?? csrfFromBody;
      if (token) headers['X-CSRFToken'] = token;
    }
    const accessToken = options.getAccessToken?.();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    return (options.fetch ?? globalThis.fetch)(`${baseUrl}${path}`, init);
  }

  async function request<T>(method: Method, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const { fallback, refuse } = requestOptions;
    const localize = options.localize ?? ((message: string) => message);
    let response: Response;
    try {
      response = await send(method, path, requestOptions);
    } catch (error) {
      throw new ApiRequestError(0, localize(fallback ?? NETWORK_ERROR), undefined, { cause: error });
    }
    const data = await readJson(response);
    const refusal = response.ok ? refuse?.(data) : (serverMessage(data) ?? fallback ?? REQUEST_FAILED);
    if (refusal !== undefined) throw new ApiRequestError(response.status, localize(refusal), data);
    return data as T;
  }

  return {
    request,
    async csrf() {
      try {
        const data = await request('GET', '/api/csrf/');
        const token = isRecord(data) ? data.csrftoken : undefined;
        if (typeof token === 'string' && token) csrfFromBody = token;
      } catch {
        // A failed CSRF fetch is ignored silently and never shown to the customer.
      }
    },
  };
}

/** The `csrftoken` cookie's value, or null when there is none or cookies cannot be read. */
export function readCsrfCookie(readCookie: (() => string) | undefined): string | null {
  if (!readCookie) return null;
  let text: string;
  try {
    text = readCookie();
  } catch {
    return null; // e.g. a sandboxed frame throws SecurityError on document.cookie
  }
  for (const part of text.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== 'csrftoken') continue;
    const raw = part.slice(separator + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's human message: `message`, else a text `error`. */
export function serverMessage(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  if (typeof data.message === 'string' && data.message.trim()) return data.message;
  if (typeof data.error === 'string' && data.error.trim()) return data.error;
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
