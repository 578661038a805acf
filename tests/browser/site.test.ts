import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { restaurant } from '../../shared/restaurant.ts';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from '../support/browser.ts';
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

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the home page on a %s', (_, viewport) => {
  it('shows the restaurant, how to call it and a way to order, without errors', async () => {
    const page = await browser.newPage({ viewport });
    const errors = watchErrors(page);
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain(restaurant.name);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(restaurant.name);
    expect(await page.getByRole('link', { name: 'Order Online' }).getAttribute('href')).toBe('/order/');
    expect(await page.getByRole('link', { name: restaurant.phoneDisplay }).getAttribute('href')).toBe(`tel:${restaurant.phone}`);
    const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrollsSideways).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('redirects and missing pages through the real server', () => {
  it('moves a path without its trailing slash to the slash form, keeping the query', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/about-us?ref=flyer`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about-us/?ref=flyer');
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('We could not find that page');
    await page.close();
  });
});
