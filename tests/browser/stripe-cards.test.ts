// Saving a card with Stripe on /payment/, and paying an order with it, in real Chromium: the real server with STRIPE_SECRET_KEY
// talks to the Stripe stand-in, js.stripe.com is answered with the Stripe.js stand-in. 'Add a card'
// makes a SetupIntent on the customer's Stripe Customer, the Payment Element (from the stripe
// chunk, through the widget's slot) confirms it with confirmSetup, a declined card says why, and
// a good one is saved to the account and listed; the card number only ever goes to Stripe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, watchErrors, settled } from '../support/browser.ts';
import { confirmFromMail, register, signIn } from '../support/account-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { routeStripeJs, TEST_CARD_NUMBER_LABEL } from '../support/stripe-js-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_comal_browser_0000000000';
const PUBLISHABLE_KEY = 'pk_test_comal_browser_0000000000';

let standIn: StripeStandIn;
let server: RunningServer;
let browser: Browser;
let apiBase: string;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY });
  apiBase = `http://${standIn.host}:${standIn.port}`;
  server = await startServer({
    DEV_OUTBOX: '1',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_BASE: apiBase,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
});

describe('saved cards with Stripe', () => {
  it('saves a card through the Payment Element with confirmSetup, after a declined one, pays an order with it, and deletes it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const ownBodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url) && request.postData()) ownBodies.push(request.postData()!);
    });
    await routeStripeJs(page, apiBase);
    const email = `luis+${Date.now()}@example.com`;
    const password = 'Pozole-verde-los-domingos';
    await register(page, server.url, { name: 'Luis Ortega', email, phone: '(213) 555-0177', password });
    await confirmFromMail(page, server.url, email, password);
    await signIn(page, server.url, email, password, '/payment/');

    const widget = page.locator('comal-order');
    await widget.getByText('No saved cards yet.').waitFor();
    await widget.getByRole('button', { name: 'Add a card' }).click();
    await widget.getByLabel(TEST_CARD_NUMBER_LABEL).waitFor();
    await expect.poll(() => widget.getByRole('button', { name: 'Save card' }).isEnabled()).toBe(true);

    await widget.getByLabel(TEST_CARD_NUMBER_LABEL).fill('4000 0000 0000 0002');
    await widget.getByRole('button', { name: 'Save card' }).click();
    await widget.getByRole('alert').waitFor();
    expect(await widget.getByRole('alert').textContent()).toBe('Your card was declined.');

    await widget.getByLabel(TEST_CARD_NUMBER_LABEL).fill('4242 4242 4242 4242');
    await widget.getByRole('button', { name: 'Save card' }).click();
    await widget.getByRole('heading', { name: 'Visa ending in 4242' }).waitFor();
    expect(await widget.getByText('Card saved.').count()).toBe(1);

    const confirms = standIn.requests.filter(
      (r) => r.method === 'POST' && /^\/v1\/setup_intents\/[^/]+\/confirm$/.test(r.path),
    );
    expect(confirms.map((r) => r.status)).toEqual([402, 200]);
    expect(ownBodies.filter((body) => /4242424242424242|4000000000000002/.test(body.replace(/\D/g, '')))).toEqual([]);

    // The saved card pays an order: the PaymentIntent is on the customer, Stripe.js confirms it with the card's id.
    await settled(page, () => page.goto(`${server.url}/order/`));
    await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).click();
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await widget.getByRole('radio', { name: 'Visa ending in 4242' }).isChecked()).toBe(true);
    await widget.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/congratulations\/\?order=/);
    await page.locator('comal-order .confirmation').waitFor();
    const paidWith = standIn.requests
      .filter((r) => r.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.path))
      .at(-1);
    expect(paidWith?.params.payment_method).toMatch(/^pm_/);
    expect(paidWith?.status).toBe(200);

    // Deleting it detaches it in Stripe.
    await settled(page, () => page.goto(`${server.url}/payment/`));
    await widget
      .locator('.account-item', { hasText: 'Visa ending in 4242' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await widget.getByText('No saved cards yet.').waitFor();
    // The declined card's 402 is the only console error: the browser logs failed requests.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
  });
});
