// Sales at a glance in the admin area, in real Chromium on the real server (its clock stands at
// Friday 20 November 2026, 11:00 AM in Los Angeles): three orders are placed and paid through the
// API, and the admin sees them on the Sales screen for the last 7 days: the figures as text (the
// sums of the create-order answers), the two charts drawn on canvases with their tables, the top
// items; the quick ranges and a backwards range; the CSV downloads, parses and adds up to the
// figures. The screen passes axe and never scrolls sideways on a phone, and uPlot's script loads
// only once Sales opens, never on the other admin screens or the public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SALES_RANGE_BACKWARDS } from '../../shared/api/admin-sales.ts';
import { axeViolations, launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { processClient } from '../support/server-process.ts';
import { demoStaffPassword, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let password: string;

interface Placed {
  number: number;
  name: string;
  total_cents: number;
}

/** Three paid pickup orders, as the widget places them: create, the demo card, finalize. */
const ORDERS = [
  { name: 'Ana Reyes', lines: [line('side-elote', 2), line('drink-mexican-coke', 1)] },
  { name: 'Beto Cruz', lines: [line('side-elote', 3)] },
  { name: 'Caro Díaz', lines: [line('side-chips-salsa', 1), line('drink-mexican-coke', 1)] },
];
function line(menu_item_id: string, quantity: number) {
  return { menu_item_id, quantity, modifiers: [] as string[] };
}

let placed: Placed[] = [];

beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  browser = await launchBrowser();
  password = demoStaffPassword(server);
  const client = await processClient(server);
  placed = [];
  for (const [index, order] of ORDERS.entries()) {
    const created = await client.call(
      'POST',
      '/api/create-order/',
      {
        name: order.name,
        email: `sales${index}@example.com`,
        phone: `(213) 555-01${50 + index}`,
        delivery_type: 'pickup',
        promo_code: '',
        cart_items: order.lines,
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    if (created.status !== 201) throw new Error(`create-order: ${created.status} ${await created.text()}`);
    const answer = (await created.json()) as {
      order_id: string;
      number: number;
      totals: { total: number };
      payment: { client_secret: string };
    };
    const paid = await client.call('POST', '/api/demo-payments/confirm/', {
      client_secret: answer.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    if (paid.status !== 200) throw new Error(`paying: ${paid.status} ${await paid.text()}`);
    const finalized = await client.call('POST', `/api/finalize-order/${answer.order_id}/`);
    if (finalized.status !== 200) throw new Error(`finalizing: ${finalized.status} ${await finalized.text()}`);
    placed.push({ number: answer.number, name: order.name, total_cents: Math.round(answer.totals.total * 100) });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** uPlot's chunk: the sales screen's chart module. */
const isChartScript = (url: string) => /sales-chart/i.test(new URL(url).pathname);

/** The admin signed in on the promo codes (the first screen), collecting every script the page loads. */
async function signedInAdmin(viewport: { width: number; height: number }): Promise<{ page: Page; scripts: string[] }> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${server.url}/staff/admin/#promo-codes`);
  await page.getByLabel('Email').fill('staff@comal.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor();
  await page.getByRole('table').waitFor();
  return { page, scripts };
}

/** The figure a <dl> card shows, by its label. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page
    .locator('.sales-figures > div')
    .filter({ has: page.locator('.sales-label').getByText(label, { exact: true }) });
  return (await card.locator('dd').textContent()) ?? '';
}

/** RFC 4180: fields split by commas, records by CRLF, quoted fields with doubled quotes inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (ch === '"' || ch === '\n' || ch === '\r') throw new Error(`A stray ${JSON.stringify(ch)} at ${i}`);
    else field += ch;
  }
  if (quoted || field !== '' || record.length > 0) throw new Error('The file does not end with a whole record.');
  return records;
}

describe('sales at a glance', () => {
  it('shows the week’s orders as figures, charts and tables, and downloads a CSV that adds up', async () => {
    const { page, scripts } = await signedInAdmin({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    // Not one byte of uPlot on the promo codes screen.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter(isChartScript)).toEqual([]);

    await page.getByRole('link', { name: 'Sales' }).click();
    await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
    const screen = page.locator('.admin-screen');
    await screen.getByRole('heading', { name: /^Sat, Nov 14 to Fri, Nov 20, 2026/ }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-11-14');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2026-11-20');

    // The figures, as text: sums of what create-order answered.
    const revenue = placed.reduce((sum, order) => sum + order.total_cents, 0);
    expect(await figure(page, 'Orders')).toBe('3');
    expect(await figure(page, 'Revenue')).toBe(usd(revenue));
    expect(await figure(page, 'Average ticket')).toBe(usd(Math.round(revenue / 3)));
    expect(await figure(page, 'Pickup')).toBe(`3 orders, ${usd(revenue)}`);
    expect(await figure(page, 'Delivery')).toBe('0 orders, $0.00');
    expect(await figure(page, 'Refunds')).toBe('$0.00');
    expect(await figure(page, 'Net')).toBe(usd(revenue));

    // Both charts drew, on canvases, each a picture with a text alternative.
    await expect.poll(() => screen.locator('.sales-chart canvas').count()).toBe(2);
    expect(scripts.filter(isChartScript).length).toBeGreaterThan(0);
    const chunk = await (await fetch(scripts.find(isChartScript)!)).text();
    expect(chunk).toContain('uplot');
    expect(await screen.getByRole('img', { name: /^Bar chart of revenue per day/ }).getAttribute('aria-label')).toBe(
      `Bar chart of revenue per day, Sat, Nov 14 to Fri, Nov 20, 2026. The best day was Fri, Nov 20 with ${usd(revenue)}. The table below gives every day.`,
    );
    await screen.getByRole('img', { name: /busiest hour was 11 AM with 3 orders/ }).waitFor();

    // The tables beside them: every day of the week, zeros included; the hours with orders.
    const days = screen.getByRole('table', { name: 'Orders and revenue per day' });
    expect(await days.getByRole('row').allTextContents()).toEqual([
      'DayOrdersRevenue',
      'Sat, Nov 140$0.00',
      'Sun, Nov 150$0.00',
      'Mon, Nov 160$0.00',
      'Tue, Nov 170$0.00',
      'Wed, Nov 180$0.00',
      'Thu, Nov 190$0.00',
      `Fri, Nov 203${usd(revenue)}`,
    ]);
    const hours = screen.getByRole('table', { name: /^Orders per hour of the day/ });
    expect(await hours.getByRole('row').allTextContents()).toEqual(['HourOrders', '11 AM3']);
    const items = screen.getByRole('table', { name: /^Items sold most/ });
    expect(await items.getByRole('row').allTextContents()).toEqual([
      'ItemSoldRevenue before discounts',
      'Elote5$24.75',
      'Mexican Coca-Cola2$7.00',
      'Chips & Salsa1$3.50',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // The CSV: the admin's token in a header, saved from a Blob URL; it parses and adds up.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sales-2026-11-14-to-2026-11-20.csv');
    expect(download.url()).toMatch(/^blob:/);
    await page.getByRole('status').filter({ hasText: 'Downloaded sales-2026-11-14-to-2026-11-20.csv.' }).waitFor();
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    const at = (name: string) => heading!.indexOf(name);
    const money = (text: string) => {
      expect(text).toMatch(/^\d+\.\d{2}$/);
      return Number(text.replace('.', ''));
    };
    expect(rows.map((row) => [Number(row[at('Order')]), row[at('Customer')], money(row[at('Total')]!)])).toEqual(
      placed.map((order) => [order.number, order.name, order.total_cents]),
    );
    expect(rows.map((row) => row[at('Paid at (America/Los_Angeles)')])).toEqual(Array(3).fill('2026-11-20 11:00'));
    expect(rows[0]![at('Items')]).toBe('2 x Elote; 1 x Mexican Coca-Cola');
    for (const row of rows) {
      const cell = (name: string) => money(row[at(name)]!);
      expect(
        cell('Subtotal') -
          cell('Promo discount') -
          cell('Loyalty discount') +
          cell('Tax') +
          cell('Delivery fee') +
          cell('Tip'),
      ).toBe(cell('Total'));
    }
    const column = (name: string) => rows.reduce((sum, row) => sum + money(row[at(name)]!), 0);
    expect(usd(column('Total'))).toBe(await figure(page, 'Revenue'));
    expect(usd(column('Net'))).toBe(await figure(page, 'Net'));
    expect(usd(column('Tax'))).toBe(await figure(page, 'Tax'));

    expect(errors).toEqual([]);

    // Quick ranges end on the restaurant's today; a backwards range gets the server's sentence.
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await screen.getByRole('heading', { name: /^Thu, Oct 22 to Fri, Nov 20, 2026/ }).waitFor();
    expect(await days.getByRole('row').count()).toBe(31);
    await page.getByRole('button', { name: 'Today' }).click();
    await screen.getByRole('heading', { name: /^Fri, Nov 20, 2026/ }).waitFor();
    expect(await figure(page, 'Orders')).toBe('3');
    await page.getByLabel('From', { exact: true }).fill('2026-11-21');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(SALES_RANGE_BACKWARDS);
    await page.getByLabel('From', { exact: true }).fill('2026-11-19');
    await page.getByLabel('To', { exact: true }).fill('2026-11-19');
    await page.getByRole('button', { name: 'Show' }).click();
    await screen.getByRole('heading', { name: /^Thu, Nov 19, 2026/ }).waitFor();
    expect(await figure(page, 'Orders')).toBe('0');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // The refused range is the only failed call.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await page.close();
  });

  it('fits a phone without sideways scrolling, charts included', async () => {
    const { page } = await signedInAdmin(PHONE);
    await page.getByRole('link', { name: 'Sales' }).click();
    await expect.poll(() => page.locator('.sales-chart canvas').count()).toBe(2);
    expect(await scrollsSideways(page)).toBe(false);
    const width = await page
      .locator('.sales-chart')
      .first()
      .evaluate((chart) => chart.getBoundingClientRect().right);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('loads uPlot on no public page', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/menu/', '/order/', '/staff/']) {
      await settled(page, () => page.goto(`${server.url}${path}`));
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(isChartScript)).toEqual([]);
    await page.close();
  });
});
