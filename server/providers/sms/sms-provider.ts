/**
 * Sending a text message, behind one small interface, with a local default beside the real adapter: the
 * outbox by default (a log line, nothing leaves the machine), Twilio when the TWILIO_* variables
 * are set (smsProviderFromEnv in twilio.ts). Provider shapes stop here; callers see `{ id }` or an
 * SmsError.
 */

export interface SmsProvider {
  /** Stored with each text (sms_messages.provider). */
  readonly name: 'outbox' | 'twilio';
  /**
   * Sends `body` to `to` (E.164, '+12135550101'); answers the provider's id for the message
   * (Twilio's Message SID). Throws an SmsError when the provider refuses or does not answer.
   */
  send(to: string, body: string): Promise<{ id: string }>;
}

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
