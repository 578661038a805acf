// Saved carts and reorders: a cart's lines as a saved cart's items with
// string prices, and back: clear first, then each item with its quantity and modifiers (string
// prices become numbers), leaving out and counting items no longer on the menu. And the page a
// sign-in goes to: ?next= only when it is a path on this site.
import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, type CartState } from '../../shared/cart.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { restoreActions, savedCartItems } from '../../shared/saved-cart.ts';
import { nextPath } from '../../widget/account/sign-in-screens.tsx';

const taco: MenuItem = {
  id: 'asada',
  name: 'Asada Taco',
  description: '',
  base_price: 4,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: null,
  categoryName: 'Tacos',
  modifier_groups: [
    {
      id: 'g1',
      name: 'Extras',
      force_popup: false,
      min_required: 0,
      max_allowed: 3,
      modifiers: [{ id: 'cheese', name: 'Cheese', price: 0.75 }],
    },
  ],
};
const horchata: MenuItem = { ...taco, id: 'horchata', name: 'Horchata', base_price: 3.5, modifier_groups: [] };

function apply(state: CartState, actions: ReturnType<typeof restoreActions>['actions']): CartState {
  return actions.reduce(cartReducer, state);
}

describe('saved carts', () => {
  it('saves each line with its modifiers, prices as strings', () => {
    const cart = cartReducer(emptyCart, {
      type: 'addItem',
      menuItem: taco,
      quantity: 2,
      selectedModifiers: [taco.modifier_groups[0]!.modifiers[0]!],
    });
    expect(savedCartItems(cart.items)).toEqual([
      { menu_item_id: 'asada', quantity: 2, modifiers: [{ id: 'cheese', name: 'Cheese', price: '0.75' }] },
    ]);
  });

  it('clears the cart, then adds each item with its modifiers, string prices made numbers', () => {
    const before = cartReducer(emptyCart, { type: 'addItem', menuItem: horchata, quantity: 5 });
    const { actions, missing } = restoreActions(
      [
        {
          menu_item_id: 'asada',
          quantity: 2,
          modifiers: [
            { id: 'cheese', name: 'Cheese', price: '0.75' },
            { id: 'gone', name: 'Salsa roja', price: '1.50' },
          ],
        },
        { menu_item_id: 'horchata', quantity: 1, modifiers: [] },
      ],
      [taco, horchata],
    );
    expect(missing).toBe(0);
    expect(actions[0]).toEqual({ type: 'clear' });
    const after = apply(before, actions);
    expect(after.items.map((line) => [line.menuItem.id, line.quantity])).toEqual([
      ['asada', 2],
      ['horchata', 1],
    ]);
    expect(after.items[0]!.selectedModifiers).toEqual([
      { id: 'cheese', name: 'Cheese', price: 0.75 },
      { id: 'gone', name: 'Salsa roja', price: 1.5 },
    ]);
  });

  it('leaves out and counts items no longer on the menu', () => {
    const { actions, missing } = restoreActions(
      [
        { menu_item_id: 'retired', quantity: 1, modifiers: [] },
        { menu_item_id: 'horchata', quantity: 3, modifiers: [] },
      ],
      [taco, horchata],
    );
    expect(missing).toBe(1);
    expect(apply(emptyCart, actions).items.map((line) => line.menuItem.id)).toEqual(['horchata']);
  });
});

describe('the page after sign-in', () => {
  it.each([
    ['?next=/checkout/', '/checkout/'],
    ['?next=%2Fpayment%2F', '/payment/'],
    ['', '/account/'],
    ['?next=https://evil.example/', '/account/'],
    ['?next=//evil.example/', '/account/'],
    ['?next=/\\evil.example/', '/account/'],
    ['?next=javascript:alert(1)', '/account/'],
    ['?next=/.//evil.example/', '/account/'],
    ['?next=/..//evil.example/', '/account/'],
    ['?next=/%252F%252Fevil.example/', '/account/'],
    ['?next=/%09/evil.example/', '/account/'],
    ['?next=%09//evil.example/', '/account/'],
    ['?next=/a/../checkout/', '/checkout/'],
  ])('%s goes to %s', (search, path) => {
    expect(nextPath(search)).toBe(path);
  });
});
