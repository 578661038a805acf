/**
 * The handover chunk (rollup.config.mjs): loaded only on the restaurant's page a partner's link
 * opened with a cart in its fragment. It rebuilds the cart from the live menu by ids
 * (shared/cart-handover.ts) and answers what could not be kept, for the page to say.
 */
import english from 'comal-messages:en/handover';
import { addMessages, t } from '../i18n.ts';
import { decodeHandover, rebuildCart } from '../../shared/cart-handover.ts';
import type { CartState } from '../../shared/cart.ts';
import type { LoadedMenu } from '../menu-loading.ts';

addMessages('en', english);

export async function receiveHandover(
  fragment: string,
  loadMenu: () => Promise<LoadedMenu>,
  cart: CartState,
): Promise<{ cart: CartState; problems: string[] }> {
  const lines = decodeHandover(fragment);
  if (lines.length === 0) return { cart, problems: [] };
  const menu = await loadMenu();
  const rebuilt = rebuildCart(lines, menu.items, menu.soldOut, menu.soldOutModifiers, t);
  return { cart: { ...cart, items: rebuilt.lines }, problems: rebuilt.problems };
}
