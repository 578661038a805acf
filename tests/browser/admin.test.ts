// The owner's admin area at /staff/admin/ in real Chromium, on the real server: the admin signs in,
// makes a promo code with the keyboard-friendly form (a bad field is refused with the server's
// sentence), a customer on a phone applies it in the widget and pays, and the admin's list counts
// the use and its revenue; the change is in the audit log. The page passes axe and never scrolls
// sideways on a phone or a tablet, and none of its script loads on the public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, payWithCard } from '../support/checkout-page.ts';
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

async function signedInAdmin(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${server.url}/staff/admin/`);
  await page.getByLabel('Email').fill('staff@comal.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the admin area', () => {
  it('makes a promo code a customer uses in the widget, then counts the use and logs the change', async () => {
    const admin = await signedInAdmin(TABLET);
    const errors = watchErrors(admin);
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);
    // The seeded demo codes are there, as data.
    expect(await admin.getByRole('rowheader', { name: /^WELCOME10/ }).count()).toBe(1);

    await admin.getByRole('button', { name: 'New promo code' }).click();
    const form = admin.getByRole('form', { name: 'New promo code' });
    await form.getByLabel('Code').fill('taco20');
    await form.getByLabel('Description (for you)').fill('Twenty off for the holidays');
    await form.getByRole('textbox', { name: 'Percent off' }).fill('120');
    await form.getByRole('button', { name: 'Make code' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('A percent off is a whole number from 1 to 100.');
    await form.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await form.getByLabel('Uses per customer (blank: no limit)').fill('1');
    expect(await axeViolations(admin)).toEqual([]);
    await form.getByRole('button', { name: 'Make code' }).click();
    await admin.getByRole('status').filter({ hasText: 'TACO20 is saved.' }).waitFor();
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: /^TACO20/ }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '20% off',
      'Active',
      '0',
      '$0.00',
      '$0.00',
      'Once per customer',
      'Edit TACO20Turn off TACO20',
    ]);

    // A customer on a phone applies it in the widget and pays.
    const customer = await browser.newPage({ viewport: PHONE });
    await settled(customer, () => customer.goto(`${server.url}/order/`));
    await addFromMenu(customer, 'Mexican Coca-Cola', 5);
    await settled(customer, () => customer.goto(`${server.url}/checkout/`));
    const widget = customer.locator('comal-order');
    await widget.getByLabel('Promo code').fill('taco20');
    await widget.getByRole('button', { name: 'Apply' }).click();
    await widget.getByText('Remove code').waitFor();
    await fillContact(widget, { name: 'Rosa Promo', email: 'rosa@example.com', phone: '(213) 555-0177' });
    const rows = await widget.locator('.checkout-summary .total-row').allTextContents();
    const amount = (label: string) => Number(rows.find((r) => r.startsWith(label))!.replace(/^[^$]*\$/, ''));
    const subtotal = amount('Subtotal');
    expect(amount('Promo (TACO20)')).toBe(Math.round(subtotal * 20) / 100);
    const total = rows.at(-1)!.replace('Total', '');
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await payWithCard(widget, '4242 4242 4242 4242');
    await customer.waitForURL(/\/congratulations\/\?order=/);
    await customer.close();

    // The admin's list counts it: one use, the total paid as revenue, the discount given.
    await admin.reload();
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(2, 5)).toEqual(['1', total, `$${amount('Promo (TACO20)').toFixed(2)}`]);

    // The audit log says who made it.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    const entry = admin.getByRole('listitem').filter({ hasText: 'Promo codes: TACO20' });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/^Promo codes: TACO20 made by staff@comal\.example, /);
    expect(await axeViolations(admin)).toEqual([]);
    // The one refused form (120% off) is the only failed request.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await admin.close();
  });

  it('works on a phone without sideways scrolling, and turns a code off', async () => {
    const admin = await signedInAdmin(PHONE);
    expect(await scrollsSideways(admin)).toBe(false);
    // The list is read again after the change; held here, so the row must say it from the change's own answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.route(/\/api\/staff\/admin\/promo-codes\/$/, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await admin.getByRole('button', { name: 'Turn off FIVEOFF' }).click();
    await admin.getByRole('status').filter({ hasText: 'FIVEOFF is turned off.' }).waitFor();
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: /^FIVEOFF/ }) });
    expect((await row.getByRole('cell').allTextContents())[1]).toBe('Turned off');
    // Let the reload through (the route stays: it lets every later request through at once).
    const reloaded = admin.waitForResponse((response) => /\/promo-codes\/$/.test(response.url()));
    release();
    await reloaded;
    expect(await axeViolations(admin)).toEqual([]);
    await admin.close();
  });

  it('loads none of its script on the public pages', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/menu/', '/order/', '/staff/']) {
      await settled(page, () => page.goto(`${server.url}${path}`));
    }
    const adminPage = await browser.newPage();
    const adminScripts: string[] = [];
    adminPage.on('request', (request) => {
      if (request.resourceType() === 'script') adminScripts.push(request.url());
    });
    await settled(adminPage, () => adminPage.goto(`${server.url}/staff/admin/`));
    const own = adminScripts.filter((url) => /AdminApp|admin/i.test(new URL(url).pathname));
    expect(own.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => own.includes(url))).toEqual([]);
    await page.close();
    await adminPage.close();
  });
});
