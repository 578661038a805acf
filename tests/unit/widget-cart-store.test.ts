// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../shared/menu.ts';
import { CART_STORAGE_KEY } from '../../shared/cart-storage.ts';
import { CART_CHANGED_EVENT, TOGGLE_CART_EVENT, OPEN_CART_EVENT, CLOSE_CART_EVENT } from '../../shared/events.ts';
import { createCartStore } from '../../widget/cart-store.ts';
import { installComalApi } from '../../widget/comal-api.ts';
import { apiOriginOf } from '../../widget/api-origin.ts';

const horchata: MenuItem = {
  id: 'horchata',
  name: 'Horchata',
  description: '',
  base_price: 3.5,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: null,
  categoryName: 'Drinks',
  modifier_groups: [],
};

function announcements() {
  const seen: number[] = [];
  document.addEventListener(CART_CHANGED_EVENT, (event) =>
    seen.push((event as CustomEvent<{ quantity: number }>).detail.quantity),
  );
  return seen;
}

beforeEach(() => localStorage.clear());

describe('the widget cart', () => {
  it('keeps the cart through a reload and tells the page the new count on every change', () => {
    const seen = announcements();
    const store = createCartStore({ document, window, storage: localStorage });
    store.dispatch({ type: 'addItem', menuItem: horchata, quantity: 2 });
    store.dispatch({ type: 'addItem', menuItem: horchata, quantity: 1 });
    expect(seen.slice(-2)).toEqual([2, 3]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toContain('"horchata"');

    const afterReload = createCartStore({ document, window, storage: localStorage });
    expect(afterReload.quantity()).toBe(3);
    expect(afterReload.cart.value.items[0]!.menuItem.name).toBe('Horchata');
  });

  it('follows a change made in another tab', () => {
    const store = createCartStore({ document, window, storage: localStorage });
    const otherTab = createCartStore({ document, window, storage: localStorage });
    otherTab.dispatch({ type: 'addItem', menuItem: horchata, quantity: 4 });
    const seen = announcements();
    window.dispatchEvent(
      new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: localStorage.getItem(CART_STORAGE_KEY) }),
    );
    expect(store.quantity()).toBe(4);
    expect(seen.at(-1)).toBe(4);
  });

  it('still works for the visit when the browser refuses storage', () => {
    const refusing = {
      getItem() {
        throw new Error('SecurityError');
      },
      setItem() {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createCartStore({ document, window, storage: refusing });
    store.dispatch({ type: 'addItem', menuItem: horchata });
    expect(store.quantity()).toBe(1);
  });
});

describe('window.Comal and the cart events', () => {
  it('opens, closes and toggles the cart from the API or from events, and reports the count', () => {
    const store = createCartStore({ document, window, storage: localStorage });
    store.dispatch({ type: 'addItem', menuItem: horchata, quantity: 2 });
    const { cartOpen } = installComalApi({ window, document }, store);
    const Comal = (
      window as unknown as { Comal: { open(): void; close(): void; toggleCart(): void; cartQuantity(): number } }
    ).Comal;
    expect(Comal.cartQuantity()).toBe(2);
    Comal.open();
    expect(cartOpen.value).toBe(true);
    document.dispatchEvent(new CustomEvent(TOGGLE_CART_EVENT));
    expect(cartOpen.value).toBe(false);
    document.dispatchEvent(new CustomEvent(OPEN_CART_EVENT));
    expect(cartOpen.value).toBe(true);
    document.dispatchEvent(new CustomEvent(CLOSE_CART_EVENT));
    expect(cartOpen.value).toBe(false);
    Comal.toggleCart();
    expect(cartOpen.value).toBe(true);
  });
});

describe('the API origin', () => {
  it('is where the widget script came from, or the page itself without a script URL', () => {
    expect(apiOriginOf('https://elcomal.example/widget/comal.js', 'https://eastside-eats.example')).toBe(
      'https://elcomal.example',
    );
    expect(apiOriginOf('/widget/comal.js', 'https://elcomal.example')).toBe('https://elcomal.example');
    expect(apiOriginOf(null, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });
});
