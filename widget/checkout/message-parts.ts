/**
 * A message with one placeholder shown as an element (a link, a bold code): its words before and
 * after the placeholder, so the sentence stays one message that a translation can reorder.
 */
import type { MessageId, MessageValues } from '../../shared/i18n/message.ts';
import { t } from '../i18n.ts';

const MARK = '\u0000';

export function around(id: MessageId, name: string, values: MessageValues = {}): [string, string] {
  const [before = '', after = ''] = t(id, { ...values, [name]: MARK }).split(MARK);
  return [before, after];
}
