// @vitest-environment happy-dom
// The widget as it ships: the built bundle (npm test builds it first), run in a page.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/cart-storage.ts';
import { CART_CHANGED_EVENT } from '../../shared/events.ts';
import { LOADING } from '../../shared/api/messages.ts';
import { startMenuServer, type MenuServer } from '../support/menu-server.ts';
import { waitFor } from '../support/wait-for.ts';

// The page lives on a real local server's origin, which holds the menu back until the test has
// seen the loading state, then answers it.
let server: MenuServer;
beforeAll(async () => {
  server = await startMenuServer();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.origin}/order/`);
});
afterAll(() => server?.close());

describe('the built widget on a page', () => {
  it('restores the saved cart, exposes window.Comal with its count, announces it, and renders in a shadow root', async () => {
    server.hold();
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        cart: {
          items: [
            { menuItem: { id: 'horchata', name: 'Horchata', base_price: 3.5 }, quantity: 3, selectedModifiers: [] },
          ],
          deliveryType: 'pickup',
        },
      }),
    );
    document.body.innerHTML = '<style>p { display: none !important; }</style><comal-order mode="order"></comal-order>';
    const announced: number[] = [];
    const read: number[] = [];
    document.addEventListener(CART_CHANGED_EVENT, (event) => {
      announced.push((event as CustomEvent<{ quantity: number }>).detail.quantity);
      // A partner's cart button that reads the count when told of it.
      read.push((window as unknown as { Comal: { cartQuantity(): number } }).Comal.cartQuantity());
    });

    (0, eval)(readFileSync('dist/widget/comal.js', 'utf8'));

    const Comal = (window as unknown as { Comal?: { cartQuantity(): number; open(): void } }).Comal;
    expect(Comal?.cartQuantity()).toBe(3);
    expect(announced).toEqual([3]);
    expect(read).toEqual([3]);
    const host = document.querySelector('comal-order')!;
    const shadow = await waitFor(() => host.shadowRoot ?? host.firstElementChild?.shadowRoot, {
      what: 'the shadow root',
    });
    await waitFor(() => shadow.querySelector('[role="status"]'), { what: 'the loading state' });
    expect(shadow.textContent).toContain(LOADING);

    server.release();
    await waitFor(() => shadow.textContent?.includes('Horchata'), { what: 'the menu' });
    expect(shadow.textContent).not.toContain(LOADING);
    expect(server.menuCalls()).toBe(1);
  });
});
