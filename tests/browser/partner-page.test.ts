// The widget on a partner's page of another origin (demo/, `npm run demo`), whose own CSS is
// deliberately hostile: the widget looks the same, adds its font to the page once, opens from
// the partner's own 'Order now' button through window.Comal, and hands checkout over to the
// restaurant's /checkout/ carrying the cart.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { serveDemo } from '../../scripts/demo.mjs';
import { launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, storedCartQuantity } from '../support/checkout-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let demo: Server;
let demoUrl: string;
let browser: Browser;
beforeAll(async () => {
  demo = await serveDemo({ origin: () => server.url, port: 0 });
  demoUrl = `http://127.0.0.1:${(demo.address() as AddressInfo).port}`;
  server = await startServer({ EMBED_ORIGINS: demoUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => demo?.close(resolve));
});

describe('the partner demo page', () => {
  it('renders the widget untouched by the page CSS, with its font added once, and opens the cart from "Order now"', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${demoUrl}/`));
    const widget = page.locator('comal-order');
    const add = widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' });
    await add.waitFor();

    // The page sets Georgia !important on everything, 22px text and dashed borders on every div.
    const looks = await add.evaluate((button) => {
      const shadowHost = (button.getRootNode() as ShadowRoot).host;
      const name = button.closest('.item')!.querySelector('.item-name')!;
      return {
        buttonFont: getComputedStyle(button).fontFamily,
        nameFont: getComputedStyle(name).fontFamily,
        nameSize: getComputedStyle(name).fontSize,
        hostBorder: getComputedStyle(shadowHost).borderTopStyle,
        // Its own surface, not the page's dark blue under the widget's dark text.
        hostBackground: getComputedStyle(shadowHost).backgroundColor,
        textColor: getComputedStyle(name).color,
      };
    });
    expect(looks.buttonFont).not.toMatch(/Georgia/);
    expect(looks.nameFont).not.toMatch(/Georgia/);
    expect(looks.nameSize).toBe('16px');
    expect(looks.hostBorder).toBe('none');
    expect(looks.hostBackground).toBe('rgb(255, 255, 255)');
    expect(looks.textColor).toBe('rgb(27, 27, 27)');

    // Its face goes to document.fonts once (FontFace), with no <style> put into the page.
    expect(await page.locator('style').count()).toBe(1); // the partner's own
    expect(
      await page.evaluate(
        () => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Comal Heading').length,
      ),
    ).toBe(1);
    const fontsLoaded = await page.evaluate(async () => (await document.fonts.load('24px "Comal Heading"')).length);
    expect(fontsLoaded).toBe(1);

    await page.getByRole('button', { name: 'Order now' }).click();
    const cart = widget.getByRole('dialog', { name: 'Your cart' });
    await cart.waitFor();
    expect(await cart.textContent()).toContain('Your cart is empty.');
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'detached' });
    await page.screenshot({ path: 'test-results/screenshots/phone-partner-page.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hands checkout over to the restaurant carrying the cart', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${demoUrl}/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await page.evaluate(() => (window as unknown as { Comal: { open(): void } }).Comal.open());
    const checkout = page.locator('comal-order').getByRole('link', { name: 'Checkout' });
    expect(await checkout.getAttribute('href')).toMatch(new RegExp(`^${server.url}/checkout/#comal-cart=`));
    await checkout.click();

    await page.waitForURL(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await widget.locator('.summary-lines li').allTextContents()).toEqual([
      expect.stringMatching(/^2 ×Mexican Coca-Cola\$\d+\.\d\d$/),
    ]);
    // The cart now lives on the restaurant's origin, and the address no longer carries it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await storedCartQuantity(page)).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('mounts a widget the page adds later, and sends sign-in to the restaurant with the cart', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${demoUrl}/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 1);
    await page.evaluate(() => {
      const signIn = document.createElement('comal-order');
      signIn.setAttribute('mode', 'login');
      signIn.id = 'sign-in';
      document.querySelector('header')!.append(signIn);
    });
    const link = page.locator('#sign-in').getByRole('link', { name: 'Sign in' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${server.url}/login/#comal-cart=`));
    await link.click();
    // The address drops the cart once this origin has kept it.
    await page.waitForURL(`${server.url}/login/`);
    expect(await storedCartQuantity(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
