/**
 * Putting a saved cart or an order's items back in the cart: the menu (loaded once), then
 * shared/saved-cart.ts's actions on the page's cart (clear, then each item with its modifiers).
 */
import { cartReducer as reduce } from '../../shared/cart.ts';
import { restoreActions, type ItemToRestore } from '../../shared/saved-cart.ts';
import type { CartStore } from '../cart-store.ts';
import { loadMenu, type LoadedMenu } from '../menu-loading.ts';

let menu: Promise<LoadedMenu> | null = null;

/** Fills the cart with `items`; the number left out because they are no longer on the menu. */
export async function restoreIntoCart(
  store: CartStore,
  apiOrigin: string,
  items: readonly ItemToRestore[],
): Promise<number> {
  menu ??= loadMenu(apiOrigin).catch((error: unknown) => {
    menu = null;
    throw error;
  });
  const { actions, missing } = restoreActions(items, (await menu).items);
  let state = store.cart.peek();
  // One change for the page (one save, one announcement) rather than one per item.
  for (const action of actions) state = reduce(state, action);
  store.replace(state);
  return missing;
}
