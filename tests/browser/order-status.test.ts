// The customer's /congratulations/ page follows the order live in real Chromium: it is paid, then
// the staff (the demo admin, through the staff API) accept it and mark it ready, and the page says
// each new status without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, payWithCard } from '../support/checkout-page.ts';
import { demoStaffPassword, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The staff API as the board calls it, signed in as the demo admin the embedded defaults print. */
async function staffSession() {
  const password = demoStaffPassword(server);
  const csrf = await fetch(`${server.url}/api/csrf/`);
  const { csrftoken } = (await csrf.json()) as { csrftoken: string };
  const headers = {
    'Content-Type': 'application/json',
    Origin: server.url,
    'X-CSRFToken': csrftoken,
    Cookie: `csrftoken=${csrftoken}`,
  };
  const login = await fetch(`${server.url}/api/staff/login/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'staff@comal.example', password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return async (orderId: string, to: string) => {
    const moved = await fetch(`${server.url}/api/staff/orders/${orderId}/move/`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ to }),
    });
    expect(moved.status).toBe(200);
  };
}

describe('the order page', () => {
  it('shows each status the kitchen moves the order to, live', async () => {
    const move = await staffSession();
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 1);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\/\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    const status = page.locator('comal-order .order-status');
    await status.getByText('Received: the kitchen will start on it shortly.').waitFor();
    await move(orderId, 'accepted');
    await status.getByText('The kitchen is making your order.').waitFor({ timeout: 5000 });
    await move(orderId, 'ready');
    await status.getByText('Ready for pickup!').waitFor({ timeout: 5000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
