/**
 * The order on /congratulations/?order=ID: its number, items, totals, pickup or delivery details
 * and the points it earned. It asks finalize-order, which answers a paid order as it is and
 * finishes one whose payment went through while the customer was away (a bank's check that
 * came back here), so the page is right however the customer arrived.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { FinalizedOrder } from '../../shared/api/schemas.ts';
import { LOADING } from '../../shared/api/messages.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';

export const NO_ORDER_GIVEN = 'There is no order to show here. Your orders are listed in your account.';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; order: FinalizedOrder };

export function OrderConfirmation({ api, orderId }: { api: ApiClient; orderId: string | null }) {
  const [state, setState] = useState<State>(orderId ? { status: 'loading' } : { status: 'failed', message: NO_ORDER_GIVEN });

  useEffect(() => {
    if (!orderId) return;
    let current = true;
    api
      .csrf()
      .then(() => api.finalizeOrder(orderId))
      .then(
        (order) => current && setState({ status: 'ready', order: order as FinalizedOrder }),
        (error: unknown) => current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [api, orderId]);

  if (state.status === 'loading') {
    return (
      <p className="status" role="status">
        {LOADING}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  }
  const { order } = state;
  const money = (dollars: number) => formatUSD(toCents(dollars));
  const row = (label: string, dollars: number) => (
    <div className="total-row">
      <dt>{label}</dt>
      <dd>{money(dollars)}</dd>
    </div>
  );
  const address = order.delivery_address;
  return (
    <section className="confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title">Order #{order.number}</h2>
      <p>
        {order.delivery_type === 'delivery' && address
          ? `Delivery for ${order.name} to ${address.street}, ${address.city}, ${address.state} ${address.zip}.`
          : `Pickup for ${order.name} at ${restaurant.address.street}, ${restaurant.address.city}.`}
      </p>
      <ul className="summary-lines">
        {order.items.map((item, index) => (
          <li key={`${item.menu_item_id}-${index}`}>
            <span className="summary-quantity">{item.quantity} ×</span>
            <span className="summary-name">
              {item.name}
              {item.modifiers.length > 0 && <span className="modifiers">{item.modifiers.map((m) => m.name).join(', ')}</span>}
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {row('Subtotal', order.totals.subtotal)}
        {order.totals.promo_discount > 0 && row('Promo', -order.totals.promo_discount)}
        {row('Tax', order.totals.tax)}
        {order.delivery_type === 'delivery' && row('Delivery', order.totals.delivery_charge)}
        {order.delivery_type === 'delivery' && row('Tip', order.totals.tip)}
        {row('Total', order.totals.total)}
      </dl>
      <p className="points">
        You earned {order.points_earned} loyalty {order.points_earned === 1 ? 'point' : 'points'} with this order.
      </p>
    </section>
  );
}
