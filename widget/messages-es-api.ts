/**
 * The API's messages in Spanish, and how to recognise one worded in English (a form's check, a
 * fallback when the server could not be reached), so `localize` (widget/i18n.ts) can say it in
 * Spanish. Loaded right after the widget's Spanish words, off the first paint's path: the server
 * already answers a Spanish widget in Spanish, so these are needed only once someone types.
 */
import apiMessages from 'comal-messages:es/api';
import apiShapes from 'comal-message-shapes:en/api';
import { apiMessageMatcher, localizeApiMessage } from '../shared/i18n/api-messages.ts';
import type { Translate } from '../shared/i18n/message.ts';
import { addMessages } from './i18n.ts';

addMessages('es', apiMessages);
const match = apiMessageMatcher(apiShapes);

export function localize(text: string, t: Translate): string {
  return localizeApiMessage(text, match, t);
}
