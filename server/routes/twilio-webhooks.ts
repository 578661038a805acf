/**
 * Twilio's calls to us, form-encoded as Twilio sends them:
 * - POST /api/webhooks/twilio/status/: the StatusCallback each text asks for (twilio.ts sets it to
 *   the configured PUBLIC_ORIGIN): where the text is (queued, sent, delivered, undelivered,
 *   failed) and the carrier's ErrorCode when it failed. Answered 200 with `{ received: true }`
 *   whatever we make of it, also for a text we never sent (Twilio only needs a 200:
 *   https://www.twilio.com/docs/messaging/guides/track-outbound-message-status).
 * - POST /api/webhooks/twilio/incoming/: the incoming-message webhook to set on the number or its
 *   Messaging Service; a STOP, START or HELP keyword (or a synonym) is recorded, anything else is
 *   not kept. Answered with empty TwiML, `<Response></Response>`: we reply nothing, since Twilio's
 *   opt-out handling (default or Advanced Opt-Out) sends the confirmation itself
 *   (https://www.twilio.com/docs/usage/webhooks/messaging-webhooks#incoming-message-webhook).
 *
 * Both need X-Twilio-Signature over the URL as we published it, the configured public origin and
 * the path and query this request came to (never its Host header), and its fields; else 403. A
 * retried or replayed request changes nothing: a status is never moved back, a keyword is
 * recorded once per MessageSid. Without Twilio configured both answer 404. The CSRF check does
 * not apply to /api/webhooks/.
 */
import { Hono, type Context } from 'hono';
import type { ApiError, WebhookReceived } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { log } from '../logger.ts';
import type { SmsWebhooks, WebhookFields } from '../providers/sms/sms-provider.ts';
import { TWILIO_INCOMING_PATH, TWILIO_STATUS_PATH } from '../providers/sms/twilio.ts';
import { recordDeliveryReport, recordIncomingText } from '../services/order-texts.ts';

export const TWILIO_WEBHOOKS_OFF = 'Twilio webhooks are not set up on this server.';
export const TWILIO_NOT_A_FORM = 'Twilio webhooks are form-encoded (application/x-www-form-urlencoded).';
export const TWILIO_SIGNATURE_INVALID = 'The X-Twilio-Signature of this request is not valid.';

/** TwiML that replies nothing. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type Deps = Pick<AppDependencies, 'db' | 'clock' | 'sms' | 'settings'>;

export function twilioWebhookRoutes(deps: Deps): Hono {
  const status = (c: Context) => receiveStatus(c, deps);
  const incoming = (c: Context) => receiveIncoming(c, deps);
  const under = (path: string) => path.replace(/^\/api/, '');
  return new Hono()
    .post(under(TWILIO_STATUS_PATH), status)
    .post(under(TWILIO_STATUS_PATH).replace(/\/$/, ''), status)
    .post(under(TWILIO_INCOMING_PATH), incoming)
    .post(under(TWILIO_INCOMING_PATH).replace(/\/$/, ''), incoming);
}

type Signed = { fields: WebhookFields; webhooks: SmsWebhooks } | { refusal: Response };

/** The request's fields once its signature holds; else the refusal to answer. */
async function signedFields(c: Context, deps: Deps): Promise<Signed> {
  const refuse = (message: string, status: 403 | 404 | 415) =>
    ({ refusal: c.json({ error: true, message } satisfies ApiError, status) }) as const;
  const webhooks = deps.sms.webhooks;
  if (!webhooks) return refuse(TWILIO_WEBHOOKS_OFF, 404);
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? ''))
    return refuse(TWILIO_NOT_A_FORM, 415);
  const fields = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(await c.req.text())) {
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  const { pathname, search } = new URL(c.req.url);
  const url = `${deps.settings.publicOrigin}${pathname}${search}`;
  if (!webhooks.verify(url, fields, c.req.header('X-Twilio-Signature'))) return refuse(TWILIO_SIGNATURE_INVALID, 403);
  return { fields, webhooks };
}

async function receiveStatus(c: Context, deps: Deps): Promise<Response> {
  const signed = await signedFields(c, deps);
  if ('refusal' in signed) return signed.refusal;
  const report = signed.webhooks.deliveryReport(signed.fields);
  if (!report) {
    log.info({ provider: deps.sms.name }, 'Twilio status callback this server does not read');
  } else {
    const outcome = await recordDeliveryReport({ db: deps.db, clock: deps.clock, provider: deps.sms.name }, report);
    if (outcome === 'unknown')
      log.info(
        { provider_message_id: report.messageId, status: report.status },
        'Twilio status for a text we did not send',
      );
  }
  return c.json({ received: true } satisfies WebhookReceived);
}

async function receiveIncoming(c: Context, deps: Deps): Promise<Response> {
  const signed = await signedFields(c, deps);
  if ('refusal' in signed) return signed.refusal;
  const text = signed.webhooks.incomingText(signed.fields);
  if (text) await recordIncomingText({ db: deps.db, clock: deps.clock, provider: deps.sms.name }, text);
  return c.body(EMPTY_TWIML, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
}
