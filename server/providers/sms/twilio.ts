/**
 * Twilio Programmable Messaging as the SMS provider: one REST call per text,
 * POST {api base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP Basic auth with the Account SID and Auth Token; Twilio
 * answers 201 with the Message resource, whose `sid` we keep
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * A refusal comes back as `{ code, message, more_info, status }` and becomes an SmsError
 * (https://www.twilio.com/docs/api/errors: 21610 unsubscribed recipient, 21211 invalid To,
 * 20003 authentication). Twilio's shapes stop in this file.
 */
import { createOutboxSms } from './outbox-sms.ts';
import { SmsError, type SmsProvider } from './sms-provider.ts';
import type { Logger } from '../../logger.ts';

export interface TwilioConfig {
  /** https://api.twilio.com unless a test points it at a stand-in (TWILIO_API_BASE). */
  apiBase: string;
  accountSid: string;
  authToken: string;
  /** The sender: a Messaging Service (preferred when set) or one of the account's numbers. */
  sender: { messagingServiceSid: string } | { from: string };
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
}

/** Twilio's error body (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

export function createTwilioSms(config: TwilioConfig, options: { fetch?: typeof fetch } = {}): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, body) {
      const form = new URLSearchParams({ To: to });
      if ('messagingServiceSid' in config.sender) form.set('MessagingServiceSid', config.sender.messagingServiceSid);
      else form.set('From', config.sender.from);
      form.set('Body', body);
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        // A timeout may still have sent the text; the caller records it and never retries blindly.
        throw new SmsError(
          timedOut ? 'Twilio did not answer in time.' : `Twilio could not be reached: ${causeOf(error)}`,
          0,
          timedOut ? 'timeout' : 'network_error',
        );
      }
      const parsed = parseJson(text);
      if (!response.ok) {
        const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as TwilioErrorBody;
        const message =
          typeof errorBody.message === 'string' ? errorBody.message : text.slice(0, 200) || response.statusText;
        throw new SmsError(
          `Twilio answered ${response.status}${typeof errorBody.code === 'number' ? ` (${errorBody.code})` : ''}: ${message}`,
          response.status,
          typeof errorBody.code === 'number' ? errorBody.code : null,
          typeof errorBody.more_info === 'string' ? errorBody.more_info : null,
        );
      }
      const sid = (parsed as { sid?: unknown } | null)?.sid;
      if (typeof sid !== 'string' || sid === '')
        throw new SmsError(`Twilio answered ${response.status} without a message sid.`, response.status, null);
      return { id: sid };
    },
  };
}

const ALL_TWILIO = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM_NUMBER',
  'TWILIO_MESSAGING_SERVICE_SID',
] as const;

/**
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender (TWILIO_FROM_NUMBER or
 * TWILIO_MESSAGING_SERVICE_SID) choose Twilio; none of them keeps texts in the outbox; some
 * without the others stops the start with what is missing. TWILIO_API_BASE (tests only) and
 * TWILIO_TIMEOUT_MS are optional.
 */
export function twilioConfigFromEnv(env: Record<string, string | undefined>): TwilioConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (ALL_TWILIO.every((name) => !value(name))) return undefined;
  const missing: string[] = [];
  if (!value('TWILIO_ACCOUNT_SID')) missing.push('TWILIO_ACCOUNT_SID');
  if (!value('TWILIO_AUTH_TOKEN')) missing.push('TWILIO_AUTH_TOKEN');
  if (!value('TWILIO_FROM_NUMBER') && !value('TWILIO_MESSAGING_SERVICE_SID'))
    missing.push('TWILIO_FROM_NUMBER (or TWILIO_MESSAGING_SERVICE_SID)');
  if (missing.length > 0) {
    throw new Error(
      `Texts through Twilio need ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} and start again, or unset every TWILIO_ variable to keep texts in the log.`,
    );
  }
  const accountSid = value('TWILIO_ACCOUNT_SID')!;
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid))
    throw new Error(`TWILIO_ACCOUNT_SID must be the Account SID, AC and 32 hex digits, not "${accountSid}".`);
  const messagingServiceSid = value('TWILIO_MESSAGING_SERVICE_SID');
  if (messagingServiceSid && !/^MG[0-9a-fA-F]{32}$/.test(messagingServiceSid)) {
    throw new Error(
      `TWILIO_MESSAGING_SERVICE_SID must be a Messaging Service SID, MG and 32 hex digits, not "${messagingServiceSid}".`,
    );
  }
  const apiBase = value('TWILIO_API_BASE') ?? 'https://api.twilio.com';
  if (!/^https?:\/\/[^/]+\/?$/.test(apiBase))
    throw new Error(`TWILIO_API_BASE must be an origin like https://api.twilio.com, not "${apiBase}".`);
  const timeout = Number(value('TWILIO_TIMEOUT_MS'));
  return {
    apiBase: apiBase.replace(/\/$/, ''),
    accountSid,
    authToken: value('TWILIO_AUTH_TOKEN')!,
    sender: messagingServiceSid ? { messagingServiceSid } : { from: value('TWILIO_FROM_NUMBER')! },
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  };
}

/** The SMS provider the environment asks for: Twilio when configured, else the outbox (the log). */
export function smsProviderFromEnv(
  env: Record<string, string | undefined>,
  options: { fetch?: typeof fetch; log?: Logger } = {},
): SmsProvider {
  const config = twilioConfigFromEnv(env);
  return config
    ? createTwilioSms(config, options.fetch ? { fetch: options.fetch } : {})
    : createOutboxSms(options.log ? { log: options.log } : {});
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}
