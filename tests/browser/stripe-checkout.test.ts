// Paying with Stripe end to end in real Chromium: the real server with STRIPE_SECRET_KEY talks to
// the Stripe stand-in through the `stripe` SDK (STRIPE_API_BASE), and js.stripe.com, which this
// Chromium cannot reach, is answered with the Stripe.js stand-in. Asserted: the stripe chunk loads
// only at the payment step; the Payment Element is mounted in the shadow host's light DOM and shown
// through <slot name="comal-payment">; a declined card shows Stripe's sentence and keeps the cart;
// a good card reaches /congratulations/ with the order, paid in Stripe, and the card number only
// ever goes to Stripe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, storedCartQuantity } from '../support/checkout-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { routeStripeJs, TEST_CARD_NUMBER_LABEL } from '../support/stripe-js-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_comal_browser_0000000000';
const PUBLISHABLE_KEY = 'pk_test_comal_browser_0000000000';
const STRIPE_CHUNK = /\/widget\/chunks\/stripe\.[0-9a-f]+\.js/;
const STRIPE_JS = 'https://js.stripe.com/endive/stripe.js';

let standIn: StripeStandIn;
let server: RunningServer;
let browser: Browser;
let apiBase: string;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY });
  apiBase = `http://${standIn.host}:${standIn.port}`;
  server = await startServer({
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

/** Where the Payment Element sits relative to the widget's shadow host, read in the page. */
function paymentElementPlacement(page: Page) {
  return page.evaluate(() => {
    const host = [...document.querySelectorAll('comal-order *')].find((el) => el.shadowRoot?.querySelector('.payment'));
    if (!host?.shadowRoot) return null;
    const slotted = [...host.children].find((child) => child.getAttribute('slot') === 'comal-payment');
    const slot = host.shadowRoot.querySelector<HTMLSlotElement>('slot[name="comal-payment"]');
    return {
      slottedIsHostChild: slotted !== undefined,
      slotInShadowRoot: slot !== null,
      shownThroughSlot: slot !== null && slotted !== undefined && slot.assignedElements().includes(slotted),
      cardInputInLightDom: slotted?.querySelector('input[name="cardnumber"]')?.getRootNode() === document,
      cardInputsInShadowRoot: host.shadowRoot.querySelectorAll('input[name="cardnumber"]').length,
    };
  });
}

async function pay(page: Page, number: string): Promise<void> {
  const widget = page.locator('comal-order');
  await widget.getByLabel(TEST_CARD_NUMBER_LABEL).fill(number);
  await widget.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('checkout with Stripe', () => {
  it('mounts the Payment Element through the widget’s slot, says why a card was declined, and takes a good card to /congratulations/', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    const requested: string[] = [];
    /** Requests to our own server that carried a body, to check no card number reached it. */
    const ownBodies: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.url().startsWith(server.url) && request.postData()) ownBodies.push(request.postData()!);
    });
    await routeStripeJs(page, apiBase);

    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    expect(requested.filter((url) => STRIPE_CHUNK.test(url))).toEqual([]);

    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    await fillContact(widget);
    expect(requested.filter((url) => STRIPE_CHUNK.test(url) || url.startsWith('https://js.stripe.com/'))).toEqual([]);
    await widget.getByRole('button', { name: 'Place order' }).click();

    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    const number = await widget.locator('.payment p').first().textContent();
    await widget.getByLabel(TEST_CARD_NUMBER_LABEL).waitFor();
    await expect.poll(() => widget.getByRole('button', { name: /^Pay \$/ }).isEnabled()).toBe(true);
    expect(requested.filter((url) => STRIPE_CHUNK.test(url))).toHaveLength(1);
    expect(requested.filter((url) => url.startsWith('https://js.stripe.com/'))).toEqual([STRIPE_JS]);
    expect(await paymentElementPlacement(page)).toEqual({
      slottedIsHostChild: true,
      slotInShadowRoot: true,
      shownThroughSlot: true,
      cardInputInLightDom: true,
      cardInputsInShadowRoot: 0,
    });

    const [intent] = standIn.intents();
    expect(standIn.intents()).toHaveLength(1);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      metadata: { order_id: expect.stringMatching(/^ord_/) as string },
    });

    await pay(page, '4000 0000 0000 0002');
    const alert = widget.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Your card was declined.');
    expect(await storedCartQuantity(page)).toBe(2);
    expect(page.url()).toBe(`${server.url}/checkout/`);
    expect(standIn.intent(intent!.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });

    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL(`${server.url}/congratulations/?order=${intent!.metadata.order_id}`);
    const confirmation = page.locator('comal-order .confirmation');
    await confirmation.waitFor();
    const heading = await confirmation.getByRole('heading').textContent();
    expect(heading).toMatch(/^Order #\d+$/);
    expect(number).toContain(heading!.replace('Order ', ''));
    expect(await confirmation.textContent()).toContain('2 ×Mexican Coca-Cola');
    expect(await storedCartQuantity(page)).toBe(0);
    expect(standIn.intent(intent!.id)).toMatchObject({ status: 'succeeded', amount_received: intent!.amount });

    // Stripe.js confirmed from the browser with the publishable key; the card went to Stripe only.
    const confirms = standIn.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent!.id}/confirm`,
    );
    expect(confirms.map((r) => r.status)).toEqual([402, 200]);
    for (const confirm of confirms) {
      expect(confirm.headers.authorization).toBeUndefined();
      expect(confirm.params).toMatchObject({ key: PUBLISHABLE_KEY, client_secret: intent!.client_secret });
    }
    expect(ownBodies.filter((body) => /4242424242424242|4000000000000002/.test(body.replace(/\D/g, '')))).toEqual([]);

    // The refused card's 402 is the only console error: the browser logs failed requests.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await page.close();
  });

  it('pays in one tap with the Express Checkout Element above the card form, and hides it where no wallet is offered', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await routeStripeJs(page, apiBase);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 3);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    const express = widget.getByRole('region', { name: 'Express checkout' });
    await express.waitFor();
    // The wallet's button is Stripe's, in the light DOM, shown through <slot name="comal-express">,
    // above the card form.
    const wallet = page.locator('comal-order [slot="comal-express"]').getByRole('button', { name: 'Pay with Link' });
    await wallet.waitFor();
    const card = widget.getByLabel(TEST_CARD_NUMBER_LABEL);
    await card.waitFor();
    expect((await wallet.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
    const before = standIn.intents().length;
    await wallet.click();
    await page.waitForURL(/\/congratulations\/\?order=ord_/);
    await page.locator('comal-order .confirmation').waitFor();
    const intent = standIn.intents()[before - 1]!;
    expect(standIn.intent(intent.id)).toMatchObject({ status: 'succeeded', amount_received: intent.amount });
    expect(errors).toEqual([]);

    // A browser with no wallet sees no empty "Express checkout" section, only the card form.
    const plain = await browser.newPage({ viewport: PHONE });
    await routeStripeJs(plain, apiBase);
    await plain.addInitScript(() => {
      (window as unknown as { __standInNoWallets: boolean }).__standInNoWallets = true;
    });
    await settled(plain, () => plain.goto(`${server.url}/order/`));
    await addFromMenu(plain, 'Mexican Coca-Cola');
    await settled(plain, () => plain.goto(`${server.url}/checkout/`));
    const plainWidget = plain.locator('comal-order');
    await fillContact(plainWidget);
    await plainWidget.getByRole('button', { name: 'Place order' }).click();
    await plainWidget.getByLabel(TEST_CARD_NUMBER_LABEL).waitFor();
    await expect.poll(() => plainWidget.locator('.express').getAttribute('hidden')).toBe('');
    expect(await plainWidget.getByRole('region', { name: 'Express checkout' }).count()).toBe(0);
    await plain.close();
    await page.close();
  });
});
