// Google's address suggestions at checkout in real Chromium: the server has a Maps key, the page
// calls the Places API (New) at https://places.googleapis.com (allowed by the page's CSP), which is
// answered by the local stand-in as Google documents it. A customer types, picks with the
// keyboard, and the delivery quote is for the picked address. Without a key the plain fields work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, PHONE, watchErrors } from '../support/browser.ts';
import { addFromMenu } from '../support/checkout-page.ts';
import { startGoogleMapsStandIn, type GoogleMapsStandIn } from '../support/google-maps-stand-in.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });

let google: GoogleMapsStandIn;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  google = await startGoogleMapsStandIn();
  google.address({
    placeId: 'ChIJ-figueroa-1111',
    main: '1111 South Figueroa Street',
    secondary: 'Los Angeles, CA, USA',
    address_components: [
      c('1111', '1111', 'street_number'),
      c('South Figueroa Street', 'S Figueroa St', 'route'),
      c('Los Angeles', 'Los Angeles', 'locality', 'political'),
      c('California', 'CA', 'administrative_area_level_1', 'political'),
      c('United States', 'US', 'country', 'political'),
      c('90015', '90015', 'postal_code'),
    ],
    lat: 34.0430175,
    lng: -118.2672541,
  });
  server = await startServer({ GOOGLE_MAPS_API_KEY: google.apiKey });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

/** Google's host answered by the stand-in, request for request (method, headers, body). */
async function routeGoogle(page: Page) {
  await page.route('https://places.googleapis.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const response = await route.fetch({ url: `${google.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

describe('address suggestions at checkout', () => {
  it('typing offers US addresses; the keyboard picks one, which fills the address and gets its quote', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await routeGoogle(page);
    await page.goto(`${server.url}/order/`);
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await page.goto(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    await widget.getByRole('radio', { name: /Delivery/ }).check();
    const street = widget.getByRole('combobox', { name: 'Street address' });
    await street.pressSequentially('1111 south fig');
    const options = widget.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['1111 South Figueroa Street Los Angeles, CA, USA']);
    expect(await axeViolations(page)).toEqual([]);
    await street.press('ArrowDown');
    await street.press('Enter');
    await expect.poll(() => street.inputValue()).toBe('1111 South Figueroa Street');
    expect(await widget.getByLabel('City').inputValue()).toBe('Los Angeles');
    expect(await widget.getByLabel('State').inputValue()).toBe('CA');
    expect(await widget.getByLabel('ZIP code').inputValue()).toBe('90015');
    await widget.getByRole('button', { name: 'Check delivery' }).click();
    await widget.locator('.quote').waitFor();
    expect(await widget.locator('.quote').textContent()).toMatch(/^Delivery fee \$\d+\.\d\d for \d+\.\d miles\.$/);
    const calls = google.placesCalls.map((call) => `${call.method} ${call.path}`);
    expect(calls.filter((call) => call === 'POST /v1/places:autocomplete').length).toBeGreaterThanOrEqual(1);
    expect(calls.at(-1)).toBe('GET /v1/places/ChIJ-figueroa-1111');
    expect(errors).toEqual([]);
    await page.close();
  });
});
