// @vitest-environment happy-dom
// The widget as it ships: the built bundle (npm test builds it first), run in a page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/cart-storage.ts';
import { CART_CHANGED_EVENT } from '../../shared/events.ts';
import { LOADING } from '../../shared/api/messages.ts';

describe('the built widget on a page', () => {
  it('restores the saved cart, exposes window.Comal with its count, announces it, and renders in a shadow root', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        cart: {
          items: [{ menuItem: { id: 'horchata', name: 'Horchata', base_price: 3.5 }, quantity: 3, selectedModifiers: [] }],
          deliveryType: 'pickup',
        },
      }),
    );
    document.body.innerHTML = '<style>p { display: none !important; }</style><comal-order mode="order"></comal-order>';
    const announced: number[] = [];
    document.addEventListener(CART_CHANGED_EVENT, (event) => announced.push((event as CustomEvent<{ quantity: number }>).detail.quantity));

    (0, eval)(readFileSync('dist/widget/comal.js', 'utf8'));

    const Comal = (window as unknown as { Comal?: { cartQuantity(): number; open(): void } }).Comal;
    expect(Comal?.cartQuantity()).toBe(3);
    expect(announced).toEqual([3]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const host = document.querySelector('comal-order')!;
    const shadow = host.shadowRoot ?? host.firstElementChild?.shadowRoot;
    expect(shadow).toBeTruthy();
    expect(shadow!.textContent).toContain(LOADING);
  });
});
