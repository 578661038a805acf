/**
 * What happens outside our walls once an order is paid, each part once whoever finalized it:
 * - with a point-of-sale (Clover), the order goes to it, so the kitchen's own screen shows it;
 *   the push retries with back-off and records itself, so it never happens twice
 *   (providers/menu/clover-orders.ts), and `pushWaitingOrders` picks up any a crash left behind;
 * - with a delivery service that sends drivers (DoorDash), the quoted delivery is booked. When
 *   the quote ran out between checkout and payment, it is quoted again: the same fee books at
 *   once; a different one is booked too (the customer already paid the agreed fee, so the
 *   restaurant absorbs the difference) and the difference is logged for the staff.
 * Neither may hold up or undo the customer's paid order: both run after it is committed, and a
 * failure is logged, not thrown.
 */
import type { AppDependencies } from '../dependencies.ts';
import { saveAcceptedDelivery } from '../db/deliveries.ts';
import { findQuote } from '../db/delivery-quotes.ts';
import type { OrderRow } from '../db/orders.ts';
import { ordersWaitingForPos } from '../db/pos-order-pushes.ts';
import { pushOrderToClover } from '../providers/menu/clover-orders.ts';
import { log } from '../logger.ts';

type HandOffDeps = Pick<AppDependencies, 'db' | 'clock' | 'delivery' | 'pos'>;

/** Starts the hand-off of a just-paid order; answers when both parts have finished (tests wait on it). */
export async function handOffPaidOrder(deps: HandOffDeps, order: OrderRow): Promise<void> {
  await Promise.all([pushToPos(deps, order.id), bookDelivery(deps, order)]);
}

async function pushToPos({ db, clock, pos }: HandOffDeps, orderId: string): Promise<void> {
  if (!pos) return;
  try {
    const result = await pushOrderToClover({ db, clock, clover: pos }, orderId);
    if (result.outcome === 'failed') log.error({ order_id: orderId, error: result.error }, 'order not sent to Clover');
  } catch (error) {
    log.error({ order_id: orderId, err: error }, 'order not sent to Clover');
  }
}

async function bookDelivery({ db, clock, delivery }: HandOffDeps, order: OrderRow): Promise<void> {
  if (order.delivery_type !== 'delivery' || !order.delivery_quote_id || !delivery.acceptQuote) return;
  try {
    const quote = await findQuote(db, order.delivery_quote_id);
    if (!quote?.provider_quote_id || quote.provider !== delivery.name) return;
    const tip = { tipCents: order.tip_cents, phone: order.phone };
    let accepted = await delivery.acceptQuote(quote.provider_quote_id, tip);
    let feeCents = quote.fee_cents;
    if ('expired' in accepted && delivery.requote) {
      const address = {
        delivery_street: order.delivery_street ?? '',
        delivery_city: order.delivery_city ?? '',
        delivery_state: order.delivery_state ?? '',
        delivery_zip: order.delivery_zip ?? '',
        delivery_country: order.delivery_country ?? 'US',
      };
      const fresh = await delivery.requote(address, { feeCents: quote.fee_cents });
      if (!fresh.ok) {
        log.error({ order_id: order.id, error: fresh.message }, 'the delivery quote expired and a new one was refused');
        return;
      }
      if (fresh.changed)
        log.info(
          { order_id: order.id, quoted_cents: quote.fee_cents, fee_cents: fresh.feeCents },
          'the delivery fee changed after payment; the restaurant absorbs it',
        );
      feeCents = fresh.feeCents;
      accepted = await delivery.acceptQuote(fresh.providerQuoteId, tip);
    }
    if (!('accepted' in accepted) || !accepted.accepted) {
      log.error(
        { order_id: order.id, error: 'message' in accepted ? accepted.message : 'the quote expired' },
        'the delivery could not be booked',
      );
      return;
    }
    await saveAcceptedDelivery(db, {
      orderId: order.id,
      provider: delivery.name,
      externalDeliveryId: accepted.externalDeliveryId,
      trackingUrl: accepted.trackingUrl,
      feeCents: accepted.feeCents || feeCents,
      tipCents: order.tip_cents,
      at: clock(),
    });
  } catch (error) {
    log.error({ order_id: order.id, err: error }, 'booking the delivery failed');
  }
}

/** Sends the paid orders that did not reach the POS (a crash, an outage), one after the other. */
export async function pushWaitingOrders(deps: HandOffDeps): Promise<number> {
  if (!deps.pos) return 0;
  const waiting = await ordersWaitingForPos(deps.db, deps.clock());
  for (const orderId of waiting) await pushToPos(deps, orderId);
  return waiting.length;
}

/** Every minute, pushes what is waiting; the timer does not keep the process alive. Answers the stop. */
export function startPosRetries(deps: HandOffDeps, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pushWaitingOrders(deps)
      .catch((error: unknown) => log.error({ err: error }, 'retrying POS pushes failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
