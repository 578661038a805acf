// Nothing lost at shutdown or crash: the paid mail commits with the payment or not at all, a
// crash between commit and sending leaves it for the next sender (another replica, or this one
// after a restart), shutdown answers every request it has, however long it takes, ends the event
// streams and closes the database only once nothing is running, and the dev outbox lists the
// newest mails first past a hundred of them.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { readMenuSyncStatus } from '../../server/db/menu-sync-status.ts';
import { createMailer, type Mailer } from '../../server/mail/mailer.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { published } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { databaseTargets, migratedDataDir } from '../support/databases.ts';
import { startGoogleMapsStandIn, type GoogleMapsStandIn } from '../support/google-maps-stand-in.ts';
import { lineLogger } from '../support/log-lines.ts';
import { processClient, removeDataDir, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { waitFor } from '../support/wait-for.ts';

const NOW = new Date('2026-11-20T19:00:00Z');
const ONE_COKE = {
  cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [] }],
  name: 'Ana Ruiz',
  phone: '2135550101',
  delivery_type: 'pickup',
};
const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };
const pglite = databaseTargets.find((target) => target.name === 'pglite')!;

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function paidOrder(test: TestApi, email: string): Promise<{ orderId: string; finalized: Response }> {
  const placed = await test.call('POST', '/api/create-order/', { ...ONE_COKE, email });
  const { order_id, payment } = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
  await test.call('POST', '/api/demo-payments/confirm/', { client_secret: payment.client_secret, ...GOOD_CARD });
  return { orderId: order_id, finalized: await test.call('POST', `/api/finalize-order/${order_id}/`) };
}

describe('the paid mail and the payment commit together', () => {
  /** A mailer as the real one, but `queue` or `deliver` fails or never runs, as a crash would leave them. */
  function brokenMailer(real: () => Mailer, broken: Partial<Mailer>): Mailer {
    return {
      send: (mail) => real().send(mail),
      queue: (tx, mail) => real().queue(tx, mail),
      deliver: () => real().deliver(),
      deliverNow: () => real().deliverNow(),
      startSweep: (ms) => real().startSweep(ms),
      ...broken,
    };
  }

  it('when the mail cannot be written, the order is not marked paid either, and finalize can be tried again', async () => {
    let failing = true;
    api = await createTestApi(pglite, {
      clock: () => NOW,
      mailer: brokenMailer(() => real, {
        queue: (tx, mail) => (failing ? Promise.reject(new Error('disk full')) : real.queue(tx, mail)),
      }),
    });
    const real = createMailer({ db: api.deps.db, log: lineLogger(() => {}) });
    const { orderId, finalized } = await paidOrder(api, 'atomic@example.com');
    expect(finalized.status).toBe(500);
    const [order] = await api.deps.db.query<{ status: string }>('select status from orders where id = $1', [orderId]);
    expect(order!.status).toBe('pending_payment');
    failing = false;
    expect((await api.call('POST', `/api/finalize-order/${orderId}/`)).status).toBe(200);
    const mails = await api.deps.db.query<{ subject: string }>('select subject from outbox where recipient = $1', [
      'atomic@example.com',
    ]);
    expect(mails).toHaveLength(1);
  });

  it('a crash between the commit and sending leaves the mail for the next sender, which sends it once', async () => {
    api = await createTestApi(pglite, { clock: () => NOW, mailer: brokenMailer(() => real, { deliver: () => {} }) });
    const lines: string[] = [];
    const real = createMailer({ db: api.deps.db, log: lineLogger((line) => lines.push(line)) });
    const { finalized } = await paidOrder(api, 'crash@example.com');
    expect(finalized.status).toBe(200);
    const [waiting] = await api.deps.db.query<{ claimed_at: Date | null }>(
      'select claimed_at from outbox where recipient = $1',
      ['crash@example.com'],
    );
    expect(waiting!.claimed_at).toBeNull();
    // Another replica's sweep (or this one's after a restart) finds it.
    const nextSender = createMailer({ db: api.deps.db, log: lineLogger((line) => lines.push(line)) });
    await Promise.all([nextSender.deliverNow(), real.deliverNow()]);
    const sent = lines.filter((line) => line.includes('crash@example.com'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ message: 'mail', to: 'crash@example.com' });
  });
});

describe('the dev outbox', () => {
  it('lists the newest mails first past a hundred of them', async () => {
    api = await createTestApi(pglite, { clock: () => NOW }, { DEV_OUTBOX: '1' });
    for (let i = 1; i <= 120; i++)
      await api.deps.db.query(
        `insert into outbox (recipient, subject, body, claimed_at) values ($1, 'x', 'x', now())`,
        [`m${i}@example.com`],
      );
    const listed = (await (await api.call('GET', '/api/dev/outbox/')).json()) as { to: string }[];
    expect(listed.slice(0, 3).map((m) => m.to)).toEqual(['m120@example.com', 'm119@example.com', 'm118@example.com']);
  });
});

describe('shutdown while orders are being paid', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    await server?.kill('SIGKILL');
    if (dataDir) await removeDataDir(dataDir);
  });

  it('answers every request in flight, closes the database only after them, and loses no paid mail', async () => {
    dataDir = await migratedDataDir();
    server = await startServerProcess({ dataDir });
    const client = await processClient(server);
    const outcomes: string[] = [];
    const flows = Array.from({ length: 30 }, async (_, i) => {
      try {
        const placed = await client.call(
          'POST',
          '/api/create-order/',
          { ...ONE_COKE, email: `rush${i}@example.com` },
          { 'X-Forwarded-For': `192.0.2.${i + 1}` },
        );
        outcomes.push(`create ${placed.status}`);
        if (placed.status !== 201) return;
        const { order_id, payment } = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
        const paid = await client.call(
          'POST',
          '/api/demo-payments/confirm/',
          { client_secret: payment.client_secret, ...GOOD_CARD },
          { 'X-Forwarded-For': `192.0.2.${i + 1}` },
        );
        outcomes.push(`pay ${paid.status}`);
        const finalized = await client.call('POST', `/api/finalize-order/${order_id}/`);
        outcomes.push(`finalize ${finalized.status}`);
      } catch {
        outcomes.push('refused'); // the server had stopped taking connections: not an answer, and not a fault
      }
    });
    // Stop while the rush is under way: some orders answered, most still in flight.
    await waitFor(() => outcomes.length >= 3, {
      timeoutMs: 30_000,
      intervalMs: 5,
      what: 'the first answers of the rush',
    });
    const ended = server.kill('SIGTERM');
    await Promise.all(flows);
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(outcomes.filter((o) => / 5\d\d$/.test(o))).toEqual([]);
    expect(server.output()).not.toMatch(/Cannot use a pool|order mail not written|PGlite is closed|closed database/i);

    // Every order paid before the stop has its mail, sent or waiting for the next start.
    server = await startServerProcess({ dataDir, env: { DEV_OUTBOX: '1' } });
    const again = await processClient(server);
    const mails = (await (await again.call('GET', '/api/dev/outbox/')).json()) as { to: string; subject: string }[];
    const paidMails = new Set(mails.filter((m) => m.subject.includes('is in')).map((m) => m.to));
    const finalizedOk = outcomes.filter((o) => o === 'finalize 200').length;
    expect(paidMails.size).toBe(finalizedOk);
  });
});

describe('shutdown while a request waits on a slow provider', () => {
  let server: ServerProcess | undefined;
  let google: GoogleMapsStandIn | undefined;
  let dataDir = '';
  afterEach(async () => {
    await server?.kill('SIGKILL');
    await google?.close();
    if (dataDir) await removeDataDir(dataDir);
  });

  it('answers it when the provider does, and ends an open live status at once', async () => {
    google = await startGoogleMapsStandIn();
    const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });
    google.place('2820 N Figueroa St, Los Angeles, CA 90065', {
      lat: 34.086,
      lng: -118.2226,
      formatted_address: '2820 N Figueroa St, Los Angeles, CA 90065, USA',
      address_components: [
        c('2820', '2820', 'street_number'),
        c('North Figueroa Street', 'N Figueroa St', 'route'),
        c('Los Angeles', 'Los Angeles', 'locality', 'political'),
        c('California', 'CA', 'administrative_area_level_1', 'political'),
        c('United States', 'US', 'country', 'political'),
        c('90065', '90065', 'postal_code'),
      ],
    });
    dataDir = await migratedDataDir();
    server = await startServerProcess({
      dataDir,
      env: { GOOGLE_GEOCODING_API_KEY: google.apiKey, GOOGLE_MAPS_API_BASE: google.url },
    });
    const client = await processClient(server);

    // A customer watching a paid order's status live.
    const placed = await client.call('POST', '/api/create-order/', { ...ONE_COKE, email: 'live@example.com' });
    const { order_id, payment } = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
    await client.call('POST', '/api/demo-payments/confirm/', { client_secret: payment.client_secret, ...GOOD_CARD });
    expect((await client.call('POST', `/api/finalize-order/${order_id}/`)).status).toBe(200);
    const live = await fetch(`${server.url}/api/orders/${order_id}/status/`);
    expect(live.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = live.body!.getReader();
    // Watching: its first status has arrived (on a loaded machine it may come after the retry line).
    let streamed = '';
    while (!streamed.includes('event: status')) {
      const part = await reader.read();
      if (part.done) throw new Error(`The live status ended before its first status: ${streamed}`);
      streamed += new TextDecoder().decode(part.value);
    }

    // Another asks for a delivery quote while Google is slow to geocode the address.
    google.mode('timeout');
    const quote = client
      .call('POST', '/api/estimate-delivery/', {
        delivery_street: '2820 N Figueroa St',
        delivery_city: 'Los Angeles',
        delivery_state: 'CA',
        delivery_zip: '90065',
        delivery_country: 'US',
      })
      .catch((error: unknown) => error as Error);
    await waitFor(() => google!.queries.length === 1, { what: "the quote's geocode call" });

    const ended = server.kill('SIGTERM');
    // The live status ends by itself (not cut: a cut rejects the read), so its browser reconnects
    // to a replica still running.
    for (let part = await reader.read(); !part.done; part = await reader.read())
      streamed += new TextDecoder().decode(part.value);
    // Google answers 4 s after the stop began: the quote is still answered, and closes its connection.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(server.running()).toBe(true);
    google.answerHeld();
    const answered = await quote;
    if (answered instanceof Error) throw new Error(`The quote was not answered: ${answered.message}`);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('connection')).toBe('close');
    expect(await answered.json()).toMatchObject({ error: false, delivery_estimate: 10, distance_miles: 1.9 });
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/Cannot use a pool|PGlite is closed|closed database/i);
  });
});

describe('shutdown while the menu syncs from Clover', () => {
  let server: ServerProcess | undefined;
  let clover: CloverStandIn | undefined;
  let dataDir = '';
  afterEach(async () => {
    await server?.kill('SIGKILL');
    await clover?.close();
    if (dataDir) await removeDataDir(dataDir);
  });

  it('waits for the sync to finish and record itself before closing the database', async () => {
    const p = published();
    clover = await startCloverStandIn({
      catalogue: { categories: p.bangersAndMash.categories.elements, items: [p.bangersAndMash], modifierGroups: [] },
    });
    // The sync the server starts with waits 3 s for Clover's items.
    clover.slowNext('items', 3000);
    dataDir = await migratedDataDir();
    server = await startServerProcess({
      dataDir,
      env: { CLOVER_API_BASE: clover.url, CLOVER_MERCHANT_ID: clover.merchantId, CLOVER_TOKEN: clover.token },
    });
    await waitFor(() => clover!.requests.some((r) => r.resource === 'items'), { what: "the sync's items call" });

    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/Cannot use a pool|PGlite is closed|closed database|menu sync failed/i);
    const db = await openDatabase({ dataDir });
    try {
      const status = await readMenuSyncStatus(db);
      expect(status).toMatchObject({ source: 'clover', last_error: null });
      expect(status.last_success_at).not.toBeNull();
    } finally {
      await db.close();
    }
  });
});
