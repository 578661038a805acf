/**
 * The texts that tell a customer where their order is: when it is ready for pickup and when it
 * is out for delivery, only for an order whose customer ticked the box at checkout
 * (orders.sms_opt_in), in the language the order was placed in. Each text ends with the terms
 * page's STOP sentence (shared/sms.ts).
 *
 * At most one text per order and kind: the sms_messages row is claimed before the provider is
 * called, so a retried move, or a second replica handling the same one, finds it and sends
 * nothing. A text that fails is recorded on that row and logged, and never thrown: the order's
 * move must not fail because a text did. It is not retried, since a timeout may have sent it.
 */
import { translator } from '../../shared/i18n/translator.ts';
import { SMS_STOP_SENTENCE } from '../../shared/sms.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../db/database.ts';
import { findOrder, type OrderRow } from '../db/orders.ts';
import { claimOrderText, markTextFailed, markTextSent } from '../db/sms-messages.ts';
import { SmsError, type SmsProvider } from '../providers/sms/sms-provider.ts';
import { log as serverLog, type Logger } from '../logger.ts';

export type OrderTextKind = 'ready' | 'out_for_delivery';

export interface OrderTextDeps {
  db: Database;
  sms: SmsProvider;
  clock: () => Date;
  log?: Logger;
}

/** What happened, for the caller's curiosity (tests); nothing here ever throws. */
export type OrderTextOutcome =
  | 'sent'
  | 'failed'
  /** No such order, or one not paid yet. */
  | 'no_order'
  /** The customer did not ask for texts, or gave no number that can receive one. */
  | 'not_wanted'
  /** This text was already claimed (sent, failed, or in flight elsewhere). */
  | 'already_claimed';

const E164 = /^\+[1-9]\d{7,14}$/;

/** 'Taquería El Comal: order 1042 is ready for pickup. Reply STOP to cancel, HELP for help.' */
export function orderText(order: Pick<OrderRow, 'number' | 'locale'>, kind: OrderTextKind): string {
  const t = translator(order.locale);
  const values = { restaurant: restaurant.name, number: String(order.number) };
  return `${t(kind === 'ready' ? 'sms.order.ready' : 'sms.order.onTheWay', values)} ${t(SMS_STOP_SENTENCE)}`;
}

export async function sendOrderText(
  deps: OrderTextDeps,
  orderId: string,
  kind: OrderTextKind,
): Promise<OrderTextOutcome> {
  const log = deps.log ?? serverLog;
  let claimed: string | undefined;
  try {
    const order = await findOrder(deps.db, orderId);
    if (!order || order.status === 'pending_payment') return 'no_order';
    if (!order.sms_opt_in || !E164.test(order.phone)) return 'not_wanted';

    const body = orderText(order, kind);
    const id = await claimOrderText(deps.db, {
      orderId,
      kind,
      toPhone: order.phone,
      body,
      provider: deps.sms.name,
      at: deps.clock(),
    });
    if (!id) return 'already_claimed';
    claimed = id;

    const sent = await deps.sms.send(order.phone, body);
    await markTextSent(deps.db, claimed, sent.id, deps.clock());
    log.info({ order_id: orderId, kind, provider: deps.sms.name, provider_message_id: sent.id }, 'order text sent');
    return 'sent';
  } catch (error) {
    const message = reasonOf(error);
    const code = error instanceof SmsError ? error.code : null;
    log.error({ order_id: orderId, kind, provider: deps.sms.name, code, error: message }, 'order text not sent');
    if (claimed) {
      await markTextFailed(deps.db, claimed, message, deps.clock()).catch((recordError: unknown) =>
        log.error({ order_id: orderId, kind, error: reasonOf(recordError) }, 'order text outcome not recorded'),
      );
    }
    return 'failed';
  }
}

/** What went wrong, short enough for a log line and the row: Twilio's code is in an SmsError's message. */
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
