/**
 * The typed API client the widget and the site islands use to call the server's /api/, one call
 * per method on top of the transport's `request` (transport.ts says how a call goes out). A call
 * that fails throws ApiRequestError, with the server's sentence or the call's own fallback, except
 * the few whose contract below is "never throws".
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
  NO_MENUS_RETURNED,
  ORDERS_LOAD_FAILED,
  PAYMENT_METHODS_LOAD_FAILED,
  PROMO_SERVER_ERROR,
  REQUEST_FAILED,
  SAVED_CARTS_LOAD_FAILED,
} from './messages.ts';
import { ApiRequestError, createTransport, isRecord, serverMessage, type TransportOptions } from './transport.ts';

export { ApiRequestError };

export interface ApiClientOptions extends TransportOptions {
  /** Where failures that are not shown to the customer go (loyalty); defaults to console.error. */
  log?: (message: string, error?: unknown) => void;
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

/** Paying in one tap with the demo provider's wallet (its Apple Pay, Google Pay and Link). */
export interface DemoWalletInput {
  client_secret: string;
  wallet: 'demo_pay';
}

export interface CreateOrderOptions {
  /** One key per checkout attempt, reused when the same attempt is retried, so it is charged once. */
  idempotencyKey: string;
}

export interface ApiClient {
  /** GET /api/csrf/: sets the cookie and remembers the token from the body; failures are ignored. */
  csrf(): Promise<void>;
  /** GET /api/menus/: the raw menus, a non-empty array; throws ApiRequestError (NO_MENUS_RETURNED when empty). */
  getMenus(): Promise<Menu[]>;
  /**
   * GET /api/store-hours/ (?catering=1 for a cart with catering, ?subtotal_cents= for the slots
   * with room for the cart): throws ApiRequestError on failure.
   * The answer may come from the browser's cache (30 s); `fresh` revalidates it, as checkout must.
   */
  storeHours(catering?: boolean, options?: { fresh?: boolean; subtotalCents?: number }): Promise<StoreHoursResponse>;
  /** POST /api/estimate-delivery/: throws ApiRequestError with the server's message or 'Delivery estimate error'. */
  estimateDelivery(address: EstimateDeliveryRequestInput): Promise<EstimateDeliveryResponse>;
  /** GET /api/loyalty/points/?phone=: the points, or 0 (logged) on any failure. Never throws. */
  loyaltyPoints(phone: string): Promise<number>;
  /** POST /api/promo-validate/: never throws; an invalid code carries the server's message. */
  validatePromo(code: string, phone?: string): Promise<PromoValidateResponse>;
  /** POST /api/create-order/ with an Idempotency-Key header; throws ApiRequestError on failure. */
  createOrder(payload: CreateOrderRequestInput, options: CreateOrderOptions): Promise<CreateOrderResponse>;
  /** POST /api/demo-payments/confirm/ (test mode): throws ApiRequestError with the reason a card is refused. */
  confirmDemoPayment(card: DemoCardInput | DemoSavedCardInput | DemoWalletInput): Promise<void>;
  /** POST /api/demo-payments/setup/ (test mode): the card saved for a setup intent; throws ApiRequestError. */
  setupDemoCard(card: DemoCardInput): Promise<{ payment_method_id: string }>;
  /** POST /api/finalize-order/{id}/: throws ApiRequestError, also when the answer carries an error. */
  finalizeOrder(orderId: IdInput): Promise<FinalizeOrderResponse>;
  /** POST /api/cognito/refresh/: the new access token, or null; failures are silent. Never throws. */
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
  /**
   * POST /api/auth/confirm/ with the mail's link and the password chosen at sign-up: confirms the
   * email and signs in (the refresh token comes as an httpOnly cookie); throws ApiRequestError.
   */
  confirmAccount(token: string, password: string): Promise<SessionResponse>;
  /** POST /api/auth/login/: the session (the refresh token comes as an httpOnly cookie); throws ApiRequestError. */
  login(email: string, password: string): Promise<SessionResponse>;
  /** POST /api/auth/password-reset/: throws ApiRequestError. */
  requestPasswordReset(email: string): Promise<MessageResponse>;
  /** POST /api/auth/password-reset/confirm/: throws ApiRequestError. */
  resetPassword(token: string, password: string): Promise<MessageResponse>;
  /** POST /api/cognito/signout/: failures are silent. Never throws. */
  signout(): Promise<void>;
  /** GET /api/saved-carts/?cognito_sub=: [] without a call when signed out; throws ApiRequestError. */
  listSavedCarts(cognitoSub: string | null | undefined): Promise<SavedCart[]>;
  /** POST /api/saved-carts/: the created cart, or null on failure. Never throws. */
  saveCart(cart: SaveCartInput): Promise<SavedCart | null>;
  /** DELETE /api/saved-carts/{id}/: whether it was deleted. Never throws. */
  deleteSavedCart(cartId: IdInput): Promise<boolean>;
  /** GET /api/orders/?cognito_sub=: [] without a call when signed out; throws ApiRequestError. */
  listOrders(cognitoSub: string | null | undefined): Promise<OrderSummary[]>;
  /** POST /api/orders/{id}/reorder/: the items to put in the cart, or null on failure. Never throws. */
  reorder(orderId: IdInput, cognitoSub: string): Promise<ReorderItem[] | null>;
  /**
   * POST /api/orders/{id}/reorder/ with the server's message (items no longer on the menu), or null on
   * failure. Never throws.
   */
  reorderOrder(orderId: IdInput, cognitoSub: string): Promise<ReorderResponse | null>;
  /** GET /api/payment-methods/?cognito_sub=: [] without a call when signed out; throws ApiRequestError. */
  listPaymentMethods(cognitoSub: string | null | undefined): Promise<PaymentMethod[]>;
  /** DELETE /api/payment-methods/{id}/?cognito_sub=: whether it was deleted. Never throws. */
  deletePaymentMethod(paymentMethodId: string, cognitoSub: string): Promise<boolean>;
  /** POST /api/setup-intent/: throws ApiRequestError on failure. */
  createSetupIntent(cognitoSub: string): Promise<SetupIntentResponse>;
  /** POST /api/save-payment-method/: throws ApiRequestError on failure. */
  savePaymentMethod(paymentMethodId: string, cognitoSub: string): Promise<SavePaymentMethodResponse>;
}

/**
 * The calls whose contract is "never throws": a failed call answers what `onFailure` makes of its
 * ApiRequestError.
 */
async function orElse<T, F>(call: Promise<T>, onFailure: (error: ApiRequestError) => F): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError) return onFailure(error);
    throw error;
  }
}

const encode = (id: IdInput) => encodeURIComponent(String(id));

export function createApiClient(options: ApiClientOptions): ApiClient {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const { request, csrf } = createTransport(options);

  /** GET of an account list: [] without a call when signed out, else the list; throws with `fallback`. */
  async function accountList<T>(path: string, cognitoSub: string | null | undefined, fallback: string): Promise<T[]> {
    if (!cognitoSub) return [];
    return request<T[]>('GET', `${path}?cognito_sub=${encodeURIComponent(cognitoSub)}`, {
      fallback,
      refuse: refuseUnless(Array.isArray, fallback),
    });
  }

  /** A call answered true when the server accepted it, false on any failure. */
  const succeeded = (call: Promise<unknown>) =>
    orElse(
      call.then(() => true),
      () => false,
    );

  const client: ApiClient = {
    csrf,

    getMenus: () =>
      request<Menu[]>('GET', '/api/menus/', {
        fallback: MENU_FETCH_FAILED,
        refuse: refuseUnless((data) => Array.isArray(data) && data.length > 0, NO_MENUS_RETURNED),
      }),

    storeHours: (catering = false, { fresh = false, subtotalCents } = {}) => {
      // The slots with room for this cart (a slot holds so many dollars of orders).
      const query = new URLSearchParams({
        ...(catering ? { catering: '1' } : {}),
        ...(subtotalCents !== undefined ? { subtotal_cents: String(Math.max(0, Math.round(subtotalCents))) } : {}),
      }).toString();
      return request('GET', `/api/store-hours/${query ? `?${query}` : ''}`, fresh ? { cache: 'no-cache' } : {});
    },

    estimateDelivery: (address) =>
      request('POST', '/api/estimate-delivery/', {
        body: address,
        fallback: DELIVERY_ESTIMATE_ERROR,
        refuse: (data) =>
          isRecord(data) && !data.error ? undefined : (serverMessage(data) ?? DELIVERY_ESTIMATE_ERROR),
      }),

    async loyaltyPoints(phone) {
      if (!phone.trim()) return 0;
      const answer = request<{ points: number }>('GET', `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`, {
        fallback: LOYALTY_POINTS_FAILED,
        refuse: refuseUnless(
          (data) => isRecord(data) && typeof data.points === 'number' && Number.isFinite(data.points),
          LOYALTY_POINTS_FAILED,
        ),
      });
      return orElse(
        answer.then(({ points }) => points),
        (error) => {
          log(LOYALTY_POINTS_FAILED, error);
          return 0;
        },
      );
    },

    validatePromo(code, phone) {
      const body: { code: string; phone?: string } = { code };
      if (phone) body.phone = phone;
      // Refused with a 4xx ({ valid: false, message } or { error: true, message }): the server's own words.
      const answer = request<PromoValidateResponse>('POST', '/api/promo-validate/', {
        body,
        fallback: PROMO_SERVER_ERROR,
        refuse: (data) =>
          isRecord(data) && typeof data.valid === 'boolean' ? undefined : (serverMessage(data) ?? PROMO_SERVER_ERROR),
      });
      return orElse(answer, (error) => ({
        valid: false,
        message: error.status >= 500 ? PROMO_SERVER_ERROR : error.message,
      }));
    },

    createOrder: (payload, { idempotencyKey }) =>
      request('POST', '/api/create-order/', { body: payload, headers: { 'Idempotency-Key': idempotencyKey } }),

    async confirmDemoPayment(card) {
      await request('POST', '/api/demo-payments/confirm/', { body: card });
    },

    setupDemoCard: (card) => request('POST', '/api/demo-payments/setup/', { body: card }),

    async finalizeOrder(orderId) {
      const data = await request<FinalizeOrderResponse | undefined>('POST', `/api/finalize-order/${encode(orderId)}/`, {
        refuse: (data) =>
          isRecord(data) && data.error !== undefined && data.error !== null && data.error !== false
            ? (serverMessage(data) ?? REQUEST_FAILED)
            : undefined,
      });
      return data ?? {};
    },

    async refresh() {
      const session = await client.refreshSession();
      return session ? session.access_token : null;
    },

    refreshSession: () =>
      orElse(
        request<SessionResponse>('POST', '/api/cognito/refresh/', {
          refuse: refuseUnless(
            (data) => isRecord(data) && typeof data.access_token === 'string' && !!data.access_token,
          ),
        }),
        (error) => (error.status === 401 ? false : null),
      ),

    authConfig: () => request('GET', '/api/auth/config/'),
    register: (input) => request('POST', '/api/auth/register/', { body: input }),
    confirmAccount: (token, password) => request('POST', '/api/auth/confirm/', { body: { token, password } }),
    login: (email, password) => request('POST', '/api/auth/login/', { body: { email, password } }),
    requestPasswordReset: (email) => request('POST', '/api/auth/password-reset/', { body: { email } }),
    resetPassword: (token, password) =>
      request('POST', '/api/auth/password-reset/confirm/', { body: { token, password } }),

    async signout() {
      // Signing out locally goes on whatever the server says.
      await orElse(request('POST', '/api/cognito/signout/'), () => undefined);
    },

    listSavedCarts: (cognitoSub) => accountList('/api/saved-carts/', cognitoSub, SAVED_CARTS_LOAD_FAILED),

    saveCart: (cart) =>
      orElse(
        request<SavedCart>('POST', '/api/saved-carts/', { body: cart, refuse: refuseUnless(isRecord) }),
        () => null,
      ),

    deleteSavedCart: (cartId) => succeeded(request('DELETE', `/api/saved-carts/${encode(cartId)}/`)),

    listOrders: (cognitoSub) => accountList('/api/orders/', cognitoSub, ORDERS_LOAD_FAILED),

    async reorder(orderId, cognitoSub) {
      return (await client.reorderOrder(orderId, cognitoSub))?.items ?? null;
    },

    reorderOrder: (orderId, cognitoSub) =>
      orElse(
        request<ReorderResponse>('POST', `/api/orders/${encode(orderId)}/reorder/`, {
          body: { cognito_sub: cognitoSub },
          refuse: refuseUnless((data) => isRecord(data) && Array.isArray(data.items)),
        }),
        () => null,
      ),

    listPaymentMethods: (cognitoSub) => accountList('/api/payment-methods/', cognitoSub, PAYMENT_METHODS_LOAD_FAILED),

    deletePaymentMethod: (paymentMethodId, cognitoSub) =>
      succeeded(
        request('DELETE', `/api/payment-methods/${encode(paymentMethodId)}/?cognito_sub=${encode(cognitoSub)}`),
      ),

    createSetupIntent: (cognitoSub) => request('POST', '/api/setup-intent/', { body: { cognito_sub: cognitoSub } }),

    async savePaymentMethod(paymentMethodId, cognitoSub) {
      const data = await request<SavePaymentMethodResponse | undefined>('POST', '/api/save-payment-method/', {
        body: { payment_method_id: paymentMethodId, cognito_sub: cognitoSub },
      });
      return (data ?? {}) as SavePaymentMethodResponse;
    },
  };
  return client;
}

/** Refuses a successful answer that fails `accept`, with `message`. */
function refuseUnless(
  accept: (data: unknown) => boolean,
  message = REQUEST_FAILED,
): (data: unknown) => string | undefined {
  return (data) => (accept(data) ? undefined : message);
}
