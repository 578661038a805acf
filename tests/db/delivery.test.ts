import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EstimateDeliveryResponseSchema, type ApiError, type DeliveryQuoteResponse } from '../../shared/api/schemas.ts';
import { findUsableQuote, saveQuote, type NewDeliveryQuote } from '../../server/db/delivery-quotes.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { NOT_JSON } from '../../server/http/errors.ts';
import { createCourier, OUTSIDE_US } from '../../server/providers/delivery/courier.ts';
import { zipCentroid, zipState } from '../../server/providers/delivery/zip-centroids.ts';
import { ESTIMATE_RATE_LIMIT } from '../../server/routes/delivery.ts';
import { createTestApi } from '../support/api.ts';
import { databaseTargets, type DatabaseTarget, type FreshDatabase } from '../support/databases.ts';

const START = new Date('2026-11-20T18:00:00.000Z');
const MINUTE = 60_000;

function address(zip: string, more: Record<string, string> = {}) {
  return {
    delivery_street: '727 N Broadway',
    delivery_city: 'Los Angeles',
    delivery_state: 'CA',
    delivery_zip: zip,
    delivery_country: 'US',
    ...more,
  };
}

interface Api {
  db: Database;
  /** Moves the app's clock. */
  setNow(now: Date): void;
  /** POST /api/estimate-delivery/ from the client address `from` (each test its own, so limits do not mix). */
  estimate(body: unknown, from: string): Promise<Response>;
  close(): Promise<void>;
}

// The real app on a fresh database, with the embedded courier and a clock the tests move.
async function openApi(target: DatabaseTarget): Promise<Api> {
  let now = START;
  const api = await createTestApi(target, { clock: () => now });
  return {
    db: api.deps.db,
    setNow: (next) => void (now = next),
    estimate: (body, from) => api.call('POST', '/api/estimate-delivery/', body, { 'X-Forwarded-For': from }),
    close: () => api.close(),
  };
}

describe.each(databaseTargets)('POST /api/estimate-delivery/ on $name', (target) => {
  let api: Api;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {}); // the app's request log
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
    vi.restoreAllMocks();
  });

  const quoteCount = async () =>
    Number((await api.db.query<{ n: number }>('select count(*)::int as n from delivery_quotes'))[0]?.n);

  it('prices Downtown (90013, 1.2 miles) at $10.00 and holds the price for 20 minutes', async () => {
    api.setNow(START);
    const response = await api.estimate(address('90013', { delivery_street: '500 S Spring St' }), '203.0.113.1');
    expect(response.status).toBe(200);
    const body = (await response.json()) as DeliveryQuoteResponse;
    expect(EstimateDeliveryResponseSchema.parse(body)).toBeTruthy();
    expect(body).toEqual({
      error: false,
      delivery_estimate: 10,
      quote_id: expect.stringMatching(/^dq_[A-Za-z0-9_-]{16,}$/) as unknown,
      delivery_lat: 34.044685,
      delivery_lng: -118.240022,
      distance_miles: 1.2,
      expires_at: '2026-11-20T18:20:00.000Z',
    });

    const found = await findUsableQuote(api.db, body.quote_id, START);
    expect(found).toEqual({
      ok: true,
      quote: expect.objectContaining({
        id: body.quote_id,
        provider: 'courier',
        provider_quote_id: null,
        street: '500 S Spring St',
        city: 'Los Angeles',
        state: 'CA',
        zip: '90013',
        country: 'US',
        lat: 34.044685,
        lng: -118.240022,
        distance_miles: 1.2,
        fee_cents: 1000,
      }) as unknown,
    });
    if (found.ok) expect(new Date(found.quote.expires_at).toISOString()).toBe('2026-11-20T18:20:00.000Z');
  });

  it.each([
    ['90012', 'Chinatown', 0.3, 10],
    ['90026', 'Echo Park', 1.9, 10],
    ['90032', 'El Sereno', 3.2, 12],
    ['90041', 'Eagle Rock', 5.5, 14],
    ['90640', 'Montebello, at the edge of the area', 8, 14],
  ])('prices %s (%s, %s miles) at $%s', async (zip, _place, miles, dollars) => {
    const response = await api.estimate(address(zip), `203.0.113.2-${zip}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as DeliveryQuoteResponse;
    expect(body.delivery_estimate).toBe(dollars);
    expect(body.distance_miles).toBe(miles);
  });

  it('reads a ZIP+4 by its first five digits', async () => {
    const response = await api.estimate(address('90012-3456'), '203.0.113.3');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      delivery_estimate: 10,
      distance_miles: 0.3,
      delivery_lat: 34.065975,
    });
  });

  it('refuses Santa Monica (90401), 14.9 miles away, and stores no quote', async () => {
    const before = await quoteCount();
    const response = await api.estimate(address('90401', { delivery_city: 'Santa Monica' }), '203.0.113.4');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: true,
      message:
        'Sorry, this address is 14.9 miles away: we deliver only within 8 miles of 727 N Broadway, Los Angeles. Pickup is always available.',
    });
    expect(await quoteCount()).toBe(before);
  });

  it('refuses Glendale (91201), just past the edge at 8.1 miles', async () => {
    const response = await api.estimate(address('91201', { delivery_city: 'Glendale' }), '203.0.113.5');
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiError).message).toBe(
      'Sorry, this address is 8.1 miles away: we deliver only within 8 miles of 727 N Broadway, Los Angeles. Pickup is always available.',
    );
  });

  it('refuses a ZIP code that does not exist', async () => {
    const response = await api.estimate(address('00000'), '203.0.113.6');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: true,
      message: 'We could not find ZIP code 00000. Check it and try again.',
    });
  });

  it('says how far it delivers for an address in another state, known to the ZIP table or not', async () => {
    const newYork = await api.estimate(
      address('10001', { delivery_city: 'New York', delivery_state: 'NY' }),
      '203.0.113.9',
    );
    expect(newYork.status).toBe(422);
    expect(((await newYork.json()) as ApiError).message).toMatch(
      /^Sorry, this address is \d+\.\d miles away: we deliver only within 8 miles of 727 N Broadway, Los Angeles\. Pickup is always available\.$/,
    );
    // 10118 is the Empire State Building's own ZIP: no area of its own in the Census table.
    const building = await api.estimate(
      address('10118', { delivery_city: 'New York', delivery_state: 'NY' }),
      '203.0.113.10',
    );
    expect(building.status).toBe(422);
    expect(await building.json()).toEqual({
      error: true,
      message: 'Sorry, we deliver only within 8 miles of 727 N Broadway, Los Angeles. Pickup is always available.',
    });
  });

  it('refuses a state that does not match the ZIP code', async () => {
    const response = await api.estimate(address('90012', { delivery_state: 'NV' }), '203.0.113.7');
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiError).message).toBe(
      'ZIP code 90012 is in CA, not NV. Check the state and the ZIP code.',
    );
  });

  it('refuses an address outside the United States', async () => {
    const response = await api.estimate(address('90012', { delivery_country: 'MX' }), '203.0.113.8');
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiError).message).toBe(OUTSIDE_US);
  });

  it.each([
    [{ delivery_zip: '9001' }, 'Enter a 5-digit ZIP code, like 90012 or 90012-3456.'],
    [{ delivery_zip: 'ABCDE' }, 'Enter a 5-digit ZIP code, like 90012 or 90012-3456.'],
    [{ delivery_zip: '' }, 'Enter the ZIP code for delivery.'],
    [{ delivery_street: ' ' }, 'Enter the street address for delivery.'],
    [{ delivery_state: 'California' }, 'Enter the state as its two-letter code, like CA.'],
  ])('answers 422 with the form message for %o', async (change, message) => {
    const response = await api.estimate(address('90012', change), '203.0.113.9');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: true, message });
  });

  it('answers 400 when the body is not JSON', async () => {
    const response = await api.estimate('delivery_zip=90012', '203.0.113.10');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: NOT_JSON });
  });

  it('a quote expires 20 minutes after it was given', async () => {
    api.setNow(START);
    const body = (await (await api.estimate(address('90026'), '203.0.113.11')).json()) as DeliveryQuoteResponse;
    const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);
    expect((await findUsableQuote(api.db, body.quote_id, at(19.99))).ok).toBe(true);
    expect(await findUsableQuote(api.db, body.quote_id, at(20))).toEqual({ ok: false, reason: 'expired' });
    expect(await findUsableQuote(api.db, body.quote_id, at(60))).toEqual({ ok: false, reason: 'expired' });
  });

  it('the expiry follows the app clock', async () => {
    const later = new Date('2027-01-05T09:30:00.000Z');
    api.setNow(later);
    const body = (await (await api.estimate(address('90026'), '203.0.113.12')).json()) as DeliveryQuoteResponse;
    expect(body.expires_at).toBe('2027-01-05T09:50:00.000Z');
    api.setNow(START);
  });

  it('rate limits one address to 30 estimates in 10 minutes, and not its neighbours', async () => {
    api.setNow(START);
    const from = '198.51.100.7';
    for (let i = 0; i < ESTIMATE_RATE_LIMIT.limit; i++) {
      expect((await api.estimate(address('90012'), from)).status).toBe(200);
    }
    const refused = await api.estimate(address('90012'), `10.0.0.1, ${from}`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: true, message: ESTIMATE_RATE_LIMIT.message });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // a bad request is limited too, answered 429 before it is read
    expect((await api.estimate({ delivery_zip: 'x' }, from)).status).toBe(429);
    expect((await api.estimate(address('90012'), '198.51.100.8')).status).toBe(200);

    // The window slides: ten minutes on, the burst still counts in full (Retry-After says how
    // long until it has slid out far enough for one more), and at that time one more is taken.
    api.setNow(new Date(START.getTime() + ESTIMATE_RATE_LIMIT.windowMs));
    const later = await api.estimate(address('90012'), from);
    expect(later.status).toBe(429);
    // The 30 taken in the last window (refused ones are not kept): room for one more once
    // 30 x (1 - t / 600 s) <= 29.
    expect(later.headers.get('Retry-After')).toBe('20');
    api.setNow(new Date(START.getTime() + ESTIMATE_RATE_LIMIT.windowMs + 20_000));
    expect((await api.estimate(address('90012'), from)).status).toBe(200);
    api.setNow(START);
  });

  it('counts a burst across the edge of a window: 30 estimates just before it leave no room just after', async () => {
    const from = '198.51.100.17';
    api.setNow(new Date(START.getTime() - 1_000));
    for (let i = 0; i < ESTIMATE_RATE_LIMIT.limit; i++) {
      expect((await api.estimate(address('90012'), from)).status).toBe(200);
    }
    // Two seconds later, in the next fixed window: the 30 still lie within the last 10 minutes.
    api.setNow(new Date(START.getTime() + 1_000));
    const refused = await api.estimate(address('90012'), from);
    expect([refused.status, await refused.json()]).toEqual([
      429,
      { error: true, message: ESTIMATE_RATE_LIMIT.message },
    ]);
    api.setNow(START);
  });
});

describe.each(databaseTargets)('delivery quotes in the database on $name', (target) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await target.create({ migrated: true });
    await migrate(fresh.db);
  });
  afterAll(async () => {
    await fresh?.destroy();
  });

  const quote = (expiresAt: Date): NewDeliveryQuote => ({
    provider: 'courier',
    provider_quote_id: null,
    street: '1000 N Alameda St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    country: 'US',
    lat: 34.065975,
    lng: -118.238642,
    distance_miles: 0.3,
    fee_cents: 1000,
    expires_at: expiresAt,
  });

  it('stores a quote under a new dq_ id and reads it back with its numbers as numbers', async () => {
    const expires = new Date(START.getTime() + 20 * MINUTE);
    const a = await saveQuote(fresh.db, quote(expires));
    const b = await saveQuote(fresh.db, quote(expires));
    expect(a.id).toMatch(/^dq_[A-Za-z0-9_-]+$/);
    expect(a.id).not.toBe(b.id);
    const found = await findUsableQuote(fresh.db, a.id, START);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.quote).toMatchObject({ ...quote(expires), id: a.id });
    expect(typeof found.quote.fee_cents).toBe('number');
    expect(typeof found.quote.distance_miles).toBe('number');
    expect(found.quote.created_at).toBeInstanceOf(Date);
  });

  it('reports a quote id it never gave as missing', async () => {
    expect(await findUsableQuote(fresh.db, 'dq_nothing_here', START)).toEqual({ ok: false, reason: 'missing' });
    expect(await findUsableQuote(fresh.db, '', START)).toEqual({ ok: false, reason: 'missing' });
  });

  it('reports a quote an order already carries as used, even before it expires', async () => {
    const saved = await saveQuote(fresh.db, quote(new Date(START.getTime() + 20 * MINUTE)));
    await fresh.db.query(
      `insert into orders (id, status, name, email, phone, delivery_type, delivery_quote_id, subtotal_cents,
         promo_discount_cents, tax_cents, delivery_fee_cents, delivery_charge_cents, tip_cents, total_cents)
       values ('ord_delivery_test', 'pending_payment', 'Ana', 'ana@example.com', '+12135550100', 'delivery', $1,
         2000, 0, 195, 1000, 701, 200, 3096)`,
      [saved.id],
    );
    expect(await findUsableQuote(fresh.db, saved.id, START)).toEqual({ ok: false, reason: 'used' });
  });
});

describe('the courier', () => {
  const ask = (zip: string, more: Record<string, string> = {}) => createCourier().quote(address(zip, more));

  it('knows where a ZIP code is, and its state', () => {
    expect(zipCentroid('90012')).toEqual({ lat: 34.065975, lng: -118.238642, state: 'CA' });
    expect(zipCentroid(' 90012-3456 ')).toEqual(zipCentroid('90012'));
    expect(zipCentroid('10001')?.state).toBe('NY');
    expect(zipCentroid('00000')).toBeNull();
    expect(zipCentroid('9001')).toBeNull();
    expect(zipCentroid('__proto__')).toBeNull();
  });

  it.each([
    ['90012', 'CA'],
    ['20500', 'DC'],
    ['20101', 'VA'],
    ['73301', 'TX'],
    ['88510', 'TX'],
    ['83414', 'WY'],
    ['06390', 'NY'],
    ['00601', 'PR'],
    ['96799', 'AS'],
    ['96910', 'GU'],
    ['99501', 'AK'],
  ])('ZIP code %s is in %s', (zip, state) => {
    expect(zipState(zip)).toBe(state);
  });

  it('quotes with the fee tiers and radius it is given', async () => {
    const courier = createCourier({
      radiusMiles: 20,
      feeTiers: [{ upToMiles: 20, feeCents: 2500 }],
      quoteValidMinutes: 5,
    });
    expect(courier.name).toBe('courier');
    expect(await courier.quote(address('90401'))).toEqual({
      ok: true,
      provider: 'courier',
      providerQuoteId: null,
      feeCents: 2500,
      lat: 34.016099,
      lng: -118.492454,
      distanceMiles: 14.9,
      validForMs: 5 * MINUTE,
    });
  });

  it('asks about the state before the distance, so a mistyped ZIP reads as one', async () => {
    expect(await ask('10001')).toEqual({
      ok: false,
      message: 'ZIP code 10001 is in NY, not CA. Check the state and the ZIP code.',
    });
  });

  it('accepts the state in lower case', async () => {
    expect((await ask('90012', { delivery_state: 'ca' })).ok).toBe(true);
  });

  it('holds a price for 20 minutes by default', async () => {
    expect(await ask('90012')).toMatchObject({ ok: true, feeCents: 1000, distanceMiles: 0.3, validForMs: 20 * MINUTE });
  });
});
