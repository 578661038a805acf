// The owner's live settings in real Chromium, on the real server (its clock on Friday 2026-11-20,
// 11:00 AM in Los Angeles): the checkout in the widget offers times tomorrow (Saturday); the admin,
// on a phone, closes tomorrow for a holiday on the Settings screen (a bad lead time first refused
// with the server's sentence), the 7-day preview shows no time tomorrow, and the widget then offers
// none, for pickup or delivery; a changed delivery radius and least fee show in the checkout's
// choice and totals. The screen passes axe and never scrolls sideways on a phone or a tablet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { LEAD_RANGE } from '../../shared/api/admin-settings.ts';
import { axeViolations, launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu } from '../support/checkout-page.ts';
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

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The times the checkout offers for the order type chosen now, as the customer reads them. */
async function offeredTimes(widget: Locator): Promise<string[]> {
  await widget.getByRole('radio', { name: /Later/ }).check();
  return widget.getByLabel('Time', { exact: true }).locator('option').allTextContents();
}

describe('live settings', () => {
  it('closes tomorrow for a holiday, and the widget then offers no time tomorrow', async () => {
    // Before: the widget offers Saturday's times, for pickup and for delivery.
    const customer = await browser.newPage({ viewport: PHONE });
    const customerErrors = watchErrors(customer);
    await settled(customer, () => customer.goto(`${server.url}/order/`));
    await addFromMenu(customer, 'Mexican Coca-Cola', 2);
    await settled(customer, () => customer.goto(`${server.url}/checkout/`));
    const widget = customer.locator('comal-order');
    const pickupBefore = await offeredTimes(widget);
    expect(pickupBefore.filter((time) => time.startsWith('Saturday')).length).toBeGreaterThan(0);
    await widget.getByRole('radio', { name: /^Delivery/ }).check();
    // The file's delivery area and least fee (2 Coca-Colas are below every discount tier).
    await widget.getByText('Within 8 miles').waitFor();
    expect(await widget.locator('[data-total="delivery"] dd').textContent()).toBe('$10.00');
    const deliveryBefore = await offeredTimes(widget);
    expect(deliveryBefore.filter((time) => time.startsWith('Saturday')).length).toBeGreaterThan(0);

    // The admin, on a phone.
    const admin = await browser.newPage({ viewport: PHONE });
    await admin.goto(`${server.url}/staff/admin/#settings`);
    await admin.getByLabel('Email').fill('staff@comal.example');
    await admin.getByLabel('Password').fill(password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const adminErrors = watchErrors(admin);
    await admin.getByRole('heading', { name: 'Holidays and special days' }).waitFor();
    const preview = admin
      .getByRole('table')
      .filter({ has: admin.getByRole('columnheader', { name: 'Pickup' }) })
      .last();
    await preview.getByRole('row').nth(2).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);
    const tomorrowRow = preview.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Sat, Nov 21' }) });
    expect(await tomorrowRow.getByRole('cell').allTextContents()).toEqual([
      '9:00 AM to 10:45 PM (56 times)',
      '11:00 AM to 10:15 PM (46 times)',
    ]);

    // A bad lead time is refused with the server's sentence, and nothing is saved.
    const lead = admin.getByRole('form', { name: 'Lead times' });
    await lead.getByLabel('Pickup lead time (minutes)').fill('0');
    await lead.getByRole('button', { name: 'Save' }).click();
    expect(await lead.getByRole('alert').textContent()).toBe(LEAD_RANGE);
    await lead.getByLabel('Pickup lead time (minutes)').fill('20');

    // Closed all day tomorrow, for pickup and delivery (the form's default), with the keyboard.
    const holidays = admin.getByRole('form', { name: 'Holidays and special days' });
    await holidays.getByLabel('Date').fill('2026-11-21');
    expect(await holidays.getByLabel('Pickup', { exact: true }).inputValue()).toBe('closed');
    expect(await holidays.getByLabel('Delivery', { exact: true }).inputValue()).toBe('closed');
    await holidays.getByRole('button', { name: 'Add date' }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await holidays.getByText('Sat, Nov 21').waitFor();
    expect(await holidays.getByRole('listitem').filter({ hasText: '2026-11-21' }).textContent()).toBe(
      'Sat, Nov 21 (2026-11-21): pickup closed; delivery closedRemove 2026-11-21',
    );
    await tomorrowRow.getByRole('cell').filter({ hasText: 'No times' }).first().waitFor();
    expect(await tomorrowRow.getByRole('cell').allTextContents()).toEqual(['No times', 'No times']);
    expect(await axeViolations(admin)).toEqual([]);
    expect(await scrollsSideways(admin)).toBe(false);
    // And on a tablet.
    await admin.setViewportSize({ width: 820, height: 1180 });
    expect(await scrollsSideways(admin)).toBe(false);

    // A smaller delivery area with a higher least fee.
    const delivery = admin.getByRole('form', { name: 'Delivery radius and fees' });
    await delivery.getByLabel('Delivery radius (miles)').fill('6');
    await delivery.getByLabel('Minimum delivery fee ($)').fill('16.00');
    await delivery.getByRole('button', { name: 'Save' }).click();
    await delivery.getByText('Changed here (not the file’s default).').waitFor();

    // After: the widget offers no time tomorrow, for either order type; Friday and Sunday are still there.
    await settled(customer, () => customer.reload());
    // The checkout shows the live area and charges the live least fee, as create-order will.
    await widget.getByText('Within 6 miles').waitFor();
    expect(await widget.locator('[data-total="delivery"] dd').textContent()).toBe('$16.00');
    const deliveryAfter = await offeredTimes(widget);
    expect(deliveryAfter.filter((time) => time.startsWith('Saturday'))).toEqual([]);
    expect(deliveryAfter.filter((time) => time.startsWith('Sunday')).length).toBeGreaterThan(0);
    await widget.getByRole('radio', { name: /^Pickup/ }).check();
    const pickupAfter = await offeredTimes(widget);
    expect(pickupAfter.filter((time) => time.startsWith('Saturday'))).toEqual([]);
    expect(pickupAfter.filter((time) => time.startsWith('Friday'))).toEqual(
      pickupBefore.filter((time) => time.startsWith('Friday')),
    );

    expect(customerErrors).toEqual([]);
    // The refused lead time, and nothing else.
    expect(adminErrors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await customer.close();
    await admin.close();
  });
});
