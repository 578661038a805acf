/**
 * SQL for sms_opt_outs and sms_keywords: the numbers we never text, and every keyword (STOP,
 * START, HELP ...) a customer texted us, once per provider message.
 */
import type { Queryable } from './database.ts';

export type KeywordAction = 'opt_out' | 'opt_in' | 'help';

/**
 * Records a keyword a number texted us; false when this provider message was recorded before
 * (a retried webhook), and then nothing should change.
 */
export async function recordKeyword(
  db: Queryable,
  keyword: {
    provider: string;
    providerMessageId: string;
    phone: string;
    word: string;
    action: KeywordAction;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into sms_keywords (provider, provider_message_id, phone, word, action, received_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (provider, provider_message_id) do nothing
     returning id`,
    [keyword.provider, keyword.providerMessageId, keyword.phone, keyword.word, keyword.action, keyword.at],
  );
  return rows.length > 0;
}

/** Puts the number on the list we never text (again: the first opt-out's time and source are kept). */
export async function optOut(
  db: Queryable,
  optOut: { phone: string; source: 'keyword' | 'provider'; word: string | null; at: Date },
): Promise<void> {
  await db.query(
    `insert into sms_opt_outs (phone, source, word, opted_out_at) values ($1, $2, $3, $4)
     on conflict (phone) do nothing`,
    [optOut.phone, optOut.source, optOut.word, optOut.at],
  );
}

/** Takes the number off the list (it texted START); false when it was not on it. */
export async function optIn(db: Queryable, phone: string): Promise<boolean> {
  const rows = await db.query('delete from sms_opt_outs where phone = $1 returning phone', [phone]);
  return rows.length > 0;
}

/** Whether the number opted out of our texts. */
export async function isOptedOut(db: Queryable, phone: string): Promise<boolean> {
  const rows = await db.query('select 1 from sms_opt_outs where phone = $1', [phone]);
  return rows.length > 0;
}
