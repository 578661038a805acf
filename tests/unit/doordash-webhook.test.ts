// What DoorDash's delivery webhooks mean to us: the step and order status of each event name,
// moves that only go forward, the body as an event, and the Authorization check.
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../server/db/orders.ts';
import {
  deliveryStepFor,
  eventKey,
  orderMoveFor,
  parseDoorDashEvent,
  verifyDoorDashWebhook,
} from '../../server/providers/delivery/doordash-webhook.ts';

describe('DoorDash event names', () => {
  it.each([
    ['DASHER_CONFIRMED', 'dasher_confirmed', undefined],
    ['DASHER_CONFIRMED_PICKUP_ARRIVAL', 'at_pickup', undefined],
    ['DASHER_PICKED_UP', 'picked_up', 'out_for_delivery'],
    ['DASHER_CONFIRMED_DROPOFF_ARRIVAL', 'at_dropoff', undefined],
    ['DASHER_DROPPED_OFF', 'delivered', 'completed'],
    ['DELIVERY_RETURN_INITIALIZED', 'returning', undefined],
    ['DELIVERY_RETURNED', 'returned', undefined],
    ['DELIVERY_CANCELLED', 'cancelled', undefined],
  ])('%s is the step %s and moves the order to %s', (name, status, orderStatus) => {
    const step = deliveryStepFor(name);
    expect(step?.status).toBe(status);
    expect(step?.orderStatus).toBe(orderStatus);
    // What the customer's page shows is a full sentence.
    expect(step?.customerText).toMatch(/^[A-Z].*[.!]$/);
  });

  it('the main flow ranks each step after the one before it', () => {
    const names = [
      'DASHER_CONFIRMED',
      'DASHER_CONFIRMED_PICKUP_ARRIVAL',
      'DASHER_PICKED_UP',
      'DASHER_CONFIRMED_DROPOFF_ARRIVAL',
      'DASHER_DROPPED_OFF',
    ];
    const ranks = names.map((name) => deliveryStepFor(name)!.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(names.length);
  });

  it('an event that means nothing here, or a name made up, is no step', () => {
    expect(deliveryStepFor('DELIVERY_BATCHED')).toBeNull();
    expect(deliveryStepFor('dasher_enroute_to_pickup')).toBeNull();
    expect(deliveryStepFor('toString')).toBeNull();
    expect(deliveryStepFor('DELIVERY_DROPPED_OFF')).toBeNull();
  });
});

describe('order moves from DoorDash', () => {
  const pickedUp = deliveryStepFor('DASHER_PICKED_UP')!;
  const droppedOff = deliveryStepFor('DASHER_DROPPED_OFF')!;

  it.each<[OrderStatus, OrderStatus | null]>([
    ['paid', 'out_for_delivery'],
    ['accepted', 'out_for_delivery'],
    ['out_for_delivery', null],
    ['completed', null],
    ['cancelled', null],
    ['pending_payment', null],
  ])('picked up moves an order that is %s to %s', (from, to) => {
    expect(orderMoveFor(from, pickedUp)).toBe(to);
  });

  it.each<[OrderStatus, OrderStatus | null]>([
    ['accepted', 'completed'],
    ['out_for_delivery', 'completed'],
    ['completed', null],
    ['cancelled', null],
  ])('dropped off moves an order that is %s to %s', (from, to) => {
    expect(orderMoveFor(from, droppedOff)).toBe(to);
  });

  it('a step with no order status never moves an order', () => {
    expect(orderMoveFor('accepted', deliveryStepFor('DASHER_CONFIRMED')!)).toBeNull();
    expect(orderMoveFor('out_for_delivery', deliveryStepFor('DELIVERY_CANCELLED')!)).toBeNull();
  });
});

describe('the webhook body', () => {
  const body = {
    event_name: 'DASHER_PICKED_UP',
    external_delivery_id: 'comal_abc-123',
    created_at: '2026-11-20T19:40:00.000Z',
    tracking_url: 'https://track.doordash.com/share/comal_abc-123/track',
    dasher_name: 'Rosa M.',
    fee: 975,
  };

  it('reads the fields we use and leaves the rest', () => {
    expect(parseDoorDashEvent(body)).toEqual({
      event_name: 'DASHER_PICKED_UP',
      external_delivery_id: 'comal_abc-123',
      created_at: '2026-11-20T19:40:00.000Z',
      tracking_url: 'https://track.doordash.com/share/comal_abc-123/track',
      dasher_name: 'Rosa M.',
    });
  });

  it('refuses a body without an event name or a delivery id', () => {
    expect(parseDoorDashEvent(null)).toBeNull();
    expect(parseDoorDashEvent('DASHER_PICKED_UP')).toBeNull();
    expect(parseDoorDashEvent({ ...body, event_name: '' })).toBeNull();
    expect(parseDoorDashEvent({ ...body, external_delivery_id: 42 })).toBeNull();
  });

  it('names one event of one delivery the same way each time DoorDash resends it', () => {
    const event = parseDoorDashEvent(body)!;
    expect(eventKey(event)).toBe(eventKey(parseDoorDashEvent({ ...body })!));
    expect(eventKey(event)).not.toBe(eventKey(parseDoorDashEvent({ ...body, event_name: 'DASHER_DROPPED_OFF' })!));
    expect(eventKey(event)).not.toBe(
      eventKey(parseDoorDashEvent({ ...body, created_at: '2026-11-20T19:41:00.000Z' })!),
    );
  });
});

describe('the webhook Authorization', () => {
  const secret = 'dd-webhook-7f3a9c';

  it('accepts the registered value as sent, or after Basic or Bearer', () => {
    expect(verifyDoorDashWebhook(secret, secret)).toBe(true);
    expect(verifyDoorDashWebhook(`Basic ${secret}`, secret)).toBe(true);
    expect(verifyDoorDashWebhook(`Bearer ${secret}`, secret)).toBe(true);
  });

  it('refuses another value, none, or a server with no secret', () => {
    expect(verifyDoorDashWebhook('Basic dd-webhook-7f3a9d', secret)).toBe(false);
    expect(verifyDoorDashWebhook(`${secret}x`, secret)).toBe(false);
    expect(verifyDoorDashWebhook(undefined, secret)).toBe(false);
    expect(verifyDoorDashWebhook('', secret)).toBe(false);
    expect(verifyDoorDashWebhook('', '')).toBe(false);
  });
});
