// The admin's Customers screen in real Chromium on the real server: two customers order through the
// API (one agreeing to offers), the admin searches by name and by phone, opens a customer, sees
// their order and points, is refused with the server's sentences (a reason too short, taking away
// more than the balance), adds points with a reason and sees the new balance on the page, in the
// ledger and through the public loyalty look-up; the export downloads through a Blob URL (no token
// in any link) and holds only the customer who opted in. The screen passes axe and never scrolls
// sideways on a phone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, PHONE, watchErrors } from '../support/browser.ts';
import { processClient, type ProcessClient } from '../support/server-process.ts';
import { demoStaffPassword, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let password: string;
let client: ProcessClient;
const TABLET = { width: 820, height: 1180 };

/** A paid pickup order of `cokes` Mexican Coca-Colas ($3.50 each: 35 points for 10). */
async function paidOrder(contact: { name: string; email: string; phone: string; marketing: boolean }, cokes: number) {
  const created = await client.call('POST', '/api/create-order/', {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    marketing_opt_in: contact.marketing,
    delivery_type: 'pickup',
    cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: cokes, modifiers: [] }],
  });
  if (created.status !== 201) throw new Error(`create-order: ${created.status} ${await created.text()}`);
  const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
  const paid = await client.call('POST', '/api/demo-payments/confirm/', {
    client_secret: order.payment.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`paying: ${paid.status} ${await paid.text()}`);
  const finalized = await client.call('POST', `/api/finalize-order/${order.order_id}/`);
  if (finalized.status !== 200) throw new Error(`finalizing: ${finalized.status} ${await finalized.text()}`);
  return order.number;
}

let lolaOrder = 0;
beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  browser = await launchBrowser();
  password = demoStaffPassword(server);
  client = await processClient(server);
  lolaOrder = await paidOrder(
    { name: 'Lola Marín', email: 'lola.marin@example.com', phone: '(213) 555-0177', marketing: true },
    10,
  );
  await paidOrder(
    {
      name: 'Memo Lozano',
      email: 'memo.lozano.with.a.very.long.address@example.com',
      phone: '(213) 555-0178',
      marketing: false,
    },
    2,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function customersScreen(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  await page.goto(`${server.url}/staff/admin/#customers`);
  await page.getByLabel('Email').fill('staff@comal.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  return page;
}

async function search(page: Page, q: string) {
  const box = page.getByRole('searchbox', { name: 'Name, phone or email' });
  await box.fill(q);
  await box.press('Enter');
}

describe('the admin’s customers', () => {
  it('finds a customer, shows their orders and points, and adjusts the points with a reason', async () => {
    const page = await customersScreen(TABLET);
    const errors = watchErrors(page);
    expect(await axeViolations(page)).toEqual([]);

    // A search too short: the server's sentence.
    await search(page, 'l');
    expect(await page.getByRole('alert').textContent()).toBe(
      'Type at least 2 characters of a name, phone number or email address to search.',
    );

    await search(page, 'LOLA');
    await page.getByRole('status').filter({ hasText: '1 customer matches “LOLA”.' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lola Marín' }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '(213) 555-0177',
      'lola.marin@example.com',
      'No',
      '1',
      'Nov 20, 2026, 11:00 AM',
      '35',
      'Opted in',
      'Open Lola Marín',
    ]);
    // The phone number typed another way finds her too, and only her.
    await search(page, '213.555.0177');
    await page.getByRole('status').filter({ hasText: '1 customer matches “213.555.0177”.' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Lola Marín']);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Open Lola Marín' }).click();
    const heading = page.getByRole('heading', { name: 'Lola Marín', level: 2 });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const customer = page.getByRole('region', { name: 'Lola Marín' });
    const orders = customer.getByRole('table', { name: 'Orders' });
    expect(await orders.getByRole('row').nth(1).textContent()).toContain(`#${lolaOrder}`);
    expect(await orders.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Nov 20, 2026, 11:00 AM',
      'Paid, not yet accepted',
      '$38.41',
      '10 × Mexican Coca-Cola',
    ]);
    const ledger = customer.getByRole('table', { name: 'Points ledger' });
    expect(await ledger.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      '+35',
      `Earned by order #${lolaOrder}`,
      '—',
    ]);

    const form = page.getByRole('form', { name: 'Adjust points' });
    await form.getByLabel('Number of points').fill('50');
    await form.getByLabel('Reason').fill('ok');
    await form.getByRole('button', { name: 'Save points' }).click();
    await form.getByRole('alert').filter({ hasText: 'Give a reason of 3 to 200 characters.' }).waitFor();

    await form.getByRole('radio', { name: 'Take points away' }).check();
    await form.getByLabel('Reason').fill('Duplicate order');
    await form.getByRole('button', { name: 'Save points' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'The balance cannot go below 0: this customer has 35 points, so take away at most 35.' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole('radio', { name: 'Add points' }).check();
    await form.getByLabel('Number of points').fill('65');
    await form.getByLabel('Reason').fill('Birthday treat');
    await form.getByRole('button', { name: 'Save points' }).click();
    await page.getByRole('status').filter({ hasText: 'Lola Marín now has 100 points.' }).waitFor();
    expect(await customer.locator('.customers-balance').textContent()).toBe('100 points');
    expect(await ledger.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Nov 20, 2026, 11:00 AM',
      '+65',
      'Adjusted: Birthday treat',
      'staff@comal.example',
    ]);
    expect((await row.getByRole('cell').allTextContents())[5]).toBe('100');
    expect(await form.getByLabel('Number of points').inputValue()).toBe('');
    expect(await form.getByRole('alert').count()).toBe(0);

    // The customer sees it too.
    const points = await client.call('GET', `/api/loyalty/points/?phone=${encodeURIComponent('2135550177')}`);
    expect(await points.json()).toEqual({ points: 100 });
    expect(await axeViolations(page)).toEqual([]);
    // The browser logs each refusal it was shown: the short search, the short reason, the overdraft. Nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await page.close();
  });

  it('exports only the customers who opted in, through a Blob URL', async () => {
    const page = await customersScreen(TABLET);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export opted-in customers (CSV)' }).click(),
    ]);
    expect(download.url()).toMatch(/^blob:/);
    expect(download.suggestedFilename()).toMatch(/^customers-opted-in-\d{4}-\d{2}-\d{2}\.csv$/);
    const dir = await mkdtemp(path.join(tmpdir(), 'customers-export-'));
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const text = (await readFile(saved)).toString('utf8');
    await rm(dir, { recursive: true, force: true });
    expect(text).toBe(
      '\uFEFFName,Email,Phone,Orders,Last order date\r\nLola Marín,lola.marin@example.com,(213) 555-0177,1,2026-11-20\r\n',
    );
    await page
      .getByRole('status')
      .filter({ hasText: /^Downloaded customers-opted-in-.*: 1 opted-in customer\.$/ })
      .waitFor();
    // The admin's token went in a header, never in an address.
    expect(requests.filter((url) => /token|Bearer|eyJ/i.test(url))).toEqual([]);
    expect(requests.some((url) => url.endsWith('/api/staff/admin/customers/export.csv'))).toBe(true);
    await page.close();
  });

  it('works on a phone without sideways scrolling', async () => {
    const page = await customersScreen(PHONE);
    await search(page, 'lozano');
    await page.getByRole('status').filter({ hasText: '1 customer matches “lozano”.' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Open Memo Lozano' }).click();
    await page.getByRole('heading', { name: 'Memo Lozano', level: 2 }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
