import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, type CartState } from '../../shared/cart.ts';
import { parseStoredCart, readStoredCart, serializeCart, storeCart } from '../../shared/cart-storage.ts';
import type { MenuItem } from '../../shared/menu.ts';

const taco: MenuItem = {
  id: 'taco-asada',
  name: 'Taco de Asada',
  description: 'Grilled steak',
  base_price: 4.25,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: '/images/menu/taco-asada.jpg',
  categoryName: 'Tacos',
  subcategoryName: 'Classic',
  modifier_groups: [
    {
      id: 'grp-tortilla',
      name: 'Tortilla',
      force_popup: true,
      min_required: 1,
      max_allowed: 1,
      modifiers: [{ id: 'mod-corn', name: 'Corn', price: 0 }],
    },
  ],
};

describe('the cart kept between visits', () => {
  it('comes back exactly as it was saved: lines, modifiers, order type, address, promo and tip', () => {
    const cart: CartState = [
      {
        type: 'addItem' as const,
        menuItem: taco,
        quantity: 3,
        selectedModifiers: [{ id: 'mod-corn', name: 'Corn', price: 0 }],
      },
      { type: 'setDeliveryType' as const, deliveryType: 'delivery' as const },
      { type: 'setAddress' as const, address: { deliveryStreet: '200 N Spring St', deliveryZip: '90012' } },
      {
        type: 'applyPromo' as const,
        code: 'WELCOME10',
        rule: { discount_type: 'percent' as const, discount_value: 10 },
      },
      { type: 'setTip' as const, tipCents: 250 },
    ].reduce(cartReducer, emptyCart);
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
  });

  it('an empty, unreadable or foreign value gives the empty pickup cart', () => {
    for (const text of [null, '', '{', '[]', '{"version":99,"cart":{}}', JSON.stringify({ version: 1, cart: 'x' })]) {
      expect(parseStoredCart(text)).toEqual(emptyCart);
    }
  });

  it('drops lines it cannot trust and keeps the rest', () => {
    const text = JSON.stringify({
      version: 1,
      cart: {
        ...emptyCart,
        items: [
          { menuItem: taco, quantity: 2, selectedModifiers: [] },
          { menuItem: taco, quantity: 0, selectedModifiers: [] },
          { menuItem: { name: 'no id' }, quantity: 1, selectedModifiers: [] },
          { menuItem: taco, quantity: 500, selectedModifiers: [{ id: 'mod-corn', name: 'Corn', price: -3 }] },
          'junk',
        ],
        tipCents: -5,
        deliveryType: 'drone',
      },
    });
    const cart = parseStoredCart(text);
    // the two usable lines are the same choice, so they merge (2 + 99, at most 99)
    expect(cart.items.map((l) => [l.id, l.quantity])).toEqual([['taco-asada', 99]]);
    expect(cart.tipCents).toBe(0);
    expect(cart.deliveryType).toBe('pickup');
  });
});

describe('the cart where storage is blocked or full', () => {
  const blocked = {
    getItem(): string | null {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
    setItem(): void {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };

  it('starts empty, and keeping it throws nothing: the cart lives in memory for this visit', () => {
    expect(readStoredCart(blocked)).toEqual(emptyCart);
    const cart = cartReducer(emptyCart, { type: 'addItem', menuItem: taco, quantity: 1, selectedModifiers: [] });
    expect(() => storeCart(blocked, cart)).not.toThrow();
    expect(readStoredCart(null)).toEqual(emptyCart);
  });

  it('reads back what it kept where storage works', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
    const cart = cartReducer(emptyCart, { type: 'addItem', menuItem: taco, quantity: 2, selectedModifiers: [] });
    storeCart(storage, cart);
    expect(readStoredCart(storage)).toEqual(cart);
  });
});
