// The menu editor at /staff/admin/#menu in real Chromium, on the real server: the admin moves a
// category with the keyboard (Alt+ArrowUp on the focused row, announced) and with the buttons,
// changes an item's price in its form (a bad price refused with the server's sentence), and the
// widget on /order/ and the printed menu on /menu/ show the new price. The screen passes axe and never scrolls sideways on a
// phone or a tablet. A photo uploaded in the item's form (previewed first) reaches the widget as
// a <picture> with AVIF and WebP sources, and a category served only on another day says when and
// offers its items to no one today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { PRICE_RANGE } from '../../shared/api/admin-menu.ts';
import { axeViolations, launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { demoStaffPassword, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let password: string;
beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  browser = await launchBrowser();
  password = demoStaffPassword(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TABLET = { width: 820, height: 1180 };

async function menuScreen(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${server.url}/staff/admin/#menu`);
  await page.getByLabel('Email').fill('staff@comal.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
  await page.getByRole('list', { name: 'Categories' }).waitFor();
  return page;
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const categoryNames = (page: Page) =>
  page.getByRole('list', { name: 'Categories' }).locator(':scope > li .menu-name').allTextContents();

describe('the menu editor', () => {
  it('reorders by keyboard, changes a price, and the widget on /order/ and /menu/ show it', async () => {
    const admin = await menuScreen(PHONE);
    const errors = watchErrors(admin);
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);

    // Keyboard: Burritos, second, goes first with Alt+ArrowUp, and the status line says so.
    const before = await categoryNames(admin);
    expect(before.slice(0, 2)).toEqual(['Tacos', 'Burritos']);
    const burritos = admin.locator('li[data-entry="burritos"]');
    await burritos.focus();
    await admin.keyboard.press('Alt+ArrowUp');
    await admin
      .getByRole('status')
      .filter({ hasText: `Burritos moved to 1 of ${before.length}.` })
      .waitFor();
    expect((await categoryNames(admin)).slice(0, 2)).toEqual(['Burritos', 'Tacos']);
    // Focus stays on the moved row, so it can keep going.
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('data-entry'))).toBe('burritos');
    // And back down with its button.
    await admin.getByRole('button', { name: 'Move down Burritos' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `Burritos moved to 2 of ${before.length}.` })
      .waitFor();
    expect(await categoryNames(admin)).toEqual(before);

    // The marketing menu, rendered by the server with the live menu, prints the price before and after.
    const visitor = await browser.newPage({ viewport: PHONE });
    const printedPrice = async () => {
      await visitor.goto(`${server.url}/menu/`);
      return visitor.locator('li.entry', { hasText: 'Mexican Coca-Cola' }).locator('.price').textContent();
    };
    expect(await printedPrice()).toBe('$3.50');

    // The price of a Mexican Coca-Cola, from $3.50 to $4.75.
    await admin.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'Drinks' });
    await admin.getByRole('button', { name: 'Edit Mexican Coca-Cola' }).click();
    const form = admin.getByRole('form', { name: 'Edit Mexican Coca-Cola' });
    const price = form.getByLabel('Price in dollars');
    expect(await price.inputValue()).toBe('3.50');
    await price.fill('-2');
    await form.getByRole('button', { name: 'Save item' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(PRICE_RANGE);
    await price.fill('4.75');
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);
    await form.getByRole('button', { name: 'Save item' }).click();
    await admin.getByRole('status').filter({ hasText: 'Mexican Coca-Cola is saved.' }).waitFor();
    expect(await admin.locator('li[data-entry="drink-mexican-coke"] .admin-sub').textContent()).toContain('$4.75');

    // The order an item's choices are asked in: the tortilla moves below the salsas.
    await admin.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'Tacos' });
    await admin.getByRole('button', { name: 'Edit Taco de Asada' }).click();
    const asked = admin.getByRole('list', { name: 'Choices Taco de Asada asks for, in order' });
    const askedNames = () => asked.locator('.menu-name').allTextContents();
    expect(await askedNames()).toEqual(['Choose a tortilla', 'Salsas on the side', 'Add extras', 'Leave off']);
    await asked.getByRole('button', { name: 'Move down Choose a tortilla' }).click();
    await admin.getByRole('status').filter({ hasText: 'Choose a tortilla moved to 2 of 4.' }).waitFor();
    expect(await askedNames()).toEqual(['Salsas on the side', 'Choose a tortilla', 'Add extras', 'Leave off']);
    expect(await axeViolations(admin)).toEqual([]);

    // A customer's widget shows the new price.
    const customer = await browser.newPage({ viewport: PHONE });
    await settled(customer, () => customer.goto(`${server.url}/order/`));
    const card = customer.locator('comal-order').locator('li.item[data-item="drink-mexican-coke"]');
    expect(await card.locator('.price').textContent()).toBe('$4.75');
    await customer.close();
    expect(await printedPrice()).toBe('$4.75');
    await visitor.close();
    // The one refused form (a price of -$2) is the only failed request.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await admin.close();
  });

  it('uploads a photo and sets a time window; the widget shows the <picture> and says when it is served', async () => {
    const admin = await menuScreen(TABLET);
    // Tomorrow in the restaurant's zone: today the category is not served.
    const tomorrow = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Los_Angeles' }).format(
      new Date(Date.now() + 24 * 60 * 60 * 1000),
    );
    await admin.getByRole('button', { name: 'Edit Sides' }).click();
    const categoryForm = admin.getByRole('form', { name: 'Edit Sides' });
    await categoryForm.getByRole('button', { name: 'Add a time window' }).click();
    const window = categoryForm.getByRole('group', { name: 'Time window 1' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await window.getByLabel(day, { exact: true }).uncheck();
    await window.getByLabel(tomorrow, { exact: true }).check();
    await window.getByLabel('From').fill('00:00');
    await window.getByLabel('To').fill('23:59');
    await categoryForm.getByRole('button', { name: 'Save category' }).click();
    await admin.getByRole('status').filter({ hasText: 'Sides is saved.' }).waitFor();

    await admin.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'Sides' });
    await admin.getByRole('button', { name: 'Edit Chips & Salsa' }).click();
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d97706' } })
      .jpeg()
      .toBuffer();
    await admin
      .getByLabel(/^Choose a photo/)
      .setInputFiles({ name: 'chips.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await admin.getByRole('img', { name: 'Chips & Salsa, as chosen' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Upload photo' }).click();
    await admin.getByRole('status').filter({ hasText: 'The photo of Chips & Salsa is uploaded.' }).waitFor();
    await admin.getByRole('img', { name: 'Chips & Salsa, as shown now' }).waitFor();

    const customer = await browser.newPage({ viewport: PHONE });
    await settled(customer, () => customer.goto(`${server.url}/order/`));
    const widget = customer.locator('comal-order');
    const card = widget.locator('li.item[data-item="side-chips-salsa"]');
    const avif = await card.locator('picture source[type="image/avif"]').getAttribute('srcset');
    expect(avif).toMatch(/\/api\/menu-photos\/[a-f0-9]{32}-150\.avif 150w, .*-300\.avif 300w, .*-600\.avif 600w$/);
    expect(await card.locator('picture source[type="image/webp"]').getAttribute('srcset')).toContain('-300.webp 300w');
    // Chromium reads AVIF: the photo it shows is one of them, loaded.
    const photo = card.locator('picture img');
    await photo.scrollIntoViewIfNeeded();
    await customer.waitForFunction((img) => (img as HTMLImageElement).complete, await photo.elementHandle());
    expect(
      await photo.evaluate((img: HTMLImageElement) => [img.currentSrc.split('.').pop(), img.naturalWidth > 0]),
    ).toEqual(['avif', true]);
    const sides = widget.locator('section.category').filter({ has: customer.getByRole('heading', { name: 'Sides' }) });
    expect(await sides.locator('.served').textContent()).toBe(`Served ${tomorrow} 00:00–23:59`);
    expect(await card.locator('.sold-out').textContent()).toBe('Not served right now');
    expect(await card.getByRole('button').count()).toBe(0);
    await customer.close();
    await admin.close();
  });

  it('is usable on a tablet: the whole screen passes axe and fits', async () => {
    const admin = await menuScreen(TABLET);
    await admin.getByRole('button', { name: 'Edit Tacos' }).click();
    await admin.getByRole('button', { name: 'Add a time window' }).click();
    await admin.getByRole('heading', { name: 'Import and export' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);
    await admin.close();
  });
});
