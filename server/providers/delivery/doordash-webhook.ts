/**
 * What DoorDash's delivery webhooks mean to us, with no I/O: whether a call really came from
 * DoorDash, what its body says, and which delivery status (and order status) an event name
 * stands for. DoorDash does not sign webhooks; the endpoint is registered in the Developer Portal
 * with "Basic" authentication, a literal Authorization header value it sends with every event
 * (https://developer.doordash.com/en-US/docs/drive/how_to/webhooks/). That value is our secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from '../../db/orders.ts';
import { trackingLink } from './doordash-tracking.ts';

export interface DoorDashEvent {
  event_name: string;
  external_delivery_id: string;
  /** DoorDash's time of the event, as it sent it. */
  created_at: string;
  /** DoorDash's tracking page, only when it is an https link. */
  tracking_url?: string;
  dasher_name?: string;
  /** Why DoorDash cancelled it, one of its documented words (DELIVERY_CANCELLED only). */
  cancellation_reason?: CancellationReason;
}

/**
 * DoorDash's reasons for a cancelled delivery (@doordash/sdk DeliveryResponse.cancellation_reason;
 * the webhooks page names DELIVERY_CANCELLED "with reason = failed_to_return"), and what each says
 * to the staff. Anything else it sends is "another reason", never its text.
 */
const CANCELLATION_REASONS = {
  cancelled_by_creator: 'cancelled from our DoorDash account',
  failed_to_process_payment: 'DoorDash could not charge for it',
  failed_to_assign_and_refunded: 'no Dasher took it',
  failed_to_pickup: 'the Dasher could not pick it up',
  failed_to_deliver: 'the Dasher could not deliver it',
  failed_to_return: 'the Dasher could not return it',
} as const;

export type CancellationReason = keyof typeof CANCELLATION_REASONS;

/** For the staff board: 'DoorDash cancelled the delivery: no Dasher took it (failed_to_assign_and_refunded).' */
export function cancellationDetail(reason: CancellationReason | undefined): string {
  return reason
    ? `DoorDash cancelled the delivery: ${CANCELLATION_REASONS[reason]} (${reason}).`
    : 'DoorDash cancelled the delivery (no reason given).';
}

/** For the staff board, when the Dasher could not hand the order over: on its way back, or back. */
export function returnDetail(status: 'returning' | 'returned'): string {
  return status === 'returning'
    ? "DoorDash's driver could not hand the order over and is bringing it back to the restaurant. Call the customer."
    : 'The order is back at the restaurant: the driver could not hand it over. Call the customer.';
}

/** Our name for where a DoorDash delivery is, with what the customer's page says about it. */
export interface DeliveryStep {
  status: string;
  /** Later steps outrank earlier ones: a late retry of an earlier event never moves a delivery back. */
  rank: number;
  /** The order status the step moves the order to, when it moves it. */
  orderStatus?: Extract<OrderStatus, 'out_for_delivery' | 'completed'>;
  customerText: string;
}

const STEPS: Readonly<Record<string, DeliveryStep>> = {
  DASHER_CONFIRMED: {
    status: 'dasher_confirmed',
    rank: 1,
    customerText: 'A DoorDash driver is on the way to the restaurant to pick up your order.',
  },
  DASHER_CONFIRMED_PICKUP_ARRIVAL: {
    status: 'at_pickup',
    rank: 2,
    customerText: 'Your DoorDash driver is at the restaurant, picking up your order.',
  },
  DASHER_PICKED_UP: {
    status: 'picked_up',
    rank: 3,
    orderStatus: 'out_for_delivery',
    customerText: 'Your order is on its way with your DoorDash driver.',
  },
  DASHER_CONFIRMED_DROPOFF_ARRIVAL: {
    status: 'at_dropoff',
    rank: 4,
    customerText: 'Your DoorDash driver has arrived at your address.',
  },
  DASHER_DROPPED_OFF: {
    status: 'delivered',
    rank: 5,
    orderStatus: 'completed',
    customerText: 'Your order was delivered. Enjoy your meal!',
  },
  DELIVERY_RETURN_INITIALIZED: {
    status: 'returning',
    rank: 6,
    customerText:
      'The driver could not hand over your order and is taking it back to the restaurant. The restaurant will contact you.',
  },
  DASHER_CONFIRMED_RETURN_ARRIVAL: {
    status: 'returning',
    rank: 6,
    customerText:
      'The driver could not hand over your order and is taking it back to the restaurant. The restaurant will contact you.',
  },
  DELIVERY_RETURNED: {
    status: 'returned',
    rank: 7,
    customerText: 'Your order was returned to the restaurant. The restaurant will contact you.',
  },
  DELIVERY_CANCELLED: {
    status: 'cancelled',
    rank: 8,
    customerText: 'DoorDash cancelled the delivery of your order. The restaurant will contact you.',
  },
};

/** The step an event name stands for; null for events that change nothing here (DELIVERY_BATCHED, tracking pings). */
export function deliveryStepFor(eventName: string): DeliveryStep | null {
  return Object.hasOwn(STEPS, eventName) ? STEPS[eventName]! : null;
}

/** The order statuses a DoorDash step may move an order from: forward only, never out of completed or cancelled. */
const MOVES_FROM: Record<NonNullable<DeliveryStep['orderStatus']>, readonly OrderStatus[]> = {
  out_for_delivery: ['paid', 'accepted', 'ready'],
  completed: ['paid', 'accepted', 'ready', 'out_for_delivery'],
};

/** The status an order at `current` moves to for `step`; null when it stays where it is. */
export function orderMoveFor(current: OrderStatus, step: DeliveryStep): OrderStatus | null {
  if (!step.orderStatus) return null;
  return MOVES_FROM[step.orderStatus].includes(current) ? step.orderStatus : null;
}

/** The body as an event, or null when it lacks what every DoorDash delivery event carries. */
export function parseDoorDashEvent(body: unknown): DoorDashEvent | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' && fields[key] !== '' ? fields[key] : undefined);
  const eventName = text('event_name');
  const externalId = text('external_delivery_id');
  if (!eventName || !externalId) return null;
  const trackingUrl = trackingLink(fields.tracking_url, externalId);
  const dasherName = text('dasher_name');
  const reason = text('cancellation_reason') ?? text('reason');
  const cancellationReason =
    reason && Object.hasOwn(CANCELLATION_REASONS, reason) ? (reason as CancellationReason) : undefined;
  return {
    event_name: eventName,
    external_delivery_id: externalId,
    created_at: text('created_at') ?? '',
    ...(trackingUrl ? { tracking_url: trackingUrl } : {}),
    ...(dasherName ? { dasher_name: dasherName } : {}),
    ...(cancellationReason ? { cancellation_reason: cancellationReason } : {}),
  };
}

/** One delivery of one event: DoorDash resends the same event (up to 3 times) with the same fields. */
export function eventKey(event: DoorDashEvent): string {
  return `${event.external_delivery_id}/${event.event_name}/${event.created_at}`;
}

/**
 * Whether the Authorization header is the one registered with DoorDash: the secret as is, or
 * after a "Basic " or "Bearer " scheme. Compared in constant time.
 */
export function verifyDoorDashWebhook(authorization: string | undefined, secret: string): boolean {
  if (!secret || !authorization) return false;
  const given = digest(authorization.trim());
  const accepted = [secret, `Basic ${secret}`, `Bearer ${secret}`];
  let ok = false;
  for (const candidate of accepted) ok = timingSafeEqual(given, digest(candidate)) || ok;
  return ok;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
