/**
 * Placing and finalising orders. Every amount is recomputed here from the server's own menu,
 * promo table and stored delivery quote with shared/pricing; the browser's figures are ignored.
 */
import { intlLocale, type Locale } from '../../shared/i18n/locale.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED } from '../../shared/api/messages.ts';
import type { CreateOrderRequest, CreateOrderResponse, FinalizedOrder, OrderTotals } from '../../shared/api/schemas.ts';
import {
  canRedeem,
  LOYALTY_REWARD,
  pointsEarned,
  REDEEM_SIGN_IN,
  REDEEM_WRONG_PHONE,
  redeemNotYours,
  redeemTooFew,
} from '../../shared/loyalty.ts';
import { dollarsText, formatUSD, toCents, toDollars } from '../../shared/money.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { orderTotals, type OrderTotalsCents, type PricedLine } from '../../shared/pricing.ts';
import { restaurant, type OrderingHours } from '../../shared/restaurant.ts';
import { checkScheduledFor, checkSlotRoom, orderSlot, unpaidHoldCents } from '../../shared/schedule.ts';
import { tipSettings } from '../../shared/settings/values.ts';
import type { AppDependencies } from '../dependencies.ts';
import { findCustomer } from '../db/accounts.ts';
import { findUsableQuote } from '../db/delivery-quotes.ts';
import { claimKey, storeAnswer, storedAnswer } from '../db/idempotency.ts';
import {
  accountPointsFor,
  earnPoints,
  lockPhonePoints,
  orderPoints,
  pointsFor,
  redeemPoints,
  unpaidRedeemingOrders,
} from '../db/loyalty.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import { autoAcceptOnPayment } from './order-alerts.ts';
import { handOffPaidOrder } from './order-handoff.ts';
import {
  findOrder,
  insertOrderCountingSlot,
  moveOrder,
  orderLines,
  type OrderLineRow,
  type OrderRow,
} from '../db/orders.ts';
import { paymentForOrder, recordStoppedPayment, setPaymentStatus } from '../db/payments.ts';
import {
  lockPromoCode,
  promoUses,
  recordRedemption,
  unpaidOrdersWithCode,
  type PromoCustomer,
} from '../db/promo-codes.ts';
import { lockSlot, slotLoad } from '../db/slots.ts';
import { readCommittedNow } from '../db/committed-now.ts';
import { statusAt, type StoreStatus } from '../db/store-status.ts';
import { requestHashOf, sameRequest } from '../http/idempotency-key.ts';
import { HttpError } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { newId } from '../ids.ts';
import type { CatalogItem, MenuSnapshot } from '../menu/catalog.ts';
import { checkServedAt } from '../menu/served.ts';
import { log } from '../logger.ts';
import { paidMail } from './order-mail.ts';
import { menuWordsIn } from '../menu/menu-words.ts';
import { checkPromoCode, customerKeys, PROMO_USED_UP, promoMinimumMessage } from './promo-codes.ts';
import { liveValues } from './live-settings.ts';
import { beyondRadius, courierFeeCents } from '../providers/delivery/courier.ts';
export const ITEM_NOT_ON_MENU = 'An item in your cart is no longer on our menu. Remove it and try again.';
export const ORDER_NOT_FOUND = 'We could not find that order.';
/** An Idempotency-Key seen before with another cart or from another caller: never their answer. */
export const KEY_REUSED = IDEMPOTENCY_KEY_REUSED;
export const QUOTE_MISSING = 'We could not find your delivery quote. Check the address again for a new price.';
export const QUOTE_EXPIRED = 'Your delivery quote has expired. Check the address again for a new price.';
export const QUOTE_USED =
  'This delivery quote was already used for another order. Check the address again for a new price.';
export const QUOTE_ADDRESS_CHANGED =
  'The delivery address changed since the estimate. Check the address again for a new price.';
export const PAYMENT_NOT_RECEIVED = 'We have not received your payment yet. Enter your card details to pay.';
export const PAYMENT_PROCESSING = 'Your payment is still processing. This page will update when it goes through.';
export const PAYMENT_CANCELED = 'This payment was cancelled. Start checkout again.';
/** Card networks will not charge less than this. */
export const MINIMUM_CARD_CHARGE_CENTS = 50;
/** The largest tip an order may carry (settings/restaurant.json). */
export const MAXIMUM_TIP_CENTS = tipSettings.maximumCents;

export const soldOut = (name: string) => `${name} is sold out today. Remove it and try again.`;
export const choiceNotOffered = (name: string) =>
  `One of the choices for ${name} is not available. Open the item and choose again.`;
export const tooFewChoices = (group: string, item: string, min: number) =>
  `Choose ${min === 1 ? 'an option' : `at least ${min} options`} for "${group}" on ${item}.`;
export const tooManyChoices = (group: string, item: string, max: number) =>
  `Choose at most ${max} ${max === 1 ? 'option' : 'options'} for "${group}" on ${item}.`;

const IDEMPOTENCY_SCOPE = 'create-order';

export async function placeOrder(
  deps: AppDependencies,
  request: CreateOrderRequest,
  options: {
    idempotencyKey?: string | undefined;
    cognitoSub?: string | null;
    /**
     * Who sends the request, to bind an Idempotency-Key to them: the signed-in customer's
     * cognito_sub, else the guest's CSRF token (one per browser). A key replayed by another
     * caller, or with another body, is refused (422) and never answered with the stored order.
     */
    caller?: string | undefined;
    /** The client address it comes from, kept with the order for the card-testing limits. */
    clientAddress?: string | undefined;
    /** The language the customer ordered in: its mails and texts speak it. */
    locale?: Locale | undefined;
  },
): Promise<{ status: number; body: CreateOrderResponse }> {
  const { db, clock } = deps;
  const key = options.idempotencyKey;
  const requestHash = requestHashOf([options.caller ?? '', request]);
  if (key) {
    const stored = await storedAnswer(db, IDEMPOTENCY_SCOPE, key);
    if (stored) return replay(stored.requestHash, requestHash, stored.status, stored.response as CreateOrderResponse);
  }

  const now = clock();
  // The menu, the owner's live hours, holidays, lead times and prices (services/live-settings.ts)
  // and the store's switches, as committed now through any replica (db/committed-now.ts): what is
  // kept in memory is used when it is current.
  const committed = await readCommittedNow(db);
  const [snapshot, { hours, pricing }] = await Promise.all([
    deps.menu.snapshot({ version: committed.menuVersion }),
    liveValues(db, { isCurrent: (values) => BigInt(values.version) >= committed.settingsVersion }),
  ]);
  const store = statusAt(committed.store, now);
  const { priced, rows } = priceCart(snapshot, request.cart_items);
  const { scheduledFor, slot } = orderTime(request, snapshot, now, options.locale ?? 'en', hours, store);
  checkServedAt(snapshot, request.cart_items, scheduledFor ?? now);
  const customer: PromoCustomer = { cognitoSub: options.cognitoSub, phone: request.phone, email: request.email };
  const promo = request.promo_code ? await applicablePromo(deps, request.promo_code, now, customer) : null;
  const phone = normalizePhone(request.phone);
  if (request.redeem_points) await checkRedeemer(deps, options.cognitoSub ?? null, phone);
  const delivery = request.delivery_type === 'delivery' ? await deliveryFor(deps, request, now, pricing) : null;
  const tipCents = delivery ? toCents(request.tip ?? 0) : 0;
  if (tipCents > MAXIMUM_TIP_CENTS) throw new HttpError(422, `A tip can be at most ${formatUSD(MAXIMUM_TIP_CENTS)}.`);

  const totals = orderTotals({
    lines: priced,
    deliveryType: request.delivery_type,
    promo: promo?.rule ?? null,
    deliveryFee: delivery?.feeCents ?? 0,
    tip: tipCents,
    taxPercent: restaurant.taxPercent,
    redeemPoints: request.redeem_points,
    minimumFeeCents: pricing.minimumFeeCents,
  });
  if (promo && totals.subtotal < promo.minSubtotalCents) {
    throw new HttpError(422, promoMinimumMessage(promo.code, promo.minSubtotalCents));
  }
  if (totals.total < MINIMUM_CARD_CHARGE_CENTS) {
    throw new HttpError(
      422,
      `The order total must be at least ${formatUSD(MINIMUM_CARD_CHARGE_CENTS)} to pay by card.`,
    );
  }
  // A first look at the slot without its lock, so a full one is refused before a payment is made
  // for it (a retry whose first attempt just took the slot's last place gets that attempt's answer).
  const address = options.clientAddress ?? null;
  const full = checkSlotRoom(
    await slotLoad(db, slot, address, {
      atMost: deps.slotCapacity.orders,
      heldCents: unpaidHoldCents(deps.slotCapacity),
    }),
    totals.subtotal,
    scheduledFor === null,
    deps.slotCapacity,
  );
  if (full) {
    const stored = key ? await storedAnswer(db, IDEMPOTENCY_SCOPE, key) : null;
    if (stored) return replay(stored.requestHash, requestHash, stored.status, stored.response as CreateOrderResponse);
    throw new HttpError(409, full);
  }

  // The processor is called before the transaction so no database connection waits on the
  // network. Retries of one key derive the same order id, so the processor's own idempotency
  // (keyed on the order id) hands them the same payment.
  const orderId = key
    ? `ord_${createHash('sha256').update(`${key}:${requestHash}`).digest('base64url').slice(0, 22)}`
    : newId('ord');
  const customerRow =
    options.cognitoSub && deps.payments.chargesSavedCards ? await findCustomer(db, options.cognitoSub) : null;
  const payment = await deps.payments.createPayment({
    customerReference: customerRow?.stripe_customer_id ?? undefined,
    orderId,
    amountCents: totals.total,
    currency: 'usd',
    description: `${restaurant.name} online order`,
    idempotencyKey: `create-payment-${orderId}`,
  });

  const placed = await db.transaction(async (tx) => {
    if (key) {
      const stored = await claimKey(tx, IDEMPOTENCY_SCOPE, key, requestHash);
      if (stored) return replay(stored.requestHash, requestHash, stored.status, stored.response as CreateOrderResponse);
    }
    // Counted and inserted under the slot's lock: concurrent checkouts on any replica take its
    // places one after the other, so the slot never holds more than its capacity.
    // The order goes in with the slot's count in one statement; a slot without room throws, which
    // rolls the order back.
    await lockSlot(tx, slot);
    // A code with a total limit: its uses counted under its lock, so concurrent checkouts on any
    // replica cannot together take more than it allows.
    if (promo && promo.totalLimit !== null) {
      await lockPromoCode(tx, promo.code);
      const uses = await promoUses(tx, promo.code, customerKeys(customer));
      if (uses.total >= promo.totalLimit) throw new HttpError(422, PROMO_USED_UP);
    }
    const { number, slotLoad: load } = await insertOrderCountingSlot(
      tx,
      {
        id: orderId,
        status: 'pending_payment',
        cognito_sub: options.cognitoSub ?? null,
        name: request.name,
        email: request.email,
        phone,
        marketing_opt_in: request.marketing_opt_in,
        sms_opt_in: request.sms_opt_in,
        delivery_type: request.delivery_type,
        delivery_street: delivery ? (request.delivery_street ?? null) : null,
        delivery_city: delivery ? (request.delivery_city ?? null) : null,
        delivery_state: delivery ? (request.delivery_state ?? null) : null,
        delivery_zip: delivery ? (request.delivery_zip ?? null) : null,
        delivery_country: delivery ? request.delivery_country || 'US' : null,
        delivery_lat: delivery?.lat ?? null,
        delivery_lng: delivery?.lng ?? null,
        delivery_quote_id: delivery?.quoteId ?? null,
        promo_code: promo?.code ?? null,
        subtotal_cents: totals.subtotal,
        promo_discount_cents: totals.promoDiscount,
        loyalty_discount_cents: totals.loyaltyDiscount,
        // A reward worth nothing here (a promo took the whole subtotal) costs no points.
        points_redeemed: totals.loyaltyDiscount > 0 ? LOYALTY_REWARD.points : 0,
        tax_cents: totals.tax,
        delivery_fee_cents: delivery?.feeCents ?? 0,
        delivery_charge_cents: totals.deliveryCharge,
        tip_cents: totals.tip,
        total_cents: totals.total,
        client_address: options.clientAddress ?? null,
        locale: options.locale ?? 'en',
        note: request.note ?? null,
        slot_at: slot,
        scheduled_for: scheduledFor,
      },
      rows,
      {
        id: newId('pay'),
        provider: deps.payments.name,
        provider_reference: payment.reference,
        client_secret: payment.clientSecret,
        amount_cents: totals.total,
        status: 'requires_payment',
      },
      {
        at: slot,
        clientAddress: address,
        atMost: deps.slotCapacity.orders,
        heldCents: unpaidHoldCents(deps.slotCapacity),
      },
    );
    const refusal = checkSlotRoom(load, totals.subtotal, scheduledFor === null, deps.slotCapacity);
    if (refusal) throw new HttpError(409, refusal);
    const body: CreateOrderResponse = {
      order_id: orderId,
      number,
      status: 'pending_payment',
      payment: {
        provider: deps.payments.name,
        client_secret: payment.clientSecret,
        ...(deps.payments.confirmsWithStripeJs && deps.settings.stripePublishableKey
          ? { publishable_key: deps.settings.stripePublishableKey }
          : {}),
      },
      totals: wireTotals(totals),
    };
    if (key) await storeAnswer(tx, IDEMPOTENCY_SCOPE, key, 201, body);
    return { status: 201, body };
  });
  if (placed.status === 201 && promo?.limited) {
    const paidMeanwhile = await supersedeCheckouts(deps, placed.body.order_id, promo.code, customer);
    // Earlier ones had already taken the money (paid in another tab, their success not yet
    // here): they use the code too, so this checkout is stopped when they leave it none.
    const again = paidMeanwhile > 0 ? await checkPromoCode(db, promo.code, now, customer, paidMeanwhile) : null;
    if (again && !again.valid) await stopPayment(deps, payment.reference, again.message);
  }
  // Points are spent at payment; so that two checkouts cannot both spend the same points, the
  // newest one that uses them replaces the phone's earlier unpaid ones.
  if (placed.status === 201 && totals.loyaltyDiscount > 0) {
    for (const earlier of await unpaidRedeemingOrders(db, phone, placed.body.order_id))
      await stopPayment(deps, earlier.provider_reference, CHECKOUT_REPLACED);
  }
  return placed;
}

/**
 * Points may be spent only by a signed-in customer whose account has the order's phone number,
 * out of the points its own orders earned (placed signed in, or with its confirmed email): points
 * belong to a phone anyone can type, so a stranger who registers with someone's number gets
 * nothing of theirs.
 */
async function checkRedeemer(deps: AppDependencies, cognitoSub: string | null, phone: string): Promise<void> {
  if (!cognitoSub) throw new HttpError(401, REDEEM_SIGN_IN);
  const customer = await findCustomer(deps.db, cognitoSub);
  if (!customer?.phone || normalizePhone(customer.phone) !== phone) throw new HttpError(403, REDEEM_WRONG_PHONE);
  const own = await accountPointsFor(deps.db, phone, cognitoSub, customer.email);
  if (canRedeem(own)) return;
  const onPhone = await pointsFor(deps.db, phone);
  throw new HttpError(422, canRedeem(onPhone) ? redeemNotYours(own) : redeemTooFew(onPhone));
}

export const CHECKOUT_REPLACED =
  'This checkout was replaced by a newer one with the same promo code or loyalty reward. Start checkout again.';

/**
 * A code a customer may use only so often counts its use at payment. So that several checkouts
 * opened with it cannot all be paid, a new one replaces the customer's earlier unpaid ones with the
 * same code: their payments are stopped at the provider, and finalize says so. Answers how many
 * could not be stopped, having already taken the money.
 */
async function supersedeCheckouts(
  deps: AppDependencies,
  orderId: string,
  code: string,
  who: PromoCustomer,
): Promise<number> {
  let paid = 0;
  for (const earlier of await unpaidOrdersWithCode(deps.db, code, customerKeys(who), orderId))
    if (!(await stopPayment(deps, earlier.provider_reference, CHECKOUT_REPLACED))) paid += 1;
  return paid;
}

/**
 * Stops a payment at the provider and records it cancelled with what the customer is told.
 * One the provider says had already taken the money (paid in the browser, its success not yet
 * here) is left as it is, for its success to mark the order paid. Answers whether it was stopped.
 */
export async function stopPayment(deps: AppDependencies, reference: string, message: string): Promise<boolean> {
  if (!(await deps.payments.cancel(reference))) return false;
  await recordStoppedPayment(deps.db, reference, message);
  return true;
}

function replay(storedHash: string, requestHash: string, status: number, body: CreateOrderResponse) {
  if (!sameRequest(storedHash, requestHash)) throw new HttpError(422, KEY_REUSED);
  return { status, body };
}

/** Each cart line priced from the menu, after checking the item, its choices and their limits. */
export function priceCart(
  snapshot: MenuSnapshot,
  cartItems: CreateOrderRequest['cart_items'],
): { priced: PricedLine[]; rows: OrderLineRow[] } {
  const priced: PricedLine[] = [];
  const rows: OrderLineRow[] = [];
  for (const cartItem of cartItems) {
    const item = snapshot.items.get(cartItem.menu_item_id);
    if (!item) throw new HttpError(422, ITEM_NOT_ON_MENU);
    if (!item.available) throw new HttpError(422, soldOut(item.name));
    const chosen = chosenModifiers(item, cartItem.modifiers);
    priced.push({ menuItem: item, quantity: cartItem.quantity, selectedModifiers: chosen.map((c) => c.modifier) });
    rows.push({
      menu_item_id: item.id,
      name: item.name,
      unit_price_cents: toCents(item.base_price),
      quantity: cartItem.quantity,
      // Each choice keeps its group's name, so the kitchen reads 'Salsa: Verde' whatever the menu becomes.
      modifiers: chosen.map(({ modifier: m, group }) => ({
        id: m.id,
        name: m.name,
        price_cents: toCents(m.price),
        group,
      })),
    });
  }
  return { priced, rows };
}

function chosenModifiers(item: CatalogItem, ids: readonly string[]) {
  if (new Set(ids).size !== ids.length) throw new HttpError(422, choiceNotOffered(item.name));
  const chosen = [];
  for (const group of item.modifier_groups) {
    const inGroup = group.modifiers.filter((m) => ids.includes(m.id));
    if (inGroup.length < group.min_required)
      throw new HttpError(422, tooFewChoices(group.name, item.name, group.min_required));
    if (inGroup.length > group.max_allowed)
      throw new HttpError(422, tooManyChoices(group.name, item.name, group.max_allowed));
    for (const modifier of inGroup) {
      if (item.unavailableModifierIds.has(modifier.id))
        throw new HttpError(422, soldOut(`${modifier.name} for ${item.name}`));
      chosen.push({ modifier, group: group.name });
    }
  }
  if (chosen.length !== ids.length) throw new HttpError(422, choiceNotOffered(item.name));
  return chosen;
}

/**
 * The time the order is for (null: as soon as possible), after shared/schedule's checks of the
 * hours, the lead time (catering's if the cart holds a catering item) with the busy minutes and
 * the pause switch; and the slot it counts against (for ASAP, the slot of its ready time).
 */
function orderTime(
  request: CreateOrderRequest,
  snapshot: MenuSnapshot,
  now: Date,
  locale: Locale,
  hours: OrderingHours,
  store: StoreStatus,
) {
  const scheduledFor = request.scheduled_for ? new Date(request.scheduled_for) : null;
  const catering = request.cart_items.some(
    (line) => snapshot.items.get(line.menu_item_id)?.categoryName === restaurant.ordering.cateringCategory,
  );
  // Closed now: said in the customer's language, with the day and time as they read them.
  const words = { t: translator(locale), intl: intlLocale(locale) };
  const refusal = checkScheduledFor(now, request.delivery_type, scheduledFor, { catering, store, ...words }, hours);
  if (refusal) throw new HttpError(422, refusal);
  return { scheduledFor, slot: orderSlot(now, request.delivery_type, scheduledFor, store, hours) };
}

async function applicablePromo(deps: AppDependencies, code: string, now: Date, who: PromoCustomer) {
  const check = await checkPromoCode(deps.db, code, now, who);
  if (!check.valid) throw new HttpError(422, check.message);
  return check;
}

async function deliveryFor(
  deps: AppDependencies,
  request: CreateOrderRequest,
  now: Date,
  area: { radiusMiles: number; feeTiers: readonly { upToMiles: number; feeCents: number }[] },
) {
  const found = await findUsableQuote(deps.db, request.delivery_quote_id ?? '', now);
  if (!found.ok)
    throw new HttpError(422, { expired: QUOTE_EXPIRED, used: QUOTE_USED, missing: QUOTE_MISSING }[found.reason]);
  const quote = found.quote;
  if (quote.zip.slice(0, 5) !== (request.delivery_zip ?? '').slice(0, 5))
    throw new HttpError(422, QUOTE_ADDRESS_CHANGED);
  // The in-house courier's fee follows the owner's live radius and tiers, even for a quote made before a change.
  let feeCents = quote.fee_cents;
  if (quote.provider === 'courier') {
    const live = courierFeeCents(quote.distance_miles, area);
    if (live === null) throw new HttpError(422, beyondRadius(quote.distance_miles, area.radiusMiles));
    feeCents = live;
  }
  return { quoteId: quote.id, feeCents, lat: quote.lat, lng: quote.lng };
}

/** Integer cents turned into the wire's dollars. */
export function wireTotals(
  totals: Pick<
    OrderTotalsCents,
    'subtotal' | 'promoDiscount' | 'loyaltyDiscount' | 'tax' | 'deliveryCharge' | 'tip' | 'total'
  >,
): OrderTotals {
  return {
    subtotal: toDollars(totals.subtotal),
    promo_discount: toDollars(totals.promoDiscount),
    loyalty_discount: toDollars(totals.loyaltyDiscount),
    tax: toDollars(totals.tax),
    delivery_charge: toDollars(totals.deliveryCharge),
    tip: toDollars(totals.tip),
    total: toDollars(totals.total),
  };
}

/**
 * Browsers' looks at an unpaid order's payment, per order: each is a call to the payment provider
 * (Stripe's rate limit is the whole account's), and a checkout needs a handful. Counted in the
 * database, so it holds across replicas; a paid order's answer costs no call and is not counted,
 * and the provider's own webhooks, which finalize too, are never held back.
 */
export const FINALIZE_CHECKS_PER_ORDER: RateLimit = {
  name: 'finalize-checks',
  limit: 20,
  windowMs: 10 * 60_000,
  message: 'Too many payment checks for this order. Wait a few minutes and try again.',
};

/**
 * POST /api/finalize-order/{id}/: paid only when the provider says the money moved; repeatable.
 * `fromBrowser`: the look at the provider counts against FINALIZE_CHECKS_PER_ORDER.
 */
export async function finalizeOrder(
  deps: AppDependencies,
  orderId: string,
  options: { fromBrowser?: boolean } = {},
): Promise<FinalizedOrder> {
  const { db } = deps;
  const order = await findOrder(db, orderId);
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  if (order.status !== 'pending_payment') return summarize(deps, order);
  if (options.fromBrowser) await hit(db, FINALIZE_CHECKS_PER_ORDER, orderId, deps.clock());
  const payment = await paymentForOrder(db, orderId);
  if (!payment) throw new HttpError(404, ORDER_NOT_FOUND);
  const status = await deps.payments.paymentStatus(payment.provider_reference);
  if (status === 'processing') throw new HttpError(409, PAYMENT_PROCESSING);
  if (status === 'canceled') throw new HttpError(409, PAYMENT_CANCELED);
  if (status !== 'succeeded') throw new HttpError(402, payment.failure_message ?? PAYMENT_NOT_RECEIVED);
  // At the owner's live earn rate when the order is paid.
  const { pricing } = await liveValues(db);
  const points = pointsEarned(
    order.subtotal_cents,
    order.promo_discount_cents + order.loyalty_discount_cents,
    pricing.centsPerPoint,
  );
  const paidNow = await db.transaction(async (tx) => {
    if (order.points_redeemed > 0) await lockPhonePoints(tx, order.phone);
    const paidWith = { paidAt: deps.clock(), pointsEarned: points, pointsCentsPerPoint: pricing.centsPerPoint };
    if (!(await moveOrder(tx, orderId, 'pending_payment', 'paid', paidWith))) return false;
    // The reward was priced on a balance checked at checkout. The money has moved, so the points
    // are spent even if another order spent some meanwhile (the balance never shows below 0).
    if (order.points_redeemed > 0) {
      const balance = await pointsFor(tx, order.phone);
      if (balance < order.points_redeemed)
        log.warn({ order_id: orderId, balance, spent: order.points_redeemed }, 'points spent beyond the balance');
      await redeemPoints(tx, orderId, order.phone, order.points_redeemed);
    }
    await setPaymentStatus(tx, payment.provider_reference, 'succeeded');
    await recordOrderEvent(tx, { orderId, kind: 'paid', status: 'paid', at: deps.clock() });
    // With the store's auto-accept on, an order due in the kitchen now is accepted with its payment.
    await autoAcceptOnPayment(tx, order, deps.clock());
    if (points > 0) await earnPoints(tx, orderId, order.phone, points);
    // The use of a promo code counts from the payment on (released if the order is cancelled).
    if (order.promo_code) {
      await recordRedemption(tx, {
        code: order.promo_code,
        orderId,
        cognitoSub: order.cognito_sub,
        phone: order.phone,
        email: order.email,
        at: deps.clock(),
      });
    }
    // In the same transaction: a crash after the commit cannot lose the customer's confirmation.
    await deps.mailer.queue(tx, paidMail(order));
    return true;
  });
  const paid = (await findOrder(db, orderId))!;
  // Once, by whoever moved the order to paid (a retry or a second replica sends nothing).
  if (paidNow) {
    deps.mailer.deliver();
    // After the answer's data is ready, not before: Clover's back-off must not keep the customer waiting.
    void deps.inFlight.track(handOffPaidOrder(deps, paid));
  }
  return summarize(deps, paid);
}

/** The paid order as its receipt shows it, its dishes named in the language it was placed in. */
async function summarize(deps: AppDependencies, order: OrderRow): Promise<FinalizedOrder> {
  const { db } = deps;
  const lines = await orderLines(db, order.id);
  const points = await orderPoints(db, order.id);
  const words = menuWordsIn(await deps.menu.snapshot(), order.locale);
  return {
    order_id: order.id,
    number: order.number,
    status: order.status,
    delivery_type: order.delivery_type,
    name: order.name,
    delivery_address: deliveryAddressOf(order),
    // What it holds now: refunds take back what their part had earned.
    points_earned: Math.max(0, order.points_earned - points.reversed),
    points_reversed: points.reversed,
    points_redeemed: order.points_redeemed,
    items: lines.map((line) => ({
      menu_item_id: line.menu_item_id,
      name: words.item(line.menu_item_id, line.name),
      quantity: line.quantity,
      unit_price: toDollars(line.unit_price_cents),
      modifiers: line.modifiers.map((m) => ({
        id: m.id,
        name: words.modifier(m.id, m.name),
        price: dollarsText(m.price_cents),
      })),
    })),
    totals: storedTotals(order),
  };
}

/** Where a delivery order goes, as the wire carries it; null for pickup. */
export function deliveryAddressOf(order: OrderRow): FinalizedOrder['delivery_address'] {
  if (order.delivery_type !== 'delivery') return null;
  return {
    street: order.delivery_street ?? '',
    city: order.delivery_city ?? '',
    state: order.delivery_state ?? '',
    zip: order.delivery_zip ?? '',
  };
}

/** A stored order's amounts as the wire carries them. */
export function storedTotals(order: OrderRow): OrderTotals {
  return wireTotals({
    subtotal: order.subtotal_cents,
    promoDiscount: order.promo_discount_cents,
    loyaltyDiscount: order.loyalty_discount_cents,
    tax: order.tax_cents,
    deliveryCharge: order.delivery_charge_cents,
    tip: order.tip_cents,
    total: order.total_cents,
  });
}
