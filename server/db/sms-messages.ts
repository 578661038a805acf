/** SQL for sms_messages: one row per order and kind of text, claimed before the text is sent. */
import type { Queryable } from './database.ts';

/** Claims the text of this kind for the order; answers the row's id, or null when it was claimed before. */
export async function claimOrderText(
  db: Queryable,
  text: { orderId: string; kind: string; toPhone: string; body: string; provider: string; at: Date },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into sms_messages (order_id, kind, to_phone, body, provider, status, created_at)
     values ($1, $2, $3, $4, $5, 'sending', $6)
     on conflict (order_id, kind) do nothing
     returning id::text as id`,
    [text.orderId, text.kind, text.toPhone, text.body, text.provider, text.at],
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
