/**
 * A local stand-in for the part of Stripe's REST API the server uses, on 127.0.0.1 and a free
 * port, so the real `stripe` SDK can be pointed at it (host, port, protocol 'http'):
 *   POST /v1/payment_intents       form-encoded, as the SDK sends it; Idempotency-Key honoured
 *   GET  /v1/payment_intents/:id   (also with the publishable key and the client secret, as Stripe.js reads it)
 *   POST /v1/payment_intents/:id/confirm
 *   POST /v1/payment_intents/:id/cancel
 *   GET  /v1/charges/:id
 *   POST /v1/refunds               payment_intent (or charge), amount and metadata; only a succeeded intent, never more than it took
 *   GET  /v1/refunds               ?payment_intent= or ?charge=: the refunds, newest first, in pages (limit, starting_after)
 * Every object it answers with starts as the one Stripe publishes (tests/fixtures/stripe/, from
 * stripe/openapi's fixtures3.json) with only the fields it keeps state in set, and every error is
 * Stripe's error body (the published ones in the same folder). A Charge never carries its
 * `refunds` list, as from API version 2022-11-15.
 *
 * PaymentIntents take the payment methods they are created with, as the pinned API version
 * (2026-10-28.endive) takes them: `allowed_payment_method_types`, or, with
 * `automatic_payment_methods` (Stripe's default when neither is sent), what a Dashboard with ACH
 * Direct Debit turned on offers (AUTOMATIC_METHODS); `payment_method_types` is refused as from
 * 2026-09-30.endive. Confirming with a method the intent does not take is refused as Stripe
 * refuses it; a bank debit (`us_bank_account`) leaves the intent `processing`, as ACH does for days.
 *
 * Requests need `Authorization: Bearer sk_test_...`, except what Stripe.js sends from the
 * customer's browser: the publishable key as the form field `key=pk_test_...` with the intent's
 * `client_secret` (confirm, and reading the intent), the card in `payment_method_data[card][number]`,
 * which decides the outcome as Stripe's test cards do (https://docs.stripe.com/testing). Every
 * answer carries CORS headers so a page can call it.
 *
 * Test hooks play the parts of the customer in Stripe's iframe (`succeed`, `decline`,
 * `setStatus`), of the owner in Stripe's Dashboard (`refundInDashboard`), of the customer's bank
 * (`dispute`, `closeDispute`), and build the webhook events Stripe would send (`event`,
 * `chargeEvent`, `refundEvent`, `disputeEvent`); `pendRefunds` makes the next refunds `pending`
 * (on their way, as when the Stripe balance cannot cover them yet), `loseRefundAnswers` drops the
 * connection after carrying a call on refunds out (an answer lost on the way back);
 * `refuseRefunds` makes the next refunds fail as Stripe can (an api_error 500 by default), answers
 * that, like Stripe's, are stored under their Idempotency-Key and replayed.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

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

/** An app (the API, or a replica of it) that answers requests as Hono's `app.request` does. */
interface RequestableApp {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** Posts `event` to the app's Stripe webhook route as Stripe delivers it: JSON, signed with the endpoint's `secret`. */
export async function deliverStripeEvent(
  app: RequestableApp,
  event: StripeEventJson<unknown>,
  secret: string,
): Promise<Response> {
  const payload = JSON.stringify(event);
  return app.request('/api/webhooks/stripe/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

/** A published Stripe object or error body (tests/fixtures/stripe/), a fresh copy each time. */
export function stripeFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), 'utf8')) as T;
}

/** The payment methods `automatic_payment_methods` brings: a Dashboard with cards, Link and ACH Direct Debit on. */
export const AUTOMATIC_METHODS = ['card', 'link', 'us_bank_account'] as const;

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

/** https://docs.stripe.com/api/payment_intents/object: the published object, with these fields kept here. */
export interface StandInIntent {
  [field: string]: unknown;
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { allow_redirects?: 'always' | 'never'; enabled: boolean } | null;
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
  /** What the customer can pay with: the allowed types, or the Dashboard's. */
  payment_method_types: string[];
  processing: { type: string } | null;
  receipt_email: string | null;
  status: IntentStatus;
}

/** https://docs.stripe.com/api/charges/object (no `refunds` list, as from 2022-11-15). */
export interface StandInCharge {
  [field: string]: unknown;
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  disputed: boolean;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
}

/** https://docs.stripe.com/api/refunds/object. */
export interface StandInRefund {
  [field: string]: unknown;
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  created: number;
}

/** https://docs.stripe.com/api/disputes/object. */
export interface StandInDispute {
  [field: string]: unknown;
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  created: number;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  livemode: false;
  payment_intent: string | null;
  reason: string;
  status: string;
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
  /** The intent's latest charge. */
  charge(intentId: string): StandInCharge | undefined;
  /** As if the customer's card went through in the Payment Element. */
  succeed(id: string): StandInIntent;
  /** As if the customer's card was declined: back to requires_payment_method with last_payment_error. */
  decline(id: string, message?: string, declineCode?: string): StandInIntent;
  setStatus(id: string, status: IntentStatus): StandInIntent;
  /** The Event object Stripe would post to a webhook endpoint, with the intent as it is now. */
  event(type: string, intentId: string): StripeEventJson;
  /**
   * A charge event (`charge.refunded`) with the intent's latest charge as it is now and, after a
   * refund, `previous_attributes` with its `amount_refunded` and `refunded` from before that refund.
   */
  chargeEvent(type: string, intentId: string): StripeEventJson<StandInCharge>;
  /** A refund event (`refund.updated`, `charge.refund.updated`) with the refund as it is now. */
  refundEvent(type: string, refundId: string): StripeEventJson<StandInRefund>;
  /** A dispute event (`charge.dispute.created`, `.closed`, `.updated`) with the dispute as it is now. */
  disputeEvent(type: string, disputeId: string): StripeEventJson<StandInDispute>;
  /** As if the owner refunded `amount` (all that is left unless told) in Stripe's Dashboard: no metadata. */
  refundInDashboard(intentId: string, amount?: number): StandInRefund;
  /**
   * Sets a refund's status, as Stripe does when a refund later fails or goes through: a failed
   * (with `failureReason`, Stripe's failure_reason) or cancelled one gives its amount back to the
   * charge's unrefunded part, with a failure balance transaction.
   */
  setRefundStatus(refundId: string, status: StandInRefund['status'], failureReason?: string): StandInRefund;
  /**
   * As if the customer disputed the intent's charge with their bank. `linkedBy: 'charge'` makes a
   * dispute that names only its charge (`payment_intent: null`), as the published one does.
   */
  dispute(
    intentId: string,
    options?: {
      reason?: string;
      amount?: number;
      status?: string;
      dueBy?: number | null;
      linkedBy?: 'payment_intent' | 'charge';
    },
  ): StandInDispute;
  /** The bank decided: `won`, `lost`, or `warning_closed` for an inquiry. */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): StandInDispute;
  /** As if the customer confirmed a SetupIntent with a card in the Payment Element: the saved PaymentMethod. */
  saveCard(setupIntentId: string, card: StandInCard): StandInPaymentMethod;
  setupIntent(id: string): StandInSetupIntent | undefined;
  /** As if the card the customer tried to save was declined: the SetupIntent waits for another, with last_setup_error. */
  declineSetup(id: string, message?: string, declineCode?: string): StandInSetupIntent;
  /** The Event object Stripe would post (`setup_intent.setup_failed`), with the SetupIntent as it is now. */
  setupEvent(type: string, setupIntentId: string): StripeEventJson<StandInSetupIntent>;
  /** The PaymentMethods made, by id. */
  paymentMethod(id: string): StandInPaymentMethod | undefined;
  /** The refunds made, oldest first. */
  refunds(): StandInRefund[];
  /** The next `count` refund requests fail with `error` (Stripe's api_error 500 unless told). */
  refuseRefunds(count: number, error?: { status: number; type: string; code?: string; message: string }): void;
  /**
   * The next `count` refunds are taken `pending`, as Stripe answers one it has not given back yet
   * (its balance cannot cover it yet); `setRefundStatus` and `refundEvent` tell how it ended.
   */
  pendRefunds(count: number): void;
  /**
   * The next `count` calls on refunds (made, or listed; only those of `method` when given) are
   * carried out, but the connection drops before their answer.
   */
  loseRefundAnswers(count: number, method?: 'POST' | 'GET'): void;
  /**
   * Refund requests wait (as a slow Stripe keeps them) until `release`; `reached` settles when the
   * first one arrives. `made`: each is made first, and only its answer waits.
   */
  holdRefunds(when?: 'before' | 'made'): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

/** https://docs.stripe.com/api/events/object: the published envelope around the object it is about. */
export interface StripeEventJson<T = StandInIntent> {
  [field: string]: unknown;
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
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

/**
 * https://docs.stripe.com/api/setup_intents/object: the published one (fixtures/stripe/setup_intent.json)
 * with the state the stand-in keeps.
 */
interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  created: number;
  metadata: Record<string, string>;
  /** The last card refused, as a PaymentIntent's last_payment_error: https://docs.stripe.com/api/setup_intents/object#setup_intent_object-last_setup_error. */
  last_setup_error: { type: string; code: string; decline_code?: string; message: string } | null;
  cancellation_reason: string | null;
}

const API_VERSION = '2026-10-28.endive';
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50 };
const DAY_SECONDS = 86_400;

interface ErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

/** A published error file (`{ status, body: { error } }`) with its sentence made by `message` from the published one. */
function publishedError(name: string, message?: (published: string) => string): StripeApiError {
  const { status, body } = stripeFixture<{ status: number; body: { error: ErrorBody } }>(name);
  return new StripeApiError(status, {
    ...body.error,
    message: message ? message(body.error.message) : body.error.message,
  });
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function startStripeStandIn(
  options: { secretKey?: string; publishableKey?: string } = {},
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  /** The charge's `amount_refunded` and `refunded` before its latest refund (a charge.refunded event's previous_attributes). */
  const beforeLastRefund = new Map<string, { amount_refunded: number; refunded: boolean }>();
  const disputes = new Map<string, StandInDispute>();
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string> }
  >();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const refunds: StandInRefund[] = [];
  const REFUND_API_ERROR = { status: 500, type: 'api_error', message: 'An unknown error occurred' };
  /** How many of the next refunds are taken pending. */
  let pending = 0;
  /** How many of the next refund calls (made or listed) are never answered. */
  let lostAnswers = 0;
  let lostMethod: string | null = null;
  let refusals: { count: number; error: { status: number; type: string; code?: string; message: string } } = {
    count: 0,
    error: REFUND_API_ERROR,
  };
  let refundHold: { arrived: () => void; released: Promise<void>; made: boolean } | null = null;
  /** Idempotency-Key -> the first request's body and the answer it got, replayed verbatim. */
  const idempotent = new Map<string, { rawBody: string; status: number; answer: string }>();
  const requests: RecordedRequest[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  /** `payment_method_types[0]=card&payment_method_types[1]=link` (the SDK's form) as a list, in order. */
  function listParam(value: string | FormParams | undefined): string[] | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return [value];
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key])
      .filter((item): item is string => typeof item === 'string');
  }

  /**
   * The payment methods an intent (or SetupIntent) is created with, as API version 2026-09-30.endive
   * takes them: `allowed_payment_method_types`, or the Dashboard's (`automatic_payment_methods`,
   * the default) less `excluded_payment_method_types`; the old `payment_method_types` is refused.
   */
  function paymentMethodsOf(params: FormParams): {
    allowed: string[] | null;
    excluded: string[] | null;
    types: string[];
  } {
    if (params.payment_method_types !== undefined)
      throw publishedError('error-payment-method-types-no-longer-supported');
    const allowed = listParam(params.allowed_payment_method_types);
    const excluded = listParam(params.excluded_payment_method_types);
    const others = [
      params.automatic_payment_methods,
      params.excluded_payment_method_types,
      params.payment_method_configuration,
    ];
    if (allowed !== undefined && others.some((other) => other !== undefined))
      throw publishedError('error-parameters-exclusive');
    if (allowed !== undefined && allowed.length === 0) throw missing('allowed_payment_method_types');
    const automatic = params.automatic_payment_methods;
    if (allowed === undefined && typeof automatic === 'object' && automatic.enabled === 'false')
      throw missing('allowed_payment_method_types');
    if (allowed) return { allowed, excluded: null, types: allowed };
    return {
      allowed: null,
      excluded: excluded ?? null,
      types: AUTOMATIC_METHODS.filter((type) => !excluded?.includes(type)),
    };
  }

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
    const methods = paymentMethodsOf(params);
    const description = params.description;
    const intentId = id('pi');
    const published = stripeFixture<Record<string, unknown>>('payment_intent');
    const intent: StandInIntent = {
      ...published,
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: methods.allowed,
      automatic_payment_methods: methods.allowed ? null : { allow_redirects: 'always', enabled: true },
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
      excluded_payment_method_types: methods.excluded,
      payment_method_configuration_details: methods.allowed ? null : published.payment_method_configuration_details,
      payment_method_types: methods.types,
      processing: null,
      receipt_email: null,
      shipping: null,
      transfer_data: null,
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

  function foundCharge(chargeId: string): StandInCharge {
    const charge = charges.get(chargeId);
    if (!charge) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such charge: '${chargeId}'`,
      });
    }
    return charge;
  }

  /** A charge for the intent, as Stripe makes one for each attempt (the published charge, without its refunds list). */
  function newCharge(intent: StandInIntent, status: StandInCharge['status']): StandInCharge {
    const published = stripeFixture<Record<string, unknown>>('charge');
    const charge: StandInCharge = {
      ...published,
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: status === 'succeeded' ? intent.amount : 0,
      amount_refunded: 0,
      balance_transaction: status === 'succeeded' ? id('txn') : null,
      captured: status === 'succeeded',
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      livemode: false,
      metadata: { ...intent.metadata },
      paid: status === 'succeeded',
      payment_intent: intent.id,
      refunded: false,
      status,
      transfer_data: null,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function succeeded(intent: StandInIntent): StandInIntent {
    const charge = newCharge(intent, 'succeeded');
    return Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: charge.id,
      payment_method: id('pm'),
      processing: null,
    } satisfies Partial<StandInIntent>);
  }

  function declined(intent: StandInIntent, message: string, declineCode: string): StandInIntent {
    const charge = newCharge(intent, 'failed');
    return Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
      latest_charge: charge.id,
      payment_method: null,
    } satisfies Partial<StandInIntent>);
  }

  /** A bank debit confirmed: the money is on its way for days, the intent `processing`. */
  function debiting(intent: StandInIntent, type: string): StandInIntent {
    const charge = newCharge(intent, 'pending');
    return Object.assign(intent, {
      status: 'processing',
      last_payment_error: null,
      latest_charge: charge.id,
      payment_method: id('pm'),
      processing: { type },
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
    const data = params.payment_method_data;
    const type =
      typeof params.payment_method === 'string'
        ? 'card'
        : typeof data === 'object' && typeof data.type === 'string'
          ? data.type
          : 'card';
    if (!intent.payment_method_types.includes(type)) {
      throw publishedError('error-payment-method-not-allowed', () =>
        notAllowedSentence(type, intent.payment_method_types),
      );
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
    if (type === 'us_bank_account') return view(debiting(intent, type));
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
    const type = typeof data === 'object' && typeof data.type === 'string' ? data.type : 'card';
    if (!setup.payment_method_types.includes(type)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: notAllowedSentence(type, setup.payment_method_types).replace('PaymentIntent', 'SetupIntent'),
      });
    }
    const card = typeof data === 'object' && typeof data.card === 'object' ? data.card : undefined;
    const number = typeof card?.number === 'string' ? card.number.replace(/\s/g, '') : undefined;
    if (!number) throw missing('payment_method_data[card][number]');
    const testCard = TEST_CARDS[number];
    const decline = testCard ? testCard.decline : { code: 'live_mode_test_card', message: LIVE_CARD_IN_TEST_MODE };
    if (decline) {
      // The SetupIntent stays open for another card, with the refusal kept (setup_intent.setup_failed).
      setup.last_setup_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline.code,
        message: decline.message,
      };
      // What a publishable key may see of it: not its metadata.
      const { metadata: _kept, ...publicView } = setup;
      throw new StripeApiError(402, { ...setup.last_setup_error, setup_intent: publicView });
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

  /**
   * A refund of the intent's charge (POST /v1/refunds, or the owner in the Dashboard): Stripe's
   * refusals when nothing or less is left, else the published refund with its amount and links.
   */
  function makeRefund(intent: StandInIntent, amountText: string | undefined, metadata: Record<string, string>) {
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0)
      throw publishedError('error-charge-already-refunded', () => `Charge ${charge.id} has already been refunded.`);
    const amount = amountText === undefined ? left : Number(amountText);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('amount', `Invalid integer: ${amountText ?? ''}`, 'parameter_invalid_integer');
    if (amount > left) {
      throw publishedError(
        'error-refund-greater-than-unrefunded',
        () => `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      );
    }
    const made: StandInRefund = {
      ...stripeFixture<Record<string, unknown>>('refund'),
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: charge.id,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      metadata,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      status: pending > 0 ? 'pending' : 'succeeded',
    };
    if (pending > 0) pending -= 1;
    beforeLastRefund.set(charge.id, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    refunds.push(made);
    return made;
  }

  function refund(params: FormParams): StandInRefund {
    if (refusals.count > 0) {
      refusals.count -= 1;
      const { status, ...body } = refusals.error;
      throw new StripeApiError(status, body);
    }
    const chargeId = typeof params.charge === 'string' ? params.charge : undefined;
    const intentId =
      typeof params.payment_intent === 'string'
        ? params.payment_intent
        : chargeId && foundCharge(chargeId).payment_intent;
    if (!intentId) throw missing('payment_intent');
    const intent = found(intentId);
    const metadata = params.metadata ?? {};
    if (typeof metadata !== 'object' || Object.values(metadata).some((v) => typeof v !== 'string')) {
      throw invalid('metadata', 'Invalid object', 'parameter_invalid_object');
    }
    return makeRefund(
      intent,
      typeof params.amount === 'string' ? params.amount : undefined,
      metadata as Record<string, string>,
    );
  }

  /** GET /v1/refunds: newest first, `limit` (1 to 100, default 10) at a time after `starting_after`. */
  function listRefunds(params: FormParams) {
    const text = (key: string) => (typeof params[key] === 'string' ? params[key] : undefined);
    const intentId = text('payment_intent');
    const chargeId = text('charge');
    if (chargeId !== undefined) foundCharge(chargeId);
    if (intentId !== undefined) found(intentId);
    const limitText = text('limit') ?? '10';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) {
      throw invalid(
        'limit',
        `Invalid limit: must be an integer between 1 and 100 (inclusive)`,
        'parameter_invalid_integer',
      );
    }
    const all = refunds
      .filter(
        (r) =>
          (intentId === undefined || r.payment_intent === intentId) &&
          (chargeId === undefined || r.charge === chargeId),
      )
      .reverse();
    const after = text('starting_after');
    const from = after === undefined ? 0 : all.findIndex((r) => r.id === after) + 1;
    if (after !== undefined && from === 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'starting_after',
        message: `No such refund: '${after}'`,
      });
    }
    const data = all.slice(from, from + limit);
    return { object: 'list', url: '/v1/refunds', has_more: from + limit < all.length, data };
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
    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'POST' && confirming)
      return { status: 200, body: confirm(found(decodeURIComponent(confirming[1]!)), params, publicView) };
    if (method === 'POST' && confirmingSetup)
      return { status: 200, body: confirmSetup(decodeURIComponent(confirmingSetup[1]!), params) };
    if (method === 'GET' && retrieve && publicView) {
      // Stripe.js reads the intent (its payment methods) with the publishable key and the client secret.
      const intent = found(decodeURIComponent(retrieve[1]!));
      if (params.client_secret !== intent.client_secret) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          param: 'client_secret',
          message: 'The client_secret provided does not match any associated PaymentIntent on this account.',
        });
      }
      return { status: 200, body: withoutSecretFields(intent) };
    }
    if (publicView) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return { status: 200, body: createIntent(params) };
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: refund(params) };
    if (method === 'GET' && path === '/v1/refunds') return { status: 200, body: listRefunds(params) };
    if (method === 'GET' && chargePath) return { status: 200, body: foundCharge(decodeURIComponent(chargePath[1]!)) };
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
      const methods = paymentMethodsOf(params);
      const setupId = id('seti');
      const intent: StandInSetupIntent = {
        ...stripeFixture<StandInSetupIntent>('setup_intent'),
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        usage: text('usage') ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        allowed_payment_method_types: methods.allowed,
        payment_method_types: methods.types,
        created: now(),
        metadata: (typeof params.metadata === 'object' && params.metadata !== null ? params.metadata : {}) as Record<
          string,
          string
        >,
        last_setup_error: null,
        cancellation_reason: null,
      };
      setupIntents.set(setupId, intent);
      return { status: 200, body: intent };
    }
    // https://docs.stripe.com/api/setup_intents/list: newest first, `customer` to filter, `limit` 1 to 100 (10).
    if (method === 'GET' && path === '/v1/setup_intents') {
      const customer = text('customer');
      const limit = Math.min(100, Math.max(1, Number(text('limit') ?? 10)));
      const all = [...setupIntents.values()].filter((s) => !customer || s.customer === customer).reverse();
      const after = text('starting_after');
      const from = after ? all.findIndex((s) => s.id === after) + 1 : 0;
      if (after && from === 0)
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'starting_after',
          message: `No such setupintent: '${after}'`,
        });
      const data = all.slice(from, from + limit);
      return {
        status: 200,
        body: { object: 'list', data, has_more: from + limit < all.length, url: '/v1/setup_intents' },
      };
    }
    // https://docs.stripe.com/api/setup_intents/cancel: one waiting for a card (or its confirmation or action).
    const cancelSetup = /^\/v1\/setup_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancelSetup) {
      const setup = setupIntents.get(decodeURIComponent(cancelSetup[1]!));
      if (!setup)
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such setupintent: '${cancelSetup[1]}'`,
        });
      if (setup.status !== 'requires_payment_method')
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'setup_intent_unexpected_state',
          message: `You cannot cancel this SetupIntent because it has a status of ${setup.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
          setup_intent: setup,
        });
      const reason = text('cancellation_reason');
      if (reason !== null && !['abandoned', 'duplicate', 'requested_by_customer'].includes(reason))
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          param: 'cancellation_reason',
          message: `Invalid cancellation_reason: must be one of abandoned, duplicate, or requested_by_customer`,
        });
      setup.status = 'canceled';
      setup.cancellation_reason = reason;
      return { status: 200, body: setup };
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
      if (lostAnswers > 0 && url.pathname === '/v1/refunds' && (lostMethod === null || lostMethod === method)) {
        // Made (or read), but the connection drops before the answer leaves.
        lostAnswers -= 1;
        response.destroy();
        return { status, text };
      }
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

    const held = refundHold && method === 'POST' && url.pathname === '/v1/refunds' ? refundHold : null;
    if (held && !held.made) {
      held.arrived();
      await held.released;
    }
    let result: { status: number; text: string };
    try {
      const { status, body } = route(method, url.pathname, params, publicView);
      if (held?.made) {
        held.arrived();
        await held.released;
      }
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
  const latestCharge = (intentId: string) => {
    const intent = existing(intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new Error(`The Stripe stand-in's PaymentIntent ${intentId} has no charge.`);
    return charge;
  };
  /** The published event around `object`. */
  function eventOf<T>(type: string, object: T, previous?: Record<string, unknown>): StripeEventJson<T> {
    return {
      ...stripeFixture<Record<string, unknown>>('event'),
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  return {
    host: '127.0.0.1',
    port,
    requests,
    intent: (intentId) => intents.get(intentId),
    intents: () => [...intents.values()],
    charge: (intentId) => {
      const chargeId = intents.get(intentId)?.latest_charge;
      return chargeId ? charges.get(chargeId) : undefined;
    },
    succeed: (intentId) => succeeded(existing(intentId)),
    decline: (intentId, message = 'Your card was declined.', declineCode = 'generic_decline') =>
      declined(existing(intentId), message, declineCode),
    setStatus(intentId, status) {
      const intent = existing(intentId);
      if (status === 'succeeded') return succeeded(intent);
      intent.status = status;
      if (status === 'canceled') intent.canceled_at = now();
      return intent;
    },
    event: (type, intentId) => eventOf(type, existing(intentId)),
    chargeEvent(type, intentId) {
      const charge = latestCharge(intentId);
      return eventOf(type, charge, type === 'charge.refunded' ? beforeLastRefund.get(charge.id) : undefined);
    },
    refundEvent(type, refundId) {
      const made = refunds.find((r) => r.id === refundId);
      if (!made) throw new Error(`The Stripe stand-in has no refund ${refundId}.`);
      return eventOf(type, made);
    },
    disputeEvent(type, disputeId) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`The Stripe stand-in has no dispute ${disputeId}.`);
      return eventOf(type, dispute);
    },
    refundInDashboard: (intentId, amount) =>
      makeRefund(existing(intentId), amount === undefined ? undefined : String(amount), {}),
    setRefundStatus(refundId, status, failureReason) {
      const made = refunds.find((r) => r.id === refundId);
      if (!made) throw new Error(`The Stripe stand-in has no refund ${refundId}.`);
      const undone = (s: StandInRefund['status']) => s === 'failed' || s === 'canceled';
      const charge = charges.get(made.charge);
      if (charge && undone(status) !== undone(made.status)) {
        charge.amount_refunded += undone(status) ? -made.amount : made.amount;
        charge.refunded = charge.amount_refunded >= charge.amount;
      }
      made.status = status;
      if (status === 'failed') {
        made.failure_reason = failureReason ?? 'unknown';
        made.failure_balance_transaction = id('txn');
      }
      return made;
    },
    dispute(intentId, disputeOptions = {}) {
      const intent = existing(intentId);
      const charge = latestCharge(intentId);
      const created = now();
      const published = stripeFixture<
        Record<string, unknown> & { evidence_details: StandInDispute['evidence_details'] }
      >('dispute');
      const dispute: StandInDispute = {
        ...published,
        id: id('dp'),
        object: 'dispute',
        amount: disputeOptions.amount ?? charge.amount,
        charge: charge.id,
        created,
        currency: charge.currency,
        evidence_details: {
          ...published.evidence_details,
          due_by: disputeOptions.dueBy === undefined ? created + 7 * DAY_SECONDS : disputeOptions.dueBy,
        },
        is_charge_refundable: false,
        livemode: false,
        payment_intent: disputeOptions.linkedBy === 'charge' ? null : intent.id,
        reason: disputeOptions.reason ?? 'fraudulent',
        status: disputeOptions.status ?? 'needs_response',
      };
      charge.disputed = true;
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`The Stripe stand-in has no dispute ${disputeId}.`);
      dispute.status = status;
      return dispute;
    },
    setupIntent: (setupId) => setupIntents.get(setupId),
    declineSetup(setupId, message = 'Your card was declined.', declineCode = 'generic_decline') {
      const setup = setupIntents.get(setupId);
      if (!setup) throw new Error(`The Stripe stand-in has no SetupIntent ${setupId}.`);
      if (setup.status !== 'requires_payment_method')
        throw new Error(`SetupIntent ${setupId} is ${setup.status}: Stripe takes no card on it.`);
      setup.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: declineCode, message };
      return setup;
    },
    setupEvent(type, setupId) {
      const setup = setupIntents.get(setupId);
      if (!setup) throw new Error(`The Stripe stand-in has no SetupIntent ${setupId}.`);
      return eventOf(type, setup);
    },
    saveCard(setupIntentId, card) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup) throw new Error(`The Stripe stand-in has no SetupIntent ${setupIntentId}.`);
      if (setup.status !== 'requires_payment_method')
        throw new Error(`SetupIntent ${setupIntentId} is ${setup.status}: Stripe takes no card on it.`);
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
    pendRefunds(count) {
      pending = count;
    },
    loseRefundAnswers(count, method) {
      lostAnswers = count;
      lostMethod = method ?? null;
    },
    refuseRefunds(count, error) {
      refusals = { count, error: error ?? REFUND_API_ERROR };
    },
    holdRefunds(when = 'before') {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      refundHold = { arrived, released, made: when === 'made' };
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

/** Stripe's sentence for a payment method type an intent does not take (error-payment-method-not-allowed.json). */
function notAllowedSentence(type: string, allowed: readonly string[]): string {
  return `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}. Alternatively, update the allowed payment_method_types for this PaymentIntent to include "${type}"`;
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
