// The owner's live settings through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), with the test clock on Friday 2026-11-20, 11:00 in Los Angeles (the next
// day, Saturday the 21st, is no holiday in the settings file):
// - every admin call answers 401 to a stranger, 403 to a customer and to staff, and only an admin
//   gets through;
// - the settings read as the file's until a section is saved; every bad value is refused with its
//   sentence and changes nothing;
// - each save and reset is in the audit log with the section before and after;
// - a holiday saved for tomorrow: the public store-hours answer and the preview offer no time
//   tomorrow, and create-order refuses a time tomorrow with the usual sentence; special hours,
//   changed weekday hours and lead times move the times offered the same way;
// - a changed delivery radius, fee tier, minimum fee, tip preset or earn rate is what the
//   estimate, create-order and the paid order charge and earn, to the cent, at each boundary;
// - a change written by another replica is followed on the next request (the version is read each time).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesBeforeOpens,
  EARN_RATE_RANGE,
  FEE_RANGE,
  holidayChangesNothing,
  LEAD_RANGE,
  MAX_HOLIDAYS,
  noSuchSection,
  notADate,
  RADIUS_RANGE,
  rangesOverlap,
  TIER_MILES_RANGE,
  TIERS_COUNT,
  TIERS_ORDER,
  TIERS_SHORT_OF_RADIUS,
  TIME_SHAPE,
  TIP_AMOUNT_RANGE,
  TIP_CAP_RANGE,
  TOO_MANY_HOLIDAYS,
  tooManyRanges,
  type AdminSettings,
  type SettingsPreview,
} from '../../shared/api/admin-settings.ts';
import type { AuditPage } from '../../shared/api/admin.ts';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import { fileSettings, pricingOf, type LiveSettings } from '../../shared/live-settings.ts';
import { tipOptions } from '../../shared/pricing.ts';
import { instantToWallTime, notOpenAt } from '../../shared/schedule.ts';
import { writeLiveSettings } from '../../server/db/live-settings.ts';
import { saveQuote } from '../../server/db/delivery-quotes.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { beyondRadius } from '../../server/providers/delivery/courier.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember } from '../support/staff-members.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { waitFor } from '../support/wait-for.ts';

const ZONE = 'America/Los_Angeles';
const TODAY = '2026-11-20';
const TOMORROW = '2026-11-21';
const SETTINGS = '/api/staff/admin/settings/';
const ADDRESS = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
  delivery_country: 'US',
};

const localDate = (iso: string) => instantToWallTime(new Date(iso), ZONE).date;
const localTime = (iso: string) => instantToWallTime(new Date(iso), ZONE).time;

describe.each(databaseTargets)('the admin’s live settings on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open for pickup and delivery.
  const now = new Date('2026-11-20T19:00:00Z');
  let admin: { Authorization: string };
  let cook: { Authorization: string };
  let customer: { Authorization: string };
  let caller = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller}` });

  const member = (email: string, role: 'staff' | 'admin') => staffMember(api, email, role, now, from());

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    // $12.50 a taco: two make $25.00; with the $12.49 one, $24.99.
    await addTestItems(api, [
      { id: 'ls-taco', name: 'Taco de Ajustes', priceCents: 1250 },
      { id: 'ls-taco-less', name: 'Taco Chico', priceCents: 1249 },
    ]);
    admin = await member('owner@comal.example', 'admin');
    cook = await member('cook@comal.example', 'staff');
    customer = (await signUpAndIn(api, 'diner@example.com', from())).bearer;
  });
  afterAll(() => api?.close());

  const asAdmin = (method: string, path: string, body?: unknown) => api.call(method, path, body, admin);
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const read = async () => {
    const response = await asAdmin('GET', SETTINGS);
    expect(response.status).toBe(200);
    return (await response.json()) as AdminSettings;
  };
  async function save<S extends keyof LiveSettings>(section: S, value: LiveSettings[S]) {
    const response = await asAdmin('PUT', `${SETTINGS}${section}/`, { value });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AdminSettings;
  }
  async function reset(section: keyof LiveSettings) {
    const response = await asAdmin('DELETE', `${SETTINGS}${section}/`);
    expect(response.status).toBe(200);
    return (await response.json()) as AdminSettings;
  }
  const refused = async (section: string, value: unknown) => {
    const response = await asAdmin('PUT', `${SETTINGS}${section}/`, { value });
    return [response.status, await message(response)];
  };
  const storeHours = async () => {
    const response = await api.call('GET', '/api/store-hours/');
    expect(response.status).toBe(200);
    return (await response.json()) as StoreHoursResponse;
  };
  const preview = async (draft?: Partial<LiveSettings>) => {
    const response = await asAdmin('POST', `${SETTINGS}preview/`, draft ? { draft } : {});
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SettingsPreview;
  };
  const audit = async () => {
    const response = await asAdmin('GET', '/api/staff/admin/audit/?area=settings');
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };
  const slotsOn = (slots: readonly string[], date: string) => slots.filter((slot) => localDate(slot) === date);

  const order = (body: Record<string, unknown>) =>
    api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        email: `settings${++caller}@example.com`,
        phone: `(213) 555-${String(4000 + caller)}`,
        delivery_type: 'pickup',
        cart_items: [{ menu_item_id: 'ls-taco', quantity: 2, modifiers: [] }],
        ...body,
      },
      from(),
    );
  async function paid(body: Record<string, unknown>) {
    const created = await order(body);
    expect(created.status, await created.clone().text()).toBe(201);
    const placed = (await created.json()) as { order_id: string; payment: { client_secret: string } };
    const confirmed = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: placed.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(confirmed.status).toBe(200);
    const finalized = await api.call('POST', `/api/finalize-order/${placed.order_id}/`);
    expect(finalized.status).toBe(200);
    return { ...((await finalized.json()) as { points_earned: number }), order_id: placed.order_id };
  }
  /** A stored courier quote for ADDRESS at exactly `miles` (as the estimate keeps it). */
  const quoteAt = async (miles: number, feeCents: number) =>
    (
      await saveQuote(api.deps.db, {
        provider: 'courier',
        provider_quote_id: null,
        street: ADDRESS.delivery_street,
        city: ADDRESS.delivery_city,
        state: ADDRESS.delivery_state,
        zip: ADDRESS.delivery_zip,
        country: 'US',
        lat: 34.05,
        lng: -118.24,
        distance_miles: miles,
        fee_cents: feeCents,
        expires_at: new Date(now.getTime() + 20 * 60_000),
      })
    ).id;

  it('answers 401 to a stranger, 403 to a customer and to staff, on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', SETTINGS],
      ['PUT', `${SETTINGS}loyalty/`, { value: { cents_per_point: 1 } }],
      ['DELETE', `${SETTINGS}loyalty/`],
      ['POST', `${SETTINGS}preview/`, {}],
    ];
    for (const [method, path, body] of calls) {
      const stranger = await api.call(method, path, body);
      expect([path, stranger.status, await message(stranger)]).toEqual([path, 401, STAFF_SIGN_IN_REQUIRED]);
      const signedIn = await api.call(method, path, body, customer);
      expect([path, signedIn.status, await message(signedIn)]).toEqual([path, 403, STAFF_ONLY]);
      const staff = await api.call(method, path, body, cook);
      expect([path, staff.status, await message(staff)]).toEqual([path, 403, ADMINS_ONLY]);
    }
    // Nothing the refused calls sent was saved.
    const settings = await read();
    expect(settings.version).toBe(0);
    expect(settings.settings.loyalty).toEqual({ cents_per_point: 100 });
    expect((await audit()).entries).toEqual([]);
  });

  it('reads the file’s settings, none changed, until the owner saves one', async () => {
    const settings = await read();
    expect(settings).toMatchObject({ version: 0, updated_at: null });
    expect(settings.settings).toEqual(fileSettings());
    expect(settings.defaults).toEqual(fileSettings());
    expect(Object.values(settings.overridden)).toEqual([false, false, false, false, false, false]);
    expect(settings.settings.delivery).toEqual({
      radius_miles: 8,
      fee_tiers: [
        { up_to_miles: 3, fee_cents: 1000 },
        { up_to_miles: 5, fee_cents: 1200 },
        { up_to_miles: 8, fee_cents: 1400 },
      ],
      minimum_fee_cents: 1000,
    });
    // The public answer carries the same pricing the widget prices with.
    expect((await storeHours()).pricing).toEqual({
      delivery: settings.settings.delivery,
      tips: settings.settings.tips,
      loyalty: settings.settings.loyalty,
    });
  });

  describe('refuses every bad value with its sentence', () => {
    const week = (day: { opens: string; closes: string }[]) =>
      Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, day]),
      );
    const hours = (pickupMonday: unknown) => ({
      pickup: { ...week([{ opens: '10:00', closes: '21:00' }]), monday: pickupMonday },
      delivery: week([{ opens: '11:00', closes: '20:30' }]),
    });
    const delivery = (change: Record<string, unknown>) => ({ ...fileSettings().delivery, ...change });
    const tips = (basic: Record<string, unknown>) => ({
      ...fileSettings().tips,
      basic: { ...fileSettings().tips.basic, ...basic },
    });
    const cases: [string, string, unknown, string][] = [
      ['a time not on the 24-hour clock', 'hours', hours([{ opens: '9am', closes: '21:00' }]), TIME_SHAPE],
      ['24:00', 'hours', hours([{ opens: '10:00', closes: '24:00' }]), TIME_SHAPE],
      [
        'a range that closes before it opens',
        'hours',
        hours([{ opens: '21:00', closes: '10:00' }]),
        closesBeforeOpens('Pickup on Monday'),
      ],
      [
        'a range that closes as it opens',
        'hours',
        hours([{ opens: '10:00', closes: '10:00' }]),
        closesBeforeOpens('Pickup on Monday'),
      ],
      [
        'overlapping ranges',
        'hours',
        hours([
          { opens: '17:00', closes: '22:00' },
          { opens: '10:00', closes: '17:30' },
        ]),
        rangesOverlap('Pickup on Monday'),
      ],
      [
        'five ranges in a day',
        'hours',
        hours(['08:00', '10:00', '12:00', '14:00', '16:00'].map((t) => ({ opens: t, closes: `${t.slice(0, 2)}:30` }))),
        tooManyRanges('Pickup on Monday'),
      ],
      ['a weekday missing', 'hours', { pickup: {}, delivery: {} }, TIME_SHAPE],
      ['a date that is not a date', 'holidays', { '2026-02-30': { pickup: [] } }, notADate('2026-02-30')],
      ['a date in another shape', 'holidays', { '12/24/2026': { pickup: [] } }, notADate('12/24/2026')],
      ['a holiday that changes nothing', 'holidays', { [TOMORROW]: {} }, holidayChangesNothing(TOMORROW)],
      [
        'special hours that overlap',
        'holidays',
        {
          [TOMORROW]: {
            delivery: [
              { opens: '11:00', closes: '14:00' },
              { opens: '13:00', closes: '15:00' },
            ],
          },
        },
        rangesOverlap(`Delivery on ${TOMORROW}`),
      ],
      [
        'too many holidays',
        'holidays',
        Object.fromEntries(
          Array.from({ length: MAX_HOLIDAYS + 1 }, (_, i) => [
            new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
            { pickup: [] },
          ]),
        ),
        TOO_MANY_HOLIDAYS,
      ],
      ['a lead time of 0', 'lead_minutes', { pickup: 0, delivery: 45 }, LEAD_RANGE],
      ['a lead time of 721 minutes', 'lead_minutes', { pickup: 20, delivery: 721 }, LEAD_RANGE],
      ['a lead time in part minutes', 'lead_minutes', { pickup: 20.5, delivery: 45 }, LEAD_RANGE],
      ['a radius of 0.4 miles', 'delivery', delivery({ radius_miles: 0.4 }), RADIUS_RANGE],
      ['a radius of 51 miles', 'delivery', delivery({ radius_miles: 51 }), RADIUS_RANGE],
      ['a radius that is text', 'delivery', delivery({ radius_miles: 'far' }), RADIUS_RANGE],
      ['a negative minimum fee', 'delivery', delivery({ minimum_fee_cents: -1 }), FEE_RANGE],
      ['a negative tier fee', 'delivery', delivery({ fee_tiers: [{ up_to_miles: 8, fee_cents: -100 }] }), FEE_RANGE],
      ['a fee in part cents', 'delivery', delivery({ minimum_fee_cents: 99.5 }), FEE_RANGE],
      ['a fee over $100', 'delivery', delivery({ minimum_fee_cents: 10_001 }), FEE_RANGE],
      ['no tiers', 'delivery', delivery({ fee_tiers: [] }), TIERS_COUNT],
      [
        'eleven tiers',
        'delivery',
        delivery({ fee_tiers: Array.from({ length: 11 }, (_, i) => ({ up_to_miles: i + 1, fee_cents: 100 })) }),
        TIERS_COUNT,
      ],
      [
        'a tier of 0 miles',
        'delivery',
        delivery({ fee_tiers: [{ up_to_miles: 0, fee_cents: 100 }] }),
        TIER_MILES_RANGE,
      ],
      [
        'tiers farthest first',
        'delivery',
        delivery({
          fee_tiers: [
            { up_to_miles: 8, fee_cents: 1400 },
            { up_to_miles: 3, fee_cents: 1000 },
          ],
        }),
        TIERS_ORDER,
      ],
      [
        'tiers that stop short of the radius',
        'delivery',
        delivery({ radius_miles: 9, fee_tiers: [{ up_to_miles: 8, fee_cents: 1400 }] }),
        TIERS_SHORT_OF_RADIUS,
      ],
      ['a negative tip floor', 'tips', tips({ floor_cents: -1 }), TIP_AMOUNT_RANGE],
      ['a tip per mile over $100', 'tips', tips({ per_mile_cents: 10_001 }), TIP_AMOUNT_RANGE],
      ['a tip cap of 101%', 'tips', tips({ cap_percent: 101 }), TIP_CAP_RANGE],
      ['a tip cap that is text', 'tips', tips({ cap_percent: 'ten' }), TIP_CAP_RANGE],
      ['an earn rate of 0 cents', 'loyalty', { cents_per_point: 0 }, EARN_RATE_RANGE],
      ['an earn rate in part cents', 'loyalty', { cents_per_point: 1.5 }, EARN_RATE_RANGE],
      ['an earn rate that is missing', 'loyalty', {}, EARN_RATE_RANGE],
    ];
    it.each(cases)('%s', async (_, section, value, sentence) => {
      expect(await refused(section, value)).toEqual([422, sentence]);
    });

    it('a section that does not exist, and a body that is not one', async () => {
      const nowhere = await asAdmin('PUT', `${SETTINGS}theme/`, { value: {} });
      expect([nowhere.status, await message(nowhere)]).toEqual([404, noSuchSection('theme')]);
      const notJson = await asAdmin('PUT', `${SETTINGS}loyalty/`, 'cents');
      expect(notJson.status).toBe(400);
      const badDraft = await asAdmin('POST', `${SETTINGS}preview/`, {
        draft: { lead_minutes: { pickup: -5, delivery: 45 } },
      });
      expect([badDraft.status, await message(badDraft)]).toEqual([422, LEAD_RANGE]);
    });

    it('and saves nothing of them', async () => {
      const settings = await read();
      expect(settings.version).toBe(0);
      expect(settings.settings).toEqual(fileSettings());
      expect((await audit()).entries).toEqual([]);
    });
  });

  it('closes tomorrow for a holiday: no time offered tomorrow, and an order for tomorrow is refused', async () => {
    const before = await storeHours();
    expect(slotsOn(before.slots.pickup, TOMORROW).length).toBeGreaterThan(0);
    expect(slotsOn(before.slots.delivery, TOMORROW).length).toBeGreaterThan(0);
    // Saturday noon, a time offered before the holiday.
    const noon = '2026-11-21T20:00:00.000Z';
    expect(before.slots.pickup).toContain(noon);
    const savedPreview = await preview();
    const tomorrowBefore = savedPreview.days.find((day) => day.date === TOMORROW)!;
    expect(tomorrowBefore.pickup).toEqual(slotsOn(before.slots.pickup, TOMORROW));

    const holidays = { ...fileSettings().holidays, [TOMORROW]: { pickup: [], delivery: [] } };
    const settings = await save('holidays', holidays);
    expect(settings.version).toBe(1);
    expect(settings.overridden.holidays).toBe(true);
    expect(settings.settings.holidays[TOMORROW]).toEqual({ pickup: [], delivery: [] });

    const after = await storeHours();
    expect(slotsOn(after.slots.pickup, TOMORROW)).toEqual([]);
    expect(slotsOn(after.slots.delivery, TOMORROW)).toEqual([]);
    // Today and the day after are still offered as before.
    expect(slotsOn(after.slots.pickup, TODAY)).toEqual(slotsOn(before.slots.pickup, TODAY));
    expect(slotsOn(after.slots.pickup, '2026-11-22')).toEqual(slotsOn(before.slots.pickup, '2026-11-22'));

    const shown = await preview();
    expect(shown.days.map((day) => day.date)).toEqual([
      TODAY,
      TOMORROW,
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(shown.days[1]).toEqual({ date: TOMORROW, pickup: [], delivery: [] });
    // Thanksgiving stays closed by the file's holidays.
    expect(shown.days[6]).toEqual({ date: '2026-11-26', pickup: [], delivery: [] });
    // The preview's days are the public answer's slots, day by day.
    for (const day of shown.days) {
      expect(day.pickup).toEqual(slotsOn(after.slots.pickup, day.date));
      expect(day.delivery).toEqual(slotsOn(after.slots.delivery, day.date));
    }
    // A draft without the holiday shows tomorrow's times again, and saves nothing.
    const draft = await preview({ holidays: fileSettings().holidays });
    expect(draft.days[1]!.pickup).toEqual(tomorrowBefore.pickup);
    expect((await read()).version).toBe(1);

    const refusedOrder = await order({ scheduled_for: noon });
    expect([refusedOrder.status, await message(refusedOrder)]).toEqual([422, notOpenAt('pickup')]);
    const refusedDelivery = await order({
      delivery_type: 'delivery',
      ...ADDRESS,
      delivery_quote_id: await quoteAt(1, 1000),
      scheduled_for: noon,
    });
    expect([refusedDelivery.status, await message(refusedDelivery)]).toEqual([422, notOpenAt('delivery')]);
    // Today is still taken.
    expect((await order({ scheduled_for: '2026-11-20T21:00:00.000Z' })).status).toBe(201);

    const entry = (await audit()).entries[0]!;
    expect(entry).toMatchObject({ actor: 'owner@comal.example', area: 'settings', subject: 'holidays' });
    expect(entry.at).toBe(now.toISOString());
    expect(entry.before).toEqual({ ...fileSettings().holidays, source: 'settings file' });
    expect(entry.after).toEqual({ ...holidays, source: 'saved in the admin area' });
  });

  it('special hours, weekday hours and lead times move the times offered', async () => {
    await save('holidays', { [TOMORROW]: { pickup: [{ opens: '12:00', closes: '14:00' }] } });
    const special = await storeHours();
    expect(slotsOn(special.slots.pickup, TOMORROW).map(localTime)).toEqual([
      '12:00',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
      '13:15',
      '13:30',
      '13:45',
    ]);
    // Delivery keeps Saturday's hours: 11:00 to 22:30, the last time 22:15.
    const delivery = slotsOn(special.slots.delivery, TOMORROW).map(localTime);
    expect([delivery[0], delivery.at(-1)]).toEqual(['11:00', '22:15']);
    // The file's holidays are gone with the saved list: Thanksgiving opens like any Thursday.
    expect(slotsOn(special.slots.pickup, '2026-11-26').length).toBeGreaterThan(0);

    const file = fileSettings();
    await save('hours', {
      ...file.hours,
      pickup: { ...file.hours.pickup, friday: [{ opens: '12:00', closes: '13:00' }] },
    });
    const hours = await storeHours();
    expect(slotsOn(hours.slots.pickup, TODAY).map(localTime)).toEqual(['12:00', '12:15', '12:30', '12:45']);
    // 11:00 now, pickup opens at 12:00: closed for ASAP.
    expect(hours.open_now.pickup).toBe(false);
    const asap = await order({});
    expect(asap.status).toBe(422);

    await reset('hours');
    await save('lead_minutes', { pickup: 60, delivery: 90 });
    const lead = await storeHours();
    expect(lead.next_slot).toEqual({ pickup: '2026-11-20T20:00:00.000Z', delivery: '2026-11-20T20:30:00.000Z' });
    expect(lead.asap_minutes).toEqual({ pickup: 60, delivery: 90 });
    const tooSoon = await order({ scheduled_for: '2026-11-20T19:45:00.000Z' });
    expect([tooSoon.status, await message(tooSoon)]).toEqual([422, 'Choose a pickup time at least 1 hour from now.']);
    expect((await order({ scheduled_for: '2026-11-20T20:00:00.000Z' })).status).toBe(201);

    // Put back: the file's lead times and holidays again, each reset in the log.
    await reset('lead_minutes');
    const back = await reset('holidays');
    expect(back.settings).toEqual(fileSettings());
    expect(Object.values(back.overridden)).toEqual([false, false, false, false, false, false]);
    const entries = (await audit()).entries;
    expect(entries[0]).toMatchObject({
      subject: 'holidays',
      before: { source: 'saved in the admin area' },
    });
    expect(entries[0]!.after).toEqual({ ...fileSettings().holidays, source: 'settings file' });
    expect(entries[1]).toMatchObject({
      subject: 'lead_minutes',
      before: { pickup: 60, delivery: 90, source: 'saved in the admin area' },
      after: { pickup: 20, delivery: 45, source: 'settings file' },
    });
    // A reset of a section never changed records nothing.
    const version = back.version;
    expect((await reset('tips')).version).toBe(version);
  });

  it('prices the estimate and create-order with the live radius and fee tiers, to the cent', async () => {
    const estimate = async () =>
      api.call(
        'POST',
        '/api/estimate-delivery/',
        { ...ADDRESS, delivery_street: '1500 Sunset Blvd', delivery_zip: '90026' },
        from(),
      );
    const first = await estimate();
    expect(first.status).toBe(200);
    // Echo Park's ZIP centre, about 1.9 miles from the restaurant.
    const miles = ((await first.json()) as { distance_miles: number }).distance_miles;
    expect(miles).toBeGreaterThan(1);

    // A tier that ends exactly at the distance charges its fee; one a tenth of a mile shorter, the next.
    await save('delivery', {
      radius_miles: 10,
      fee_tiers: [
        { up_to_miles: miles, fee_cents: 777 },
        { up_to_miles: 10, fee_cents: 1999 },
      ],
      minimum_fee_cents: 500,
    });
    expect(((await (await estimate()).json()) as { delivery_estimate: number }).delivery_estimate).toBe(7.77);
    const shorter = Math.round((miles - 0.1) * 10) / 10;
    await save('delivery', {
      radius_miles: 10,
      fee_tiers: [
        { up_to_miles: shorter, fee_cents: 777 },
        { up_to_miles: 10, fee_cents: 1999 },
      ],
      minimum_fee_cents: 500,
    });
    expect(((await (await estimate()).json()) as { delivery_estimate: number }).delivery_estimate).toBe(19.99);

    // The radius: exactly at the distance is served; a tenth of a mile short refuses with the sentence.
    await save('delivery', {
      radius_miles: miles,
      fee_tiers: [{ up_to_miles: miles, fee_cents: 650 }],
      minimum_fee_cents: 0,
    });
    expect((await estimate()).status).toBe(200);
    await save('delivery', {
      radius_miles: shorter,
      fee_tiers: [{ up_to_miles: shorter, fee_cents: 650 }],
      minimum_fee_cents: 0,
    });
    const beyond = await estimate();
    expect([beyond.status, await message(beyond)]).toEqual([422, beyondRadius(miles, shorter)]);

    // create-order: a quote for 3.0 miles made under the file's tiers is charged the live ones.
    // $25.00 of tacos: the $2.99 discount tier; tax 9.75% of 25.00 = 2.44.
    await save('delivery', {
      radius_miles: 5,
      fee_tiers: [
        { up_to_miles: 3, fee_cents: 1111 },
        { up_to_miles: 5, fee_cents: 1555 },
      ],
      minimum_fee_cents: 500,
    });
    const charge = async (quoteMiles: number) => {
      const response = await order({
        delivery_type: 'delivery',
        ...ADDRESS,
        delivery_quote_id: await quoteAt(quoteMiles, 1000),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { totals: { delivery_charge: number; total: number } }).totals;
    };
    // 11.11 - 2.99 = 8.12; total 25.00 + 2.44 + 8.12 = 35.56
    expect(await charge(3)).toMatchObject({ delivery_charge: 8.12, total: 35.56 });
    // 15.55 - 2.99 = 12.56
    expect(await charge(3.1)).toMatchObject({ delivery_charge: 12.56, total: 40 });
    expect(await charge(5)).toMatchObject({ delivery_charge: 12.56 });
    const outside = await order({ delivery_type: 'delivery', ...ADDRESS, delivery_quote_id: await quoteAt(5.1, 1000) });
    expect([outside.status, await message(outside)]).toEqual([422, beyondRadius(5.1, 5)]);

    // The minimum fee: a $4.00 tier is charged as the $16.00 minimum (16.00 - 2.99 = 13.01).
    await save('delivery', {
      radius_miles: 5,
      fee_tiers: [{ up_to_miles: 5, fee_cents: 400 }],
      minimum_fee_cents: 1600,
    });
    expect(await charge(2)).toMatchObject({ delivery_charge: 13.01, total: 40.45 });
    // Exactly the minimum: the same charge; a cent over it: a cent more.
    await save('delivery', {
      radius_miles: 5,
      fee_tiers: [{ up_to_miles: 5, fee_cents: 1600 }],
      minimum_fee_cents: 1600,
    });
    expect(await charge(2)).toMatchObject({ delivery_charge: 13.01 });
    await save('delivery', {
      radius_miles: 5,
      fee_tiers: [{ up_to_miles: 5, fee_cents: 1601 }],
      minimum_fee_cents: 1600,
    });
    expect(await charge(2)).toMatchObject({ delivery_charge: 13.02 });
    // The public answer says what the widget must show.
    expect((await storeHours()).pricing!.delivery).toEqual({
      radius_miles: 5,
      fee_tiers: [{ up_to_miles: 5, fee_cents: 1601 }],
      minimum_fee_cents: 1600,
    });
    await reset('delivery');
  });

  it('offers the live tip presets, and create-order charges the tip chosen from them', async () => {
    await save('tips', {
      // At 3.0 miles on $25.00: the floor wins ($4.00 over $3.00 per mile, under the $5.00 cap) ...
      basic: { floor_cents: 400, per_mile_cents: 100, cap_percent: 20 },
      // ... the miles win (3 x $1.50 = $4.50) ...
      plus: { floor_cents: 100, per_mile_cents: 150, cap_percent: 20 },
      // ... the cap wins (3 x $3.00 = $9.00, capped at 20% of $25.00 = $5.00).
      super: { floor_cents: 100, per_mile_cents: 300, cap_percent: 20 },
    });
    const { pricing } = await storeHours();
    expect(tipOptions(2500, 3, pricingOf(pricing!).tips)).toEqual({ basic: 400, plus: 450, super: 500 });
    // Saving the same presets again changes nothing and records nothing.
    const logged = (await audit()).entries.length;
    const version = (await read()).version;
    expect((await save('tips', (await read()).settings.tips)).version).toBe(version);
    expect((await audit()).entries.length).toBe(logged);
    expect((await audit()).entries[0]).toMatchObject({
      subject: 'tips',
      before: { basic: fileSettings().tips.basic, source: 'settings file' },
      after: { basic: { floor_cents: 400, per_mile_cents: 100, cap_percent: 20 }, source: 'saved in the admin area' },
    });
    const response = await order({
      delivery_type: 'delivery',
      ...ADDRESS,
      delivery_quote_id: await quoteAt(3, 1000),
      tip: 4.5,
    });
    expect(response.status).toBe(201);
    // 25.00 + 2.44 tax + (10.00 - 2.99) delivery + 4.50 tip = 38.95
    expect(((await response.json()) as { totals: unknown }).totals).toMatchObject({ tip: 4.5, total: 38.95 });
    await reset('tips');
  });

  it('earns points at the live rate when the order is paid', async () => {
    await save('loyalty', { cents_per_point: 250 });
    // $25.00 at a point per $2.50: 10 points; $24.99: 9.
    expect((await paid({})).points_earned).toBe(10);
    expect(
      (
        await paid({
          cart_items: [
            { menu_item_id: 'ls-taco', quantity: 1, modifiers: [] },
            { menu_item_id: 'ls-taco-less', quantity: 1, modifiers: [] },
          ],
        })
      ).points_earned,
    ).toBe(9);
    expect((await storeHours()).pricing!.loyalty).toEqual({ cents_per_point: 250 });
    await reset('loyalty');
    expect((await paid({})).points_earned).toBe(25);
  });

  it('takes points back from a refund at the rate the order earned them, after the owner changed it', async () => {
    await save('loyalty', { cents_per_point: 250 });
    const order = await paid({});
    expect(order.points_earned).toBe(10);
    await reset('loyalty');
    // $25.00 - $5.00 = $20.00 at a point per $2.50 keeps 8 of the 10 points (at today's $1.00, all 10).
    const refunded = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/refunds/`,
      { reason: 'kitchen_delay', amount_cents: 500 },
      { ...cook, 'Idempotency-Key': randomUUID() },
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(((await refunded.json()) as { refunds: { points_reversed: number }[] }).refunds[0]!.points_reversed).toBe(2);
  });

  it('follows a change another replica saved, once its announcement arrives', async () => {
    expect((await storeHours()).pricing!.loyalty).toEqual({ cents_per_point: 100 });
    // Written as another replica writes it: announced on commit, not marked as changed here.
    await writeLiveSettings(api.deps.db, { loyalty: { cents_per_point: 40 } }, now);
    await waitFor(async () => (await storeHours()).pricing!.loyalty.cents_per_point === 40);
    expect((await read()).overridden.loyalty).toBe(true);
    await reset('loyalty');
    expect((await storeHours()).pricing!.loyalty).toEqual({ cents_per_point: 100 });
  });
});
