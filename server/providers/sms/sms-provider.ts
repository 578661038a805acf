/**
 * Sending a text message, behind one small interface, with a local default beside the real adapter: the
 * outbox by default (a log line, nothing leaves the machine), Twilio when the TWILIO_* variables
 * are set (smsProviderFromEnv in twilio.ts). Provider shapes stop here; callers see `{ id }` or an
 * SmsError, and what the provider later tells us (a text's delivery, a customer's reply) as a
 * DeliveryReport or an IncomingText.
 */

export interface SmsProvider {
  /** Stored with each text (sms_messages.provider). */
  readonly name: 'outbox' | 'twilio';
  /**
   * Sends `body` to `to` (E.164, '+12135550101'); answers the provider's id for the message
   * (Twilio's Message SID). Throws an SmsError when the provider refuses or does not answer.
   */
  send(to: string, body: string): Promise<{ id: string }>;
  /** What the provider calls us back with; absent for a provider that never calls (the outbox). */
  readonly webhooks?: SmsWebhooks;
}

/** A form-encoded webhook's fields, each name with every value it came with. */
export type WebhookFields = ReadonlyMap<string, readonly string[]>;

export interface SmsWebhooks {
  /**
   * Whether a webhook came from the provider: its signature (`signature`, the header's value) over
   * `url`, the address it was sent to as we published it, and its fields.
   */
  verify(url: string, fields: WebhookFields, signature: string | undefined): boolean;
  /** A status callback's news about one text we sent; null when the fields are not one. */
  deliveryReport(fields: WebhookFields): DeliveryReport | null;
  /** A text a customer sent us (a reply); null when the fields are not one. */
  incomingText(fields: WebhookFields): IncomingText | null;
}

/**
 * Where a text is, as the provider says (Twilio's Message status values,
 * https://www.twilio.com/docs/messaging/api/message-resource#message-status-values).
 */
export const DELIVERY_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'partially_delivered',
  'read',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A status that never changes again, but to `read` after `delivered`. */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'partially_delivered',
  'read',
];

export interface DeliveryReport {
  /** The provider's id of the text (Twilio's MessageSid). */
  messageId: string;
  status: DeliveryStatus;
  /** Why it failed (Twilio's ErrorCode: 30003 unreachable handset, 30006 landline ...), else null. */
  errorCode: number | null;
}

/** What a customer's reply asks of us: no more texts, texts again, or help. */
export type ReplyKeyword = 'opt_out' | 'opt_in' | 'help';

export interface IncomingText {
  /** The provider's id of the reply (Twilio's MessageSid): a retried webhook is recorded once. */
  messageId: string;
  /** Who sent it, E.164. */
  from: string;
  /** What it asks, when it is one of the provider's keywords; null for any other text. */
  keyword: ReplyKeyword | null;
  /** The word that matched, upper-case ('STOP', 'QUIT', 'START', 'INFO'), never other text of the reply. */
  word: string | null;
}

/** Twilio's code for "the recipient replied STOP" (https://www.twilio.com/docs/api/errors/21610). */
export const RECIPIENT_OPTED_OUT = 21610;

export class SmsError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, or 0 when it did not answer (timeout, network). */
    readonly status: number,
    /**
     * The provider's error code (Twilio: 21610 the recipient replied STOP, 21211 not a valid
     * number, 20003 wrong credentials), or 'timeout' / 'network_error' when there was no answer.
     */
    readonly code: number | string | null,
    /** Where the provider explains the code (Twilio's `more_info`). */
    readonly moreInfo: string | null = null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}
