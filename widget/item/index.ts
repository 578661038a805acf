/**
 * The item chunk (rollup.config.mjs): the item dialog with its choices. The menu's first paint
 * needs none of it; it loads when a customer reaches for an item (pointer down or focus), so it is
 * there by the time the click lands.
 */
import english from 'comal-messages:en/common,item';
import { addMessages } from '../i18n.ts';

addMessages('en', english);

export { ItemDialog } from './item-dialog.tsx';
