/**
 * Saved carts and reorders: a cart's lines as a saved cart's items
 * (modifier prices sent as strings), and back: restoring a saved cart or reordering clears the
 * current cart, then adds each item with its quantity and modifiers, string prices made numbers.
 * An item no longer on the menu is left out and counted.
 */
import type { LineModifierInput, SavedCartItemInput } from './api/schemas.ts';
import type { CartAction, CartLine } from './cart.ts';
import type { MenuItem, Modifier } from './menu.ts';

export interface ItemToRestore {
  menu_item_id: string | number;
  quantity: number;
  modifiers: readonly LineModifierInput[];
}

export function savedCartItems(lines: readonly CartLine[]): SavedCartItemInput[] {
  return lines.map((line) => ({
    menu_item_id: line.menuItem.id,
    quantity: line.quantity,
    modifiers: line.selectedModifiers.map((m) => ({ id: m.id, name: m.name, price: m.price.toFixed(2) })),
  }));
}

/** The actions that put `items` in place of the cart: 'clear', then one 'addItem' per item found on the menu. */
export function restoreActions(
  items: readonly ItemToRestore[],
  menu: readonly MenuItem[],
): { actions: CartAction[]; missing: number } {
  const byId = new Map(menu.map((item) => [item.id, item]));
  const actions: CartAction[] = [{ type: 'clear' }];
  let missing = 0;
  for (const item of items) {
    const menuItem = byId.get(String(item.menu_item_id));
    if (!menuItem) {
      missing++;
      continue;
    }
    const known = new Map(menuItem.modifier_groups.flatMap((group) => group.modifiers).map((m) => [m.id, m]));
    const selectedModifiers: Modifier[] = item.modifiers.map((m) => {
      const id = String(m.id);
      return known.get(id) ?? { id, name: m.name, price: Number(m.price) || 0 };
    });
    actions.push({ type: 'addItem', menuItem, quantity: item.quantity, selectedModifiers });
  }
  return { actions, missing };
}
