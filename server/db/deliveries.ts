/**
 * SQL for deliveries handed to an outside service (0011_deliveries.sql): the accepted DoorDash
 * delivery of an order, and its status webhooks applied once each. One event moves the delivery
 * and, for picked up and dropped off, the order, in one transaction with the order event the
 * customer's live page and the staff board read; the same webhook delivered twice changes
 * nothing the second time. Booking a paid order's courier is recorded here too
 * (0036_delivery_bookings.sql): one replica claims it, so no order is booked twice.
 */
import { deliveryStepFor, orderMoveFor, type DeliveryStep } from '../providers/delivery/doordash-webhook.ts';
import type { Database, Queryable } from './database.ts';
import { recordOrderEvent } from './order-events.ts';
import { moveOrder, type OrderStatus } from './orders.ts';
import { recordWebhookEvent } from './webhook-events.ts';

export interface DeliveryRow {
  order_id: string;
  provider: string;
  external_delivery_id: string;
  status: string;
  status_rank: number;
  status_text: string;
  tracking_url: string | null;
  fee_cents: number;
  tip_cents: number;
  dasher_name: string | null;
  accepted_at: Date;
  updated_at: Date;
}

export interface AcceptedDelivery {
  orderId: string;
  provider: string;
  externalDeliveryId: string;
  trackingUrl: string | null;
  feeCents: number;
  tipCents: number;
  at: Date;
}

export const DELIVERY_ACCEPTED_TEXT = 'Your delivery is booked. We will show the driver here once one is on the way.';

/** Notes the delivery booked for an order; a second booking (after a re-quote) replaces the first. */
export async function saveAcceptedDelivery(db: Queryable, delivery: AcceptedDelivery): Promise<DeliveryRow> {
  const [row] = await db.query<DeliveryRow>(
    `insert into deliveries (order_id, provider, external_delivery_id, status, status_rank, status_text, tracking_url,
       fee_cents, tip_cents, accepted_at, updated_at)
     values ($1, $2, $3, 'accepted', 0, $4, $5, $6, $7, $8, $8)
     on conflict (order_id) do update set provider = excluded.provider, external_delivery_id = excluded.external_delivery_id,
       status = 'accepted', status_rank = 0, status_text = excluded.status_text, tracking_url = excluded.tracking_url,
       fee_cents = excluded.fee_cents, tip_cents = excluded.tip_cents, dasher_name = null,
       accepted_at = excluded.accepted_at, updated_at = excluded.updated_at
     returning *`,
    [
      delivery.orderId,
      delivery.provider,
      delivery.externalDeliveryId,
      DELIVERY_ACCEPTED_TEXT,
      delivery.trackingUrl,
      delivery.feeCents,
      delivery.tipCents,
      delivery.at,
    ],
  );
  return row!;
}

export async function deliveryForOrder(db: Queryable, orderId: string): Promise<DeliveryRow | null> {
  const [row] = await db.query<DeliveryRow>('select * from deliveries where order_id = $1', [orderId]);
  return row ?? null;
}

export interface DeliveryEventInput {
  provider: string;
  /** Names one delivery of one event, for de-duplication (doordash-webhook.ts eventKey). */
  eventKey: string;
  eventName: string;
  externalDeliveryId: string;
  trackingUrl?: string | undefined;
  dasherName?: string | undefined;
  at: Date;
}

export type DeliveryEventOutcome =
  | { outcome: 'duplicate' }
  /** No delivery of ours has that id, or the event means nothing here: acknowledged and left alone. */
  | { outcome: 'ignored' }
  /**
   * A booking of ours under that id whose answer is not recorded yet (lost, or still on its way):
   * nothing is recorded, so the service's retry of the event finds the delivery once it is.
   */
  | { outcome: 'not_yet' }
  | {
      outcome: 'applied';
      orderId: string;
      step: DeliveryStep;
      movedTo: OrderStatus | null;
      /** Where the order is now (null when it is gone). */
      orderStatus: OrderStatus | null;
    };

/** Applies one status webhook once; a retry of an earlier step never moves a delivery or an order back. */
export async function applyDeliveryEvent(db: Database, event: DeliveryEventInput): Promise<DeliveryEventOutcome> {
  return db.transaction(async (tx) => {
    const step = deliveryStepFor(event.eventName);
    const [delivery] = await tx.query<DeliveryRow>(
      'select * from deliveries where provider = $1 and external_delivery_id = $2 for update',
      [event.provider, event.externalDeliveryId],
    );
    if (step && !delivery) {
      const [booking] = await tx.query<{ state: BookingState }>(
        'select state from delivery_bookings where provider = $1 and external_delivery_id = $2',
        [event.provider, event.externalDeliveryId],
      );
      if (booking && booking.state !== 'not_booked') return { outcome: 'not_yet' };
    }
    if (!(await recordWebhookEvent(tx, event.provider, event.eventKey, event.eventName)))
      return { outcome: 'duplicate' };
    if (!step || !delivery) return { outcome: 'ignored' };

    const forward = step.rank >= delivery.status_rank;
    await tx.query(
      `update deliveries set status = case when $2 then $3 else status end, status_rank = greatest(status_rank, $4),
         status_text = case when $2 then $5 else status_text end, tracking_url = coalesce($6, tracking_url),
         dasher_name = coalesce($7, dasher_name), updated_at = $8
       where order_id = $1`,
      [
        delivery.order_id,
        forward,
        step.status,
        step.rank,
        step.customerText,
        event.trackingUrl ?? null,
        event.dasherName ?? null,
        event.at,
      ],
    );

    let movedTo: OrderStatus | null = null;
    const [order] = await tx.query<{ status: OrderStatus }>('select status from orders where id = $1 for update', [
      delivery.order_id,
    ]);
    const to = order ? orderMoveFor(order.status, step) : null;
    if (order && to && (await moveOrder(tx, delivery.order_id, order.status, to))) {
      await recordOrderEvent(tx, {
        orderId: delivery.order_id,
        kind: 'status',
        status: to,
        at: event.at,
        payload: {
          from: order.status,
          by: event.provider,
          delivery_status: step.status,
          tracking_url: event.trackingUrl ?? delivery.tracking_url,
        },
      });
      movedTo = to;
    } else if (order && forward) {
      // A step that does not move the order (a driver assigned, arriving): still news for the customer's page.
      await recordOrderEvent(tx, {
        orderId: delivery.order_id,
        kind: 'delivery',
        status: order.status,
        at: event.at,
        payload: { by: event.provider, delivery_status: step.status },
      });
    }
    return {
      outcome: 'applied',
      orderId: delivery.order_id,
      step,
      movedTo,
      orderStatus: movedTo ?? order?.status ?? null,
    };
  });
}

export type BookingState = 'booking' | 'booked' | 'not_booked' | 'unknown';

export interface DeliveryBookingRow {
  order_id: string;
  provider: string;
  external_delivery_id: string;
  state: BookingState;
  requoted: boolean;
  attempts: number;
  last_answer: string | null;
  claimed_until: Date;
  updated_at: Date;
}

/**
 * Starts booking an order's courier under the quote's id, claimed until `until`: the row, or null
 * when the order's booking was already started (by another replica, or before).
 */
export async function startBooking(
  db: Queryable,
  booking: { orderId: string; provider: string; externalDeliveryId: string; at: Date; until: Date },
): Promise<DeliveryBookingRow | null> {
  const [row] = await db.query<DeliveryBookingRow>(
    `insert into delivery_bookings (order_id, provider, external_delivery_id, state, attempts, claimed_until, updated_at)
     values ($1, $2, $3, 'booking', 1, $4, $5)
     on conflict (order_id) do nothing
     returning *`,
    [booking.orderId, booking.provider, booking.externalDeliveryId, booking.until, booking.at],
  );
  return row ?? null;
}

/**
 * Claims, until `until`, the bookings due a look-up at `now`: those the service did not answer
 * about, and those whose replica stopped mid-way (its claim ran out). Each is claimed by one
 * caller only; its attempts count up.
 */
export async function claimDueBookings(
  db: Queryable,
  { now, until, limit = 20 }: { now: Date; until: Date; limit?: number },
): Promise<DeliveryBookingRow[]> {
  return db.query<DeliveryBookingRow>(
    `update delivery_bookings set claimed_until = $2, attempts = attempts + 1, updated_at = $1
     where order_id in (
       select order_id from delivery_bookings
        where state in ('booking', 'unknown') and claimed_until <= $1
        order by claimed_until limit $3
        for update skip locked)
       and claimed_until <= $1
     returning *`,
    [now, until, limit],
  );
}

/** Notes the new id the courier is asked for under (a new quote), before the service is asked. */
export async function rebookUnder(
  db: Queryable,
  booking: { orderId: string; externalDeliveryId: string; at: Date },
): Promise<void> {
  await db.query(
    `update delivery_bookings set external_delivery_id = $2, requoted = true, updated_at = $3 where order_id = $1`,
    [booking.orderId, booking.externalDeliveryId, booking.at],
  );
}

/** Ends this round of a booking: booked, not booked, or unknown (looked up again from `retryAt`). */
export async function finishBooking(
  db: Queryable,
  booking: {
    orderId: string;
    state: Exclude<BookingState, 'booking'>;
    lastAnswer: string | null;
    at: Date;
    retryAt?: Date;
  },
): Promise<void> {
  await db.query(
    `update delivery_bookings set state = $2, last_answer = $3, updated_at = $4, claimed_until = coalesce($5, claimed_until)
     where order_id = $1`,
    [booking.orderId, booking.state, booking.lastAnswer, booking.at, booking.retryAt ?? null],
  );
}

export async function bookingForOrder(db: Queryable, orderId: string): Promise<DeliveryBookingRow | null> {
  const [row] = await db.query<DeliveryBookingRow>('select * from delivery_bookings where order_id = $1', [orderId]);
  return row ?? null;
}
