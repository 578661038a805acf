/**
 * No order is missed at Friday rush. Every 15 s each replica looks for paid orders nobody has
 * accepted `kitchen.alertAfterMinutes` (3) after they reached New (an order for as soon as possible
 * when paid; a scheduled one at its fire time, shared/kitchen-time.ts) and texts the restaurant's
 * phone (`kitchen.alertPhone`) once per order: one UPDATE claims the orders (orders.alerted_at),
 * so of two replicas looking at once only one texts; the claim records an order event in the same
 * transaction, so every board shows the alert. The text goes through the SMS provider (the outbox
 * locally, Twilio in production) and is an sms_messages row like the customer's texts; a failure
 * is recorded and logged, not retried (a timeout may have sent it), and the board still shows it.
 *
 * With the store's auto-accept on, an order is accepted by itself: one for as soon as possible in
 * the transaction that marks it paid (`autoAcceptOnPayment`), a scheduled one by this loop at its
 * fire time. Nothing is accepted by itself while the switch is off.
 */
import { dueAt, fireAt, minutesWaited } from '../../shared/kitchen-time.ts';
import { mailText } from '../mail/mail-text.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { kitchenSettings } from '../../shared/settings/values.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Queryable } from '../db/database.ts';
import { recordOrderEvent } from '../db/order-events.ts';
import {
  claimUnacceptedOrders,
  lockOrder,
  moveOrder,
  orderTimes,
  scheduledOrdersFired,
  type OrderRow,
} from '../db/orders.ts';
import { autoAcceptsOrders } from '../db/store-status.ts';
import { log } from '../logger.ts';
import { sendText } from './order-texts.ts';

/** How often the loop looks. */
export const ALERT_EVERY_MS = 15_000;
/** Who the order events say moved an order accepted by itself. */
export const AUTO_ACCEPT_BY = 'auto-accept';
/** sms_messages.kind of the text to the restaurant's phone. */
export const KITCHEN_ALERT_KIND = 'kitchen_alert';

type AlertDeps = Pick<AppDependencies, 'db' | 'clock' | 'sms'>;

/** Accepts a paid order, in the caller's transaction, with the event the boards follow; false when it is not paid any more. */
async function acceptByItself(tx: Queryable, order: Pick<OrderRow, 'id'>, now: Date): Promise<boolean> {
  if (!(await moveOrder(tx, order.id, 'paid', 'accepted'))) return false;
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'status',
    status: 'accepted',
    at: now,
    payload: { from: 'paid', by: AUTO_ACCEPT_BY },
  });
  return true;
}

/**
 * Called in the transaction that marks an order paid: with auto-accept on, an order due in the
 * kitchen now (for as soon as possible, or scheduled and paid after its fire time) is accepted at
 * once; a scheduled one waits for the loop at its fire time.
 */
export async function autoAcceptOnPayment(
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'scheduled_for'>,
  now: Date,
): Promise<boolean> {
  const fire = fireAt({ paidAt: now, scheduledFor: order.scheduled_for });
  if (!fire || fire.getTime() > now.getTime()) return false;
  if (!(await autoAcceptsOrders(tx))) return false;
  return acceptByItself(tx, order, now);
}

/**
 * 'Ana R.' for 'Ana Ruiz': the first name and the last name's initial, one plain line, a web
 * address in it defanged as in every mail and text (`bit[.]ly/x`): a stranger types the name.
 */
export function shortName(name: string): string {
  const words = mailText(name).split(' ').filter(Boolean);
  if (words.length === 0) return 'no name';
  const first = Array.from(words[0]!).slice(0, 24).join('');
  if (words.length === 1) return first;
  return `${first} ${Array.from(words.at(-1)!)[0]!.toLocaleUpperCase('en-US')}.`;
}

/** '6:45 PM' in the restaurant's time zone. */
function clockTime(at: Date): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: restaurant.timeZone })
    .format(at)
    .replace(/\s/gu, ' ');
}

/**
 * 'Taquería El Comal: order 1042 (Ana R., pickup, due 6:45 PM) has waited 3 min with nobody
 * accepting it. Open the board.' No customer phone; the name shortened to one plain line.
 */
export function kitchenAlertText(
  order: Pick<OrderRow, 'number' | 'name' | 'delivery_type'>,
  dueAt: Date,
  minutes: number,
): string {
  return `${restaurant.name}: order ${order.number} (${shortName(order.name)}, ${order.delivery_type}, due ${clockTime(dueAt)}) has waited ${minutes} min with nobody accepting it. Open the board.`;
}

/** Scheduled orders whose fire time has come, accepted by themselves when the switch is on; answers their ids. */
async function acceptFiredScheduledOrders(deps: AlertDeps, now: Date): Promise<string[]> {
  if (!(await autoAcceptsOrders(deps.db))) return [];
  const accepted: string[] = [];
  for (const due of await scheduledOrdersFired(deps.db, now, kitchenSettings.prepMinutes)) {
    const moved = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, due.id);
      return order?.status === 'paid' ? acceptByItself(tx, order, now) : false;
    });
    if (moved) accepted.push(due.id);
  }
  return accepted;
}

/**
 * One look: scheduled orders accepted at their fire time (auto-accept on), then every order
 * nobody accepted in time claimed, shown on the boards and texted about. Answers what it did.
 */
export async function checkWaitingOrders(deps: AlertDeps): Promise<{ accepted: string[]; alerted: string[] }> {
  const now = deps.clock();
  const accepted = await acceptFiredScheduledOrders(deps, now);
  const claimed = await deps.db.transaction(async (tx) => {
    const orders = await claimUnacceptedOrders(tx, now, kitchenSettings);
    const texts: { order: OrderRow; body: string }[] = [];
    for (const order of orders) {
      const times = orderTimes(order);
      const minutes = minutesWaited(fireAt(times)!, now);
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'alerted',
        status: order.status,
        at: now,
        payload: { by: 'kitchen-alert', minutes },
      });
      texts.push({ order, body: kitchenAlertText(order, dueAt(times)!, minutes) });
    }
    return texts;
  });
  // Each to the restaurant's phone, once per order, like the customer's texts (never throws).
  for (const { order, body } of claimed) {
    await sendText(deps, order.id, KITCHEN_ALERT_KIND, () => body, kitchenSettings.alertPhone);
  }
  return { accepted, alerted: claimed.map(({ order }) => order.id) };
}

/**
 * Looks now and every `everyMs` (15 s); the timer does not keep the process alive, a look still
 * running is not started again, and shutdown waits for one under way (deps.inFlight). Answers the stop.
 */
export function startKitchenAlerts(
  deps: AlertDeps & Pick<AppDependencies, 'inFlight'>,
  everyMs = ALERT_EVERY_MS,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void deps.inFlight
      .track(checkWaitingOrders(deps))
      .catch((error: unknown) => log.error({ err: error }, 'looking for waiting orders failed'))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
