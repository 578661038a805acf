import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartQuantity,
  cartReducer,
  cartTotals,
  emptyCart,
  lineId,
  MAX_LINE_QUANTITY,
  type CartAction,
  type CartState,
} from '../../shared/cart.ts';
import type { MenuItem, Modifier } from '../../shared/menu.ts';

const item = (id: string, base_price: number): MenuItem => ({
  id,
  name: `Item ${id}`,
  description: '',
  base_price,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: null,
  categoryName: 'Tacos',
  modifier_groups: [],
});
const asada = item('asada', 4.25);
const horchata = item('horchata', 3.5);
const cheese: Modifier = { id: 'm-cheese', name: 'Cheese', price: 0.5 };
const guac: Modifier = { id: 'm-guac', name: 'Guacamole', price: 1.75 };

const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart);

describe('cart defaults', () => {
  it('starts as an empty pickup cart in the US', () => {
    expect(emptyCart.items).toEqual([]);
    expect(emptyCart.deliveryType).toBe('pickup');
    expect(emptyCart.deliveryCountry).toBe('US');
    expect(emptyCart.promoCode).toBe('');
  });
});

describe('adding items', () => {
  it('a line id is the item id plus the sorted modifier ids', () => {
    expect(lineId('asada', ['m-guac', 'm-cheese'])).toBe('asada|m-cheese|m-guac');
    expect(lineId('asada', [])).toBe('asada');
  });

  it('the same item with the same modifiers in another order merges into one line', () => {
    const cart = run(
      { type: 'addItem', menuItem: asada, quantity: 1, selectedModifiers: [guac, cheese] },
      { type: 'addItem', menuItem: asada, quantity: 2, selectedModifiers: [cheese, guac] },
    );
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(3);
    expect(cart.items[0]!.id).toBe('asada|m-cheese|m-guac');
  });

  it('other modifiers make another line', () => {
    const cart = run(
      { type: 'addItem', menuItem: asada, selectedModifiers: [cheese] },
      { type: 'addItem', menuItem: asada },
      { type: 'addItem', menuItem: horchata },
    );
    expect(cart.items.map((l) => l.id)).toEqual(['asada|m-cheese', 'asada', 'horchata']);
    expect(cartQuantity(cart)).toBe(3);
  });

  it('a line never holds more than 99', () => {
    const cart = run(
      { type: 'addItem', menuItem: asada, quantity: 60 },
      { type: 'addItem', menuItem: asada, quantity: 60 },
    );
    expect(cart.items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe('changing quantities', () => {
  it('a quantity of 0 or less removes the line', () => {
    const base = run({ type: 'addItem', menuItem: asada }, { type: 'addItem', menuItem: horchata });
    expect(cartReducer(base, { type: 'setQuantity', lineId: 'asada', quantity: 0 }).items.map((l) => l.id)).toEqual([
      'horchata',
    ]);
    expect(cartReducer(base, { type: 'setQuantity', lineId: 'asada', quantity: -2 }).items.map((l) => l.id)).toEqual([
      'horchata',
    ]);
    expect(cartReducer(base, { type: 'setQuantity', lineId: 'asada', quantity: 4 }).items[0]!.quantity).toBe(4);
    expect(cartReducer(base, { type: 'removeItem', lineId: 'horchata' }).items.map((l) => l.id)).toEqual(['asada']);
  });
});

describe('clearing', () => {
  it('resets items, fee, quote, tip and promo discount but keeps the promo code', () => {
    const cart = run(
      { type: 'addItem', menuItem: asada, quantity: 5 },
      { type: 'setDeliveryType', deliveryType: 'delivery' },
      { type: 'setDeliveryQuote', quoteId: 'q_1', feeCents: 795 },
      { type: 'setTip', tipCents: 300 },
      { type: 'applyPromo', code: 'WELCOME10', rule: { discount_type: 'percent', discount_value: 10 } },
      { type: 'setAddress', address: { deliveryStreet: '100 Main St', deliveryZip: '90012' } },
      { type: 'clear' },
    );
    expect(cart).toMatchObject({
      items: [],
      deliveryFeeCents: 0,
      deliveryQuoteId: null,
      tipCents: 0,
      promoDiscount: null,
      promoCode: 'WELCOME10',
      deliveryType: 'delivery',
      deliveryStreet: '100 Main St',
    });
  });
});

describe('promo', () => {
  it('a valid promo sets code and discount; an invalid one empties both', () => {
    const applied = run({ type: 'applyPromo', code: 'FIVEOFF', rule: { discount_type: 'fixed', discount_value: 5 } });
    expect(applied.promoCode).toBe('FIVEOFF');
    expect(applied.promoDiscount).toEqual({ discount_type: 'fixed', discount_value: 5 });
    const rejected = cartReducer(applied, { type: 'rejectPromo' });
    expect(rejected.promoCode).toBe('');
    expect(rejected.promoDiscount).toBeNull();
  });
});

describe('distance and tip', () => {
  it('setting the distance resets the tip to the basic tip', () => {
    // $42.50 subtotal, 3.2 miles: basic = min(max($1, $3.20), $4.25) = $3.20
    const cart = run(
      { type: 'addItem', menuItem: asada, quantity: 10 },
      { type: 'setDeliveryType', deliveryType: 'delivery' },
      { type: 'setTip', tipCents: 900 },
      { type: 'setDistance', distance: 3.2 },
    );
    expect(cart.distance).toBe(3.2);
    expect(cart.tipCents).toBe(320);
  });

  it('the basic tip of a small cart is 10% of it', () => {
    const cart = run({ type: 'addItem', menuItem: horchata }, { type: 'setDistance', distance: 5 });
    expect(cart.tipCents).toBe(35);
  });
});

describe('cart totals', () => {
  it('are the shared pricing of the cart state', () => {
    const cart = run(
      { type: 'addItem', menuItem: asada, quantity: 4, selectedModifiers: [guac] },
      { type: 'setDeliveryType', deliveryType: 'delivery' },
      { type: 'setDeliveryQuote', quoteId: 'q', feeCents: 650 },
      { type: 'setDistance', distance: 2 },
    );
    // 4 x 6.00 = 24.00; tier 2.99; charge max(10, 6.50) - 2.99 = 7.01; tax 2.34; tip $2.00; total 35.35
    expect(cartTotals(cart)).toMatchObject({ subtotal: 2400, tax: 234, deliveryCharge: 701, tip: 200, total: 3535 });
  });
});

describe('cart invariants (generated action sequences)', () => {
  const items = [asada, horchata, item('bowl', 11.95)];
  const mods = [cheese, guac];
  const action: fc.Arbitrary<CartAction> = fc.oneof(
    fc.record({
      type: fc.constant('addItem' as const),
      menuItem: fc.constantFrom(...items),
      quantity: fc.integer({ min: -3, max: 120 }),
      selectedModifiers: fc.subarray(mods),
    }),
    fc.record({
      type: fc.constant('setQuantity' as const),
      lineId: fc.constantFrom('asada', 'horchata', 'bowl|m-cheese', 'asada|m-cheese|m-guac'),
      quantity: fc.integer({ min: -5, max: 150 }),
    }),
    fc.record({ type: fc.constant('clear' as const) }),
    fc.record({ type: fc.constant('setDistance' as const), distance: fc.double({ min: 0, max: 30, noNaN: true }) }),
    fc.record({
      type: fc.constant('setDeliveryType' as const),
      deliveryType: fc.constantFrom('pickup' as const, 'delivery' as const),
    }),
  );

  it('line ids are unique, quantities stay within 1..99, totals are whole cents', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const cart: CartState = actions.reduce(cartReducer, emptyCart);
        const ids = cart.items.map((l) => l.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const l of cart.items) {
          expect(l.quantity).toBeGreaterThanOrEqual(1);
          expect(l.quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
          expect(l.id).toBe(
            lineId(
              l.menuItem.id,
              l.selectedModifiers.map((m) => m.id),
            ),
          );
        }
        const totals = cartTotals(cart);
        for (const value of [totals.subtotal, totals.tax, totals.tip, totals.total]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adding then setting a line to 0 leaves the cart as it was', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...items),
        fc.subarray(mods),
        fc.integer({ min: 1, max: 20 }),
        (menuItem, selectedModifiers, quantity) => {
          const start = run({ type: 'addItem', menuItem: horchata, selectedModifiers: [guac] });
          const added = cartReducer(start, { type: 'addItem', menuItem, selectedModifiers, quantity });
          const id = lineId(
            menuItem.id,
            selectedModifiers.map((m) => m.id),
          );
          const removed = cartReducer(added, { type: 'setQuantity', lineId: id, quantity: 0 });
          if (id !== start.items[0]!.id) expect(removed).toEqual(start);
          else expect(removed.items).toEqual([]);
        },
      ),
    );
  });
});

describe('spending points on the reward', () => {
  const taco = { ...emptyCart, items: [] };
  it('is chosen only with enough points, and ends when the balance no longer buys it', () => {
    let state = cartReducer(taco, { type: 'setRedeemPoints', redeem: true });
    expect(state.redeemPoints).toBe(false); // 0 points
    state = cartReducer(state, { type: 'setExistingPoints', points: 100 });
    state = cartReducer(state, { type: 'setRedeemPoints', redeem: true });
    expect(state.redeemPoints).toBe(true);
    state = cartReducer(state, { type: 'setExistingPoints', points: 99 });
    expect(state.redeemPoints).toBe(false);
  });

  it('is forgotten when the cart is cleared after an order', () => {
    let state = cartReducer(taco, { type: 'setExistingPoints', points: 150 });
    state = cartReducer(state, { type: 'setRedeemPoints', redeem: true });
    expect(cartReducer(state, { type: 'clear' }).redeemPoints).toBe(false);
  });
});
