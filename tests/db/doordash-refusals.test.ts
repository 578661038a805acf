// DoorDash's refusals of a delivery quote, as DoorDash publishes them (tests/fixtures/doordash/:
// the SDK's InvalidDeliveryError reasons, the same words as a bare code, field errors), answered
// by the real app's POST /api/estimate-delivery/ with 422 and a sentence the customer can act on,
// permanent for a permanent refusal and "try again" only when DoorDash is down or busy, in
// English and in Spanish; no quote is kept for a refused address.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DOORDASH_BAD_PHONE,
  DOORDASH_BUSY,
  DOORDASH_NOT_SERVED,
  DOORDASH_OUTSIDE_HOURS,
  DOORDASH_PICKUP_NOT_SERVED,
  DOORDASH_REFUSED,
  DOORDASH_TOO_FAR,
  DOORDASH_UNAVAILABLE,
  doordashTooFar,
} from '../../server/providers/delivery/doordash-client.ts';
import { createDoorDash } from '../../server/providers/delivery/doordash.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { doordashError, startDoorDashStandIn, type DoorDashStandIn } from '../support/doordash-stand-in.ts';

const NOW = new Date('2026-11-20T19:00:00Z');
/** Santa Monica, 14.9 miles from the restaurant by the ZIP table. */
const SANTA_MONICA = {
  delivery_street: '1200 Ocean Ave',
  delivery_city: 'Santa Monica',
  delivery_state: 'CA',
  delivery_zip: '90401',
  delivery_country: 'US',
};
/** Downtown, 1.2 miles away. */
const DOWNTOWN = {
  ...SANTA_MONICA,
  delivery_street: '500 S Spring St',
  delivery_city: 'Los Angeles',
  delivery_zip: '90013',
};

describe.each(databaseTargets)('DoorDash refusing a quote, on $name', (target) => {
  let doordash: DoorDashStandIn;
  let api: TestApi;
  let caller = 0;

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {}); // the app's request log
    doordash = await startDoorDashStandIn({ feeCents: 975 });
    const delivery = createDoorDash({ ...doordash.credentials, timeoutMs: 1500 });
    api = await createTestApi(target, { delivery, clock: () => NOW });
  });
  afterAll(async () => {
    await api?.close();
    await doordash?.close();
    vi.restoreAllMocks();
  });

  const quoteCount = async () =>
    Number((await api.deps.db.query<{ n: number }>('select count(*)::int as n from delivery_quotes'))[0]?.n);

  /** The app's answer to an estimate DoorDash answers with `answer`, in `language`. */
  async function refusedWith(
    answer: { status: number; body: unknown },
    {
      address = SANTA_MONICA,
      language = 'en',
      delayMs,
    }: { address?: object; language?: string; delayMs?: number } = {},
  ) {
    doordash.failNext(answer.status, answer.body, { on: 'quote', ...(delayMs ? { delayMs } : {}) });
    const before = await quoteCount();
    const response = await api.call('POST', '/api/estimate-delivery/', address, {
      'X-Forwarded-For': `198.51.100.${++caller}`,
      'Accept-Language': language,
    });
    expect(await quoteCount()).toBe(before);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  const PERMANENT: [string, string, string][] = [
    [
      'error-422-distance-too-long',
      doordashTooFar(14),
      'No podemos entregar tan lejos: la dirección está a más de 14 millas.',
    ],
    [
      'error-422-code-distance-too-long',
      doordashTooFar(14),
      'No podemos entregar tan lejos: la dirección está a más de 14 millas.',
    ],
    [
      'error-422-delivery-address-not-in-coverage',
      DOORDASH_NOT_SERVED,
      'Esa dirección está fuera de la zona que cubren nuestros repartidores.',
    ],
    [
      'error-422-outside-of-delivery-time',
      DOORDASH_OUTSIDE_HOURS,
      'La entrega a domicilio no está disponible a esa hora. Elige otra hora o recoge tu pedido.',
    ],
    [
      'error-422-pickup-address-not-in-coverage',
      DOORDASH_PICKUP_NOT_SERVED,
      'La entrega a domicilio no está disponible desde el restaurante. Elige recoger tu pedido.',
    ],
  ];

  it.each(PERMANENT)(
    '%s is answered 422 with a permanent sentence, in English and Spanish',
    async (fixture, en, es) => {
      expect(await refusedWith(doordashError(fixture))).toEqual({ status: 422, body: { error: true, message: en } });
      expect(await refusedWith(doordashError(fixture), { language: 'es' })).toEqual({
        status: 422,
        body: { error: true, message: es },
      });
    },
  );

  it('the exact sentences the customer reads', () => {
    expect(doordashTooFar(14)).toBe('We can’t deliver that far: the address is more than 14 miles away.');
    expect(DOORDASH_NOT_SERVED).toBe('That address is outside the area our couriers cover.');
    expect(DOORDASH_OUTSIDE_HOURS).toBe('Delivery isn’t available at that time. Choose another time or pick up.');
  });

  it('too far says DoorDash’s own limit when it names one, and no number for an address our measure puts close', async () => {
    expect(await refusedWith(doordashError('error-400-field-distance'))).toEqual({
      status: 422,
      body: { error: true, message: doordashTooFar(155) },
    });
    expect(await refusedWith(doordashError('error-422-distance-too-long'), { address: DOWNTOWN })).toEqual({
      status: 422,
      body: { error: true, message: DOORDASH_TOO_FAR },
    });
  });

  it('a phone number DoorDash refuses is named as such', async () => {
    expect(await refusedWith(doordashError('error-400-validation-phone'))).toEqual({
      status: 422,
      body: { error: true, message: DOORDASH_BAD_PHONE },
    });
  });

  it('a refusal with a reason DoorDash does not document is permanent too, never "try again"', async () => {
    for (const body of [
      { code: 'invalid_delivery_parameters', reason: 'parking_lot_not_in_coverage', message: 'x' },
      { code: 'something_new', message: '<b>DoorDash</b>' },
      'not even an object',
    ]) {
      expect(await refusedWith({ status: 422, body })).toEqual({
        status: 422,
        body: { error: true, message: DOORDASH_REFUSED },
      });
    }
  });

  it('only DoorDash being down, slow or busy says try again', async () => {
    const unavailable = { status: 422, body: { error: true, message: DOORDASH_UNAVAILABLE } };
    expect(await refusedWith(doordashError('error-500-service-fault'))).toEqual(unavailable);
    expect(await refusedWith(doordashError('error-401-authentication'))).toEqual(unavailable);
    // No answer within the adapter's 1.5 s.
    expect(await refusedWith({ status: 200, body: {} }, { delayMs: 2500 })).toEqual(unavailable);
    expect(await refusedWith({ status: 429, body: { code: 'too_many_requests', message: 'x' } })).toEqual({
      status: 422,
      body: { error: true, message: DOORDASH_BUSY },
    });
  });

  it('after a refusal the next estimate is priced as usual', async () => {
    await refusedWith(doordashError('error-422-delivery-address-not-in-coverage'));
    const response = await api.call('POST', '/api/estimate-delivery/', DOWNTOWN, {
      'X-Forwarded-For': `198.51.100.${++caller}`,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ delivery_estimate: 9.75, distance_miles: 1.2 });
  });
});
