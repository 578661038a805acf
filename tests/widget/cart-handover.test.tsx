/**
 * Carrying the cart from a partner's page to the restaurant's checkout (widget/cart-handover.ts,
 * shared/cart-handover.ts), in happy-dom's real location and history: a link on the restaurant's
 * own site is a plain path; a link from another site (or from inside a frame) carries ids and
 * quantities in the fragment, never names or prices; the restaurant's page takes it and removes
 * the fragment (keeping path and query), and rebuilds the cart from the live menu, saying in a
 * sentence what it could not keep. A forged link cannot change what the checkout shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  choiceGone,
  choicesChanged,
  choiceSoldOut,
  decodeHandover,
  itemGone,
  itemSoldOut,
  rebuildCart,
} from '../../shared/cart-handover.ts';
import { cartReducer, emptyCart, type CartAction } from '../../shared/cart.ts';
import type { MenuItem, Modifier } from '../../shared/menu.ts';
import { forgetHandedOverCart, handedOverCart, restaurantPageHref } from '../../widget/cart-handover.ts';
import { t } from '../../widget/i18n.ts';

const API_ORIGIN = 'https://order.comal.test';
const PARTNER_ORIGIN = 'https://eat.partner.test';

const item = (id: string, name: string, base_price: number, modifiers: Modifier[] = []): MenuItem => ({
  id,
  name,
  description: '',
  base_price,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: null,
  categoryName: 'Tacos',
  modifier_groups: modifiers.length
    ? [{ id: 'g-extras', name: 'Extras', force_popup: false, min_required: 0, max_allowed: 2, modifiers }]
    : [],
});
const cheese: Modifier = { id: 'm-cheese', name: 'Cheese', price: 0.5 };
const guac: Modifier = { id: 'm-guac', name: 'Guacamole', price: 1.75 };
const asada = item('asada', 'Carne Asada Taco', 4.25, [guac, cheese]);
const horchata = item('horchata', 'Horchata', 3.5);

const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart);
const partnerCart = run(
  { type: 'addItem', menuItem: asada, quantity: 3, selectedModifiers: [guac, cheese] },
  { type: 'addItem', menuItem: horchata, quantity: 2 },
);

function setURL(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}
const page = () => ({ location: window.location, history: window.history });

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
    // Ids and quantities only: no name, no price.
    expect(decodeURIComponent(url.hash)).toBe(
      '#comal-cart={"v":2,"l":[["asada",3,["m-guac","m-cheese"]],["horchata",2,[]]]}',
    );
  });

  it('inside a frame, even on the restaurant own origin, carries the cart (the top page has its own storage)', () => {
    expect(restaurantPageHref(API_ORIGIN, API_ORIGIN, '/checkout/', partnerCart, true)).toMatch(
      /^https:\/\/order\.comal\.test\/checkout\/#comal-cart=/,
    );
  });

  it('stays short: ten lines with three choices each fit in well under 1 KB', () => {
    const big = item('birria-box', 'Birria Box', 38, [guac, cheese, { id: 'm-crema', name: 'Crema', price: 0.75 }]);
    const cart = Array.from({ length: 10 }, (_, i) => i).reduce(
      (state, i) =>
        cartReducer(state, {
          type: 'addItem',
          menuItem: { ...big, id: `birria-box-${i}` },
          quantity: 2,
          selectedModifiers: big.modifier_groups[0]!.modifiers,
        }),
      emptyCart,
    );
    const href = restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', cart);
    expect(href.length).toBeLessThan(1024);
    expect(href.length).toBe(929); // the old fragment, whole cart lines, took about ten times that
  });
});

describe("taking the handed-over cart on the restaurant's page", () => {
  it('reads the fragment, keeps it until the cart is kept, then removes it keeping path and query', () => {
    const href = restaurantPageHref(API_ORIGIN, PARTNER_ORIGIN, '/checkout/', partnerCart);
    setURL(href.replace('/checkout/#', '/checkout/?utm_source=partner#'));
    const taken = handedOverCart(page());
    expect(decodeHandover(taken!)).toEqual([
      { itemId: 'asada', quantity: 3, modifierIds: ['m-guac', 'm-cheese'] },
      { itemId: 'horchata', quantity: 2, modifierIds: [] },
    ]);
    // A reload before the menu has loaded reads the same cart again.
    expect(handedOverCart(page())).toBe(taken);
    forgetHandedOverCart(page());
    expect(window.location.href).toBe('https://order.comal.test/checkout/?utm_source=partner');
    expect(handedOverCart(page())).toBeNull(); // nothing left to take a second time
  });

  it('a mangled fragment gives nothing and is removed at once; another fragment is left alone', () => {
    setURL('https://order.comal.test/checkout/?table=4#comal-cart=%E0%A4%A');
    expect(handedOverCart(page())).toBeNull();
    expect(window.location.href).toBe('https://order.comal.test/checkout/?table=4');
    setURL('https://order.comal.test/checkout/#comal-cart={"version":1,"cart":');
    expect(decodeHandover(handedOverCart(page())!)).toEqual([]);
    setURL('https://order.comal.test/checkout/#payment');
    expect(handedOverCart(page())).toBeNull();
    forgetHandedOverCart(page());
    expect(window.location.href).toBe('https://order.comal.test/checkout/#payment');
  });
});

describe('rebuilding the handed-over cart from the live menu', () => {
  const live = [asada, horchata];
  const none = new Set<string>();
  const rebuilt = (text: string, soldOut = none, soldOutModifiers = none) =>
    rebuildCart(decodeHandover(text), live, soldOut, soldOutModifiers, t);
  const shown = (cart: ReturnType<typeof rebuildCart>) =>
    cart.lines.map((line) => ({
      name: line.menuItem.name,
      price: line.menuItem.base_price,
      quantity: line.quantity,
      modifiers: line.selectedModifiers.map((m) => `${m.name} ${m.price}`),
    }));

  it('a forged old-style link ("FREE TACO" at $0.00) shows the live names and prices', () => {
    const forged = JSON.stringify({
      version: 1,
      cart: {
        items: [
          {
            id: 'x',
            menuItem: { id: 'asada', name: 'FREE TACO', base_price: 0 },
            quantity: 2,
            selectedModifiers: [{ id: 'm-guac', name: 'Free guac', price: 0 }],
          },
        ],
      },
    });
    const cart = rebuilt(forged);
    expect(shown(cart)).toEqual([
      { name: 'Carne Asada Taco', price: 4.25, quantity: 2, modifiers: ['Guacamole 1.75'] },
    ]);
    expect(cart.problems).toEqual([]);
  });

  it('says what it could not keep: a gone item, a sold-out item, a gone or sold-out choice, broken rules', () => {
    const text = JSON.stringify({
      v: 2,
      l: [
        ['tamal', 1, []],
        ['horchata', 1, []],
        ['asada', 1, ['m-queso']],
        ['asada', 2, ['m-cheese']],
        ['asada', 1, ['m-guac', 'm-cheese', 'm-guac']],
        ['asada', 1, []],
      ],
    });
    const cart = rebuilt(text, new Set(['horchata']), new Set(['m-cheese']));
    expect(cart.problems).toEqual([
      itemGone(t, 'tamal'),
      itemSoldOut(t, 'Horchata'),
      choiceGone(t, 'Carne Asada Taco'),
      choiceSoldOut(t, 'Carne Asada Taco', 'Cheese'),
      choiceSoldOut(t, 'Carne Asada Taco', 'Cheese'),
    ]);
    expect(shown(cart)).toEqual([{ name: 'Carne Asada Taco', price: 4.25, quantity: 1, modifiers: [] }]);
    expect(itemGone(t, 'tamal')).toBe('An item in the cart you brought (tamal) is no longer on the menu.');

    const strict = [{ ...asada, modifier_groups: [{ ...asada.modifier_groups[0]!, min_required: 1 }] }];
    const broken = rebuildCart(decodeHandover(JSON.stringify({ v: 2, l: [['asada', 1, []]] })), strict, none, none, t);
    expect(broken.problems).toEqual([choicesChanged(t, 'Carne Asada Taco')]);
    expect(broken.lines).toEqual([]);
  });

  it('junk gives nothing: not JSON, bad quantities, long ids, too many lines', () => {
    expect(rebuilt('not json').lines).toEqual([]);
    expect(
      decodeHandover(
        JSON.stringify({
          v: 2,
          l: [
            ['asada', 0, []],
            ['asada', 1.5, []],
            ['x'.repeat(101), 1, []],
          ],
        }),
      ),
    ).toEqual([]);
    expect(decodeHandover(JSON.stringify({ v: 2, l: [['asada', 500, []]] }))).toEqual([
      { itemId: 'asada', quantity: 99, modifierIds: [] },
    ]);
    const many = JSON.stringify({ v: 2, l: Array.from({ length: 80 }, () => ['horchata', 1, []]) });
    expect(decodeHandover(many)).toHaveLength(50);
  });
});
