// The item dialog on the preact build it ships, in happy-dom, with a menu from a local HTTP
// server: required groups, radio and checkbox rules, sold-out modifiers, the live price and
// quantity, the exact cart line, and the dialog's focus and Escape.
import { afterEach, describe, expect, it } from 'vitest';
import { restaurant } from '../../shared/restaurant.ts';
import { startMenuServer, type MenuServer } from '../support/menu-server.ts';
import { waitFor } from '../support/wait-for.ts';
import { button, renderWidget, type RenderedWidget } from './render-widget.tsx';

const menus = [
  {
    name: restaurant.menuName,
    categories: [
      {
        name: 'Tacos',
        menu_items: [
          {
            id: 'taco-asada',
            name: 'Taco de Asada',
            description: 'Flank steak.',
            base_price: '4.25',
            is_special: false,
            clover_id: null,
            photo: null,
            available: true,
            modifier_groups: [
              {
                id: 'grp-tortilla',
                name: 'Tortilla',
                force_popup: true,
                min_required: 1,
                max_allowed: 1,
                modifiers: [
                  { id: 'mod-corn', name: 'Handmade corn', price: '0.00', available: true },
                  { id: 'mod-flour', name: 'Flour', price: '0.00', available: true },
                  { id: 'mod-blue', name: 'Blue corn', price: '0.50', available: true },
                ],
              },
              {
                id: 'grp-salsa',
                name: 'Salsas',
                force_popup: false,
                min_required: 0,
                max_allowed: 2,
                modifiers: [
                  { id: 'mod-verde', name: 'Salsa verde', price: '0.00', available: true },
                  { id: 'mod-roja', name: 'Salsa roja', price: '0.00', available: true },
                  { id: 'mod-macha', name: 'Salsa macha', price: '1.75', available: true },
                  { id: 'mod-mango', name: 'Mango habanero', price: '0.50', available: false },
                ],
              },
            ],
          },
          {
            id: 'quesadilla',
            name: 'Quesadilla',
            description: '',
            base_price: '6.00',
            is_special: false,
            clover_id: null,
            photo: null,
            available: true,
            modifier_groups: [
              { id: 'grp-extra', name: 'Extras', modifiers: [{ id: 'mod-guac', name: 'Guacamole', price: '1.50' }] },
            ],
          },
        ],
      },
    ],
  },
];

let server: MenuServer | undefined;
let widget: RenderedWidget | undefined;
afterEach(async () => {
  widget?.unmount();
  await server?.close();
  widget = server = undefined;
  document.body.innerHTML = '';
});

async function openDialog(item = 'Taco de Asada', name = `Choose options for ${item}`) {
  server = await startMenuServer({ status: 200, body: menus });
  widget = renderWidget(server);
  const w = widget;
  const opener = await waitFor(() => button(w.shadow(), name), { what: 'the menu' });
  opener.focus();
  opener.click();
  // The dialog's code comes in its own chunk on the first reach for an item; it shows once open.
  const dialog = await waitFor(() => w.shadow().querySelector<HTMLDialogElement>('dialog[open]'), {
    what: 'the item dialog',
  });
  return { w, opener, dialog };
}

const input = (dialog: HTMLElement, name: string) =>
  [...dialog.querySelectorAll<HTMLInputElement>('input')].find(
    (i) => i.closest('label')!.querySelector('.option-name')!.textContent === name,
  )!;
const addButton = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('button')].find((b) => b.textContent.startsWith('Add to cart'))!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the item dialog', () => {
  it('is a labelled modal dialog with focus inside, showing each group as a fieldset', async () => {
    const { w, dialog } = await openDialog();
    expect(dialog.open).toBe(true); // shown modal, in the top layer
    expect(w.shadow().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Taco de Asada');
    await waitFor(() => w.shadow().activeElement === dialog, { what: 'focus in the dialog' });
    const legends = [...dialog.querySelectorAll('fieldset legend')].map((l) => l.textContent);
    expect(legends).toEqual(['Tortilla Required · Choose 1', 'Salsas Optional · Choose up to 2']);
    expect(input(dialog, 'Handmade corn').type).toBe('radio');
    expect(input(dialog, 'Salsa verde').type).toBe('checkbox');
    expect(input(dialog, 'Salsa macha').closest('label')!.textContent).toContain('+$1.75');
    expect(input(dialog, 'Flour').closest('label')!.textContent).not.toContain('+$');
    const mango = input(dialog, 'Mango habanero');
    expect(mango.disabled).toBe(true);
    expect(mango.closest('label')!.textContent).toContain('Sold out');
  });

  it('blocks Add to cart until the required group is chosen, and says what is missing', async () => {
    const { dialog } = await openDialog();
    const need = dialog.querySelector('[aria-live="polite"]')!;
    expect(need.textContent).toBe('Choose 1 more for Tortilla.');
    expect(addButton(dialog).disabled).toBe(true);
    input(dialog, 'Flour').click();
    await waitFor(() => !addButton(dialog).disabled, { what: 'Add to cart enabled' });
    expect(need.textContent).toBe('');
  });

  it('replaces the radio choice, and disables the other checkboxes at the max', async () => {
    const { dialog } = await openDialog();
    input(dialog, 'Handmade corn').click();
    await waitFor(() => input(dialog, 'Handmade corn').checked);
    input(dialog, 'Blue corn').click();
    await waitFor(() => input(dialog, 'Blue corn').checked);
    expect(input(dialog, 'Handmade corn').checked).toBe(false);

    input(dialog, 'Salsa verde').click();
    await waitFor(() => input(dialog, 'Salsa verde').checked);
    expect(input(dialog, 'Salsa roja').disabled).toBe(false);
    input(dialog, 'Salsa macha').click();
    await waitFor(() => input(dialog, 'Salsa roja').disabled, { what: 'the max reached' });
    expect(input(dialog, 'Salsa verde').disabled).toBe(false);
    input(dialog, 'Salsa verde').click(); // taken back: the others come back
    await waitFor(() => !input(dialog, 'Salsa roja').disabled);
  });

  it('updates the price with the choices and the quantity, and puts the exact line in the cart', async () => {
    const { w, dialog, opener } = await openDialog();
    expect(addButton(dialog).textContent).toBe('Add to cart — $4.25');
    input(dialog, 'Blue corn').click();
    input(dialog, 'Salsa macha').click();
    input(dialog, 'Salsa verde').click();
    await waitFor(() => addButton(dialog).textContent === 'Add to cart — $6.50', { what: 'the price with choices' }); // 4.25 + 0.50 + 1.75
    expect(button(dialog, 'Decrease quantity')!.disabled).toBe(true);
    button(dialog, 'Increase quantity')!.click();
    await waitFor(() => dialog.querySelector('.quantity')!.textContent === '2');
    button(dialog, 'Increase quantity')!.click();
    await waitFor(() => addButton(dialog).textContent === 'Add to cart — $19.50', { what: 'three times the price' });
    button(dialog, 'Decrease quantity')!.click();
    await waitFor(() => addButton(dialog).textContent === 'Add to cart — $13.00');

    addButton(dialog).click();
    await waitFor(() => w.shadow().querySelector('dialog') === null, { what: 'the dialog to close' });
    const [line, ...rest] = w.store.cart.value.items;
    expect(rest).toEqual([]);
    expect(line!.id).toBe('taco-asada|mod-blue|mod-macha|mod-verde');
    expect(line!.quantity).toBe(2);
    expect(line!.selectedModifiers).toEqual([
      { id: 'mod-blue', name: 'Blue corn', price: 0.5 },
      { id: 'mod-verde', name: 'Salsa verde', price: 0 },
      { id: 'mod-macha', name: 'Salsa macha', price: 1.75 },
    ]);
    expect(w.store.quantity()).toBe(2);
    expect([...w.shadow().querySelectorAll('.toasts .toast')].map((t) => t.textContent)).toEqual([
      'Added Taco de Asada to cart',
    ]);
    await waitFor(() => w.shadow().activeElement === opener, { what: 'focus back on the opener' });
  });

  it('closes on Escape and on Close, giving focus back to the button that opened it', async () => {
    const { w, dialog, opener } = await openDialog();
    await waitFor(() => w.shadow().activeElement === dialog);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => w.shadow().querySelector('dialog') === null, { what: 'the dialog to close' });
    await waitFor(() => w.shadow().activeElement === opener, { what: 'focus back on the opener' });
    expect(w.store.quantity()).toBe(0);

    opener.click();
    const again = await waitFor(() => w.shadow().querySelector<HTMLDialogElement>('dialog'));
    // Opened afresh: nothing chosen from before.
    expect(input(again, 'Handmade corn').checked).toBe(false);
    button(again, 'Close')!.click();
    await waitFor(() => w.shadow().querySelector('dialog') === null);
    await waitFor(() => w.shadow().activeElement === opener);
  });

  it('keeps Tab inside the dialog', async () => {
    const { w, dialog } = await openDialog();
    const tab = (shiftKey = false) =>
      dialog.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, composed: true, cancelable: true }),
      );
    const close = button(dialog, 'Close')!;
    input(dialog, 'Flour').click();
    const add = addButton(dialog);
    await waitFor(() => !add.disabled);
    add.focus();
    tab();
    expect(w.shadow().activeElement).toBe(close);
    tab(true);
    expect(w.shadow().activeElement).toBe(add);
    await settle();
  });

  it('offers Customize beside Add on an item with only optional choices', async () => {
    const { w, dialog } = await openDialog('Quesadilla', 'Customize Quesadilla');
    expect(button(w.shadow(), 'Add Quesadilla to cart')).not.toBeNull();
    expect(dialog.querySelector('legend')!.textContent).toBe('Extras Optional · Choose up to 1');
    expect(addButton(dialog).disabled).toBe(false);
    input(dialog, 'Guacamole').click();
    await waitFor(() => addButton(dialog).textContent === 'Add to cart — $7.50');
    addButton(dialog).click();
    await waitFor(() => w.store.cart.value.items[0]?.id === 'quesadilla|mod-guac');
  });
});
