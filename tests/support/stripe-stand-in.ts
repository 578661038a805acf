/**
 * A local stand-in for the part of Stripe's REST API the server uses, on 127.0.0.1 and a free
 * port, so the real `stripe` SDK can be pointed at it (host, port, protocol 'http'):
 *   POST /v1/payment_intents       form-encoded, as the SDK sends it; Idempotency-Key honoured
 *   GET  /v1/payment_intents/:id
 *   POST /v1/payment_intents/:id/confirm
 *   POST /v1/refunds               payment_intent, amount and metadata; only a succeeded intent, never more than it took
 *   GET  /v1/refunds               ?payment_intent=: that intent's refunds, newest first (a list object)
 * Requests need `Authorization: Bearer sk_test_...`, except confirm as Stripe.js sends it from the
 * customer's browser: the publishable key as the form field `key=pk_test_...` with the intent's
 * `client_secret` and the card in `payment_method_data[card][number]`, which decides the outcome as
 * Stripe's test cards do (https://docs.stripe.com/testing). Every answer carries CORS headers so a
 * page can call it. Answers and errors have Stripe's shapes
 * (https://docs.stripe.com/api/payment_intents/object, https://docs.stripe.com/api/errors).
 * Test hooks play the customer's part in Stripe's iframe: `succeed`, `decline`, `setStatus`,
 * and `event` builds the webhook event Stripe would send; `refuseRefunds` makes the next refunds
 * fail as Stripe can (an api_error 500 by default), answers that, like Stripe's, are stored under
 * their Idempotency-Key and replayed.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StandInPaymentError {
  type: 'card_error' | 'api_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
}

/** What Stripe's test cards do when confirmed: succeed, or decline with Stripe's code and sentence. */
const TEST_CARDS: Record<string, { decline?: { code: string; message: string } }> = {
  '4242424242424242': {},
  '5555555555554444': {},
  '4000000000000002': { decline: { code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000009987': { decline: { code: 'lost_card', message: 'Your card was declined.' } },
  '4000000000000069': { decline: { code: 'expired_card', message: 'Your card has expired.' } },
};
const LIVE_CARD_IN_TEST_MODE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Fields of a PaymentIntent Stripe leaves out when the caller holds only the publishable key. */
const SECRET_FIELDS = ['amount_capturable', 'amount_received', 'customer', 'latest_charge', 'metadata'] as const;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Account, Stripe-Version',
  'Access-Control-Expose-Headers': 'Request-Id, Stripe-Version, Idempotency-Key',
  'Access-Control-Max-Age': '300',
};

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { allow_redirects: 'always' | 'never'; enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async' | 'automatic' | 'manual';
  client_secret: string;
  confirmation_method: 'automatic' | 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: StandInPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: IntentStatus;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body as sent (form-encoded for POSTs). */
  rawBody: string;
  /** The body parsed the way Stripe reads it: `metadata[order_id]=x` becomes `{ metadata: { order_id: 'x' } }`. */
  params: FormParams;
  status: number;
}

export interface FormParams {
  [key: string]: string | FormParams;
}

export interface StripeStandIn {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  intent(id: string): StandInIntent | undefined;
  /** All intents created, oldest first. */
  intents(): StandInIntent[];
  /** As if the customer's card went through in the Payment Element. */
  succeed(id: string): StandInIntent;
  /** As if the customer's card was declined: back to requires_payment_method with last_payment_error. */
  decline(id: string, message?: string, declineCode?: string): StandInIntent;
  setStatus(id: string, status: IntentStatus): StandInIntent;
  /** The Event object Stripe would post to a webhook endpoint, with the intent as it is now. */
  event(type: string, intentId: string): StripeEventJson;
  /** As if the customer confirmed a SetupIntent with a card in the Payment Element: the saved PaymentMethod. */
  saveCard(setupIntentId: string, card: StandInCard): StandInPaymentMethod;
  /** The PaymentMethods made, by id. */
  paymentMethod(id: string): StandInPaymentMethod | undefined;
  /** The refunds made, oldest first. */
  refunds(): StandInRefund[];
  /** The next `count` refund requests fail with `error` (Stripe's api_error 500 unless told). */
  refuseRefunds(count: number, error?: { status: number; type: string; code?: string; message: string }): void;
  /**
   * Refund requests wait (as a slow Stripe keeps them) until `release`; `reached` settles when the
   * first one arrives.
   */
  holdRefunds(): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

/** https://docs.stripe.com/api/refunds/object (the part the server reads). */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEventJson {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StandInIntent };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StandInCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** https://docs.stripe.com/api/payment_methods/object (the card part). */
export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: StandInCard;
  created: number;
}

/** https://docs.stripe.com/api/setup_intents/object (what the server reads). */
interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: string;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  created: number;
}

const API_VERSION = '2026-10-28.endive';
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50 };

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      payment_intent?: unknown;
    },
  ) {
    super(body.message);
  }
}

export async function startStripeStandIn(
  options: { secretKey?: string; publishableKey?: string } = {},
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string> }
  >();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const refunds: StandInRefund[] = [];
  const REFUND_API_ERROR = { status: 500, type: 'api_error', message: 'An unknown error occurred' };
  let refusals: { count: number; error: { status: number; type: string; code?: string; message: string } } = {
    count: 0,
    error: REFUND_API_ERROR,
  };
  let refundHold: { arrived: () => void; released: Promise<void> } | null = null;
  /** Idempotency-Key -> the first request's body and the answer it got, replayed verbatim. */
  const idempotent = new Map<string, { rawBody: string; status: number; answer: string }>();
  const requests: RecordedRequest[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function createIntent(params: FormParams): StandInIntent {
    const amountText = params.amount;
    if (amountText === undefined) throw missing('amount');
    if (typeof amountText !== 'string' || !/^\d+$/.test(amountText)) {
      throw invalid(
        'amount',
        `Invalid integer: ${typeof amountText === 'string' ? amountText : '[object]'}`,
        'parameter_invalid_integer',
      );
    }
    const currencyText = params.currency;
    if (currencyText === undefined) throw missing('currency');
    if (typeof currencyText !== 'string' || !/^[a-z]{3}$/i.test(currencyText)) {
      throw invalid(
        'currency',
        `Invalid currency: ${typeof currencyText === 'string' ? currencyText : '[object Object]'}.`,
        'parameter_invalid_string',
      );
    }
    const amount = Number(amountText);
    const currency = currencyText.toLowerCase();
    const minimum = MINIMUM_AMOUNT[currency] ?? 1;
    if (amount < minimum) {
      throw invalid('amount', `Amount must be at least $${(minimum / 100).toFixed(2)} ${currency}`, 'amount_too_small');
    }
    const metadata = params.metadata ?? {};
    if (typeof metadata !== 'object' || Object.values(metadata).some((v) => typeof v !== 'string')) {
      throw invalid('metadata', 'Invalid object', 'parameter_invalid_object');
    }
    const automatic = params.automatic_payment_methods;
    const automaticEnabled = typeof automatic === 'object' && automatic.enabled === 'true';
    const description = params.description;
    const intentId = id('pi');
    const intent: StandInIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: automaticEnabled ? { allow_redirects: 'always', enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: typeof params.customer === 'string' ? params.customer : null,
      description: typeof description === 'string' ? description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata as Record<string, string>,
      next_action: null,
      payment_method: null,
      payment_method_types: automaticEnabled ? ['card', 'link'] : ['card'],
      receipt_email: null,
      status: 'requires_payment_method',
    };
    intents.set(intentId, intent);
    return intent;
  }

  function found(intentId: string): StandInIntent {
    const intent = intents.get(intentId);
    if (!intent) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    return intent;
  }

  function succeeded(intent: StandInIntent): StandInIntent {
    return Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: id('ch'),
      payment_method: id('pm'),
    } satisfies Partial<StandInIntent>);
  }

  function declined(intent: StandInIntent, message: string, declineCode: string): StandInIntent {
    return Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
      latest_charge: id('ch'),
      payment_method: null,
    } satisfies Partial<StandInIntent>);
  }

  /** Confirm with the card the customer typed; `publicView` for a caller holding only the publishable key. */
  function confirm(
    intent: StandInIntent,
    params: FormParams,
    publicView: boolean,
  ): StandInIntent | Partial<StandInIntent> {
    const view = (shown: StandInIntent) => (publicView ? withoutSecretFields(shown) : shown);
    if (publicView && params.client_secret !== intent.client_secret) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: 'client_secret',
        message: 'The client_secret provided does not match any associated PaymentIntent on this account.',
      });
    }
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: view(intent),
      });
    }
    if (typeof params.payment_method === 'string') {
      // A saved card: it must belong to the intent's customer (https://docs.stripe.com/payments/save-and-reuse).
      const saved = paymentMethods.get(params.payment_method);
      if (!saved || !intent.customer || saved.customer !== intent.customer) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `The provided PaymentMethod ${params.payment_method} does not belong to this PaymentIntent's customer.`,
        });
      }
      return view(succeeded(intent));
    }
    const data = params.payment_method_data;
    const card = typeof data === 'object' && typeof data.card === 'object' ? data.card : undefined;
    const number = typeof card?.number === 'string' ? card.number.replace(/\s/g, '') : undefined;
    if (!number) throw missing('payment_method_data[card][number]');
    const testCard = TEST_CARDS[number];
    const decline = testCard ? testCard.decline : { code: 'live_mode_test_card', message: LIVE_CARD_IN_TEST_MODE };
    if (!decline) return view(succeeded(intent));
    declined(intent, decline.message, decline.code);
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: decline.code,
      message: decline.message,
      payment_intent: view(intent),
    });
  }

  /** Stripe.js's confirmSetup: a test card becomes the customer's PaymentMethod, a declining one is refused. */
  /** POST /v1/payment_intents/{id}/cancel, as Stripe documents it: only a PaymentIntent not yet paid. */
  function cancel(intent: StandInIntent, params: FormParams): StandInIntent {
    const cancellable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancellable.includes(intent.status)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
        payment_intent: intent,
      });
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    return intent;
  }

  function confirmSetup(setupId: string, params: FormParams): Partial<StandInSetupIntent> {
    const setup = setupIntents.get(setupId);
    if (!setup || params.client_secret !== setup.client_secret) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: 'client_secret',
        message: 'The client_secret provided does not match any associated SetupIntent on this account.',
      });
    }
    if (setup.status !== 'requires_payment_method') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has a status of ${setup.status}.`,
      });
    }
    const data = params.payment_method_data;
    const card = typeof data === 'object' && typeof data.card === 'object' ? data.card : undefined;
    const number = typeof card?.number === 'string' ? card.number.replace(/\s/g, '') : undefined;
    if (!number) throw missing('payment_method_data[card][number]');
    const testCard = TEST_CARDS[number];
    const decline = testCard ? testCard.decline : { code: 'live_mode_test_card', message: LIVE_CARD_IN_TEST_MODE };
    if (decline) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline.code,
        message: decline.message,
      });
    }
    const brand = number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown';
    const method: StandInPaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: setup.customer,
      card: { brand, last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
      created: now(),
    };
    paymentMethods.set(method.id, method);
    setup.status = 'succeeded';
    setup.payment_method = method.id;
    return setup;
  }

  function refund(params: FormParams): StandInRefund {
    if (refusals.count > 0) {
      refusals.count -= 1;
      const { status, ...body } = refusals.error;
      throw new StripeApiError(status, body);
    }
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
    if (!intentId) throw missing('payment_intent');
    const intent = found(intentId);
    const metadata = params.metadata ?? {};
    if (typeof metadata !== 'object' || Object.values(metadata).some((v) => typeof v !== 'string')) {
      throw invalid('metadata', 'Invalid object', 'parameter_invalid_object');
    }
    if (intent.status !== 'succeeded') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = typeof params.amount === 'string' ? Number(params.amount) : intent.amount - refunded;
    if (refunded >= intent.amount) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for PaymentIntent ${intent.id} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) {
      throw invalid(
        'amount',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
        'amount_too_large',
      );
    }
    const made: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: metadata as Record<string, string>,
      created: now(),
    };
    refunds.push(made);
    return made;
  }

  function route(
    method: string,
    path: string,
    params: FormParams,
    publicView: boolean,
  ): { status: number; body: unknown } {
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    const confirming = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const confirmingSetup = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path);
    const cancelling = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && confirming)
      return { status: 200, body: confirm(found(decodeURIComponent(confirming[1]!)), params, publicView) };
    if (method === 'POST' && confirmingSetup)
      return { status: 200, body: confirmSetup(decodeURIComponent(confirmingSetup[1]!), params) };
    if (publicView) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return { status: 200, body: createIntent(params) };
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: refund(params) };
    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
      const data = refunds.filter((r) => intentId === undefined || r.payment_intent === intentId).reverse();
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    if (method === 'POST' && cancelling)
      return { status: 200, body: cancel(found(decodeURIComponent(cancelling[1]!)), params) };
    const cards = routeCards(method, path, params);
    if (cards) return cards;
    if (method === 'GET' && retrieve) return { status: 200, body: found(decodeURIComponent(retrieve[1]!)) };
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  /** Customers, SetupIntents and PaymentMethods: what saving a card needs. */
  function routeCards(method: string, path: string, params: FormParams): { status: number; body: unknown } | null {
    const text = (key: string) => (typeof params[key] === 'string' ? params[key] : null);
    if (method === 'POST' && path === '/v1/customers') {
      const metadata = (
        typeof params.metadata === 'object' && params.metadata !== null ? params.metadata : {}
      ) as Record<string, string>;
      const customer = {
        id: id('cus'),
        object: 'customer' as const,
        email: text('email'),
        name: text('name'),
        metadata,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = text('customer');
      if (customer && !customers.has(customer))
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'customer',
          message: `No such customer: '${customer}'`,
        });
      const setupId = id('seti');
      const intent: StandInSetupIntent = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        usage: text('usage') ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        created: now(),
      };
      setupIntents.set(setupId, intent);
      return { status: 200, body: intent };
    }
    const method_ = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
    if (method_) {
      const found = paymentMethods.get(decodeURIComponent(method_[1]!));
      if (!found)
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${method_[1]}'`,
        });
      if (method === 'GET' && !method_[2]) return { status: 200, body: found };
      if (method === 'POST' && method_[2]) {
        found.customer = null;
        return { status: 200, body: found };
      }
    }
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readAll(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const params = parseForm(method === 'GET' ? url.search.slice(1) : rawBody);
    const answer = (status: number, body: unknown, extraHeaders: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      requests.push({ method, path: url.pathname, headers: request.headers, rawBody, params, status });
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': id('req'),
        'Stripe-Version': String(request.headers['stripe-version'] ?? API_VERSION),
        ...CORS_HEADERS,
        ...extraHeaders,
      });
      response.end(text);
      return { status, text };
    };

    if (method === 'OPTIONS') {
      requests.push({ method, path: url.pathname, headers: request.headers, rawBody, params, status: 204 });
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }

    // Stripe.js in the customer's browser sends the publishable key in the form, not a header.
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const formKey = !bearer && typeof params.key === 'string' ? params.key : undefined;
    const key = bearer ?? formKey;
    const publicView = formKey !== undefined;
    const allowed = publicView
      ? key!.startsWith('pk_test_') && (options.publishableKey === undefined || key === options.publishableKey)
      : key !== undefined &&
        key.startsWith('sk_test_') &&
        (options.secretKey === undefined || key === options.secretKey);
    if (!key || !allowed) {
      answer(401, {
        error: {
          type: 'invalid_request_error',
          message: key
            ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
      return;
    }

    const idempotencyKey = method === 'POST' ? headerValue(request.headers['idempotency-key']) : undefined;
    if (idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.rawBody !== rawBody) {
        answer(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      if (earlier) {
        answer(earlier.status, earlier.answer, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': idempotencyKey });
        return;
      }
    }

    if (refundHold && method === 'POST' && url.pathname === '/v1/refunds') {
      refundHold.arrived();
      await refundHold.released;
    }
    let result: { status: number; text: string };
    try {
      const { status, body } = route(method, url.pathname, params, publicView);
      result = answer(status, body, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {});
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      result = answer(error.status, {
        error: {
          ...error.body,
          doc_url: error.body.code
            ? `https://docs.stripe.com/error-codes/${error.body.code.replaceAll('_', '-')}`
            : undefined,
        },
      });
    }
    // Stripe stores the answer to a keyed request, errors included, and replays it for 24 hours.
    if (idempotencyKey) idempotent.set(idempotencyKey, { rawBody, status: result.status, answer: result.text });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const existing = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`The Stripe stand-in has no PaymentIntent ${intentId}.`);
    return intent;
  };

  return {
    host: '127.0.0.1',
    port,
    requests,
    intent: (intentId) => intents.get(intentId),
    intents: () => [...intents.values()],
    succeed: (intentId) => succeeded(existing(intentId)),
    decline: (intentId, message = 'Your card was declined.', declineCode = 'generic_decline') =>
      declined(existing(intentId), message, declineCode),
    setStatus(intentId, status) {
      const intent = existing(intentId);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
      if (status === 'canceled') intent.canceled_at = now();
      return intent;
    },
    event(type, intentId) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object: structuredClone(existing(intentId)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    saveCard(setupIntentId, card) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup) throw new Error(`The Stripe stand-in has no SetupIntent ${setupIntentId}.`);
      const method: StandInPaymentMethod = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: setup.customer,
        card,
        created: now(),
      };
      paymentMethods.set(method.id, method);
      setup.status = 'succeeded';
      setup.payment_method = method.id;
      return method;
    },
    paymentMethod: (methodId) => paymentMethods.get(methodId),
    refunds: () => [...refunds],
    refuseRefunds(count, error) {
      refusals = { count, error: error ?? REFUND_API_ERROR };
    },
    holdRefunds() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      refundHold = { arrived, released };
      return {
        reached,
        release: () => {
          refundHold = null;
          release();
        },
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function withoutSecretFields(intent: StandInIntent): Partial<StandInIntent> {
  const shown: Partial<StandInIntent> = structuredClone(intent);
  for (const field of SECRET_FIELDS) delete shown[field];
  return shown;
}

function missing(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

function invalid(param: string, message: string, code: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code, param, message });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a=1&metadata[order_id]=x&automatic_payment_methods[enabled]=true` as nested objects, values as strings. */
export function parseForm(text: string): FormParams {
  const result: FormParams = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]$/).filter((part, index) => index === 0 || part !== '');
    let target = result;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        target[part] = value;
        break;
      }
      const next = target[part];
      if (typeof next === 'object') {
        target = next;
      } else {
        const created: FormParams = {};
        target[part] = created;
        target = created;
      }
    }
  }
  return result;
}
