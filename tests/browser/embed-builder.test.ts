// /embed/, the partner page builder: the snippet follows the choices exactly, the preview is the
// real widget with the same attributes, Copy puts the snippet on the clipboard, and the page is
// accessible on a phone and a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { themeSettings } from '../../shared/settings/values.ts';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the partner page builder', () => {
  it('builds the snippet from the choices, previews it with the real widget and copies it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/embed/`);
    const snippet = page.locator('#embed-snippet');
    await snippet.waitFor();
    const script = `<script src="${server.url}/widget/comal.js" async></script>`;
    expect(await snippet.textContent()).toBe(`${script}\n<comal-order></comal-order>`);
    const preview = page.locator('.embed-preview comal-order');
    await preview.getByRole('heading', { name: 'Tacos', exact: true }).waitFor();

    await page.getByLabel('Category to open at').selectOption('Drinks');
    await page.getByLabel('Colour as hex').fill('#0F766E');
    await page.getByRole('radio', { name: 'Launcher button' }).check();
    expect(await snippet.textContent()).toBe(
      `${script}\n<comal-order category="Drinks" theme-color="#0f766e" layout="launcher"></comal-order>`,
    );
    expect(
      await preview.evaluate((element) => ['category', 'theme-color', 'layout'].map((a) => element.getAttribute(a))),
    ).toEqual(['Drinks', '#0f766e', 'launcher']);
    const launcher = preview.getByRole('button', { name: 'Order online' });
    await launcher.waitFor();
    expect(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 118, 110)');

    // Back to the restaurant's own colour: the attribute goes away.
    await page.getByLabel('Colour as hex').fill(themeSettings.action);
    await page.getByRole('radio', { name: 'Inline menu' }).check();
    expect(await snippet.textContent()).toBe(`${script}\n<comal-order category="Drinks"></comal-order>`);

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${script}\n<comal-order category="Drinks"></comal-order>`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('passes axe and does not scroll sideways on a %s', async (_, viewport) => {
    const page = await browser.newPage({ viewport });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/embed/`);
    await page.locator('.embed-preview comal-order').getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
      false,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
