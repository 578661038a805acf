// Accounts end to end in real Chromium against the real server (DEV_OUTBOX=1, demo payments):
// register on /register/, confirm from the mailed link with the password, sign in on /login/, save a cart and pay an
// order signed in, see it on /account/, reorder and restore it into the cart, save a demo card on
// /payment/ and pay the next order with it, and sign out to / with authInfo gone. axe checks the
// sign-in and account screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { CONFIRM_PASSWORD_WRONG } from '../../server/auth/built-in-auth.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../server/http/csrf.ts';
import { REFRESH_COOKIE } from '../../server/http/refresh-cookie.ts';
import { DESKTOP, launchBrowser, watchErrors, axeViolations, settled } from '../support/browser.ts';
import { confirmFromMail, mailedLink, register } from '../support/account-page.ts';
import { addFromMenu, payWithCard, storedCartQuantity } from '../support/checkout-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';

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

async function checkoutFromOrderPage(page: Page, items: number): Promise<Locator> {
  await page.getByRole('button', { name: `Cart, ${items} items` }).click();
  await page.locator('comal-order').getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL(`${server.url}/checkout/`);
  const widget = page.locator('comal-order');
  await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
  return widget;
}

describe('accounts', () => {
  it('registers, confirms, signs in, orders, reorders, saves a card, pays with it and signs out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const refused: string[] = [];
    page.on(
      'response',
      (response) =>
        response.status() >= 400 && refused.push(`${response.status()} ${new URL(response.url()).pathname}`),
    );
    const email = `ana+${Date.now()}@example.com`;
    const password = 'Tamales-de-rajas-2026';
    const widget = page.locator('comal-order');

    // Register: the header is hidden, the form says to check the mail.
    await settled(page, () => page.goto(`${server.url}/register/`));
    expect(await page.locator('header.site-header, body > header').count()).toBe(0);
    await widget.getByRole('heading', { name: 'Create an account' }).waitFor();
    await widget.getByLabel('Name', { exact: true }).fill('Ana Reyes');
    await widget.getByLabel('Email', { exact: true }).fill(email);
    await widget.getByLabel('Mobile phone').fill('(213) 555-0142');
    await widget.getByLabel('Password').fill('short');
    await widget.getByRole('button', { name: 'Create account' }).click();
    expect(await widget.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await widget.getByRole('alert').first().textContent()).toContain('at least 10 characters');
    await widget.getByLabel('Password').fill(password);
    await widget.getByRole('button', { name: 'Create account' }).click();
    await widget.getByRole('heading', { name: 'Check your email' }).waitFor();

    // Confirm from the mailed link: it asks for the password chosen at sign-up (the link alone
    // would let whoever signed up with another's email have its owner confirm their account). A
    // wrong one is refused and the link stays good; the right one signs in.
    const confirmLink = await mailedLink(server.url, email, '/confirmation-instruction/?token=');
    expect(new URL(confirmLink).origin).toBe(server.url);
    await settled(page, () => page.goto(confirmLink));
    await widget.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await widget.getByLabel('Password').fill('not-the-password-1');
    await widget.getByRole('button', { name: 'Confirm and sign in' }).click();
    await widget.locator('.error[role="alert"]').waitFor();
    expect(await widget.locator('.error[role="alert"]').textContent()).toBe(CONFIRM_PASSWORD_WRONG);
    await widget.getByLabel('Password').fill(password);
    await widget.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL(`${server.url}/account/`);
    await widget.getByText('No orders yet.').waitFor();

    // Sign in again: a wrong password is refused, the right one goes to /account/.
    await settled(page, () => page.goto(`${server.url}/login/`));
    await widget.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await widget.getByLabel('Email', { exact: true }).fill(email);
    await widget.getByLabel('Password').fill('not-the-password-1');
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await widget.locator('.error[role="alert"]').waitFor();
    await widget.getByLabel('Password').fill(password);
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/account/`);
    const authInfo = await page.evaluate(
      () => JSON.parse(localStorage.getItem('authInfo') ?? 'null') as { cognitoSub?: string } | null,
    );
    expect(authInfo).toMatchObject({ email, phone: '+12135550142' });
    expect(authInfo?.cognitoSub).toBeTruthy();
    await widget.getByText('No orders yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Order signed in: details prefilled, the cart saved, paid with 4242.
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await checkoutFromOrderPage(page, 2);
    expect(await widget.getByLabel('Name', { exact: true }).inputValue()).toBe('Ana Reyes');
    expect(await widget.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await widget.getByLabel('Cart name').fill('Friday drinks');
    await widget.getByRole('button', { name: 'Save this cart' }).click();
    await widget.getByText('Saved “Friday drinks” to your account.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\/\?order=/);
    await widget.locator('.confirmation').waitFor();
    expect(await storedCartQuantity(page)).toBe(0);

    // The order and the saved cart on /account/; reorder fills the cart.
    await settled(page, () => page.goto(`${server.url}/account/`));
    const order = widget.locator('.account-item', { hasText: 'Mexican Coca-Cola' });
    await order.waitFor();
    expect(await order.getByRole('heading').textContent()).toMatch(/^Order #\d+$/);
    expect(await order.textContent()).toContain('2 × Mexican Coca-Cola');
    await widget.locator('.account-item', { hasText: 'Friday drinks' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await order.getByRole('button', { name: 'Reorder' }).click();
    await page.waitForURL(`${server.url}/order/`);
    expect(await storedCartQuantity(page)).toBe(2);
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();

    // Restore the saved cart (the cart is replaced, not added to), then delete it.
    await settled(page, () => page.goto(`${server.url}/account/`));
    const saved = widget.locator('.account-item', { hasText: 'Friday drinks' });
    await saved.getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(`${server.url}/order/`);
    expect(await storedCartQuantity(page)).toBe(2);
    await settled(page, () => page.goto(`${server.url}/account/`));
    await widget.locator('.account-item', { hasText: 'Friday drinks' }).getByRole('button', { name: 'Delete' }).click();
    await widget.getByText('No saved carts yet. Save one at checkout.').waitFor();

    // Save a demo card on /payment/.
    await settled(page, () => page.goto(`${server.url}/payment/`));
    await widget.getByRole('heading', { name: 'Payment methods' }).waitFor();
    await widget.getByText('No saved cards yet.').waitFor();
    await widget.getByRole('button', { name: 'Add a card' }).click();
    expect(await widget.locator('.test-mode').textContent()).toContain('Use 4242 4242 4242 4242');
    await widget.getByLabel('Card number').fill('4242 4242 4242 4242');
    await widget.getByLabel('Expiry (MM/YY)').fill('12/34');
    await widget.getByLabel('Security code').fill('123');
    await widget.getByRole('button', { name: 'Save card' }).click();
    await widget.getByRole('heading', { name: 'Visa ending in 4242' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Pay the next order with the saved card.
    await settled(page, () => page.goto(`${server.url}/order/`));
    await checkoutFromOrderPage(page, 2);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    const savedCard = widget.getByRole('radio', { name: 'Visa ending in 4242' });
    await savedCard.waitFor();
    expect(await savedCard.isChecked()).toBe(true);
    expect(await widget.getByRole('radio', { name: 'A new card' }).isChecked()).toBe(false);
    expect(await widget.getByLabel('Card number').count()).toBe(0);
    await widget.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/congratulations\/\?order=/);
    await widget.locator('.confirmation').waitFor();

    // Two orders now; sign out goes to / and forgets authInfo.
    await settled(page, () => page.goto(`${server.url}/account/`));
    await expect.poll(() => widget.locator('.account-item', { hasText: 'Mexican Coca-Cola' }).count()).toBe(2);
    await widget.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('authInfo'))).toBeNull();

    // Signed out, /account/ offers sign-in with the way back.
    await settled(page, () => page.goto(`${server.url}/account/`));
    expect(await widget.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login/?next=%2Faccount%2F');
    // The refusals are the wrong passwords' (Chromium logs each as a console error).
    expect(refused).toEqual(['401 /api/auth/confirm/', '401 /api/auth/login/']);
    expect(errors).toEqual(
      Array(2).fill('Failed to load resource: the server responded with a status of 401 (Unauthorized)'),
    );
  });

  it('a customer who leaves a page while its silent refresh is under way stays signed in', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const email = `paloma+${Date.now()}@example.com`;
    const password = 'Chilaquiles-verdes-con-huevo';
    await register(page, server.url, { name: 'Paloma Rios', email, phone: '(213) 555-0166', password });
    await confirmFromMail(page, server.url, email, password);

    // A page's silent refresh reaches the server, which spends the refresh token and answers with
    // a new one; the customer has moved on, so the browser never reads that answer and keeps the
    // token it had. (The request is made here, outside the browser, which keeps its cookies.)
    const cookies = await page.context().cookies(`${server.url}/api/cognito/refresh/`);
    const cookie = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
    const unread = await fetch(`${server.url}/api/cognito/refresh/`, {
      method: 'POST',
      headers: {
        Cookie: `${REFRESH_COOKIE}=${cookie(REFRESH_COOKIE)}; ${CSRF_COOKIE}=${cookie(CSRF_COOKIE)}`,
        [CSRF_HEADER]: cookie(CSRF_COOKIE),
        Origin: server.url,
      },
    });
    expect(unread.status).toBe(200);

    // The next page asks with the token the browser kept: still signed in, the account shows.
    await page.goto(`${server.url}/menu/`);
    await page.goto(`${server.url}/account/#saved-carts`);
    const widget = page.locator('comal-order');
    await widget.getByText('No saved carts yet. Save one at checkout.').waitFor();
    await page.locator('header.site-header').getByRole('button', { name: 'Your account, Paloma' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
