/**
 * Carrying the cart from a partner's page to the restaurant's checkout (widget/cart-handover.ts),
 * in happy-dom's real location and history: a link on the restaurant's own site is a plain path;
 * a link from another site carries the cart in the fragment; the restaurant's page takes that
 * cart back with its items, quantities and modifiers and removes the fragment from the address
 * (keeping path and query); a mangled or empty handover gives no cart but is still removed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, type CartAction, type CartState } from '../../shared/cart.ts';
import type { MenuItem, Modifier } from '../../shared/menu.ts';
import { restaurantPageHref, takeHandedOverCart } from '../../widget/cart-handover.ts';

const API_ORIGIN = 'https://order.comal.test';
const PARTNER_ORIGIN = 'https://eat.partner.test';

const item = (id: string, name: string, base_price: number): MenuItem => ({
  id,
  name,
  description: '',
  base_price,
  is_special: false,
  clover_id: null,
  photo: null,
  categoryName: 'Tacos',
  modifier_groups: [],
});
const asada = item('asada', 'Carne Asada Taco', 4.25);
const horchata = item('horchata', 'Horchata', 3.5);
const cheese: Modifier = { id: 'm-cheese', name: 'Cheese', price: 0.5 };
const guac: Modifier = { id: 'm-guac', name: 'Guacamole', price: 1.75 };

const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart);
const partnerCart = run(
  { type: 'addItem', menuItem: asada, quantity: 3, selectedModifiers: [guac, cheese] },
  { type: 'addItem', menuItem: horchata, quantity: 2 },
);

function setURL(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}
const page = () => ({ location: window.location, history: window.history });
const lines = (cart: CartState | null) =>
  cart?.items.map((line) => ({
    id: line.id,
    name: line.menuItem.name,
    price: line.menuItem.base_price,
    quantity: line.quantity,
    modifiers: line.selectedModifiers,
  }));

afterEach(() => setURL('http://localhost:3000/'));

describe('a link to the restaurant checkout', () => {
  it("on the restaurant's own site is the plain path, with no cart in it", () => {
    expect(restaurantPageHref(API_ORIGIN, API_ORIGIN, '/checkout/', partnerCart)).toBe('/checkout/');
  });

  it("from a partner's site goes to the restaurant origin with the cart in the fragment", () => {
    const href = restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', partnerCart);
    expect(href.startsWith('https://order.comal.test/checkout/#comal-cart=')).toBe(true);
    const url = new URL(href);
    expect(url.origin).toBe(API_ORIGIN);
    expect(url.pathname).toBe('/checkout/');
    expect(url.search).toBe('');
    // the cart is in the fragment only, which browsers never send to a server
    expect(href.indexOf('#')).toBe(href.lastIndexOf('#'));
    expect(url.hash.length).toBeGreaterThan('#comal-cart='.length);
  });
});

describe("taking the handed-over cart on the restaurant's page", () => {
  it('gives the same items, quantities and modifiers, and removes the fragment keeping path and query', () => {
    const href = restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', partnerCart);
    setURL(href.replace('/checkout/#', '/checkout/?utm_source=partner#'));
    expect(window.location.hash.startsWith('#comal-cart=')).toBe(true);

    const cart = takeHandedOverCart(page());

    expect(lines(cart)).toEqual([
      { id: 'asada|m-cheese|m-guac', name: 'Carne Asada Taco', price: 4.25, quantity: 3, modifiers: [guac, cheese] },
      { id: 'horchata', name: 'Horchata', price: 3.5, quantity: 2, modifiers: [] },
    ]);
    expect(cart!.deliveryType).toBe('pickup');
    expect(window.location.href).toBe('https://order.comal.test/checkout/?utm_source=partner');
    expect(window.location.hash).toBe('');
  });

  it('a second look at the page finds nothing left to take', () => {
    setURL(restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', partnerCart));
    expect(takeHandedOverCart(page())).not.toBeNull();
    expect(takeHandedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/');
  });

  it('a mangled fragment gives no cart and is still removed from the address', () => {
    setURL('https://order.comal.test/checkout/?table=4#comal-cart=%E0%A4%A');
    expect(takeHandedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/?table=4');

    setURL('https://order.comal.test/checkout/#comal-cart={"version":1,"cart":');
    expect(takeHandedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/');
  });

  it('an empty cart handed over gives no cart, and the fragment is removed', () => {
    setURL(restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', emptyCart));
    expect(takeHandedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/');
  });

  it('an address with another fragment is left alone', () => {
    setURL('https://order.comal.test/checkout/#payment');
    expect(takeHandedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/#payment');
  });
});
