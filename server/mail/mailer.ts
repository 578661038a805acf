/**
 * Sending mail. Every mail goes into the outbox table and a log line (with its links, so someone
 * running the embedded defaults can follow them); with SMTP_URL it is also sent over SMTP by
 * nodemailer, and the outbox row records whether that worked.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { insertMail, markMail } from '../db/outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, links written out. */
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  /** smtp://user:pass@host:587 or smtps://...; unset keeps mail in the outbox only. */
  smtpUrl?: string | undefined;
  from?: string;
  clock?: () => Date;
  log?: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.clock ?? (() => new Date());
  const from = options.from ?? 'Taquería El Comal <orders@comal.example>';
  return {
    async send(mail) {
      const id = await insertMail(options.db, mail);
      const links = mail.body.match(/https?:\/\/\S+/g) ?? [];
      log(JSON.stringify({ level: 'info', message: 'mail', outbox_id: id, to: mail.to, subject: mail.subject, links, smtp: Boolean(transport) }));
      if (!transport) return;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
        await markMail(options.db, id, { sentAt: clock() });
      } catch (error) {
        // The customer's request still succeeds; the outbox row says what failed.
        const message = error instanceof Error ? error.message : String(error);
        await markMail(options.db, id, { error: message });
        log(JSON.stringify({ level: 'error', message: 'mail not sent', outbox_id: id, error: message }));
      }
    },
  };
}
