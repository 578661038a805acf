/**
 * The item chunk (rollup.config.mjs): the item dialog with its choices. The menu's first paint
 * needs none of it; it loads when a customer reaches for an item (pointer down or focus), so it is
 * there by the time the click lands.
 */
export { ItemDialog } from './item-dialog.tsx';
