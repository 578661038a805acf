import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUsableQuote } from '../../server/db/delivery-quotes.ts';
import { createCourier } from '../../server/providers/delivery/courier.ts';
import { createGoogleCourier } from '../../server/providers/geocoding/google-geocoder.ts';
import { PLACES_CONFIG_CACHE, placesRoutes } from '../../server/routes/places.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { startGoogleMapsStandIn, type GoogleMapsStandIn } from '../support/google-maps-stand-in.ts';
import { lineLogger } from '../support/log-lines.ts';

// 2820 N Figueroa St is in Cypress Park, ZIP 90065, 1.9 miles from the restaurant (727 N Broadway,
// 34.0614, -118.2385): $10. The centre of 90065 (34.109595, -118.228689) is 3.4 miles away: $12.
const FIGUEROA = {
  delivery_street: '2820 N Figueroa St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90065',
  delivery_country: 'US',
};
const FIGUEROA_QUERY = '2820 N Figueroa St, Los Angeles, CA 90065';
const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });
const figueroaPlace = (zip = '90065') => ({
  lat: 34.086,
  lng: -118.2226,
  formatted_address: `2820 N Figueroa St, Los Angeles, CA ${zip}, USA`,
  address_components: [
    c('2820', '2820', 'street_number'),
    c('North Figueroa Street', 'N Figueroa St', 'route'),
    c('Cypress Park', 'Cypress Park', 'neighborhood', 'political'),
    c('Los Angeles', 'Los Angeles', 'locality', 'political'),
    c('Los Angeles County', 'Los Angeles County', 'administrative_area_level_2', 'political'),
    c('California', 'CA', 'administrative_area_level_1', 'political'),
    c('United States', 'US', 'country', 'political'),
    c(zip, zip, 'postal_code'),
  ],
});

const AT_GOOGLE_POINT = {
  error: false,
  delivery_estimate: 10,
  distance_miles: 1.9,
  delivery_lat: 34.086,
  delivery_lng: -118.2226,
};
const AT_ZIP_CENTRE = {
  error: false,
  delivery_estimate: 12,
  distance_miles: 3.4,
  delivery_lat: 34.109595,
  delivery_lng: -118.228689,
};

describe.each(databaseTargets)('POST /api/estimate-delivery/ with the Google geocoder on $name', (target) => {
  let google: GoogleMapsStandIn;
  let api: TestApi;
  let warnings: string[];
  let caller = 0;
  const estimate = async (body: unknown) => {
    caller += 1;
    const response = await api.call('POST', '/api/estimate-delivery/', body, {
      'X-Forwarded-For': `198.51.100.${caller}`,
    });
    return { status: response.status, body: (await response.json()) as { quote_id: string } };
  };

  beforeAll(async () => {
    google = await startGoogleMapsStandIn();
    google.place(FIGUEROA_QUERY, figueroaPlace());
    api = await createTestApi(target, {
      delivery: createGoogleCourier({
        apiKey: google.apiKey,
        apiBase: google.url,
        timeoutMs: 300,
        log: lineLogger((line) => warnings.push(line)),
      }),
    });
  });
  afterAll(async () => {
    await api?.close();
    await google?.close();
  });
  beforeEach(() => {
    warnings = [];
    google.mode('normal');
    google.queries.length = 0;
  });

  it("prices 2820 N Figueroa St (90065) from Google's point, 1.9 miles at $10, where the ZIP centre would say 3.4 miles at $12", async () => {
    const centre = await createCourier().quote(FIGUEROA);
    expect(centre).toMatchObject({ ok: true, feeCents: 1200, distanceMiles: 3.4, lat: 34.109595, lng: -118.228689 });

    const { status, body } = await estimate(FIGUEROA);
    expect(status).toBe(200);
    expect(body).toMatchObject(AT_GOOGLE_POINT);
    expect(google.queries).toEqual([
      { path: '/maps/api/geocode/json', address: FIGUEROA_QUERY, components: 'country:US', key: google.apiKey },
    ]);
    const stored = await findUsableQuote(api.deps.db, body.quote_id, new Date());
    expect(stored).toMatchObject({
      ok: true,
      quote: { provider: 'courier', zip: '90065', lat: 34.086, lng: -118.2226, distance_miles: 1.9, fee_cents: 1000 },
    });
    expect(warnings).toEqual([]);
  });

  it('falls back to the ZIP centre, without a warning, when Google finds nothing (ZERO_RESULTS)', async () => {
    google.mode('zero-results');
    const { status, body } = await estimate(FIGUEROA);
    expect(status).toBe(200);
    expect(body).toMatchObject(AT_ZIP_CENTRE);
    expect(google.queries).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('falls back to the ZIP centre and warns when Google is over its quota (OVER_QUERY_LIMIT)', async () => {
    google.mode('over-query-limit');
    const { body } = await estimate(FIGUEROA);
    expect(body).toMatchObject(AT_ZIP_CENTRE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('OVER_QUERY_LIMIT');
    expect(warnings[0]).not.toContain(google.apiKey);
  });

  it('falls back to the ZIP centre when Google does not answer in time', async () => {
    google.mode('timeout');
    const started = Date.now();
    const { body } = await estimate(FIGUEROA);
    expect(body).toMatchObject(AT_ZIP_CENTRE);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('no answer in 300 ms');
  });

  it('falls back to the ZIP centre when Google refuses the key (REQUEST_DENIED)', async () => {
    const wrongKey = createGoogleCourier({
      apiKey: 'not-the-key',
      apiBase: google.url,
      log: lineLogger((line) => warnings.push(line)),
    });
    expect(await wrongKey.quote(FIGUEROA)).toMatchObject({
      ok: true,
      feeCents: 1200,
      distanceMiles: 3.4,
      lat: 34.109595,
      lng: -118.228689,
    });
    expect(google.queries.map((q) => q.key)).toEqual(['not-the-key']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('REQUEST_DENIED');
    expect(warnings[0]).not.toContain('not-the-key');
  });

  it("does not take Google's point when it lies in another ZIP code than the one asked", async () => {
    google.place(FIGUEROA_QUERY, figueroaPlace('90031'));
    try {
      const { body } = await estimate(FIGUEROA);
      expect(body).toMatchObject(AT_ZIP_CENTRE);
    } finally {
      google.place(FIGUEROA_QUERY, figueroaPlace());
    }
  });

  it('still refuses an unknown ZIP and a wrong state before asking Google', async () => {
    const unknown = await estimate({ ...FIGUEROA, delivery_zip: '00000' });
    expect(unknown).toEqual({
      status: 422,
      body: { error: true, message: 'We could not find ZIP code 00000. Check it and try again.' },
    });
    const wrongState = await estimate({ ...FIGUEROA, delivery_state: 'NV' });
    expect(wrongState).toEqual({
      status: 422,
      body: { error: true, message: 'ZIP code 90065 is in CA, not NV. Check the state and the ZIP code.' },
    });
    expect(google.queries).toEqual([]);
  });
});

describe('GET /api/places/config/', () => {
  const appWith = (options: Parameters<typeof placesRoutes>[0]) => new Hono().route('/api', placesRoutes(options));

  it('answers the browser key, cacheable by anyone, when GOOGLE_MAPS_API_KEY is set', async () => {
    const response = await appWith({ settings: { googleMapsApiKey: 'AIza-browser-key' } }).request(
      '/api/places/config/',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(PLACES_CONFIG_CACHE);
    expect(await response.json()).toEqual({ google_maps_api_key: 'AIza-browser-key' });
  });

  it('answers null without a key (plain address fields)', async () => {
    for (const options of [{}, { googleMapsApiKey: '' }, { googleMapsApiKey: undefined }, { settings: {} }]) {
      const response = await appWith(options).request('/api/places/config/');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ google_maps_api_key: null });
    }
  });
});
