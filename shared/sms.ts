/**
 * The words every text we send must carry, written once: the /sms-terms/ page prints them, the
 * order texts end with them (server/services/order-texts.ts) and the checkout's opt-in names them.
 * No DOM and no Node APIs, so the site, the widget and the server can all import it. The words
 * themselves are in the message catalogues (shared/i18n/), in each language.
 */
import type { MessageId } from './i18n/message.ts';

/**
 * The opt-out sentence at the end of every text, as the /sms-terms/ page words it (carriers
 * require STOP and HELP in the program's messages; /sms-terms/#stop and #help explain them).
 */
export const SMS_STOP_SENTENCE: MessageId = 'sms.stopSentence';

/** The keywords a customer replies, which the terms page prints in bold. */
export const SMS_KEYWORDS = ['STOP', 'HELP'] as const;

/** The checkout's opt-in to order texts (widget/checkout/contact-fields.tsx). */
export const SMS_OPT_IN_LABEL: MessageId = 'sms.optInLabel';

/** Where the program's terms are. */
export const SMS_TERMS_PATH = '/sms-terms/';
