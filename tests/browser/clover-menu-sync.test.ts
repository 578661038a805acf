// With Clover as the point-of-sale (its stand-in answering with Clover's published examples), the
// real server syncs the menu, and in real Chromium both "sync" screens say what was kept off the
// online menu and why, and when Clover refuses the items' online settings, that the Register's
// Hidden decides (announced after a sync staff asked for): the kitchen board's sold-out view (the
// last sync's report, read from the server) and the admin's menu screen after "Sync now". Both
// pass axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, launchBrowser, watchErrors } from '../support/browser.ts';
import { openBoard } from '../support/board-page.ts';
import { published } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { demoStaffPassword, startServer, TEST_NOW, type RunningServer } from '../support/server.ts';

const VARIABLE_LINE =
  'Pork Rice Bowl with House Salad: Its price is typed in at the register (Clover price type Variable), so it is not sold online.';
const PER_UNIT_LINE =
  'Item Use: Sold by the hr at the register (Clover price type Per unit): the quantity is weighed or measured there, so it is not sold online.';
const SETTINGS_REFUSED =
  "Clover refused this token the items' online-ordering settings (the app lacks that permission), so the Register's Hidden flag decides which items show online, and no item shows a description. Grant the permission in Clover to set both item by item.";

let clover: CloverStandIn;
let server: RunningServer;
let browser: Browser;
let password: string;
beforeAll(async () => {
  const p = published();
  clover = await startCloverStandIn({
    catalogue: {
      categories: p.bangersAndMash.categories.elements,
      items: [p.bangersAndMash, { ...p.porkRiceBowl, price: 0, priceType: 'VARIABLE' }, p.itemUse],
      modifierGroups: [],
    },
  });
  server = await startServer({
    DEV_OUTBOX: '1',
    CLOVER_API_BASE: clover.url,
    CLOVER_MERCHANT_ID: clover.merchantId,
    CLOVER_TOKEN: clover.token,
  });
  browser = await launchBrowser();
  password = demoStaffPassword(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await clover?.close();
});

describe('the Clover sync report on screen', () => {
  it("the board's sold-out view lists what the last sync kept off the online menu, and why", async () => {
    const board = await openBoard(browser, server.url, {
      viewport: { width: 1280, height: 900 },
      password,
      clockAt: new Date(TEST_NOW),
    });
    const { page } = board;
    await page.getByRole('button', { name: 'Sold out' }).click();
    const sync = page.getByRole('region', { name: 'Menu from Clover' });
    await sync.waitFor();
    // The server synced at its start; the report comes with the status.
    await expect.poll(() => sync.getByRole('listitem').allTextContents()).toEqual([VARIABLE_LINE, PER_UNIT_LINE]);
    await expect.poll(() => sync.textContent()).toContain('Not on the online menu (2):');

    // Clover changes the bowl to a fixed price; "Sync menu now" brings the shorter report.
    const p = published();
    clover.catalogue = { ...clover.catalogue, items: [p.bangersAndMash, p.porkRiceBowl, p.itemUse] };
    await sync.getByRole('button', { name: 'Sync menu now' }).click();
    await expect.poll(() => sync.getByRole('listitem').allTextContents()).toEqual([PER_UNIT_LINE]);
    expect(await sync.locator('.menu-sync-warning').count()).toBe(0);

    // The token loses Clover's online-ordering permission: the report says what decides instead.
    clover.refuseMenuAttributes(403);
    await sync.getByRole('button', { name: 'Sync menu now' }).click();
    await expect.poll(() => sync.locator('.menu-sync-warning').allTextContents()).toEqual([SETTINGS_REFUSED]);
    // Announced once, after the sync staff asked for; an alert on each visit would shout over new orders.
    await expect
      .poll(() => sync.getByRole('status').textContent())
      .toBe(`Menu synced with Clover. ${SETTINGS_REFUSED}`);
    expect(await sync.getByRole('alert').count()).toBe(0);
    await expect.poll(() => sync.getByRole('listitem').allTextContents()).toEqual([PER_UNIT_LINE]);
    expect(await axeViolations(page)).toEqual([]);
    expect(board.errors).toEqual([]);
    clover.clear();
    await board.context.close();
  });

  it('the admin\'s "Sync now" shows the same report on the menu screen', async () => {
    const p = published();
    clover.catalogue = {
      ...clover.catalogue,
      items: [p.bangersAndMash, { ...p.porkRiceBowl, price: 0, priceType: 'VARIABLE' }, p.itemUse],
    };
    const page = await browser.newPage({ viewport: { width: 820, height: 1180 } });
    await page.goto(`${server.url}/staff/admin/#menu`);
    await page.getByLabel('Email').fill('staff@comal.example');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    await page.getByText('The menu is managed in Clover.', { exact: false }).waitFor();
    // Signed in: from here on nothing may fail.
    const errors = watchErrors(page);

    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Synced with Clover: 1 items.').waitFor();
    const report = page.locator('.menu-clover');
    await expect.poll(() => report.getByRole('listitem').allTextContents()).toEqual([VARIABLE_LINE, PER_UNIT_LINE]);
    expect(await report.locator('.menu-sync-warning').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    clover.refuseMenuAttributes(403);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Synced with Clover: 1 items, with a warning.').waitFor();
    await expect.poll(() => report.locator('.menu-sync-warning').allTextContents()).toEqual([SETTINGS_REFUSED]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    clover.clear();
    await page.close();
  });
});
