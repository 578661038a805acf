/**
 * GET /api/dev/outbox/: the mails the server sent, with their links, so someone running the
 * embedded defaults can confirm an account without a mail server. Only when DEV_OUTBOX=1 (which
 * `npm start` sets on the embedded defaults); never in production, where it answers 404.
 */
import { Hono } from 'hono';
import type { OutboxResponse } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { recentMail } from '../db/outbox.ts';
import { HttpError } from '../http/errors.ts';

export function devOutboxRoutes(deps: AppDependencies): Hono {
  return new Hono().get('/dev/outbox/', async (c) => {
    if (!deps.settings.devOutbox) throw new HttpError(404, 'There is no such API call.');
    const mails = await recentMail(deps.db);
    const body: OutboxResponse = mails.map((mail) => ({
      id: mail.id,
      to: mail.recipient,
      subject: mail.subject,
      body: mail.body,
      links: mail.body.match(/https?:\/\/\S+/g) ?? [],
      created_at: mail.created_at.toISOString(),
    }));
    return c.json(body);
  });
}
