/**
 * The embedded SMS default: a text goes to the log (and sms_messages, written by the caller with
 * provider 'outbox'), as mail without SMTP_URL stays in the mail outbox. Nothing leaves the
 * machine, so a local run or a demo never texts a real phone.
 */
import { randomBytes } from 'node:crypto';
import type { SmsProvider } from './sms-provider.ts';
import { log as serverLog, type Logger } from '../../logger.ts';

export function createOutboxSms(options: { log?: Logger } = {}): SmsProvider {
  const log = options.log ?? serverLog;
  return {
    name: 'outbox',
    send(to, body) {
      const id = `outbox_${randomBytes(12).toString('hex')}`;
      log.info({ provider: 'outbox', id, to, body }, 'sms');
      return Promise.resolve({ id });
    },
  };
}
