// Mail with SMTP_URL set, against a local SMTP stand-in: the confirmation mail of a new account
// goes out over SMTP with its link and is marked sent in the outbox; when the mail server refuses
// it, the customer's sign-up still succeeds and the outbox row says why. Without SMTP_URL, the
// outbox keeps it and GET /api/dev/outbox/ shows it only with DEV_OUTBOX=1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED } from '../../server/auth/built-in-auth.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { lineLogger } from '../support/log-lines.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { TEST_PASSWORD } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in.ts';

/** The Subject header, its MIME encoded-words (RFC 2047, Q or B) decoded. */
function subjectOf(message: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(message)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

describe.each(databaseTargets)('mail on $name', (target) => {
  let smtp: SmtpStandIn;
  let api: TestApi;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    api = await createTestApi(target, {}, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  const outbox = (to: string) =>
    api.deps.db.query<{ subject: string; sent_at: Date | null; error: string | null }>(
      'select subject, sent_at, error from outbox where recipient = $1',
      [to],
    );

  it('sends the confirmation mail over SMTP with its link, and marks it sent', async () => {
    const registered = await api.call('POST', '/api/auth/register/', {
      email: 'smtp@example.com',
      password: TEST_PASSWORD,
      name: 'Sam',
      phone: '2135550150',
    });
    expect(await registered.json()).toEqual({ message: REGISTERED });
    // The answer does not wait for the mail server: the outbox sends after it.
    await api.deps.mailer.deliverNow();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['smtp@example.com']);
    expect(subjectOf(mail!.data)).toBe('Confirm your Taquería El Comal account');
    expect(mail!.data.replace(/=\r\n/g, '')).toMatch(
      /http:\/\/localhost\/confirmation-instruction\/\?token=3D[\w-]+|http:\/\/localhost\/confirmation-instruction\/\?token=[\w-]+/,
    );
    const [row] = await outbox('smtp@example.com');
    expect(row!.sent_at).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });

  it('logs a mail sent over SMTP without its links, and one kept in the outbox with them', async () => {
    const body = 'Choose a new password: http://localhost/reset-password/?token=secret-reset-token';
    for (const smtpUrl of [smtp.url, undefined]) {
      const lines: string[] = [];
      const mailer = createMailer({ db: api.deps.db, smtpUrl, log: lineLogger((line) => lines.push(line)) });
      const to = smtpUrl ? 'logged-smtp@example.com' : 'logged-local@example.com';
      await mailer.send({ to, subject: 'Reset your password', body });
      await mailer.deliverNow();
      const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.to === to)!;
      expect(line).toMatchObject({ message: 'mail', subject: 'Reset your password', smtp: Boolean(smtpUrl) });
      if (smtpUrl) expect(lines.join('\n')).not.toContain('secret-reset-token');
      else expect(line.links).toEqual(['http://localhost/reset-password/?token=secret-reset-token']);
    }
  });

  it('still signs the customer up when the mail server refuses, and the outbox says why', async () => {
    smtp.refuseRecipients();
    const registered = await api.call('POST', '/api/auth/register/', {
      email: 'refused@example.com',
      password: TEST_PASSWORD,
      name: 'Ray',
      phone: '2135550151',
    });
    expect(registered.status).toBe(201);
    await api.deps.mailer.deliverNow();
    const [row] = await outbox('refused@example.com');
    expect(row!.sent_at).toBeNull();
    expect(row!.error).toMatch(/550/);
  });

  it('lists mail at GET /api/dev/outbox/ only when DEV_OUTBOX=1', async () => {
    expect((await api.call('GET', '/api/dev/outbox/')).status).toBe(404);
    const dev = await createTestApi(target, {}, { DEV_OUTBOX: '1' });
    try {
      await dev.call('POST', '/api/auth/password-reset/', { email: 'nobody@example.com' });
      await dev.call('POST', '/api/auth/register/', {
        email: 'dev@example.com',
        password: TEST_PASSWORD,
        name: 'Dev',
        phone: '2135550152',
      });
      const listed = (await (await dev.call('GET', '/api/dev/outbox/')).json()) as {
        to: string;
        subject: string;
        links: string[];
      }[];
      expect(listed).toEqual([
        expect.objectContaining({
          to: 'dev@example.com',
          subject: 'Confirm your Taquería El Comal account',
          links: [expect.stringMatching(/^http:\/\/localhost\/confirmation-instruction\/\?token=[\w-]{43}$/)],
        }),
      ]);
    } finally {
      await dev.close();
    }
  });
});
