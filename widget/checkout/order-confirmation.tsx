/**
 * The order on /congratulations/?order=ID: its number, items, totals, pickup or delivery details
 * and the points it earned (or, once cancelled and refunded, that they were taken back). It asks finalize-order, which answers a paid order as it is and
 * finishes one whose payment went through while the customer was away (a bank's check that
 * came back here), so the page is right however the customer arrived. Then it follows the order
 * live as the kitchen moves it (accepted, ready or out for delivery, completed), and shows why it
 * was cancelled and what was refunded (how much, for what, why, with the restaurant's note as
 * plain text), from the stream's events.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CustomerRefund, FinalizedOrder, OrderStatusEvent } from '../../shared/api/schemas.ts';
import { ORDER_SHOWN_EVENT, type OrderShownDetail } from '../../shared/events.ts';
import { httpsLink } from '../../shared/https-link.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { formatStoreTime } from '../../shared/schedule.ts';
import type { MessageId, Translate } from '../../shared/i18n/message.ts';
import { localize, t, widgetIntlLocale } from '../i18n.ts';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; order: FinalizedOrder };

/** What the customer reads for each status the kitchen moves the order to. */
const STATUS_TEXT: Record<string, MessageId> = {
  paid: 'checkout.statusPaid',
  accepted: 'checkout.statusAccepted',
  ready: 'checkout.statusReady',
  out_for_delivery: 'checkout.statusOutForDelivery',
  completed: 'checkout.statusCompleted',
  cancelled: 'checkout.statusCancelled',
};

/** The status in words; an unknown one as the server names it. */
export function statusText(status: string): string {
  const id = STATUS_TEXT[status];
  return id ? t(id) : status;
}

/** The order's status as the staff move it, live (GET /api/orders/{id}/status/, Server-Sent Events). */
interface LiveStatus {
  status: string;
  promisedAt: string | null;
  /** The delivery service's word on the driver, and its tracking page. */
  delivery: OrderStatusEvent['delivery'];
  cancel: OrderStatusEvent['cancel'];
  refunds: CustomerRefund[];
  /** The points the order holds now, when the server said. */
  pointsEarned: number | undefined;
}

function useLiveStatus(apiOrigin: string, orderId: string | null, ready: boolean): LiveStatus | null {
  const [live, setLive] = useState<LiveStatus | null>(null);
  useEffect(() => {
    if (!orderId || !ready || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiOrigin}/api/orders/${encodeURIComponent(orderId)}/status/`);
    source.addEventListener('status', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as OrderStatusEvent;
      const refunds = data.refunds ?? [];
      setLive({
        status: data.status,
        promisedAt: data.promised_at,
        delivery: data.delivery ?? null,
        cancel: data.cancel ?? null,
        refunds,
        pointsEarned: data.points_earned,
      });
      // A refund still on its way is followed until it is back.
      const final = data.status === 'completed' || data.status === 'cancelled';
      if (final && !refunds.some((refund) => refund.status === 'pending')) source.close();
    });
    return () => source.close();
  }, [apiOrigin, orderId, ready]);
  return live;
}

/**
 * What the page says about points: what the order spent on a reward and what it earned, or, once
 * it was cancelled and refunded, that the spent points came back and the earned ones were taken
 * back (never that they were earned); null for nothing to say. In the widget's language, or in
 * the one `translate` speaks.
 */
export function pointsText(
  order: Pick<FinalizedOrder, 'points_earned' | 'points_reversed' | 'points_redeemed'>,
  status: string,
  translate: Translate = t,
): string | null {
  const spent = order.points_redeemed ?? 0;
  if (status === 'cancelled') {
    // The live status may say cancelled before the page asked again: what it earned was taken back.
    const takenBack = order.points_reversed || order.points_earned;
    const said = [
      spent > 0 ? translate('checkout.pointsGivenBack', { count: spent }) : '',
      takenBack > 0 ? translate('checkout.pointsTakenBack', { count: takenBack }) : '',
    ].filter(Boolean);
    return said.length > 0 ? said.join(' ') : null;
  }
  const earned = translate('checkout.pointsEarned', { count: order.points_earned });
  return spent > 0 ? `${translate('checkout.pointsUsed', { count: spent })} ${earned}` : earned;
}

/** The points line, after refunds took back part of what the order earned: what it keeps. */
function pointsLine(order: FinalizedOrder, status: string, live: LiveStatus | null): string | null {
  const refunded = live?.refunds.some((refund) => refund.status === 'succeeded') ?? false;
  if (status !== 'cancelled' && refunded && live?.pointsEarned !== undefined)
    return t('checkout.pointsLeft', { count: live.pointsEarned });
  return pointsText(order, status);
}

/** A refund's reason in the widget's language (the server's words in the order's language for a code it does not know). */
function reasonWords(reason: { reason: string; reason_text: string }): string {
  const id = `common.refundReason.${reason.reason}` as MessageId;
  const known = [
    'customer_request',
    'out_of_stock',
    'kitchen_delay',
    'quality_issue',
    'duplicate_order',
    'delivery_problem',
    'other',
  ];
  return known.includes(reason.reason) ? t(id) : reason.reason_text;
}

/** '$9.33 refunded for 1 × Agua fresca.' and why, in the widget's language. */
export function refundText(refund: CustomerRefund): string {
  const amount = formatUSD(refund.amount_cents);
  const what =
    refund.status === 'pending'
      ? t('checkout.refund.pending', { amount })
      : refund.whole_order
        ? t('checkout.refund.whole', { amount })
        : refund.lines.length > 0
          ? t('checkout.refund.items', {
              amount,
              items: refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
            })
          : t('checkout.refund.amount', { amount });
  return `${what} ${t('checkout.refund.why', { reason: reasonWords(refund) })}`;
}

/** Why the order was cancelled and what went back, with the restaurant's notes as plain text; null for nothing. */
function MoneyBack({ live }: { live: LiveStatus | null }) {
  if (!live || (!live.cancel && live.refunds.length === 0)) return null;
  return (
    <div className="money-back">
      {live.cancel && (
        <p>
          {t('checkout.refund.cancelled', { reason: reasonWords(live.cancel) })}
          {live.cancel.note && <> {t('checkout.refund.note', { note: live.cancel.note })}</>}
        </p>
      )}
      {live.refunds.length > 0 && (
        <section aria-labelledby="refunds-title">
          <h3 id="refunds-title">{t('checkout.refund.heading')}</h3>
          <ul>
            {live.refunds.map((refund, index) => (
              <li key={`${refund.created_at}-${index}`}>
                {refundText(refund)}
                {refund.note && !(refund.whole_order && live.cancel) && (
                  <> {t('checkout.refund.note', { note: refund.note })}</>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function OrderConfirmation({
  api,
  apiOrigin,
  orderId,
}: {
  api: ApiClient;
  apiOrigin: string;
  orderId: string | null;
}) {
  const [state, setState] = useState<State>(
    orderId ? { status: 'loading' } : { status: 'failed', message: t('checkout.noOrder') },
  );

  useEffect(() => {
    if (!orderId) return;
    let current = true;
    api
      .csrf()
      .then(() => api.finalizeOrder(orderId))
      .then(
        (order) => current && setState({ status: 'ready', order: order as FinalizedOrder }),
        (error: unknown) =>
          current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [api, orderId]);

  // Hooks before any early return: the live status starts once the order is known.
  const live = useLiveStatus(apiOrigin, orderId, state.status === 'ready');
  // The page around says only what happens next for this order's type (pickup or delivery).
  const shownType = state.status === 'ready' ? state.order.delivery_type : null;
  useEffect(() => {
    if (shownType !== 'pickup' && shownType !== 'delivery') return;
    const detail: OrderShownDetail = { deliveryType: shownType };
    document.dispatchEvent(new CustomEvent(ORDER_SHOWN_EVENT, { detail }));
  }, [shownType]);

  if (state.status === 'loading') {
    return (
      <p className="status" role="status">
        {t('common.loading')}
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
  const status = live?.status ?? order.status;
  // The delivery service's page opens only as an https link, whatever the stream carries.
  const trackingLink = httpsLink(live?.delivery?.tracking_url);
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
      <h2 id="confirmation-title">{t('checkout.orderNumber', { number: order.number })}</h2>
      <p className="order-status" role="status">
        <strong>{statusText(status)}</strong>
        {live?.promisedAt && !['completed', 'cancelled'].includes(status) && (
          <>
            {' '}
            {t('checkout.promisedFor', {
              time: formatStoreTime(new Date(live.promisedAt), restaurant.ordering.timeZone, widgetIntlLocale()),
            })}
          </>
        )}
      </p>
      {live?.delivery && status !== 'cancelled' && (
        <p className="delivery-status">
          {localize(live.delivery.text)}{' '}
          {trackingLink && (
            <a href={trackingLink} target="_blank" rel="noopener noreferrer">
              {t('checkout.trackDriver')}
            </a>
          )}
        </p>
      )}
      <p>
        {order.delivery_type === 'delivery' && address
          ? t('checkout.deliveryFor', {
              name: order.name,
              street: address.street,
              city: address.city,
              state: address.state,
              zip: address.zip,
            })
          : t('checkout.pickupFor', {
              name: order.name,
              street: restaurant.address.street,
              city: restaurant.address.city,
            })}
      </p>
      <ul className="summary-lines">
        {order.items.map((item, index) => (
          <li key={`${item.menu_item_id}-${index}`}>
            <span className="summary-quantity">{item.quantity} ×</span>
            <span className="summary-name">
              {item.name}
              {item.modifiers.length > 0 && (
                <span className="modifiers">{item.modifiers.map((m) => m.name).join(', ')}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {row(t('common.totals.subtotal'), order.totals.subtotal)}
        {order.totals.promo_discount > 0 && row(t('common.totals.promo'), -order.totals.promo_discount)}
        {order.totals.loyalty_discount > 0 && row(t('common.totals.pointsReward'), -order.totals.loyalty_discount)}
        {row(t('common.totals.tax'), order.totals.tax)}
        {order.delivery_type === 'delivery' && row(t('common.totals.delivery'), order.totals.delivery_charge)}
        {order.delivery_type === 'delivery' && row(t('common.totals.tip'), order.totals.tip)}
        {row(t('common.totals.total'), order.totals.total)}
      </dl>
      <MoneyBack live={live} />
      {pointsLine(order, status, live) && <p className="points">{pointsLine(order, status, live)}</p>}
    </section>
  );
}
