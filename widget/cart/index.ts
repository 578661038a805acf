/**
 * The cart chunk (rollup.config.mjs): the cart dialog with its lines, totals and the way to
 * checkout. The menu's first paint needs none of it; it loads once the cart holds something or is
 * opened, so it is there by the time the customer looks.
 */
import english from 'comal-messages:en/common,cart';
import { addMessages } from '../i18n.ts';

addMessages('en', english);

export { CartSidebar } from './cart-sidebar.tsx';
