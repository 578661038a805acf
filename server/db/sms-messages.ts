/**
 * SQL for sms_messages: one row per order and kind of text, claimed before the text is sent, and
 * what the provider later reports about its delivery.
 */
import type { Queryable } from './database.ts';

export type TextPurpose = 'transactional' | 'marketing';

interface NewText {
  orderId: string;
  kind: string;
  toPhone: string;
  body: string;
  provider: string;
  at: Date;
  purpose?: TextPurpose;
}

/** Claims the text of this kind for the order; answers the row's id, or null when it was claimed before. */
export async function claimOrderText(db: Queryable, text: NewText): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into sms_messages (order_id, kind, to_phone, body, provider, status, purpose, created_at)
     values ($1, $2, $3, $4, $5, 'sending', $6, $7)
     on conflict (order_id, kind) do nothing
     returning id::text as id`,
    [text.orderId, text.kind, text.toPhone, text.body, text.provider, text.purpose ?? 'transactional', text.at],
  );
  return row?.id ?? null;
}

/**
 * Records a text that was not sent because its number opted out (status 'skipped', and why), in
 * the place its claim would take; null when this text was claimed before.
 */
export async function recordSkippedText(db: Queryable, text: NewText & { reason: string }): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into sms_messages (order_id, kind, to_phone, body, provider, status, error, purpose, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'skipped', $6, $7, $8, $8)
     on conflict (order_id, kind) do nothing
     returning id::text as id`,
    [
      text.orderId,
      text.kind,
      text.toPhone,
      text.body,
      text.provider,
      text.reason,
      text.purpose ?? 'transactional',
      text.at,
    ],
  );
  return row?.id ?? null;
}

/** Records that the provider accepted the text, with its id for it. */
export async function markTextSent(db: Queryable, id: string, providerMessageId: string, at: Date): Promise<void> {
  await db.query(`update sms_messages set status = 'sent', provider_message_id = $2, updated_at = $3 where id = $1`, [
    id,
    providerMessageId,
    at,
  ]);
}

/** Records that the text was not sent, and why. */
export async function markTextFailed(db: Queryable, id: string, error: string, at: Date): Promise<void> {
  await db.query(`update sms_messages set status = 'failed', error = $2, updated_at = $3 where id = $1`, [
    id,
    error,
    at,
  ]);
}

export interface DeliveredText {
  id: string;
  order_id: string;
  kind: string;
  to_phone: string;
}

/**
 * Records the provider's news about the text it knows as `providerMessageId`, only over a status
 * in `replaces` (or none yet): a late callback never moves a text back. Answers the text when the
 * news was recorded, null when no text has that id or the text is already further along.
 */
export async function recordDeliveryStatus(
  db: Queryable,
  report: {
    provider: string;
    providerMessageId: string;
    status: string;
    errorCode: number | null;
    replaces: readonly string[];
    at: Date;
  },
): Promise<DeliveredText | null> {
  const [row] = await db.query<DeliveredText>(
    `update sms_messages
        set delivery_status = $3, delivery_error_code = $4, delivery_updated_at = $5
      where provider = $1 and provider_message_id = $2
        and (delivery_status is null or delivery_status = any($6::text[]))
      returning id::text as id, order_id, kind, to_phone`,
    [report.provider, report.providerMessageId, report.status, report.errorCode, report.at, [...report.replaces]],
  );
  return row ?? null;
}

/** Whether we sent a text the provider knows as `providerMessageId`. */
export async function textWithProviderId(db: Queryable, provider: string, providerMessageId: string): Promise<boolean> {
  const rows = await db.query('select 1 from sms_messages where provider = $1 and provider_message_id = $2 limit 1', [
    provider,
    providerMessageId,
  ]);
  return rows.length > 0;
}

/** Where one text is: what our send did and what the provider last reported. */
export interface TextStatus {
  id: string;
  order_id: string;
  kind: string;
  to_phone: string;
  purpose: TextPurpose;
  provider: string;
  provider_message_id: string | null;
  /** 'sending', 'sent' (handed to the provider), 'failed' (refused or no answer), 'skipped' (opted out). */
  status: 'sending' | 'sent' | 'failed' | 'skipped';
  /** Why our send failed or was skipped. */
  error: string | null;
  /** The provider's last word on delivery (queued, sent, delivered, undelivered, failed ...), null before any. */
  delivery_status: string | null;
  /** The carrier's error code when delivery failed (30003, 30006 ...). */
  delivery_error_code: number | null;
  delivery_updated_at: Date | null;
}

/** The text of this kind for the order, or null when there was none. */
export async function textStatus(db: Queryable, orderId: string, kind: string): Promise<TextStatus | null> {
  const [row] = await db.query<TextStatus>(
    `select id::text as id, order_id, kind, to_phone, purpose, provider, provider_message_id, status, error,
            delivery_status, delivery_error_code, delivery_updated_at
       from sms_messages where order_id = $1 and kind = $2`,
    [orderId, kind],
  );
  return row ?? null;
}
