// The customer's order page (widget/checkout/order-confirmation.tsx) on the preact build the
// widget ships, in happy-dom, fed the status events GET /api/orders/{id}/status/ sends: a refund
// of one item says how much, for what and why, with the restaurant's note as plain text (markup
// stays text); the points line says what the order keeps; a cancel says why, and the stream stays
// open while a refund is on its way, closing once it is back.
import { act } from 'react-dom/test-utils'; // preact/test-utils in this build
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ApiClient } from '../../shared/api/client.ts';
import type { FinalizedOrder, OrderStatusEvent } from '../../shared/api/schemas.ts';
import { OrderConfirmation } from '../../widget/checkout/order-confirmation.tsx';

/** A stand-in for the browser's EventSource: the test sends the server's events. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(data: OrderStatusEvent) {
    for (const listener of this.listeners.get('status') ?? [])
      listener(new MessageEvent('status', { data: JSON.stringify(data) }));
  }
}

const order: FinalizedOrder = {
  order_id: 'ord_1',
  number: 1042,
  status: 'paid',
  delivery_type: 'pickup',
  name: 'Ana Ruiz',
  delivery_address: null,
  points_earned: 23,
  points_reversed: 0,
  points_redeemed: 0,
  items: [
    { menu_item_id: 'torta', name: 'Torta', quantity: 1, unit_price: 11.5, modifiers: [] },
    { menu_item_id: 'agua', name: 'Agua fresca', quantity: 1, unit_price: 8.5, modifiers: [] },
  ],
  totals: {
    subtotal: 23.75,
    promo_discount: 0,
    loyalty_discount: 0,
    tax: 2.32,
    delivery_charge: 0,
    tip: 0,
    total: 26.07,
  },
};
const api = { csrf: () => Promise.resolve(), finalizeOrder: () => Promise.resolve(order) } as unknown as ApiClient;

const host = document.createElement('div');
let root: Root | undefined;
beforeEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

async function renderPage() {
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(<OrderConfirmation api={api} apiOrigin="" orderId="ord_1" />);
    await Promise.resolve();
  });
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
  expect(FakeEventSource.last?.url).toBe('/api/orders/ord_1/status/');
  return FakeEventSource.last!;
}

const refund = {
  amount_cents: 933,
  lines: [{ name: 'Agua fresca', quantity: 1 }],
  whole_order: false,
  reason: 'out_of_stock',
  reason_text: 'an item ran out',
  note: '<b>Sorry</b>, the horchata machine broke.',
  status: 'succeeded' as const,
  created_at: '2026-11-20T19:01:00.000Z',
};

it('shows a refund of one item: how much, for what, why, the note as text, and the points kept', async () => {
  const stream = await renderPage();
  act(() =>
    stream.send({
      status: 'accepted',
      promised_at: null,
      delivery: null,
      cancel: null,
      refunds: [refund],
      points_earned: 15,
    }),
  );
  const section = host.querySelector('section[aria-labelledby="refunds-title"]')!;
  expect(section.querySelector('h3')!.textContent).toBe('Refunds');
  expect(section.querySelector('li')!.textContent).toBe(
    '$9.33 refunded for 1 × Agua fresca. Why: an item ran out. A note from the restaurant: <b>Sorry</b>, the horchata machine broke.',
  );
  expect(section.querySelector('b')).toBeNull();
  expect(host.querySelector('.points')!.textContent).toBe('This order keeps 15 loyalty points after its refunds.');
  expect(stream.closed).toBe(false);
});

it('shows why the order was cancelled, and follows a refund on its way until it is back', async () => {
  const stream = await renderPage();
  const whole = {
    ...refund,
    amount_cents: 2607,
    lines: [],
    whole_order: true,
    reason: 'kitchen_delay',
    reason_text: 'the kitchen ran late',
    note: null,
  };
  const cancel = { reason: 'kitchen_delay', reason_text: 'the kitchen ran late', note: null };
  act(() =>
    stream.send({
      status: 'cancelled',
      promised_at: null,
      delivery: null,
      cancel,
      refunds: [{ ...whole, status: 'pending' }],
      points_earned: 0,
    }),
  );
  expect(host.querySelector('.money-back p')!.textContent).toBe('Cancelled. Why: the kitchen ran late.');
  expect(host.querySelector('.money-back li')!.textContent).toBe(
    '$26.07 on its way back to your card. Why: the kitchen ran late.',
  );
  expect(stream.closed).toBe(false);
  act(() =>
    stream.send({ status: 'cancelled', promised_at: null, delivery: null, cancel, refunds: [whole], points_earned: 0 }),
  );
  expect(host.querySelector('.money-back li')!.textContent).toBe(
    '$26.07 refunded: everything not refunded before. Why: the kitchen ran late.',
  );
  expect(host.querySelector('.points')!.textContent).toBe(
    'The 23 loyalty points from this order were taken back when it was cancelled.',
  );
  expect(stream.closed).toBe(true);
});
