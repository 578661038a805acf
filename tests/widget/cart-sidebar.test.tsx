// The ordering widget's cart sidebar: opened and closed through window.Comal, its lines, stepper
// and totals, on the preact build it ships, with the menu from a real local HTTP server.
import { afterEach, describe, expect, it } from 'vitest';
import type { ComalWindowApi } from '../../shared/events.ts';
import { startMenuServer, type MenuServer } from '../support/menu-server.ts';
import { waitFor } from '../support/wait-for.ts';
import { button, renderWidget, totalsOf, type RenderedWidget } from './render-widget.tsx';

let server: MenuServer | undefined;
let widget: RenderedWidget | undefined;
afterEach(async () => {
  widget?.unmount();
  await server?.close();
  widget = server = undefined;
  document.body.innerHTML = '';
});

const Comal = () => (window as unknown as { Comal: ComalWindowApi }).Comal;
const dialogOf = (w: RenderedWidget) => w.shadow().querySelector<HTMLDialogElement>('dialog');

async function openWidget() {
  server = await startMenuServer();
  widget = renderWidget(server);
  await waitFor(() => widget!.shadow().querySelector('.menu'), { what: 'the menu' });
  return widget;
}

describe('the cart sidebar', () => {
  it('opens on window.Comal.open() with focus inside, and closes on Escape with focus back', async () => {
    const w = await openWidget();
    const bubble = document.createElement('button');
    bubble.textContent = 'Cart, 0 items';
    document.body.prepend(bubble);
    bubble.focus();
    expect(dialogOf(w)).toBeNull();

    Comal().open();
    const dialog = await waitFor(() => dialogOf(w), { what: 'the cart dialog' });
    expect(dialog.getAttribute('aria-label')).toBe('Your cart');
    await waitFor(() => w.shadow().activeElement === dialog, { what: 'focus in the dialog' });
    expect(dialog.textContent).toContain('Your cart is empty.');
    // No way to checkout from an empty cart; the only link is the account's.
    expect([...dialog.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sign in', '/login/'],
    ]);
    expect(dialog.querySelector('.account-line')!.textContent).toBe('Sign in to earn points and reorder later.');

    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => dialogOf(w) === null, { what: 'the dialog to close' });
    expect(w.controls.cartOpen.value).toBe(false);
    await waitFor(() => document.activeElement === bubble, { what: 'focus back on the bubble' });
  });

  it('toggles with window.Comal.toggleCart() and closes with its close button', async () => {
    const w = await openWidget();
    Comal().toggleCart();
    const dialog = await waitFor(() => dialogOf(w));
    button(dialog, 'Close cart')!.click();
    await waitFor(() => dialogOf(w) === null);
    Comal().toggleCart();
    await waitFor(() => dialogOf(w));
    Comal().toggleCart();
    await waitFor(() => dialogOf(w) === null);

    // Escape closes it even when focus has left it. The dialog takes focus in the same effect
    // that starts listening for Escape: once it has focus, the key is heard.
    Comal().open();
    const reopened = await waitFor(() => dialogOf(w));
    await waitFor(() => w.shadow().activeElement === reopened, { what: 'focus in the dialog' });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => dialogOf(w) === null);
  });

  it('shows the lines added from the menu with the exact totals, and a checkout link', async () => {
    const w = await openWidget();
    const add = button(w.shadow(), 'Add Horchata to cart')!;
    add.click();
    add.click();
    Comal().open();
    const dialog = await waitFor(() => dialogOf(w));

    const line = dialog.querySelector('.line')!;
    expect(line.querySelector('.line-name')!.textContent).toBe('Horchata');
    expect(line.querySelector('.quantity')!.textContent).toBe('2');
    expect(line.querySelector('.line-price')!.textContent).toBe('$7.00');
    expect(totalsOf(dialog)).toEqual({ Subtotal: '$7.00', Tax: '$0.68', Total: '$7.68' });
    expect(dialog.querySelector('.upsell')).toBeNull(); // pickup: no delivery upsell
    // The page is on the restaurant's own origin here: a plain link, no cart carried in it.
    expect(dialog.querySelector('a')!.getAttribute('href')).toBe('/checkout/');
    expect(dialog.querySelector('a')!.textContent).toBe('Checkout');
    expect(Comal().cartQuantity()).toBe(2);
  });

  it('steps the quantity up and down, removes a line at 0 and with its remove button', async () => {
    const w = await openWidget();
    button(w.shadow(), 'Add Horchata to cart')!.click();
    button(w.shadow(), 'Add Agua de Jamaica to cart')!.click();
    Comal().open();
    const dialog = await waitFor(() => dialogOf(w));

    button(dialog, 'Increase quantity of Horchata')!.click();
    await waitFor(() => totalsOf(dialog).Subtotal === '$10.25'); // 2 x 3.50 + 3.25
    expect(w.store.quantity()).toBe(3);

    button(dialog, 'Decrease quantity of Horchata')!.click();
    button(dialog, 'Decrease quantity of Horchata')!.click();
    await waitFor(() => dialog.querySelectorAll('.line').length === 1);
    expect(dialog.querySelector('.line-name')!.textContent).toBe('Agua de Jamaica');
    expect(totalsOf(dialog)).toEqual({ Subtotal: '$3.25', Tax: '$0.32', Total: '$3.57' });

    button(dialog, 'Remove Agua de Jamaica')!.click();
    await waitFor(() => dialog.textContent.includes('Your cart is empty.'));
    expect(w.store.quantity()).toBe(0);
  });

  it('shows delivery, tip and the upsell for a delivery cart', async () => {
    const w = await openWidget();
    button(w.shadow(), 'Add Horchata to cart')!.click();
    w.store.dispatch({ type: 'setDeliveryType', deliveryType: 'delivery' });
    w.store.dispatch({ type: 'setDeliveryQuote', quoteId: 'q1', feeCents: 1200 });
    w.store.dispatch({ type: 'setTip', tipCents: 100 });
    Comal().open();
    const dialog = await waitFor(() => dialogOf(w));
    // 3.50 + tax 0.34 + delivery max(10, 12) - 0 + tip 1.00
    expect(totalsOf(dialog)).toEqual({
      Subtotal: '$3.50',
      Tax: '$0.34',
      Delivery: '$12.00',
      Tip: '$1.00',
      Total: '$16.84',
    });
    expect(dialog.querySelector('.upsell')!.textContent).toBe('Add $16.50 more to save $3!');
    // The courier has quoted the address: the fee is exact, and nothing says "more".
    expect(dialog.querySelector('.fees')).toBeNull();
  });

  it('shows what pickup and delivery add before any address: the least delivery fee, in the total too', async () => {
    const w = await openWidget();
    for (let i = 0; i < 6; i += 1) button(w.shadow(), 'Add Horchata to cart')!.click(); // 6 x 3.50 = 21.00
    Comal().open();
    const dialog = await waitFor(() => dialogOf(w));
    await waitFor(() => totalsOf(dialog).Subtotal === '$21.00');
    expect(totalsOf(dialog)).toEqual({ Subtotal: '$21.00', Tax: '$2.05', Total: '$23.05' }); // 9.75% of 21.00 = 2.0475
    // $10.00 minimum less $2.99 off from $20.00
    expect(dialog.querySelector('.fees')!.textContent).toBe(
      'No fees for pickup. Delivery adds a fee of $7.01, more only if the courier charges more for your address.',
    );
    w.store.dispatch({ type: 'setDeliveryType', deliveryType: 'delivery' });
    await waitFor(() => 'Delivery' in totalsOf(dialog));
    expect(totalsOf(dialog)).toEqual({
      Subtotal: '$21.00',
      Tax: '$2.05',
      Delivery: '$7.01',
      Tip: '$0.00',
      Total: '$30.06',
    });
  });
});
