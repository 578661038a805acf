/**
 * The embedded SMS default: a text goes to the log (and sms_messages, written by the caller with
 * provider 'outbox'), as mail without SMTP_URL stays in the mail outbox. Nothing leaves the
 * machine, so a local run or a demo never texts a real phone.
 */
import { randomBytes } from 'node:crypto';
import type { SmsProvider } from './sms-provider.ts';

export function createOutboxSms(options: { log?: (line: string) => void } = {}): SmsProvider {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    name: 'outbox',
    async send(to, body) {
      const id = `outbox_${randomBytes(12).toString('hex')}`;
      log(JSON.stringify({ level: 'info', message: 'sms', provider: 'outbox', id, to, body }));
      return { id };
    },
  };
}
