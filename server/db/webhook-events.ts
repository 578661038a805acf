/** SQL for webhook_events: which provider events were already handled (de-duplication). */
import type { Queryable } from './database.ts';

export async function webhookEventHandled(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.query('select 1 from webhook_events where provider = $1 and event_id = $2', [
    provider,
    eventId,
  ]);
  return rows.length > 0;
}

/** Notes the event as handled; false when another delivery of it got there first. */
export async function recordWebhookEvent(
  db: Queryable,
  provider: string,
  eventId: string,
  eventType = '',
): Promise<boolean> {
  const inserted = await db.query(
    `insert into webhook_events (provider, event_id, event_type) values ($1, $2, $3)
     on conflict (provider, event_id) do nothing returning event_id`,
    [provider, eventId, eventType],
  );
  return inserted.length > 0;
}
