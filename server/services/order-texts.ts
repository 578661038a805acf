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
 *
 * Consent: order texts are transactional and need the texting box; a marketing text (there are
 * none yet) needs the offers box (orders.marketing_opt_in). Whatever the purpose, and for the
 * kitchen's own alert too, a number that replied STOP (or that the provider refused as
 * unsubscribed, Twilio's 21610) is never texted: the text is recorded as skipped, until the
 * number replies START.
 *
 * What the provider reports later comes here too: each text's delivery status (a final one is
 * never moved back by a late callback; a failure is logged with the carrier's code), and the
 * keywords customers text us (STOP, START, HELP and their synonyms).
 */
import { translator } from '../../shared/i18n/translator.ts';
import { formatUSD } from '../../shared/money.ts';
import { SMS_STOP_SENTENCE } from '../../shared/sms.ts';
import { restaurant } from '../../shared/restaurant.ts';
import type { Database } from '../db/database.ts';
import { findOrder, type OrderRow } from '../db/orders.ts';
import {
  claimOrderText,
  markTextFailed,
  markTextSent,
  recordDeliveryStatus,
  recordSkippedText,
  textWithProviderId,
  type TextPurpose,
} from '../db/sms-messages.ts';
import { isOptedOut, optIn, optOut, recordKeyword } from '../db/sms-opt-outs.ts';
import {
  DELIVERY_STATUSES,
  FINAL_DELIVERY_STATUSES,
  RECIPIENT_OPTED_OUT,
  SmsError,
  type DeliveryReport,
  type DeliveryStatus,
  type IncomingText,
  type SmsProvider,
} from '../providers/sms/sms-provider.ts';
import { log as serverLog, type Logger } from '../logger.ts';
import { mailText } from '../mail/mail-text.ts';
import { itemsText, noteText, reasonText, type MoneyBackNotice } from './order-mail.ts';

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
  /** The customer did not ask for texts (of this purpose), or gave no number that can receive one. */
  | 'not_wanted'
  /** The number replied STOP (or the provider refused it as unsubscribed): recorded as skipped, not sent. */
  | 'opted_out'
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
  const note = notice.note === null ? '' : mailText(noteText(t, notice.note));
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

/** Why a text to an opted-out number was not sent, on its row. */
export const OPTED_OUT_REASON = 'Not sent: this number replied STOP (opted out of texts).';

/**
 * Texts about an order, once per order and kind: to its customer when they asked for texts of this
 * purpose, or to `to` instead (the restaurant's phone, order-alerts.ts), which needs no customer's
 * consent; never to a number that opted out.
 */
export async function sendText(
  deps: OrderTextDeps,
  orderId: string,
  kind: string,
  bodyOf: (order: OrderRow) => string,
  to?: string,
  purpose: TextPurpose = 'transactional',
): Promise<OrderTextOutcome> {
  const log = deps.log ?? serverLog;
  let claimed: string | undefined;
  let toPhone: string | undefined;
  try {
    const order = await findOrder(deps.db, orderId);
    if (!order || order.status === 'pending_payment') return 'no_order';
    // Marketing goes to the customer who ticked the offers box, never elsewhere.
    const consented = purpose === 'marketing' ? !to && order.marketing_opt_in : to !== undefined || order.sms_opt_in;
    toPhone = to ?? order.phone;
    if (!consented || !E164.test(toPhone)) return 'not_wanted';

    const body = bodyOf(order);
    const text = { orderId, kind, toPhone, body, provider: deps.sms.name, purpose, at: deps.clock() };
    if (await isOptedOut(deps.db, toPhone)) {
      const skipped = await recordSkippedText(deps.db, { ...text, reason: OPTED_OUT_REASON });
      if (!skipped) return 'already_claimed';
      log.info({ order_id: orderId, kind, provider: deps.sms.name }, 'order text skipped: the number opted out');
      return 'opted_out';
    }
    const id = await claimOrderText(deps.db, text);
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
    // The provider says the number replied STOP to it: never text it again either, until START.
    if (code === RECIPIENT_OPTED_OUT && toPhone) {
      await optOut(deps.db, { phone: toPhone, source: 'provider', word: null, at: deps.clock() }).catch(
        (recordError: unknown) =>
          log.error({ order_id: orderId, kind, error: reasonOf(recordError) }, 'opt-out not recorded'),
      );
    }
    return 'failed';
  }
}

/** Each status's place in a text's life: one is recorded only over statuses before it. */
const STEP: Readonly<Record<DeliveryStatus, number>> = {
  accepted: 1,
  scheduled: 2,
  queued: 3,
  sending: 4,
  sent: 5,
  delivered: 6,
  undelivered: 6,
  failed: 6,
  canceled: 6,
  partially_delivered: 6,
  read: 7,
};

/** The statuses `status` may be recorded over: those before it; a final one only by `read` after `delivered`. */
export function statusesBefore(status: DeliveryStatus): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter(
    (earlier) =>
      STEP[earlier] < STEP[status] &&
      (!FINAL_DELIVERY_STATUSES.includes(earlier) || (status === 'read' && earlier === 'delivered')),
  );
}

type DeliveryOutcome = 'recorded' | 'stale' | 'unknown';

/**
 * Records what the provider reports about a text's delivery: 'stale' when the text is already
 * further along (callbacks arrive out of order), 'unknown' when we sent no text with that id. A
 * failure is logged with its code; Twilio's 21610 also puts the number on the opt-out list.
 */
export async function recordDeliveryReport(
  deps: Pick<OrderTextDeps, 'db' | 'clock' | 'log'> & { provider: string },
  report: DeliveryReport,
): Promise<DeliveryOutcome> {
  const log = deps.log ?? serverLog;
  const at = deps.clock();
  const text = await recordDeliveryStatus(deps.db, {
    provider: deps.provider,
    providerMessageId: report.messageId,
    status: report.status,
    errorCode: report.errorCode,
    replaces: statusesBefore(report.status),
    at,
  });
  if (!text) return (await textWithProviderId(deps.db, deps.provider, report.messageId)) ? 'stale' : 'unknown';
  if (report.status === 'failed' || report.status === 'undelivered') {
    log.warn(
      {
        order_id: text.order_id,
        kind: text.kind,
        provider: deps.provider,
        provider_message_id: report.messageId,
        status: report.status,
        code: report.errorCode,
      },
      'order text not delivered',
    );
    if (report.errorCode === RECIPIENT_OPTED_OUT)
      await optOut(deps.db, { phone: text.to_phone, source: 'provider', word: null, at });
  }
  return 'recorded';
}

type IncomingOutcome = 'recorded' | 'duplicate' | 'not_a_keyword';

/**
 * Records a keyword a customer texted us: an opt-out word puts the number on the list we never
 * text, an opt-in word takes it off, HELP is recorded and changes nothing (the provider answers
 * it). Any other text is left alone and not kept. A retried webhook changes nothing.
 */
export async function recordIncomingText(
  deps: Pick<OrderTextDeps, 'db' | 'clock' | 'log'> & { provider: string },
  text: IncomingText,
): Promise<IncomingOutcome> {
  const log = deps.log ?? serverLog;
  const { keyword, word } = text;
  if (!keyword || !word) return 'not_a_keyword';
  const at = deps.clock();
  const recorded = await deps.db.transaction(async (tx) => {
    const first = await recordKeyword(tx, {
      provider: deps.provider,
      providerMessageId: text.messageId,
      phone: text.from,
      word,
      action: keyword,
      at,
    });
    if (!first) return false;
    if (keyword === 'opt_out') await optOut(tx, { phone: text.from, source: 'keyword', word, at });
    if (keyword === 'opt_in') await optIn(tx, text.from);
    return true;
  });
  if (!recorded) return 'duplicate';
  log.info({ provider: deps.provider, provider_message_id: text.messageId, keyword, word }, 'text keyword recorded');
  return 'recorded';
}

/** What went wrong, short enough for a log line and the row: Twilio's code is in an SmsError's message. */
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
