/**
 * What happens outside our walls once an order is paid, each part once whoever finalized it:
 * - with a point-of-sale (Clover), the order goes to it, so the kitchen's own screen shows it;
 *   the push retries with back-off and records itself, so it never happens twice
 *   (providers/menu/clover-orders.ts), and `pushWaitingOrders` picks up any a crash left behind;
 *   one Clover did not take is flagged 'not on Clover' for the staff until a later try gets it there;
 * - with a delivery service that sends drivers (DoorDash), the quoted delivery is booked, by one
 *   replica only (db/deliveries.ts startBooking). Any refusal of the booking (an expired quote
 *   among them: DoorDash documents no one answer for it) gets one new quote and one more booking;
 *   a changed fee is absorbed by the restaurant (the customer paid the agreed one) and logged.
 *   When that fails too, the order is flagged 'delivery not booked' on every staff board, with
 *   what DoorDash said. A booking DoorDash did not answer (a timeout, a 5xx) may have gone
 *   through, so it is looked up before anything is booked again, never booked twice; while
 *   DoorDash cannot say, the order is flagged and `recheckBookings` looks again every minute. A
 *   booking that succeeds later settles the flag. When the order is cancelled, the courier is
 *   called off (`callOffCourier`), also one a booking still under way books after the cancel; one
 *   the service will not or cannot call off is flagged 'courier not cancelled' for the staff.
 * Neither may hold up or undo the customer's paid order: both run after it is committed, and a
 * failure is recorded for the staff, not thrown.
 */
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import {
  claimDueBookings,
  deliveryForOrder,
  finishBooking,
  rebookUnder,
  saveAcceptedDelivery,
  startBooking,
  type DeliveryBookingRow,
} from '../db/deliveries.ts';
import { findQuote, type DeliveryQuoteRow } from '../db/delivery-quotes.ts';
import { findOrder, type OrderRow } from '../db/orders.ts';
import { ordersWaitingForPos } from '../db/pos-order-pushes.ts';
import { pushOrderToClover } from '../providers/menu/clover-orders.ts';
import type { AcceptResult, LookupResult } from '../providers/delivery/delivery-provider.ts';
import { flagOrderProblem, flagOrderProblemIn, settleOrderProblem, settleOrderProblemIn } from './order-problems.ts';
import { log } from '../logger.ts';

type HandOffDeps = Pick<AppDependencies, 'db' | 'clock' | 'delivery' | 'pos'>;

/** How long one replica holds a booking it works on; past it, a crashed one is looked up by `recheckBookings`. */
export const BOOKING_LEASE_MS = 2 * 60_000;
/** When a booking the service did not answer about is looked up again. */
export const BOOKING_RECHECK_MS = 60_000;
/** Rounds of a booking nobody could answer about, before it is left to the staff alone. */
export const BOOKING_MAX_ATTEMPTS = 30;

/** Starts the hand-off of a just-paid order; answers when both parts have finished (tests wait on it). */
export async function handOffPaidOrder(deps: HandOffDeps, order: OrderRow): Promise<void> {
  await Promise.all([pushToPos(deps, order.id), bookDelivery(deps, order)]);
}

/** `again`: an earlier try did not get it there (so a flag it raised may be open). */
async function pushToPos({ db, clock, pos }: HandOffDeps, orderId: string, again = false): Promise<void> {
  if (!pos) return;
  let failure: string;
  try {
    const result = await pushOrderToClover({ db, clock, clover: pos }, orderId);
    if (result.outcome === 'pushed') {
      // There after all: a flag an earlier try raised is settled.
      if (again) await settleOrderProblem(db, { orderId, kind: 'not_sent_to_pos', at: clock() });
      return;
    }
    if (result.outcome !== 'failed') return;
    failure = result.error;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  log.error({ order_id: orderId, error: failure }, 'order not sent to Clover');
  // The kitchen may work from Clover's screen: the staff hear the order is missing there.
  const detail = `Clover did not take the order: ${failure.slice(0, 300)} Enter it on the Clover device; we try again every minute for a while.`;
  await flagOrderProblem(db, { orderId, kind: 'not_sent_to_pos', detail, at: clock() }).catch((error: unknown) =>
    log.error({ order_id: orderId, err: error }, 'could not flag the order missing from Clover'),
  );
}

async function bookDelivery(deps: HandOffDeps, order: OrderRow): Promise<void> {
  const { db, clock, delivery } = deps;
  if (order.delivery_type !== 'delivery' || !order.delivery_quote_id || !delivery.acceptQuote) return;
  try {
    const quote = await findQuote(db, order.delivery_quote_id);
    if (!quote?.provider_quote_id || quote.provider !== delivery.name) return;
    const at = clock();
    const booking = await startBooking(db, {
      orderId: order.id,
      provider: delivery.name,
      externalDeliveryId: quote.provider_quote_id,
      at,
      until: new Date(at.getTime() + BOOKING_LEASE_MS),
    });
    // Started before: another replica books it, or did.
    if (!booking) return;
    await book(deps, order, quote, booking, 'accept');
  } catch (error) {
    // The booking row stays claimed: once its claim runs out, recheckBookings looks it up.
    log.error({ order_id: order.id, err: error }, 'booking the delivery failed');
    await flagOrderProblem(db, {
      orderId: order.id,
      kind: 'delivery_not_booked',
      detail: 'Booking the courier failed on our side. Check the DoorDash portal before booking by hand.',
      at: clock(),
    }).catch((flagError: unknown) =>
      log.error({ order_id: order.id, err: flagError }, 'the order could not be flagged'),
    );
  }
}

/**
 * One round of a booking: accept the quote (or, for a booking whose answer was lost, look it up
 * first), and after a refusal, one new quote and one more accept. Ends booked, not booked
 * (flagged) or unknown (flagged, looked up again later).
 */
async function book(
  deps: HandOffDeps,
  order: OrderRow,
  quote: DeliveryQuoteRow,
  booking: DeliveryBookingRow,
  first: 'accept' | 'lookup',
): Promise<void> {
  const { db, clock, delivery } = deps;
  const tip = { tipCents: order.tip_cents, phone: order.phone };
  let id = booking.external_delivery_id;
  let requoted = booking.requoted;
  let feeCents = quote.fee_cents;
  let step = first;
  /** What the service said to the booking before the new quote, for the staff. */
  let before: string | null = null;
  for (;;) {
    const answer: AcceptResult | LookupResult =
      step === 'accept' ? await delivery.acceptQuote!(id, tip) : await lookUp(deps, id);
    if (answer.outcome === 'booked') {
      // Booked, and the problem a refusal or a lost answer had flagged settled, in one commit.
      await db.transaction(async (tx) => {
        await settleOrderProblemIn(tx, { orderId: order.id, kind: 'delivery_not_booked', at: clock() });
        await saveAcceptedDelivery(tx, {
          orderId: order.id,
          provider: delivery.name,
          externalDeliveryId: answer.externalDeliveryId,
          trackingUrl: answer.trackingUrl,
          feeCents: answer.feeCents ?? feeCents,
          tipCents: order.tip_cents,
          at: clock(),
        });
        await finishBooking(tx, { orderId: order.id, state: 'booked', lastAnswer: null, at: clock() });
      });
      // Cancelled while the booking was under way: no courier should come.
      if ((await findOrder(db, order.id))?.status === 'cancelled')
        await callOffCourier(deps, order.id, answer.externalDeliveryId);
      return;
    }
    // No answer to the accept: the courier may be booked. Ask before booking anything again.
    if (answer.outcome === 'unknown' && step === 'accept') {
      step = 'lookup';
      continue;
    }
    if (answer.outcome === 'unknown') return leaveUnknown(deps, order, booking, answer.detail);
    // Asked to slow down: nothing booked, and another quote now would only be refused the same way.
    if (answer.outcome === 'busy')
      return askAgainLater(
        deps,
        order,
        booking,
        answer.detail,
        'No courier is booked yet: we ask DoorDash again every minute.',
      );
    // A conflict may be a booking that went through after all: look before booking again.
    if (answer.outcome === 'refused' && answer.status === 409) {
      step = 'lookup';
      continue;
    }
    const said: string = before ? `${before} After a new quote: ${answer.detail}` : answer.detail;
    if (requoted || !delivery.requote) return leaveNotBooked(deps, order, said);
    const fresh = await delivery.requote(addressOf(order), { feeCents: quote.fee_cents });
    if (!fresh.ok)
      return leaveNotBooked(deps, order, `${said} A new quote was refused: ${fresh.detail ?? fresh.message}`);
    if (fresh.changed)
      log.info(
        { order_id: order.id, quoted_cents: quote.fee_cents, fee_cents: fresh.feeCents },
        'the delivery fee changed after payment; the restaurant absorbs it',
      );
    // Noted before asking, so that a lost answer is looked up under the new id.
    await rebookUnder(db, { orderId: order.id, externalDeliveryId: fresh.providerQuoteId, at: clock() });
    id = fresh.providerQuoteId;
    requoted = true;
    feeCents = fresh.feeCents;
    before = said;
    step = 'accept';
  }
}

async function lookUp({ delivery }: HandOffDeps, id: string): Promise<LookupResult> {
  if (!delivery.findDelivery)
    return { outcome: 'unknown', detail: `${delivery.name} cannot be asked about a booking.` };
  return delivery.findDelivery(id);
}

async function leaveNotBooked(deps: HandOffDeps, order: OrderRow, detail: string): Promise<void> {
  const at = deps.clock();
  log.error({ order_id: order.id, detail }, 'the delivery could not be booked');
  // One commit: a booking that ends is never left without its flag for the staff (a process
  // stopped between the two would leave a final state no recheck looks at again).
  await deps.db.transaction(async (tx) => {
    await flagOrderProblemIn(tx, { orderId: order.id, kind: 'delivery_not_booked', detail, at });
    await finishBooking(tx, { orderId: order.id, state: 'not_booked', lastAnswer: detail, at });
  });
}

/** The service could not say whether it booked: flagged the first time, looked up again later. */
function leaveUnknown(deps: HandOffDeps, order: OrderRow, booking: DeliveryBookingRow, said: string): Promise<void> {
  return askAgainLater(
    deps,
    order,
    booking,
    said,
    'Whether a courier is booked is unknown: we ask DoorDash again every minute; check the DoorDash portal before booking by hand.',
  );
}

/**
 * A booking to be looked up (and booked if it is not) again in a minute: flagged for the staff
 * with what the service said and what happens next, the first time; after BOOKING_MAX_ATTEMPTS
 * tries, not booked.
 */
async function askAgainLater(
  deps: HandOffDeps,
  order: OrderRow,
  booking: DeliveryBookingRow,
  said: string,
  next: string,
): Promise<void> {
  if (booking.attempts >= BOOKING_MAX_ATTEMPTS) {
    return leaveNotBooked(
      deps,
      order,
      `${said} Still no answer after ${booking.attempts} tries: check the DoorDash portal and book by hand.`,
    );
  }
  const at = deps.clock();
  const detail = `${said} ${next}`;
  log.error({ order_id: order.id, detail }, 'the delivery booking is left for later');
  await deps.db.transaction(async (tx) => {
    // Once: the board sounds for a new problem, not for every look-up.
    if (booking.state !== 'unknown')
      await flagOrderProblemIn(tx, { orderId: order.id, kind: 'delivery_not_booked', detail, at });
    await finishBooking(tx, {
      orderId: order.id,
      state: 'unknown',
      lastAnswer: detail,
      at,
      retryAt: new Date(at.getTime() + BOOKING_RECHECK_MS),
    });
  });
}

/** A delivery's statuses past which there is no courier to call off. */
const COURIER_DONE: ReadonlySet<string> = new Set(['delivered', 'returned', 'cancelled']);

/** The delivery id of the order's booked courier still to come (not at the door, nor called off), or null. */
export async function courierToCallOff(db: Queryable, orderId: string): Promise<string | null> {
  const booked = await deliveryForOrder(db, orderId);
  return booked && !COURIER_DONE.has(booked.status) ? booked.external_delivery_id : null;
}

/**
 * Calls off the courier booked under `externalDeliveryId` for a cancelled order. Answers whether
 * it is called off; when the service would not or could not say so, the order is flagged for the
 * staff with what it answered, so someone calls it off by hand before a courier comes for nothing
 * (and the restaurant is billed for the trip).
 */
export async function callOffCourier(
  deps: Pick<AppDependencies, 'db' | 'clock' | 'delivery'>,
  orderId: string,
  externalDeliveryId: string,
): Promise<boolean> {
  const { delivery } = deps;
  if (!delivery.cancelDelivery) return true;
  let said: string;
  try {
    const answer = await delivery.cancelDelivery(externalDeliveryId);
    if (answer.outcome === 'cancelled') {
      log.info({ order_id: orderId, external_delivery_id: externalDeliveryId }, 'courier called off');
      return true;
    }
    said = answer.detail;
  } catch (error) {
    log.error({ order_id: orderId, err: error }, 'calling off the courier failed');
    said = `Asking ${delivery.name} to cancel the courier failed.`;
  }
  const detail = `${said} Cancel delivery ${externalDeliveryId} in the DoorDash portal, or call DoorDash.`;
  log.error({ order_id: orderId, detail }, 'the courier of a cancelled order was not called off');
  await flagOrderProblem(deps.db, { orderId, kind: 'courier_not_cancelled', detail, at: deps.clock() }).catch(
    (error: unknown) => log.error({ order_id: orderId, err: error }, 'could not flag the courier not called off'),
  );
  return false;
}

function addressOf(order: OrderRow) {
  return {
    delivery_street: order.delivery_street ?? '',
    delivery_city: order.delivery_city ?? '',
    delivery_state: order.delivery_state ?? '',
    delivery_zip: order.delivery_zip ?? '',
    delivery_country: order.delivery_country ?? 'US',
  };
}

/**
 * Looks up the bookings due (those the service did not answer about, and any a stopped replica
 * left mid-way), one replica each: booked ones are recorded and their flag settled; ones the
 * service has no trace of get their one new quote, or are flagged. Answers how many it looked at.
 */
export async function recheckBookings(deps: HandOffDeps): Promise<number> {
  const { db, clock, delivery } = deps;
  if (!delivery.acceptQuote) return 0;
  const now = clock();
  const due = await claimDueBookings(db, { now, until: new Date(now.getTime() + BOOKING_LEASE_MS) });
  for (const booking of due) {
    try {
      const order = await findOrder(db, booking.order_id);
      const quote = order?.delivery_quote_id ? await findQuote(db, order.delivery_quote_id) : null;
      if (!order || !quote || booking.provider !== delivery.name) {
        await finishBooking(db, { orderId: booking.order_id, state: 'not_booked', lastAnswer: null, at: clock() });
        continue;
      }
      // Cancelled before anyone knew whether a courier was booked: whatever may be booked is called off.
      if (order.status === 'cancelled') {
        await callOffCourier(deps, order.id, booking.external_delivery_id);
        await finishBooking(db, { orderId: order.id, state: 'not_booked', lastAnswer: null, at: clock() });
        continue;
      }
      await book(deps, order, quote, booking, 'lookup');
    } catch (error) {
      log.error({ order_id: booking.order_id, err: error }, 'looking up the delivery booking failed');
    }
  }
  return due.length;
}

/** Sends the paid orders that did not reach the POS (a crash, an outage), one after the other. */
export async function pushWaitingOrders(deps: HandOffDeps): Promise<number> {
  if (!deps.pos) return 0;
  const waiting = await ordersWaitingForPos(deps.db, deps.clock());
  for (const orderId of waiting) await pushToPos(deps, orderId, true);
  return waiting.length;
}

/**
 * Every minute, pushes what is waiting for the POS and looks up the deliveries due
 * (`recheckBookings`); the timer does not keep the process alive. Answers the stop.
 */
export function startPosRetries(deps: HandOffDeps & Pick<AppDependencies, 'inFlight'>, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Counted as work under way: shutdown waits for a push Clover took before recording it.
    deps.inFlight
      .track(Promise.all([pushWaitingOrders(deps), recheckBookings(deps)]))
      .catch((error: unknown) => log.error({ err: error }, 'retrying POS pushes failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
