/**
 * Twilio Programmable Messaging as the SMS provider: one REST call per text,
 * POST {api base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid), Body and StatusCallback, HTTP Basic auth with the Account SID and Auth
 * Token; Twilio answers 201 with the Message resource, whose `sid` we keep
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * A refusal comes back as `{ code, message, more_info, status }` and becomes an SmsError
 * (https://www.twilio.com/docs/api/errors: 21610 unsubscribed recipient, 21211 invalid To,
 * 20003 authentication). A 429 (20429, too many requests) "is never processed and is always safe
 * to retry" (https://www.twilio.com/docs/errors/20429): it is asked again after 1 s and then 3 s;
 * nothing else is, since a 5xx or a timeout may have sent the text. Twilio's shapes stop in this file.
 *
 * Twilio calls us back, form-encoded and signed with X-Twilio-Signature:
 * - the StatusCallback of each text (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status):
 *   MessageSid, MessageStatus and, when it failed, ErrorCode (30003 unreachable, 30006 landline ...);
 *   callbacks may arrive out of order.
 * - the incoming-message webhook of our number or Messaging Service
 *   (https://www.twilio.com/docs/messaging/guides/webhook-request): From and Body, and OptOutType
 *   (STOP, START or HELP) when a Messaging Service with Advanced Opt-Out matched a keyword.
 * The signature is HMAC-SHA1 with the Auth Token over the URL Twilio called followed by every
 * POST field's name and value, the names sorted, then base64
 * (https://www.twilio.com/docs/usage/webhooks/webhooks-security). It is ten lines with node:crypto,
 * checked against twilio-node's published example in the tests, so the server does not carry the
 * whole `twilio` SDK for one function; like the SDK's validateRequest, the URL is tried with and
 * without its default port, which Twilio's signing sometimes keeps.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createOutboxSms } from './outbox-sms.ts';
import {
  DELIVERY_STATUSES,
  SmsError,
  type DeliveryReport,
  type DeliveryStatus,
  type IncomingText,
  type ReplyKeyword,
  type SmsProvider,
  type SmsWebhooks,
  type WebhookFields,
} from './sms-provider.ts';
import type { Logger } from '../../logger.ts';

/** Where Twilio posts each text's delivery status, under the site's public origin. */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status/';
/** The incoming-message webhook to set on the number (or its Messaging Service) in Twilio's Console. */
export const TWILIO_INCOMING_PATH = '/api/webhooks/twilio/incoming/';

export interface TwilioConfig {
  /** https://api.twilio.com unless a test points it at a stand-in (TWILIO_API_BASE). */
  apiBase: string;
  accountSid: string;
  authToken: string;
  /** The sender: a Messaging Service (preferred when set) or one of the account's numbers. */
  sender: { messagingServiceSid: string } | { from: string };
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
  /** The waits before asking again after a 429 (default TOO_MANY_REQUESTS_WAITS_MS). */
  retryWaitsMs?: readonly number[];
  /**
   * Where Twilio reports each text's delivery (StatusCallback): the configured PUBLIC_ORIGIN and
   * TWILIO_STATUS_PATH, never a request's Host. Absent without PUBLIC_ORIGIN: no status callbacks.
   */
  statusCallbackUrl?: string;
}

/** Twilio's error body (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/** The waits before each new try of a text Twilio answered 429 (never processed): then it is given up. */
export const TOO_MANY_REQUESTS_WAITS_MS = [1_000, 3_000] as const;

export function createTwilioSms(config: TwilioConfig, options: { fetch?: typeof fetch } = {}): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, body) {
      for (const wait of config.retryWaitsMs ?? TOO_MANY_REQUESTS_WAITS_MS) {
        try {
          return await sendOnce(to, body);
        } catch (error) {
          if (!(error instanceof SmsError) || error.status !== 429) throw error;
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
      return sendOnce(to, body);
    },
    webhooks: twilioWebhooks(config.authToken),
  };

  /** One call to Twilio: the text's sid, or an SmsError. */
  async function sendOnce(to: string, body: string): Promise<{ id: string }> {
    const form = new URLSearchParams({ To: to });
    if ('messagingServiceSid' in config.sender) form.set('MessagingServiceSid', config.sender.messagingServiceSid);
    else form.set('From', config.sender.from);
    form.set('Body', body);
    if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
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
  }
}

/** Twilio's webhooks, checked with the account's Auth Token. */
export function twilioWebhooks(authToken: string): SmsWebhooks {
  return {
    verify: (url, fields, signature) => verifyTwilioSignature(authToken, url, fields, signature),
    deliveryReport,
    incomingText,
  };
}

/** X-Twilio-Signature for a request to `url` with these POST fields. */
export function twilioSignature(authToken: string, url: string, fields: WebhookFields): string {
  let data = url;
  for (const name of [...fields.keys()].sort()) {
    // A name sent more than once: each distinct value, sorted, as twilio-node signs it.
    for (const value of [...new Set(fields.get(name))].sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function verifyTwilioSignature(
  authToken: string,
  url: string,
  fields: WebhookFields,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return withAndWithoutPort(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, fields));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The URL as given, with its default port written out (https://host:443/...), and without it. */
function withAndWithoutPort(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const rest = `${parsed.pathname}${parsed.search}`;
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return [
    ...new Set([
      url,
      `${parsed.protocol}//${parsed.hostname}:${port}${rest}`,
      `${parsed.protocol}//${parsed.hostname}${rest}`,
    ]),
  ];
}

const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/** The field's one value, or null when it is missing or sent with different values. */
function field(fields: WebhookFields, name: string): string | null {
  const values = fields.get(name);
  if (!values || values.length === 0) return null;
  return values.every((value) => value === values[0]) ? values[0]! : null;
}

/** A status callback: MessageSid, MessageStatus and, for a failure, ErrorCode. */
function deliveryReport(fields: WebhookFields): DeliveryReport | null {
  const messageId = field(fields, 'MessageSid') ?? field(fields, 'SmsSid');
  const status = field(fields, 'MessageStatus') ?? field(fields, 'SmsStatus');
  if (!messageId || !MESSAGE_SID.test(messageId)) return null;
  if (!status || !(DELIVERY_STATUSES as readonly string[]).includes(status)) return null;
  const code = field(fields, 'ErrorCode');
  return {
    messageId,
    status: status as DeliveryStatus,
    errorCode: code && /^\d{1,6}$/.test(code) && Number(code) > 0 ? Number(code) : null,
  };
}

/**
 * Twilio's default keywords (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out,
 * https://help.twilio.com/articles/223134027-Twilio-support-for-opt-out-keywords-SMS-STOP-filtering-
 * and https://help.twilio.com/articles/31560110671259): the whole message, any case, spaces around
 * it ignored. Twilio added REVOKE and OPTOUT on 2025-05-14 for the FCC's opt-out rule. It matches no keyword
 * with a space in it; "STOP ALL" is honoured here anyway, since stopping someone who asked in
 * other words is the safe side.
 */
const KEYWORDS: Readonly<Record<string, ReplyKeyword>> = {
  STOP: 'opt_out',
  STOPALL: 'opt_out',
  'STOP ALL': 'opt_out',
  UNSUBSCRIBE: 'opt_out',
  CANCEL: 'opt_out',
  END: 'opt_out',
  QUIT: 'opt_out',
  REVOKE: 'opt_out',
  OPTOUT: 'opt_out',
  START: 'opt_in',
  YES: 'opt_in',
  UNSTOP: 'opt_in',
  HELP: 'help',
  INFO: 'help',
};

/** Advanced Opt-Out's OptOutType: what a Messaging Service's own keywords (in any language) asked. */
const OPT_OUT_TYPES: Readonly<Record<string, ReplyKeyword>> = { STOP: 'opt_out', START: 'opt_in', HELP: 'help' };

/** An incoming text: who sent it, and the keyword it is, if any. */
function incomingText(fields: WebhookFields): IncomingText | null {
  const messageId = field(fields, 'MessageSid') ?? field(fields, 'SmsMessageSid') ?? field(fields, 'SmsSid');
  const from = field(fields, 'From');
  if (!messageId || !MESSAGE_SID.test(messageId) || !from || !E164.test(from)) return null;
  const said = (field(fields, 'Body') ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  const optOutType = (field(fields, 'OptOutType') ?? '').trim().toUpperCase();
  const byType = Object.hasOwn(OPT_OUT_TYPES, optOutType) ? OPT_OUT_TYPES[optOutType]! : null;
  const byWord = Object.hasOwn(KEYWORDS, said) ? KEYWORDS[said]! : null;
  // Twilio's own match wins: a Messaging Service may have other keywords, or have dropped one.
  const keyword = byType ?? byWord;
  const word = keyword === null ? null : byWord === keyword ? said : optOutType;
  return { messageId, from, keyword, word };
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
 * TWILIO_TIMEOUT_MS are optional. With the configured public origin every text asks for status
 * callbacks.
 */
export function twilioConfigFromEnv(
  env: Record<string, string | undefined>,
  /** The configured PUBLIC_ORIGIN (validated by config.ts): status callbacks go there. */
  publicOrigin?: string,
): TwilioConfig | undefined {
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
    ...(publicOrigin ? { statusCallbackUrl: `${publicOrigin.replace(/\/+$/, '')}${TWILIO_STATUS_PATH}` } : {}),
  };
}

/** The SMS provider the environment asks for: Twilio when configured, else the outbox (the log). */
export function smsProviderFromEnv(
  env: Record<string, string | undefined>,
  options: { fetch?: typeof fetch; log?: Logger; publicOrigin?: string } = {},
): SmsProvider {
  const config = twilioConfigFromEnv(env, options.publicOrigin);
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
