/**
 * SQL for the mail outbox: every mail the product sends, whether or not SMTP delivered it. A mail
 * is written first (in the transaction of the change it reports, where there is one) and claimed
 * by a sender afterwards, once, whichever replica gets there first.
 */
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
  const [row] = await db.query<{ id: string }>(
    'insert into outbox (recipient, subject, body) values ($1, $2, $3) returning id::text as id',
    [mail.to, mail.subject, mail.body],
  );
  return row!.id;
}

/**
 * Claims the oldest mail waiting to go out: never claimed, or claimed by a sender that died
 * before it could say how it went (claimed before `staleBefore`, neither sent nor failed; null
 * when nothing can fail after the claim, as with no mail server).
 */
export async function claimNextMail(db: Queryable, now: Date, staleBefore: Date | null): Promise<OutboxRow | null> {
  const [row] = await db.query<OutboxRow>(
    `update outbox set claimed_at = $1
     where id = (
       select id from outbox
       where claimed_at is null or ($2::timestamptz is not null and claimed_at < $2 and sent_at is null and error is null)
       order by id limit 1 for update skip locked
     )
     returning id::text as id, recipient, subject, body, created_at, sent_at, error`,
    [now, staleBefore],
  );
  return row ?? null;
}

export async function markMail(
  db: Queryable,
  id: string,
  outcome: { sentAt: Date } | { error: string },
): Promise<void> {
  if ('sentAt' in outcome) await db.query('update outbox set sent_at = $2 where id = $1', [id, outcome.sentAt]);
  else await db.query('update outbox set error = $2 where id = $1', [id, outcome.error]);
}

/** The newest mails first (ordered by the numeric id, not its text). */
export async function recentMail(db: Queryable, limit = 50): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    'select id::text as id, recipient, subject, body, created_at, sent_at, error from outbox order by outbox.id desc limit $1',
    [limit],
  );
}
