// A paid delivery whose courier cannot be booked, on the kitchen's board in real Chromium at
// 1024 x 768: the server books with DoorDash (DOORDASH_API_BASE) through a relay in front of the
// DoorDash stand-in that answers every accept with DoorDash's published refusal (422,
// distance_too_long; tests/fixtures/doordash/error-422-distance-too-long.json). The hand-off asks
// for a new quote and books once more, is refused again, and flags the order: its ticket says
// "Delivery not booked" across the top with DoorDash's words, a strip over the lanes names the order
// and jumps to its ticket, the screen reader hears it, the printed ticket carries it, and the
// problem alarm sounds at once and every 30 s until someone taps "Seen" on this tablet (kept
// through a reload); another tablet, where nobody has seen it, sounds it at the tap that turns its
// sound on.
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BoardAnswer, BoardOrder } from '../../shared/api/staff.ts';
import { axeViolations, launchBrowser } from '../support/browser.ts';
import { openBoard, type BoardPage } from '../support/board-page.ts';
import { startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';
import { processClient } from '../support/server-process.ts';
import { demoStaffPassword, startServer, TEST_NOW, type RunningServer } from '../support/server.ts';

const TABLET = { width: 1024, height: 768 };
/** DoorDash's refusal, as published: `{ status, body }`. */
const REFUSAL = JSON.parse(
  readFileSync(new URL('../fixtures/doordash/error-422-distance-too-long.json', import.meta.url), 'utf8'),
) as { status: number; body: Record<string, unknown> };
/** The alarm's tones (site/components/staff/new-order-chime.ts ALARM_HZ): four to an alarm. */
const ALARM_HZ = [660, 440];
const address = {
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90013',
  delivery_country: 'US',
};

/**
 * A relay to the DoorDash stand-in that answers every accept (POST /drive/v2/quotes/{id}/accept)
 * with DoorDash's refusal and passes everything else on unchanged.
 */
async function refusingAccepts(target: string): Promise<{ url: string; refused: string[]; close(): Promise<void> }> {
  const refused: string[] = [];
  const relay: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const accept = /^\/drive\/v2\/quotes\/([^/]+)\/accept$/.exec(new URL(req.url ?? '/', target).pathname);
      if (req.method === 'POST' && accept) {
        refused.push(decodeURIComponent(accept[1]!));
        res.writeHead(REFUSAL.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(REFUSAL.body));
        return;
      }
      const onward = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      onward.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      onward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

/** Each oscillator started, with its pitch: the chime and the alarm told apart. */
function recordPitches() {
  const pitches: { at: number; hz: number; running: boolean }[] = [];
  (window as unknown as { __pitches: typeof pitches }).__pitches = pitches;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the oscillator as `this`
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    pitches.push({ at: Date.now(), hz: this.frequency.value, running: this.context.state === 'running' });
    start.call(this, when);
  };
}

let doordash: DoorDashStandIn;
let relay: Awaited<ReturnType<typeof refusingAccepts>>;
let server: RunningServer;
let browser: Browser;
let password: string;

beforeAll(async () => {
  doordash = await startDoorDashStandIn({ feeCents: 975 });
  relay = await refusingAccepts(doordash.url);
  server = await startServer({
    DEV_OUTBOX: '1',
    DOORDASH_API_BASE: relay.url,
    DOORDASH_DEVELOPER_ID: doordash.developerId,
    DOORDASH_KEY_ID: doordash.keyId,
    DOORDASH_SIGNING_SECRET: doordash.signingSecret,
  });
  browser = await launchBrowser();
  password = demoStaffPassword(server);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await relay?.close();
  await doordash?.close();
});

/** A customer's delivery order, quoted by DoorDash and paid with the demo card, as the widget does it. */
async function paidDelivery(name: string): Promise<{ order_id: string; number: number }> {
  const client = await processClient(server);
  const quote = await client.call('POST', '/api/estimate-delivery/', address);
  expect(quote.status, await quote.clone().text()).toBe(200);
  const { quote_id } = (await quote.json()) as { quote_id: string };
  const created = await client.call(
    'POST',
    '/api/create-order/',
    {
      name,
      email: 'diner@example.com',
      phone: '(213) 555-0142',
      delivery_type: 'delivery',
      promo_code: '',
      cart_items: [{ menu_item_id: 'burrito-california', quantity: 2, modifiers: [] }],
      ...address,
      delivery_quote_id: quote_id,
      tip: 3,
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
  const paid = await client.call('POST', '/api/demo-payments/confirm/', {
    client_secret: order.payment.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  expect((await client.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
  return { order_id: order.order_id, number: order.number };
}

/** The order as the staff's API lists it. */
async function listed(orderId: string): Promise<BoardOrder | undefined> {
  const client = await processClient(server);
  const login = await client.call('POST', '/api/staff/login/', { email: 'staff@comal.example', password });
  const { access_token } = (await login.json()) as { access_token: string };
  const board = (await (
    await client.call('GET', '/api/staff/orders/', undefined, { Authorization: `Bearer ${access_token}` })
  ).json()) as BoardAnswer;
  return board.orders.find((order) => order.order_id === orderId);
}

const pitches = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pitches: { at: number; hz: number; running: boolean }[] }).__pitches);
/** Alarms heard so far: four audible tones at the alarm's pitches each. */
const alarms = async (page: Page) =>
  (await pitches(page)).filter((tone) => tone.running && ALARM_HZ.includes(tone.hz)).length / 4;
/** The page's clock stops (half a second on), so the test moves it. */
const pause = async (page: Page) => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);

describe('a paid delivery whose courier cannot be booked', () => {
  let board: BoardPage;

  it('shows on its ticket and in the strip, is read out, sounds at once and every 30 s until "Seen", and prints', async () => {
    board = await openBoard(browser, server.url, { viewport: TABLET, password, clockAt: new Date(TEST_NOW) });
    const { page, context } = board;
    // Signing in was a tap, so the sound is on; the pitches are recorded from now on, and after a reload.
    await page.evaluate(recordPitches);
    await context.addInitScript(recordPitches);
    // A busy tablet: its clock moves on 3 s while its timers wait, so the board's last tick is
    // late when the problem comes; the alarm still repeats 30 s after it sounded, not sooner.
    await pause(page);
    await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 3_000);

    const order = await paidDelivery('Dora Sinrepartidor');
    const ticket = board.ticket('Dora Sinrepartidor');
    const problem = ticket.locator('.ticket-problem');
    await problem.waitFor({ timeout: 15_000 });
    // The alarm sounds at once (its four tones, apart from the new order's chime): the board looks
    // at its next frame.
    await page.clock.runFor(20);
    await expect.poll(() => alarms(page), { timeout: 5_000 }).toBe(1);
    // (The accessibility check waits on timers: the clock runs for it.)
    await page.clock.resume();
    expect(await axeViolations(page)).toEqual([]);
    await pause(page);
    const alarmTones = (await pitches(page)).filter((tone) => ALARM_HZ.includes(tone.hz));
    expect(alarmTones.map((tone) => tone.hz)).toEqual([660, 440, 660, 440]);
    const firstAlarm = alarmTones[0]!.at;
    // The hand-off was refused twice (the first quote, then a new one) and flagged the order.
    expect(relay.refused).toHaveLength(2);
    expect(new Set(relay.refused).size).toBe(2);
    const flagged = await listed(order.order_id);
    expect(flagged!.problems).toHaveLength(1);
    const { detail, opened_at } = flagged!.problems[0]!;
    expect(flagged!.problems[0]!.kind).toBe('delivery_not_booked');
    expect(detail).toMatch(/too far.*distance_too_long/);

    // Across the top of the ticket, in words, with DoorDash's reason; before the order's name.
    expect(await problem.locator('.ticket-problem-label').textContent()).toBe('Delivery not booked');
    expect(await problem.locator('.ticket-problem-detail').textContent()).toBe(detail);
    const [problemBox, ticketBox, titleBox] = await Promise.all([
      problem.boundingBox(),
      ticket.boundingBox(),
      ticket.getByRole('heading').boundingBox(),
    ]);
    expect(problemBox!.y).toBeLessThan(titleBox!.y);
    expect(problemBox!.width).toBeGreaterThan(ticketBox!.width - 12);
    expect(await ticket.getAttribute('aria-describedby')).toBe(`ticket-${order.order_id}-problems`);
    // White on dark red: the words, not only the colour, and high contrast.
    expect(await problem.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(122, 26, 20)');
    expect(await problem.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');

    // The strip over the lanes names it.
    const strip = page.getByRole('region', { name: '1 order needs attention:' });
    expect(await strip.getByRole('button').allTextContents()).toEqual([`#${order.number} delivery not booked`]);
    // A screen reader hears it.
    expect(await page.locator('[aria-live="assertive"]').textContent()).toContain(
      `Order ${order.number} from Dora Sinrepartidor: delivery not booked. ${detail}`,
    );

    // The alarm again every 30 s (the board looks every second) while nobody marks it seen.
    await page.clock.runFor(firstAlarm + 29_000 - (await page.evaluate(() => Date.now())));
    expect(await alarms(page)).toBe(1);
    await page.clock.runFor(2_000);
    expect(await alarms(page)).toBe(2);
    await page.clock.runFor(31_000);
    expect(await alarms(page)).toBe(3);

    await page.screenshot({ path: 'test-results/screenshots/board-problem-1024.png' });

    // The strip jumps to the ticket (here by the keyboard; the focus moves once the board has painted).
    await strip.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.clock.runFor(500);
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-order-id') === id, order.order_id);

    // "Seen" on this tablet: the alarm stops; the problem stays on the ticket until it is settled.
    await ticket.getByRole('button', { name: `Seen: delivery not booked, order ${order.number}` }).click();
    await ticket.getByText('Seen here', { exact: true }).waitFor();
    await page.clock.runFor(65_000);
    expect(await alarms(page)).toBe(3);
    expect(await problem.locator('.ticket-problem-label').textContent()).toBe('Delivery not booked');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('comal:board-problems-seen')))!) as string[],
    ).toEqual([`${order.order_id} delivery_not_booked ${opened_at}`]);

    // Printed, the ticket says so too.
    await ticket.getByRole('button', { name: /Dora Sinrepartidor$/ }).click();
    await ticket.getByRole('button', { name: 'Print' }).click();
    await page.clock.runFor(500);
    await page.waitForFunction(() => (window as unknown as { __board: { prints: number } }).__board.prints === 1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.kitchen-ticket .ticket-print-problem').textContent()).toBe(
      `DELIVERY NOT BOOKED: ${detail}`,
    );
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(board.errors.filter((e) => !/ERR_CONNECTION|ERR_EMPTY_RESPONSE|net::/.test(e))).toEqual([]);
  }, 90_000);

  it('stays quiet through a reload once seen here, while the order waiting in New still chimes', async () => {
    const { page } = board;
    await page.clock.resume();
    await page.reload();
    await page.getByText('Live', { exact: true }).waitFor();
    await board.ticket('Dora Sinrepartidor').locator('.ticket-problem').waitFor();
    // A reload is not a tap: the browser may keep the sound off until one.
    const soundOff = page.getByRole('button', { name: 'Sound is off: tap to turn on' });
    if (await soundOff.isVisible()) {
      await soundOff.click();
      await soundOff.waitFor({ state: 'detached' });
    }
    await pause(page);
    await page.clock.runFor(35_000);
    const heard = (await pitches(page)).filter((tone) => tone.running);
    // The sound is on (the order waiting to be accepted chimes), and the problem seen here is quiet.
    expect(heard.filter((tone) => tone.hz === 880).length).toBeGreaterThanOrEqual(1);
    expect(await alarms(page)).toBe(0);
    expect(await board.ticket('Dora Sinrepartidor').getByText('Seen here', { exact: true }).count()).toBe(1);
    await board.context.close();
  });

  it('on another tablet, not seen there, waits for the tap that turns the sound on and sounds at once', async () => {
    const other = await openBoard(browser, server.url, {
      viewport: TABLET,
      password,
      clockAt: new Date(TEST_NOW),
      soundLocked: true,
    });
    const { page, context } = other;
    await context.addInitScript(recordPitches);
    // Signing in was a tap; a reload (the tablet's morning) is not.
    await page.reload();
    await page.getByText('Live', { exact: true }).waitFor();
    const soundOff = page.getByRole('button', { name: 'Sound is off: tap to turn on' });
    await soundOff.waitFor();
    const ticket = other.ticket('Dora Sinrepartidor');
    await ticket.getByRole('button', { name: /^Seen: delivery not booked/ }).waitFor();
    await pause(page);
    // Nothing is played while nobody could hear it.
    expect(await pitches(page)).toEqual([]);

    await soundOff.click();
    // The clock stands still: only the tap can have sounded it.
    await expect.poll(() => alarms(page), { timeout: 5_000 }).toBe(1);
    await page.clock.runFor(29_000);
    expect(await alarms(page)).toBe(1);
    await page.clock.runFor(2_000);
    expect(await alarms(page)).toBe(2);
    expect(other.errors.filter((e) => !/ERR_CONNECTION|ERR_EMPTY_RESPONSE|net::/.test(e))).toEqual([]);
    await other.context.close();
  });
});
