/**
 * The typed API client the widget and the site islands use to call the server's /api/.
 *
 * Every call goes to the product's own backend with cookies (`credentials: 'include'`), asks for
 * JSON and carries the XHR marker. State-changing calls carry the CSRF token: from the `csrftoken`
 * cookie when the page can read it, else the one the last `GET /api/csrf/` returned in its body
 * (a partner page cannot read the API origin's cookies). The access token, kept in memory by the
 * caller, goes in `Authorization: Bearer`.
 *
 * This file is bundled into the widget: it must not import zod at runtime, only types.
 */
import type {
  AuthConfigResponse,
  CreateOrderRequestInput,
  CreateOrderResponse,
  EstimateDeliveryRequestInput,
  EstimateDeliveryResponse,
  FinalizeOrderResponse,
  IdInput,
  Menu,
  MessageResponse,
  OrderSummary,
  PaymentMethod,
  PromoValidateResponse,
  RegisterRequestInput,
  ReorderItem,
  ReorderResponse,
  SavedCart,
  SavedCartItemInput,
  SavePaymentMethodResponse,
  SessionResponse,
  SetupIntentResponse,
  StoreHoursResponse,
} from './schemas.ts';
import {
  DELIVERY_ESTIMATE_ERROR,
  LOYALTY_POINTS_FAILED,
  MENU_FETCH_FAILED,
  NETWORK_ERROR,
  NO_MENUS_RETURNED,
  ORDERS_LOAD_FAILED,
  PAYMENT_METHODS_LOAD_FAILED,
  PROMO_SERVER_ERROR,
  REQUEST_FAILED,
  SAVED_CARTS_LOAD_FAILED,
} from './messages.ts';

export interface ApiClientOptions {
  /** The API origin, e.g. 'https://restaurant.example' ('' for same origin); a trailing slash is dropped. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Returns `document.cookie`-like text; absent where the API's cookies cannot be read (a partner page). */
  readCookie?: () => string;
  /** The in-memory access token, or null when signed out. */
  getAccessToken?: () => string | null;
  /** Where failures that are not shown to the customer go (loyalty); defaults to console.error. */
  log?: (message: string, error?: unknown) => void;
}

/** A failed call whose error the caller handles; `message` is the server's own when it sent one. */
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

export interface SaveCartInput {
  name: string;
  items: SavedCartItemInput[];
  cognito_sub: string;
}

/** The demo provider's card step: the payment's client secret and the card as typed. */
export interface DemoCardInput {
  client_secret: string;
  card_number: string;
  exp: string;
  cvc: string;
}

/** Paying with a card saved to the account (demo provider): no card fields. */
export interface DemoSavedCardInput {
  client_secret: string;
  payment_method_id: string;
}

export interface CreateOrderOptions {
  /** One key per checkout attempt, reused when the same attempt is retried, so it is charged once. */
  idempotencyKey: string;
}

export interface ApiClient {
  /** GET /api/csrf/: sets the cookie and remembers the token from the body; failures are ignored. */
  csrf(): Promise<void>;
  /** GET /api/menus/: the raw menus, a non-empty array. */
  getMenus(): Promise<Menu[]>;
  /** GET /api/store-hours/ (?catering=1 for a cart with catering): throws ApiRequestError on failure. */
  storeHours(catering?: boolean): Promise<StoreHoursResponse>;
  /** POST /api/estimate-delivery/: throws with the server's message or 'Delivery estimate error'. */
  estimateDelivery(address: EstimateDeliveryRequestInput): Promise<EstimateDeliveryResponse>;
  /** GET /api/loyalty/points/?phone=: the points, or 0 (logged) on any failure. */
  loyaltyPoints(phone: string): Promise<number>;
  /** POST /api/promo-validate/: never throws; an invalid code carries the server's message. */
  validatePromo(code: string, phone?: string): Promise<PromoValidateResponse>;
  /** POST /api/create-order/ with an Idempotency-Key header; throws ApiRequestError on failure. */
  createOrder(payload: CreateOrderRequestInput, options: CreateOrderOptions): Promise<CreateOrderResponse>;
  /** POST /api/demo-payments/confirm/ (test mode): throws ApiRequestError with the reason a card is refused. */
  confirmDemoPayment(card: DemoCardInput | DemoSavedCardInput): Promise<void>;
  /** POST /api/demo-payments/setup/ (test mode): the card saved for a setup intent; throws ApiRequestError. */
  setupDemoCard(card: DemoCardInput): Promise<{ payment_method_id: string }>;
  /** POST /api/finalize-order/{id}/: throws when the answer carries an error. */
  finalizeOrder(orderId: IdInput): Promise<FinalizeOrderResponse>;
  /** POST /api/cognito/refresh/: the new access token, or null; failures are silent. */
  refresh(): Promise<string | null>;
  /**
   * POST /api/cognito/refresh/ with the whole session: false when the server has no session for
   * this browser (401), null for any other failure. Never throws.
   */
  refreshSession(): Promise<SessionResponse | false | null>;
  /** GET /api/auth/config/: which sign-in the server uses; throws ApiRequestError. */
  authConfig(): Promise<AuthConfigResponse>;
  /** POST /api/auth/register/: the server's message (check your mail); throws ApiRequestError. */
  register(input: RegisterRequestInput): Promise<MessageResponse>;
  /** POST /api/auth/confirm/: throws ApiRequestError with the server's message. */
  confirmAccount(token: string): Promise<MessageResponse>;
  /** POST /api/auth/login/: the session (the refresh token comes as an httpOnly cookie); throws ApiRequestError. */
  login(email: string, password: string): Promise<SessionResponse>;
  /** POST /api/auth/password-reset/: throws ApiRequestError. */
  requestPasswordReset(email: string): Promise<MessageResponse>;
  /** POST /api/auth/password-reset/confirm/: throws ApiRequestError. */
  resetPassword(token: string, password: string): Promise<MessageResponse>;
  /** POST /api/cognito/signout/: failures are silent. */
  signout(): Promise<void>;
  /** GET /api/saved-carts/?cognito_sub=: [] without a call when signed out. */
  listSavedCarts(cognitoSub: string | null | undefined): Promise<SavedCart[]>;
  /** POST /api/saved-carts/: the created cart, or null on failure. */
  saveCart(cart: SaveCartInput): Promise<SavedCart | null>;
  /** DELETE /api/saved-carts/{id}/: whether it was deleted. */
  deleteSavedCart(cartId: IdInput): Promise<boolean>;
  /** GET /api/orders/?cognito_sub=: [] without a call when signed out. */
  listOrders(cognitoSub: string | null | undefined): Promise<OrderSummary[]>;
  /** POST /api/orders/{id}/reorder/: the items to put in the cart, or null on failure. */
  reorder(orderId: IdInput, cognitoSub: string): Promise<ReorderItem[] | null>;
  /** POST /api/orders/{id}/reorder/ with the server's message (items no longer on the menu), or null on failure. */
  reorderOrder(orderId: IdInput, cognitoSub: string): Promise<ReorderResponse | null>;
  /** GET /api/payment-methods/?cognito_sub=: [] without a call when signed out. */
  listPaymentMethods(cognitoSub: string | null | undefined): Promise<PaymentMethod[]>;
  /** DELETE /api/payment-methods/{id}/?cognito_sub=: whether it was deleted. */
  deletePaymentMethod(paymentMethodId: string, cognitoSub: string): Promise<boolean>;
  /** POST /api/setup-intent/: throws ApiRequestError on failure. */
  createSetupIntent(cognitoSub: string): Promise<SetupIntentResponse>;
  /** POST /api/save-payment-method/: throws ApiRequestError on failure. */
  savePaymentMethod(paymentMethodId: string, cognitoSub: string): Promise<SavePaymentMethodResponse>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  ok: boolean;
  status: number;
  /** The parsed JSON, or undefined when the body was empty or not JSON. */
  data: unknown;
}

const STATE_CHANGING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * How every call goes out (the customer's client below, the staff board's in site/): JSON, the
 * XHR marker, cookies, the CSRF token on state-changing calls, the bearer token when there is one.
 */
export interface Transport {
  /** Sends one call; rejects only when the server could not be reached. */
  send(method: Method, path: string, sendOptions?: SendOptions): Promise<Answer>;
  /** Sends a call whose failure the caller handles: ApiRequestError for no answer or an HTTP error. */
  sendOrThrow(method: Method, path: string, sendOptions?: SendOptions): Promise<unknown>;
  /** GET /api/csrf/: sets the cookie and remembers the token from the body; failures are ignored. */
  csrf(): Promise<void>;
}

export function createTransport(options: Omit<ApiClientOptions, 'log'>): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let csrfFromBody: string | null = null;

  function csrfToken(): string | null {
    return readCsrfCookie(options.readCookie) ?? csrfFromBody;
  }

  /** Sends one call; rejects only when the server could not be reached. */
  async function send(method: Method, path: string, sendOptions: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...sendOptions.headers,
    };
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (sendOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(sendOptions.body);
    }
    if (STATE_CHANGING.has(method)) {
      const token = csrfToken();
      if (token) headers['X-CSRFToken'] = token;
    }
    const accessToken = options.getAccessToken?.();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(`${baseUrl}${path}`, init);
    return { ok: response.ok, status: response.status, data: await readJson(response) };
  }

  /** Sends a call whose failure the caller handles: ApiRequestError for no answer or an HTTP error. */
  async function sendOrThrow(method: Method, path: string, sendOptions: SendOptions = {}): Promise<unknown> {
    let answer: Answer;
    try {
      answer = await send(method, path, sendOptions);
    } catch (error) {
      throw new ApiRequestError(0, NETWORK_ERROR, undefined, { cause: error });
    }
    if (!answer.ok) {
      throw new ApiRequestError(answer.status, serverMessage(answer.data) ?? REQUEST_FAILED, answer.data);
    }
    return answer.data;
  }

  return {
    send,
    sendOrThrow,
    async csrf() {
      try {
        const answer = await send('GET', '/api/csrf/');
        const token = answer.ok && isRecord(answer.data) ? answer.data.csrftoken : undefined;
        if (typeof token === 'string' && token) csrfFromBody = token;
      } catch {
        // A failed CSRF fetch is ignored silently and never shown to the customer.
      }
    },
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const { send, sendOrThrow, csrf } = createTransport(options);

  /** GET of an account list: [] without a call when signed out, else the list or an Error with a message. */
  async function accountList<T>(path: string, cognitoSub: string | null | undefined, fallback: string): Promise<T[]> {
    if (!cognitoSub) return [];
    let answer: Answer;
    try {
      answer = await send('GET', `${path}?cognito_sub=${encodeURIComponent(cognitoSub)}`);
    } catch (error) {
      throw new Error(fallback, { cause: error });
    }
    if (!answer.ok) throw new Error(serverMessage(answer.data) ?? fallback);
    if (!Array.isArray(answer.data)) throw new Error(fallback);
    return answer.data as T[];
  }

  /** A call whose failure reads as null, with no message shown to the customer. */
  async function orNull(method: Method, path: string, sendOptions: SendOptions = {}): Promise<unknown> {
    try {
      const answer = await send(method, path, sendOptions);
      return answer.ok ? answer.data : null;
    } catch {
      return null;
    }
  }

  const client: ApiClient = {
    csrf,

    async getMenus() {
      let answer: Answer;
      try {
        answer = await send('GET', '/api/menus/');
      } catch (error) {
        throw new Error(MENU_FETCH_FAILED, { cause: error });
      }
      if (!answer.ok) throw new Error(serverMessage(answer.data) ?? MENU_FETCH_FAILED);
      if (!Array.isArray(answer.data) || answer.data.length === 0) throw new Error(NO_MENUS_RETURNED);
      return answer.data as Menu[];
    },

    async storeHours(catering = false) {
      return (await sendOrThrow('GET', `/api/store-hours/${catering ? '?catering=1' : ''}`)) as StoreHoursResponse;
    },

    async estimateDelivery(address) {
      let answer: Answer;
      try {
        answer = await send('POST', '/api/estimate-delivery/', { body: address });
      } catch (error) {
        throw new Error(DELIVERY_ESTIMATE_ERROR, { cause: error });
      }
      const data = answer.data;
      if (!answer.ok || !isRecord(data) || data.error) {
        throw new Error(serverMessage(data) ?? DELIVERY_ESTIMATE_ERROR);
      }
      return data as unknown as EstimateDeliveryResponse;
    },

    async loyaltyPoints(phone) {
      if (!phone.trim()) return 0;
      try {
        const answer = await send('GET', `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`);
        const points = isRecord(answer.data) ? answer.data.points : undefined;
        if (answer.ok && typeof points === 'number' && Number.isFinite(points)) return points;
        log(LOYALTY_POINTS_FAILED, answer.data);
      } catch (error) {
        log(LOYALTY_POINTS_FAILED, error);
      }
      return 0;
    },

    async validatePromo(code, phone) {
      const body: { code: string; phone?: string } = { code };
      if (phone) body.phone = phone;
      const serverError: PromoValidateResponse = { valid: false, message: PROMO_SERVER_ERROR };
      let answer: Answer;
      try {
        answer = await send('POST', '/api/promo-validate/', { body });
      } catch {
        return serverError;
      }
      if (answer.status >= 500 || !isRecord(answer.data)) return serverError;
      const data = answer.data;
      if (answer.ok && typeof data.valid === 'boolean') return data as unknown as PromoValidateResponse;
      // Refused with a 4xx ({ valid: false, message } or { error: true, message }): the server's own words.
      const message = serverMessage(data);
      return message ? { valid: false, message } : serverError;
    },

    async createOrder(payload, { idempotencyKey }) {
      const data = await sendOrThrow('POST', '/api/create-order/', {
        body: payload,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return data as CreateOrderResponse;
    },

    async confirmDemoPayment(card) {
      await sendOrThrow('POST', '/api/demo-payments/confirm/', { body: card });
    },

    async setupDemoCard(card) {
      const data = await sendOrThrow('POST', '/api/demo-payments/setup/', { body: card });
      return data as { payment_method_id: string };
    },

    async finalizeOrder(orderId) {
      const path = `/api/finalize-order/${encodeURIComponent(String(orderId))}/`;
      const data = await sendOrThrow('POST', path);
      if (isRecord(data) && data.error !== undefined && data.error !== null && data.error !== false) {
        throw new ApiRequestError(200, serverMessage(data) ?? REQUEST_FAILED, data);
      }
      return (data ?? {}) as FinalizeOrderResponse;
    },

    async refresh() {
      const session = await client.refreshSession();
      return session ? session.access_token : null;
    },

    async refreshSession() {
      try {
        const answer = await send('POST', '/api/cognito/refresh/');
        const data = answer.data;
        if (answer.ok && isRecord(data) && typeof data.access_token === 'string' && data.access_token) {
          return data as unknown as SessionResponse;
        }
        return answer.status === 401 ? false : null;
      } catch {
        return null;
      }
    },

    authConfig: () => sendOrThrow('GET', '/api/auth/config/') as Promise<AuthConfigResponse>,
    register: (input) => sendOrThrow('POST', '/api/auth/register/', { body: input }) as Promise<MessageResponse>,
    confirmAccount: (token) =>
      sendOrThrow('POST', '/api/auth/confirm/', { body: { token } }) as Promise<MessageResponse>,
    login: (email, password) =>
      sendOrThrow('POST', '/api/auth/login/', { body: { email, password } }) as Promise<SessionResponse>,
    requestPasswordReset: (email) =>
      sendOrThrow('POST', '/api/auth/password-reset/', { body: { email } }) as Promise<MessageResponse>,
    resetPassword: (token, password) =>
      sendOrThrow('POST', '/api/auth/password-reset/confirm/', {
        body: { token, password },
      }) as Promise<MessageResponse>,

    async signout() {
      try {
        await send('POST', '/api/cognito/signout/');
      } catch {
        // Signing out locally goes on whatever the server says.
      }
    },

    listSavedCarts(cognitoSub) {
      return accountList<SavedCart>('/api/saved-carts/', cognitoSub, SAVED_CARTS_LOAD_FAILED);
    },

    async saveCart(cart) {
      const data = await orNull('POST', '/api/saved-carts/', { body: cart });
      return isRecord(data) ? (data as unknown as SavedCart) : null;
    },

    async deleteSavedCart(cartId) {
      const path = `/api/saved-carts/${encodeURIComponent(String(cartId))}/`;
      try {
        return (await send('DELETE', path)).ok;
      } catch {
        return false;
      }
    },

    listOrders(cognitoSub) {
      return accountList<OrderSummary>('/api/orders/', cognitoSub, ORDERS_LOAD_FAILED);
    },

    async reorder(orderId, cognitoSub) {
      return (await client.reorderOrder(orderId, cognitoSub))?.items ?? null;
    },

    async reorderOrder(orderId, cognitoSub) {
      const path = `/api/orders/${encodeURIComponent(String(orderId))}/reorder/`;
      const data = await orNull('POST', path, { body: { cognito_sub: cognitoSub } });
      return isRecord(data) && Array.isArray(data.items) ? (data as unknown as ReorderResponse) : null;
    },

    listPaymentMethods(cognitoSub) {
      return accountList<PaymentMethod>('/api/payment-methods/', cognitoSub, PAYMENT_METHODS_LOAD_FAILED);
    },

    async deletePaymentMethod(paymentMethodId, cognitoSub) {
      const path =
        `/api/payment-methods/${encodeURIComponent(paymentMethodId)}/` +
        `?cognito_sub=${encodeURIComponent(cognitoSub)}`;
      try {
        return (await send('DELETE', path)).ok;
      } catch {
        return false;
      }
    },

    async createSetupIntent(cognitoSub) {
      const data = await sendOrThrow('POST', '/api/setup-intent/', { body: { cognito_sub: cognitoSub } });
      return data as SetupIntentResponse;
    },

    async savePaymentMethod(paymentMethodId, cognitoSub) {
      const data = await sendOrThrow('POST', '/api/save-payment-method/', {
        body: { payment_method_id: paymentMethodId, cognito_sub: cognitoSub },
      });
      return (data ?? {}) as SavePaymentMethodResponse;
    },
  };
  return client;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's human message: `message`, else a text `error`. */
function serverMessage(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  if (typeof data.message === 'string' && data.message.trim()) return data.message;
  if (typeof data.error === 'string' && data.error.trim()) return data.error;
  return undefined;
}
