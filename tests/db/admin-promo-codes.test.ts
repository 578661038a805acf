// The admin's promo codes through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), with the test clock:
// - every admin call answers 401 to a stranger, 403 to a customer and to staff, and only an admin
//   gets through;
// - the seeded demo codes are listed as data, with their state (SUMMER25 has expired);
// - an admin makes a code (each bad field refused with its sentence, a taken code with 409), a
//   customer applies it at checkout, and the list counts the use, the revenue and the discount;
// - first order only: refused to a customer who has a paid order, by phone or email;
// - a change (an amount off instead, a total limit) and a deactivation reach the next checkout;
// - every change is in the audit log: who, when, before and after, newest first, by area, in pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMOUNT_OFF_RANGE,
  ENDS_BEFORE_START,
  LIMIT_RANGE,
  PERCENT_OFF_RANGE,
  PROMO_CODE_SHAPE,
  type AuditPage,
  type PromoCodeAdmin,
  type PromoCodeList,
} from '../../shared/api/admin.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { AUDIT_PAGE } from '../../server/routes/staff/admin/audit.ts';
import { noSuchPromoCode, promoCodeTaken } from '../../server/services/admin-promo-codes.ts';
import { PAYMENT_CANCELED } from '../../server/services/orders.ts';
import { PROMO_FIRST_ORDER_ONLY, PROMO_INACTIVE } from '../../server/services/promo-codes.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember } from '../support/staff-members.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

describe.each(databaseTargets)('the admin’s promo codes on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open.
  let now = new Date('2026-11-20T19:00:00Z');
  let admin: { Authorization: string };
  let cook: { Authorization: string };
  let customer: { Authorization: string };
  let caller = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++caller}` });

  const member = (email: string, role: 'staff' | 'admin') => staffMember(api, email, role, now, from());

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    // $12.50 a taco: two make $25.00.
    await addTestItems(api, [{ id: 'ap-taco', name: 'Taco de Promoción', priceCents: 1250 }]);
    admin = await member('owner@comal.example', 'admin');
    cook = await member('cook@comal.example', 'staff');
    customer = (await signUpAndIn(api, 'diner@example.com', from())).bearer;
  });
  afterAll(() => api?.close());

  const asAdmin = (method: string, path: string, body?: unknown) => api.call(method, path, body, admin);
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const list = async () => {
    const response = await asAdmin('GET', '/api/staff/admin/promo-codes/');
    expect(response.status).toBe(200);
    return new Map(((await response.json()) as PromoCodeList).promo_codes.map((promo) => [promo.code, promo]));
  };
  const audit = async (query = '') => {
    const response = await asAdmin('GET', `/api/staff/admin/audit/${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };

  let diner = 0;
  /** A checkout of `tacos` tacos with `code`, opened (201) and not paid. */
  async function openCheckout(code: string, tacos: number, contact: { email: string; phone: string }) {
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        ...contact,
        delivery_type: 'pickup',
        promo_code: code,
        cart_items: [{ menu_item_id: 'ap-taco', quantity: tacos, modifiers: [] }],
      },
      from(),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    return (await created.json()) as {
      order_id: string;
      totals: { promo_discount: number; total: number };
      payment: { client_secret: string };
    };
  }
  /** A paid pickup order of `tacos` tacos with `code`, for a new customer unless `who` is given. */
  async function paidOrder(code: string, tacos = 2, who?: { email: string; phone: string }) {
    const n = ++diner;
    const contact = who ?? { email: `promo${n}@example.com`, phone: `(213) 555-${String(3000 + n)}` };
    const order = await openCheckout(code, tacos, contact);
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return { ...order, contact };
  }
  const validate = async (code: string, phone?: string) =>
    (await (await api.call('POST', '/api/promo-validate/', { code, ...(phone ? { phone } : {}) }, from())).json()) as {
      valid: boolean;
      message: string;
    };

  it('answers 401 to a stranger, 403 to a customer and to staff, on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/admin/promo-codes/'],
      ['POST', '/api/staff/admin/promo-codes/', { code: 'NOPE10', discount: { type: 'percent', percent: 10 } }],
      ['PATCH', '/api/staff/admin/promo-codes/WELCOME10/', { active: false }],
      ['GET', '/api/staff/admin/audit/'],
    ];
    for (const [method, path, body] of calls) {
      const stranger = await api.call(method, path, body);
      expect([path, stranger.status, await message(stranger)]).toEqual([path, 401, STAFF_SIGN_IN_REQUIRED]);
      const signedIn = await api.call(method, path, body, customer);
      expect([path, signedIn.status, await message(signedIn)]).toEqual([path, 403, STAFF_ONLY]);
      const staff = await api.call(method, path, body, cook);
      expect([path, staff.status, await message(staff)]).toEqual([path, 403, ADMINS_ONLY]);
    }
    // Nothing the refused calls sent was made or changed.
    const codes = await list();
    expect(codes.has('NOPE10')).toBe(false);
    expect(codes.get('WELCOME10')!.active).toBe(true);
    expect((await audit()).entries).toEqual([]);
  });

  it('lists the seeded demo codes as data, each with its state', async () => {
    const codes = await list();
    expect(codes.get('WELCOME10')).toMatchObject({
      discount: { type: 'percent', percent: 10 },
      per_customer_limit: 1,
      total_limit: null,
      first_order_only: false,
      state: 'active',
      uses: 0,
    });
    expect(codes.get('FIVEOFF')).toMatchObject({
      discount: { type: 'fixed', amount_cents: 500 },
      per_customer_limit: 3,
      total_limit: 500,
      state: 'active',
    });
    expect(codes.get('SUMMER25')).toMatchObject({ state: 'expired', expires_at: '2025-09-01T07:00:00.000Z' });
  });

  it('refuses each bad field with its sentence, and a code already taken', async () => {
    const good = { code: 'taco-tuesday', discount: { type: 'percent', percent: 15 } };
    const refusals: [unknown, number, string][] = [
      [{ ...good, code: 'T!' }, 422, PROMO_CODE_SHAPE],
      [{ ...good, code: '-TACO' }, 422, PROMO_CODE_SHAPE],
      [{ ...good, discount: { type: 'percent', percent: 0 } }, 422, PERCENT_OFF_RANGE],
      [{ ...good, discount: { type: 'percent', percent: 101 } }, 422, PERCENT_OFF_RANGE],
      [{ ...good, discount: { type: 'percent', percent: 12.5 } }, 422, PERCENT_OFF_RANGE],
      [{ ...good, discount: { type: 'fixed', amount_cents: 0 } }, 422, AMOUNT_OFF_RANGE],
      [{ ...good, discount: { type: 'fixed', amount_cents: 100_001 } }, 422, AMOUNT_OFF_RANGE],
      [{ ...good, total_limit: 0 }, 422, LIMIT_RANGE],
      [{ ...good, starts_at: '2026-12-01T08:00:00Z', expires_at: '2026-12-01T08:00:00Z' }, 422, ENDS_BEFORE_START],
      [{ ...good, code: 'welcome10' }, 409, promoCodeTaken('WELCOME10')],
    ];
    for (const [body, status, said] of refusals) {
      const response = await asAdmin('POST', '/api/staff/admin/promo-codes/', body);
      expect([JSON.stringify(body), response.status, await message(response)]).toEqual([
        JSON.stringify(body),
        status,
        said,
      ]);
    }
    expect((await list()).has('TACO-TUESDAY')).toBe(false);
  });

  it('makes a code a customer applies at checkout, and counts its uses, revenue and discount', async () => {
    const made = await asAdmin('POST', '/api/staff/admin/promo-codes/', {
      code: ' taco-tuesday ',
      description: 'Tuesday tacos',
      discount: { type: 'percent', percent: 20 },
      min_subtotal_cents: 2000,
      per_customer_limit: 2,
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({
      code: 'TACO-TUESDAY',
      description: 'Tuesday tacos',
      discount: { type: 'percent', percent: 20 },
      min_subtotal_cents: 2000,
      starts_at: null,
      expires_at: null,
      per_customer_limit: 2,
      total_limit: null,
      first_order_only: false,
      active: true,
      state: 'active',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      uses: 0,
      revenue_cents: 0,
      discount_given_cents: 0,
    } satisfies PromoCodeAdmin);

    expect(await validate('taco-tuesday')).toMatchObject({
      valid: true,
      message: 'TACO-TUESDAY applied: 20% off orders of $20.00 or more.',
    });
    // Two tacos, $25.00: 20% off is $5.00. Three: $37.50, $7.50 off.
    const first = await paidOrder('TACO-TUESDAY', 2);
    const second = await paidOrder('TACO-TUESDAY', 3);
    expect([first.totals.promo_discount, second.totals.promo_discount]).toEqual([5, 7.5]);
    const promo = (await list()).get('TACO-TUESDAY')!;
    expect(promo.uses).toBe(2);
    expect(promo.discount_given_cents).toBe(1250);
    expect(promo.revenue_cents).toBe(Math.round((first.totals.total + second.totals.total) * 100));
  });

  it('first order only: refused to a customer with a paid order, by phone or by email', async () => {
    const made = await asAdmin('POST', '/api/staff/admin/promo-codes/', {
      code: 'PRIMERA',
      discount: { type: 'fixed', amount_cents: 300 },
      first_order_only: true,
    });
    expect(made.status).toBe(201);
    const earlier = await paidOrder('', 2);
    expect(await validate('PRIMERA', earlier.contact.phone)).toEqual({
      valid: false,
      message: PROMO_FIRST_ORDER_ONLY,
    });
    // The same email with another phone at checkout: still not a first order.
    const refused = await api.call(
      'POST',
      '/api/create-order/',
      {
        name: 'Ana Ruiz',
        email: earlier.contact.email.toUpperCase(),
        phone: '(213) 555-9988',
        delivery_type: 'pickup',
        promo_code: 'PRIMERA',
        cart_items: [{ menu_item_id: 'ap-taco', quantity: 2, modifiers: [] }],
      },
      from(),
    );
    expect(refused.status).toBe(422);
    expect(await message(refused)).toBe(PROMO_FIRST_ORDER_ONLY);
    // A new customer's first order takes $3.00 off.
    expect((await paidOrder('PRIMERA', 2)).totals.promo_discount).toBe(3);
  });

  it('a change and a deactivation reach the next checkout; an unknown code is 404', async () => {
    await asAdmin('POST', '/api/staff/admin/promo-codes/', {
      code: 'CAMBIO',
      discount: { type: 'percent', percent: 10 },
    });
    now = new Date(now.getTime() + 60_000);
    const changed = await asAdmin('PATCH', '/api/staff/admin/promo-codes/cambio/', {
      discount: { type: 'fixed', amount_cents: 450 },
      total_limit: 100,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      code: 'CAMBIO',
      discount: { type: 'fixed', amount_cents: 450 },
      total_limit: 100,
      updated_at: now.toISOString(),
    });
    expect((await paidOrder('CAMBIO', 2)).totals.promo_discount).toBe(4.5);

    const endsEarly = await asAdmin('PATCH', '/api/staff/admin/promo-codes/CAMBIO/', {
      starts_at: '2026-12-01T08:00:00Z',
      expires_at: '2026-11-30T08:00:00Z',
    });
    expect([endsEarly.status, await message(endsEarly)]).toEqual([422, ENDS_BEFORE_START]);

    const off = await asAdmin('PATCH', '/api/staff/admin/promo-codes/CAMBIO/', { active: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false, state: 'inactive', uses: 1 });
    expect(await validate('CAMBIO')).toEqual({ valid: false, message: PROMO_INACTIVE });

    const unknown = await asAdmin('PATCH', '/api/staff/admin/promo-codes/NADA/', { active: false });
    expect([unknown.status, await message(unknown)]).toEqual([404, noSuchPromoCode('NADA')]);
  });

  it('keeps every change in the audit log: who, when, before and after, newest first, by area, in pages', async () => {
    const page = await audit();
    const cambio = page.entries.filter((entry) => entry.subject === 'CAMBIO');
    // Made, changed, deactivated; the refused change left nothing.
    expect(cambio.map((entry) => [entry.before?.active ?? null, entry.after?.active])).toEqual([
      [true, false],
      [true, true],
      [null, true],
    ]);
    const [deactivated, changed, made] = cambio;
    expect(made).toMatchObject({ actor: 'owner@comal.example', area: 'promo_codes', before: null });
    expect(changed!.before).toMatchObject({ discount: { type: 'percent', percent: 10 }, total_limit: null });
    expect(changed!.after).toMatchObject({ discount: { type: 'fixed', amount_cents: 450 }, total_limit: 100 });
    expect(deactivated!.at).toBe(now.toISOString());
    expect(page.entries.map((entry) => entry.subject)).toEqual([
      'CAMBIO',
      'CAMBIO',
      'CAMBIO',
      'PRIMERA',
      'TACO-TUESDAY',
    ]);
    expect((await audit('?area=settings')).entries).toEqual([]);
    expect((await audit('?area=promo_codes')).entries).toHaveLength(5);

    // More changes than a page holds: the next page goes on where the first stops.
    for (let i = 0; i < AUDIT_PAGE; i++) {
      await asAdmin('PATCH', '/api/staff/admin/promo-codes/CAMBIO/', { min_subtotal_cents: 100 + i });
    }
    const first = await audit();
    expect(first.entries).toHaveLength(AUDIT_PAGE);
    const second = await audit(`?before=${first.next_before}`);
    expect(second.entries.map((entry) => entry.subject)).toEqual([
      'CAMBIO',
      'CAMBIO',
      'CAMBIO',
      'PRIMERA',
      'TACO-TUESDAY',
    ]);
    expect(second.next_before).toBeNull();
    const bad = await asAdmin('GET', '/api/staff/admin/audit/?area=kitchen');
    expect(bad.status).toBe(400);
  });

  it('first order only: of two checkouts a new customer opens with it before paying, only the newer can be paid', async () => {
    await asAdmin('POST', '/api/staff/admin/promo-codes/', {
      code: 'PRIMERAVEZ',
      discount: { type: 'fixed', amount_cents: 300 },
      first_order_only: true,
    });
    const contact = { email: 'twice-first@example.com', phone: '(213) 555-3998' };
    const earlier = await openCheckout('PRIMERAVEZ', 2, contact);
    await openCheckout('PRIMERAVEZ', 2, contact);
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: earlier.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(400);
    const finalized = await api.call('POST', `/api/finalize-order/${earlier.order_id}/`);
    expect([finalized.status, await finalized.json()]).toEqual([409, { error: true, message: PAYMENT_CANCELED }]);
  });
});
