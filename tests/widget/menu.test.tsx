// The ordering widget's menu: loading, failing, browsing, searching and adding, on the preact
// build it ships, against a real local HTTP server answering GET /api/menus/.
import { afterEach, describe, expect, it } from 'vitest';
import { LOADING, MENU_FETCH_FAILED, NO_MENUS_RETURNED, couldNotFindMenu } from '../../shared/api/messages.ts';
import { fileSettings, pricingSettingsOf } from '../../shared/live-settings.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { startMenuServer, smallMenus, type MenuServer } from '../support/menu-server.ts';
import { waitFor } from '../support/wait-for.ts';
import { button, itemNames, renderWidget, typeInto, type RenderedWidget } from './render-widget.tsx';

let server: MenuServer | undefined;
let widget: RenderedWidget | undefined;
afterEach(async () => {
  widget?.unmount();
  await server?.close();
  widget = server = undefined;
});

async function openWith(answer?: { status: number; body: unknown }, where: { category?: string; path?: string } = {}) {
  server = await startMenuServer(answer);
  widget = renderWidget(server, where);
  return widget;
}

async function menuShown(w: RenderedWidget) {
  await waitFor(() => w.shadow().querySelector('.menu'), { what: 'the menu' });
  return w.shadow();
}

describe('loading the menu', () => {
  it('says Loading... until the menu arrives, then shows it', async () => {
    server = await startMenuServer();
    server.hold();
    widget = renderWidget(server);
    const status = await waitFor(() => widget!.shadow().querySelector('[role="status"]'));
    expect(status.textContent).toBe(LOADING);
    server.release();
    const shadow = await menuShown(widget);
    expect(shadow.textContent).not.toContain(LOADING);
    expect(server.menuCalls()).toBe(1);
  });

  it("shows 'Failed to fetch Clover menu.' in an alert when the server fails without a message", async () => {
    const w = await openWith({ status: 500, body: {} });
    const alert = await waitFor(() => w.shadow().querySelector('[role="alert"]'));
    expect(alert.textContent).toBe(MENU_FETCH_FAILED);
    expect(w.shadow().querySelector('.menu')).toBeNull();
  });

  it('shows the failure as an error toast too', async () => {
    const w = await openWith({ status: 500, body: {} });
    const toast = await waitFor(() => w.shadow().querySelector('.toasts .toast-error'));
    expect(toast.textContent).toBe(MENU_FETCH_FAILED);
    expect(toast.parentElement!.getAttribute('aria-live')).toBe('polite');
  });

  it("shows the server's own message when it sends one", async () => {
    const w = await openWith({ status: 503, body: { error: 'The menu is being updated' } });
    const alert = await waitFor(() => w.shadow().querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('The menu is being updated');
  });

  it('shows the errors for no menus and for a menu of another name', async () => {
    let w = await openWith({ status: 200, body: [] });
    expect((await waitFor(() => w.shadow().querySelector('[role="alert"]'))).textContent).toBe(NO_MENUS_RETURNED);
    w.unmount();
    await server!.close();

    w = await openWith({ status: 200, body: [{ name: 'Another place', categories: [] }] });
    expect((await waitFor(() => w.shadow().querySelector('[role="alert"]'))).textContent).toBe(
      couldNotFindMenu(restaurant.menuName),
    );
  });
});

describe('browsing the menu', () => {
  it('groups the items under their category and subcategory headings, with prices, specials and photos', async () => {
    const shadow = await menuShown(await openWith());
    const categories = [...shadow.querySelectorAll('h2')].map((h) => h.textContent);
    expect(categories).toEqual(['Tacos', 'Bebidas']);
    expect([...shadow.querySelectorAll('.subcategory h3')].map((h) => h.textContent)).toEqual(['Classic']);
    expect(itemNames(shadow)).toEqual([
      'Plato de Tacos',
      'Taco al Pastor',
      'Taco de Lengua',
      'Horchata',
      'Agua de Jamaica',
      'Limonada con Jalapeño',
    ]);

    const tacos = shadow.querySelectorAll('section.category')[0]!;
    expect(tacos.textContent).toContain('Taco al Pastor');
    expect(tacos.textContent).not.toContain('Horchata');
    const pastor = [...shadow.querySelectorAll('.item')].find((li) => li.textContent.includes('Taco al Pastor'))!;
    expect(pastor.querySelector('.price')!.textContent).toBe('$4.25');
    expect(pastor.querySelector('.special')!.textContent.trim()).toBe('Special');
    const photo = pastor.querySelector('img')!;
    expect(photo.getAttribute('src')).toBe(`${server!.origin}/images/menu/pastor-taco.jpg`);
    expect(photo.getAttribute('alt')).toBe('Taco al Pastor');
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['600', '400']);

    const horchata = [...shadow.querySelectorAll('.item')].find((li) => li.textContent.includes('Horchata'))!;
    expect(horchata.querySelector('.price')!.textContent).toBe('$3.50');
    expect(horchata.querySelector('img')).toBeNull();
    expect(horchata.querySelector('.special')).toBeNull();
  });

  it('has a category bar whose buttons jump to each category', async () => {
    const shadow = await menuShown(await openWith());
    const nav = shadow.querySelector('nav[aria-label="Menu categories"]')!;
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Tacos', 'Bebidas']);
    button(nav, 'Bebidas')!.click();
    await waitFor(() => button(nav, 'Bebidas')!.getAttribute('aria-current') === 'location');
    const heading = [...shadow.querySelectorAll('h2')].find((h) => h.textContent === 'Bebidas')!;
    expect(shadow.activeElement).toBe(heading);
  });

  it.each([
    ['?category= in the address', { path: '/order/?category=bebidas' }],
    ['category= on the host element', { category: 'Bebidas' }],
  ])('opens at the category named by %s', async (_, where) => {
    const shadow = await menuShown(await openWith(undefined, where));
    const nav = shadow.querySelector('nav[aria-label="Menu categories"]')!;
    await waitFor(() => button(nav, 'Bebidas')!.getAttribute('aria-current') === 'location');
    expect(shadow.activeElement).toBeNull(); // the page's own jump leaves focus alone
    expect(button(nav, 'Tacos')!.hasAttribute('aria-current')).toBe(false);
  });

  it('states the delivery fee the owner set, once the store’s live settings arrive', async () => {
    const w = await openWith();
    const shadow = await menuShown(w);
    const fees = () => shadow.querySelector('.fees')!.textContent;
    expect(fees()).toContain('Delivery fee: $10.00, or the courier’s quote if higher');
    const live = pricingSettingsOf(fileSettings());
    w.store.takePricing({ ...live, delivery: { ...live.delivery, minimum_fee_cents: 650 } });
    await waitFor(() => fees().includes('Delivery fee: $6.50, or the courier’s quote if higher'));
  });

  it('filters the items by name whatever the case and accents', async () => {
    const shadow = await menuShown(await openWith());
    const label = [...shadow.querySelectorAll('label')].find((l) => l.textContent?.includes('Search the menu'))!;
    const search = label.querySelector('input')!;

    typeInto(search, 'JALAPENO');
    await waitFor(() => itemNames(shadow).length === 1);
    expect(itemNames(shadow)).toEqual(['Limonada con Jalapeño']);
    expect([...shadow.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Bebidas']);

    typeInto(search, 'taco');
    await waitFor(() => itemNames(shadow).length === 3);
    expect(itemNames(shadow)).toEqual(['Plato de Tacos', 'Taco al Pastor', 'Taco de Lengua']);

    typeInto(search, 'pizza');
    await waitFor(() => itemNames(shadow).length === 0);
    expect(shadow.querySelector('.empty')!.textContent).toContain('No items match');

    typeInto(search, '');
    await waitFor(() => itemNames(shadow).length === 6);
  });
});

describe('adding to the cart', () => {
  it('adds an item without choices to the cart store from its button', async () => {
    const w = await openWith();
    const shadow = await menuShown(w);
    const add = button(shadow, 'Add Horchata to cart')!;
    expect(add.textContent).toBe('Add');
    add.click();
    add.click();
    expect(w.store.quantity()).toBe(2);
    expect(w.store.cart.value.items).toHaveLength(1);
    expect(w.store.cart.value.items[0]!.menuItem).toMatchObject({ id: 'horchata', name: 'Horchata', base_price: 3.5 });
  });

  it('lets no one add a sold-out item, and sends items with choices to the item dialog', async () => {
    const shadow = await menuShown(await openWith());
    const lengua = [...shadow.querySelectorAll('.item')].find((li) => li.textContent.includes('Taco de Lengua'))!;
    expect(lengua.querySelector('.sold-out')!.textContent).toBe('Sold out');
    expect(lengua.querySelector('button')).toBeNull();
    expect(button(shadow, 'Add Taco de Lengua to cart')).toBeNull();

    const plate = [...shadow.querySelectorAll('.item')].find((li) => li.textContent.includes('Plato de Tacos'))!;
    expect(button(plate, 'Add Plato de Tacos to cart')).toBeNull();
    expect(button(plate, 'Choose options for Plato de Tacos')!.textContent).toBe('Choose options');
    expect(plate.querySelector('.price')!.textContent).toBe('$13.95');
  });
});

// The fixture is the API's shape: keep it honest against the API's menu fields.
it('serves a menu of the restaurant', () => {
  expect(smallMenus[0]!.name).toBe(restaurant.menuName);
});
