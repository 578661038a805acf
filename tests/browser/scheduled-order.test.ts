// Ordering ahead in real Chromium when the restaurant is closed: the server's clock stands at
// Friday 11:00 PM in Los Angeles (after closing). The menu and the checkout say so, offers no ASAP, picks the
// first slot (Saturday 9:00 AM, the next opening), and the order is placed and paid for then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, payWithCard } from '../support/checkout-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { ORDER_AHEAD } from '../../widget/store-notice.tsx';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ FIXED_NOW: '2026-11-21T07:00:00Z' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ordering ahead', () => {
  it('shows the restaurant closed, offers the slots from the next opening, and takes a paid order for one', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    const notice = page.locator('comal-order .store-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `Closed We are closed now. We open again tomorrow at 9:00 AM. ${ORDER_AHEAD}`,
    );
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await widget.getByText('We are closed now. We open again tomorrow at 9:00 AM.').waitFor();
    expect(await widget.getByRole('radio', { name: /As soon as possible/ }).isDisabled()).toBe(true);
    expect(await widget.getByRole('radio', { name: /Later/ }).isChecked()).toBe(true);
    const time = widget.getByLabel('Time');
    expect(await time.locator('option:checked').textContent()).toBe('Saturday 9:00 AM');
    await time.selectOption({ label: 'Saturday 9:15 AM' });

    await fillContact(widget);
    const placed = page.waitForRequest((request) => request.url().endsWith('/api/create-order/'));
    await widget.getByRole('button', { name: 'Place order' }).click();
    expect((JSON.parse((await placed).postData()!) as { scheduled_for: string }).scheduled_for).toBe(
      '2026-11-21T17:15:00.000Z',
    );
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\//);
    await page.locator('comal-order .confirmation').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
