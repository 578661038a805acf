/** SQL for the mail outbox: every mail the product sends, whether or not SMTP delivered it. */
import type { Queryable } from './database.ts';

export interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
}

export async function insertMail(db: Queryable, mail: { to: string; subject: string; body: string }): Promise<string> {
  const [row] = await db.query<{ id: string }>('insert into outbox (recipient, subject, body) values ($1, $2, $3) returning id::text as id', [
    mail.to,
    mail.subject,
    mail.body,
  ]);
  return row!.id;
}

export async function markMail(db: Queryable, id: string, outcome: { sentAt: Date } | { error: string }): Promise<void> {
  if ('sentAt' in outcome) await db.query('update outbox set sent_at = $2 where id = $1', [id, outcome.sentAt]);
  else await db.query('update outbox set error = $2 where id = $1', [id, outcome.error]);
}

export async function recentMail(db: Queryable, limit = 50): Promise<OutboxRow[]> {
  return db.query<OutboxRow>('select id::text as id, recipient, subject, body, created_at, sent_at, error from outbox order by id desc limit $1', [limit]);
}
