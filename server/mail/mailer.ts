/**
 * Sending mail, from a transactional outbox. Every mail is first a row of the outbox table:
 * written in the transaction of the change it reports (`queue`), or on its own (`send`). A sender
 * then claims each row once, on whichever replica, writes a log line (with its links, so someone
 * running the embedded defaults can follow them) and, with SMTP_URL, sends it over SMTP with
 * nodemailer, recording whether that worked. Sending happens after the caller's answer, so a slow
 * mail server never holds a request up, and every request that writes a mail takes the same time
 * whoever it is for. A sweep picks up what a crash left waiting.
 */
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database.ts';
import { claimNextMail, insertMail, markMail } from '../db/outbox.ts';
import type { InFlight } from '../in-flight.ts';
import { log as serverLog, type Logger } from '../logger.ts';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, links written out; user text only through mail-text.ts. */
  body: string;
}

export interface Mailer {
  /** Writes the mail to the outbox and sends it after the caller's answer. */
  send(mail: Mail): Promise<void>;
  /** Writes the mail in the caller's transaction: it exists only if that commits. Call `deliver` after the commit. */
  queue(tx: Queryable, mail: Mail): Promise<void>;
  /** Starts sending what waits in the outbox, in the background. */
  deliver(): void;
  /** Sends what waits in the outbox and answers when it is done (tests, shutdown). */
  deliverNow(): Promise<void>;
  /** Every `everyMs`, sends what a crash or another replica left waiting; answers the stop. */
  startSweep(everyMs?: number): () => void;
}

export interface MailerOptions {
  db: Database;
  /** smtp://user:pass@host:587 or smtps://...; unset keeps mail in the outbox only. */
  smtpUrl?: string | undefined;
  from?: string;
  clock?: () => Date;
  log?: Logger;
  /** Counts background sending, so shutdown waits for it. */
  inFlight?: InFlight;
}

/** A claim older than this, with no outcome, belonged to a sender that died: claim it again. */
const CLAIM_STALE_MS = 5 * 60_000;

export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const log = options.log ?? serverLog;
  const clock = options.clock ?? (() => new Date());
  const from = options.from ?? 'Taquería El Comal <orders@comal.example>';
  let running: Promise<void> | null = null;
  let again = false;

  async function sendOne(): Promise<boolean> {
    const now = clock();
    const row = await claimNextMail(db, now, transport ? new Date(now.getTime() - CLAIM_STALE_MS) : null);
    if (!row) return false;
    // Without a mail server the log line is how a local user follows a link. With one, a link
    // (a password reset's) would let anyone who reads the logs into the account: it stays out.
    const links = transport ? undefined : (row.body.match(/https?:\/\/\S+/g) ?? []);
    log.info({ outbox_id: row.id, to: row.recipient, subject: row.subject, links, smtp: Boolean(transport) }, 'mail');
    if (!transport) return true;
    try {
      await transport.sendMail({ from, to: row.recipient, subject: row.subject, text: row.body });
      await markMail(db, row.id, { sentAt: clock() });
    } catch (error) {
      // The request that wrote the mail already succeeded; the outbox row says what failed.
      const message = error instanceof Error ? error.message : String(error);
      await markMail(db, row.id, { error: message });
      log.error({ outbox_id: row.id, error: message }, 'mail not sent');
    }
    return true;
  }

  /** One sender per process at a time; a call while it runs makes it look once more at the end. */
  function deliverNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const work = (async () => {
      try {
        do {
          again = false;
          while (await sendOne());
        } while (again);
      } catch (error) {
        log.error({ err: error }, 'mail sending stopped');
      } finally {
        running = null;
      }
    })();
    running = options.inFlight ? options.inFlight.track(work) : work;
    return running;
  }

  return {
    async send(mail) {
      await insertMail(db, mail);
      void deliverNow();
    },
    async queue(tx, mail) {
      await insertMail(tx, mail);
    },
    deliver: () => void deliverNow(),
    deliverNow,
    startSweep(everyMs = 30_000) {
      const timer = setInterval(() => void deliverNow(), everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
