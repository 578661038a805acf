/**
 * The texts that tell a customer where their order is: when it is ready for pickup and when it
 * is out for delivery, and when it is cancelled or part of it refunded (how much, for what, and
 * why, the staff's note as one plain line), only for an order whose customer ticked the box at
 * checkout (orders.sms_opt_in), in the language the order was placed in. Each text ends with the
 * terms page's STOP sentence (shared/sms.ts).
 *
 * At most one text per order and kind (a refund's kind is 'refund:<its id>', a cancel with no
 * money left to give back 'cancelled'): the sms_messages row is claimed before the provider is
 * called, so a retried move, or a second replica handling the same one, finds it and sends
 * nothing. A text that fails is recorded on that row and logged, and never thrown: the order's
 * move must not fail because a text did. It is not retried, since a timeout may have sent it.
 */
import { translator } from '../../shared/i18n/translator.ts';
import { formatUSD } from '../../shared/money.ts';
import { SMS_STOP_SENTENCE } from '../../shared/sms.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../db/database.ts';
import { findOrder, type OrderRow } from '../db/orders.ts';
import { claimOrderText, markTextFailed, markTextSent } from '../db/sms-messages.ts';
import { SmsError, type SmsProvider } from '../providers/sms/sms-provider.ts';
import { log as serverLog, type Logger } from '../logger.ts';
import { mailText } from '../mail/mail-text.ts';
import { itemsText, reasonText, type MoneyBackNotice } from './order-mail.ts';

type OrderTextKind = 'ready' | 'out_for_delivery';

export interface OrderTextDeps {
  db: Database;
  sms: SmsProvider;
  clock: () => Date;
  log?: Logger;
}

/** What happened, for the caller's curiosity (tests); nothing here ever throws. */
type OrderTextOutcome =
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

/** The staff's note in a text: one plain line, links defanged, at most this many characters. */
const NOTE_IN_TEXT = 120;

/** The note cut to NOTE_IN_TEXT with '…', between whole characters: an emoji is never split in two. */
function shortened(note: string): string {
  if (note.length <= NOTE_IN_TEXT) return note;
  let kept = '';
  for (const character of Array.from(note)) {
    if (kept.length + character.length > NOTE_IN_TEXT - 1) break;
    kept += character;
  }
  return `${kept.trimEnd()}…`;
}

/**
 * 'Taquería El Comal: we refunded $9.33 of order 1042 for 1 × Agua fresca. $9.33 is going back
 * to your card. Why: an item ran out (Sorry!). Reply STOP to cancel, HELP for help.'
 */
export function moneyBackText(order: Pick<OrderRow, 'number' | 'locale'>, notice: MoneyBackNotice): string {
  const t = translator(order.locale);
  const values = { restaurant: restaurant.name, number: String(order.number), amount: formatUSD(notice.amountCents) };
  const what =
    notice.kind === 'cancelled'
      ? t('sms.order.cancelled', values)
      : notice.lines.length > 0
        ? t('sms.order.refundedItems', { ...values, items: itemsText(notice.lines) })
        : t('sms.order.refunded', values);
  const note = notice.note === null ? '' : mailText(notice.note);
  const shortNote = shortened(note);
  const reason = reasonText(t, notice.reason);
  const why = shortNote ? t('sms.order.whyNote', { reason, note: shortNote }) : t('sms.order.why', { reason });
  const back = notice.kind === 'cancelled' && notice.amountCents > 0 ? ` ${t('sms.order.moneyBack', values)}` : '';
  return `${what}${back} ${why} ${t(SMS_STOP_SENTENCE)}`;
}

/** Texts the customer about a cancel or a refund (once per refund, or per order for a cancel with no refund). */
export async function sendMoneyBackText(
  deps: OrderTextDeps,
  orderId: string,
  kind: 'cancelled' | `refund:${string}`,
  notice: MoneyBackNotice,
): Promise<OrderTextOutcome> {
  return sendText(deps, orderId, kind, (order) => moneyBackText(order, notice));
}

export async function sendOrderText(
  deps: OrderTextDeps,
  orderId: string,
  kind: OrderTextKind,
): Promise<OrderTextOutcome> {
  return sendText(deps, orderId, kind, (order) => orderText(order, kind));
}

/**
 * Texts about an order, once per order and kind: to its customer when they asked for texts, or
 * to `to` instead (the restaurant's phone, order-alerts.ts), which needs no customer's consent.
 */
export async function sendText(
  deps: OrderTextDeps,
  orderId: string,
  kind: string,
  bodyOf: (order: OrderRow) => string,
  to?: string,
): Promise<OrderTextOutcome> {
  const log = deps.log ?? serverLog;
  let claimed: string | undefined;
  try {
    const order = await findOrder(deps.db, orderId);
    if (!order || order.status === 'pending_payment') return 'no_order';
    if (!to && (!order.sms_opt_in || !E164.test(order.phone))) return 'not_wanted';
    const toPhone = to ?? order.phone;

    const body = bodyOf(order);
    const id = await claimOrderText(deps.db, {
      orderId,
      kind,
      toPhone,
      body,
      provider: deps.sms.name,
      at: deps.clock(),
    });
    if (!id) return 'already_claimed';
    claimed = id;

    const sent = await deps.sms.send(toPhone, body);
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
