// The admin's sales at a glance through the real API on a fresh database (PGlite, and PostgreSQL
// when DATABASE_URL is set), with the test clock in Los Angeles:
// - orders placed and paid over two days (pickup and delivery, a promo code, a tip, modifiers),
//   one refunded in part by staff, one cancelled, one never paid: the report's every figure is
//   the sum the test computes from the create-order answers, to the cent; days without orders
//   are there with zeros; hours and top items are right;
// - days and hours are the restaurant's: an order paid at 11:30 PM counts on that evening, and
//   one paid at 6:40 PM (already the next day in UTC) on its own day;
// - refunds of counted orders count whenever they were made; a cancelled order and its refund
//   do not count at all;
// - the CSV parses (RFC 4180), each row adds up (subtotal - discounts + tax + fee + tip = total),
//   each column sums to the report's figure, and a customer's name cannot run as a formula;
// - bad dates, a backwards or too long range: 400 with a sentence; more than 50,000 orders in
//   one file: 422; a stranger 401, a customer and staff 403.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SALES_DATE_SHAPE,
  SALES_RANGE_BACKWARDS,
  SALES_RANGE_TOO_LONG,
  type SalesReport,
} from '../../shared/api/admin-sales.ts';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { csvTooLarge, SALES_CSV_MAX_ORDERS } from '../../server/services/admin-sales.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember, staffSignIn } from '../support/staff-members.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

const ADMIN = 'owner@comal.example';
const COOK = 'cook@comal.example';
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
  delivery_country: 'US',
};

/** The menu's prices, in cents. */
const PRICES: Record<string, number> = { 'sa-taco': 350, 'sa-torta': 1150, 'sa-flan': 425, 'sa-agua': 300 };
const NAMES: Record<string, string> = {
  'sa-taco': 'Taco al pastor',
  'sa-torta': 'Torta',
  'sa-flan': 'Flan',
  'sa-agua': 'Agua fresca',
};
const AGUACATE = 50;

type Line = { menu_item_id: string; quantity: number; modifiers: string[] };
const line = (menu_item_id: string, quantity: number, modifiers: string[] = []): Line => ({
  menu_item_id,
  quantity,
  modifiers,
});

interface Totals {
  subtotal: number;
  promo_discount: number;
  loyalty_discount: number;
  tax: number;
  delivery_charge: number;
  tip: number;
  total: number;
}
interface Placed {
  order_id: string;
  number: number;
  totals: Totals;
  payment: { client_secret: string };
  lines: Line[];
  delivery_type: 'pickup' | 'delivery';
  name: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** RFC 4180: fields split by commas, records by CRLF, quoted fields with doubled quotes inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (ch === '"' || ch === '\n' || ch === '\r') throw new Error(`A stray ${JSON.stringify(ch)} at ${i}`);
    else field += ch;
  }
  if (quoted) throw new Error('A quoted field never ends.');
  if (field !== '' || record.length > 0) throw new Error('The last record has no CRLF.');
  return records;
}

/** A CSV file's text; it starts with UTF-8's byte order mark, so spreadsheets read it as UTF-8. */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.slice(3));
}

/** A CSV money cell '12.34' to cents; it must have exactly two decimals. */
function moneyCell(text: string): number {
  expect(text).toMatch(/^\d+\.\d{2}$/);
  return Number(text.replace('.', ''));
}

describe.each(databaseTargets)('the admin’s sales at a glance on $name', (target) => {
  let api: TestApi;
  let now = new Date('2026-11-19T20:00:00Z');
  let caller = 0;
  let diner = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${(++caller % 250) + 1}` });

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [
      { id: 'sa-taco', name: NAMES['sa-taco']!, priceCents: PRICES['sa-taco']! },
      {
        id: 'sa-torta',
        name: NAMES['sa-torta']!,
        priceCents: PRICES['sa-torta']!,
        groups: [
          {
            id: 'sa-extras',
            name: 'Extras',
            min: 0,
            max: 1,
            modifiers: [{ id: 'sa-aguacate', name: 'Aguacate', priceCents: AGUACATE }],
          },
        ],
      },
      { id: 'sa-flan', name: NAMES['sa-flan']!, priceCents: PRICES['sa-flan']! },
      { id: 'sa-agua', name: NAMES['sa-agua']!, priceCents: PRICES['sa-agua']! },
    ]);
    await staffMember(api, ADMIN, 'admin', now, from());
    await staffMember(api, COOK, 'staff', now, from());
  });
  afterAll(() => api?.close());

  /** A staff member signed in now (a token lasts 15 minutes of the test clock). */
  const signIn = (email: string) => staffSignIn(api, email, from());
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  async function report(query = ''): Promise<SalesReport> {
    const response = await api.call('GET', `/api/staff/admin/sales/${query}`, undefined, await signIn(ADMIN));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SalesReport;
  }

  /** Places an order at `at` (the clock moves there); not paid yet. */
  async function place(
    at: string,
    lines: Line[],
    options: { delivery?: { tip: number }; promo?: string; name?: string } = {},
  ): Promise<Placed> {
    now = new Date(at);
    const n = ++diner;
    const name = options.name ?? `Diner ${n}`;
    let delivery = {};
    if (options.delivery) {
      const quote = await api.call('POST', '/api/estimate-delivery/', address, from());
      expect(quote.status).toBe(200);
      const { quote_id } = (await quote.json()) as { quote_id: string };
      delivery = { delivery_type: 'delivery', ...address, delivery_quote_id: quote_id, tip: options.delivery.tip };
    }
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name,
        email: `sales${n}@example.com`,
        phone: `(213) 555-${String(4000 + n)}`,
        delivery_type: 'pickup',
        promo_code: options.promo ?? '',
        cart_items: lines,
        ...delivery,
      },
      from(),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as Omit<Placed, 'lines' | 'delivery_type' | 'name'>;
    return { ...order, lines, delivery_type: options.delivery ? 'delivery' : 'pickup', name };
  }

  /** Pays an order placed earlier, at `at` (default: now). */
  async function pay(order: Placed, at?: string): Promise<Placed> {
    if (at) now = new Date(at);
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return order;
  }

  // Thursday 19 and Friday 20 November 2026, Los Angeles (UTC-8).
  let counted: Placed[] = [];
  let refundedCents = 0;

  it('answers 401 to a stranger, 403 to a customer and to staff, on both calls', async () => {
    const customer = (await signUpAndIn(api, 'diner@example.com', from())).bearer;
    const cook = await signIn(COOK);
    for (const path of ['/api/staff/admin/sales/', '/api/staff/admin/sales/orders.csv?from=2026-11-19']) {
      const stranger = await api.call('GET', path);
      expect([path, stranger.status, await message(stranger)]).toEqual([path, 401, STAFF_SIGN_IN_REQUIRED]);
      const signedIn = await api.call('GET', path, undefined, customer);
      expect([path, signedIn.status, await message(signedIn)]).toEqual([path, 403, STAFF_ONLY]);
      const staff = await api.call('GET', path, undefined, cook);
      expect([path, staff.status, await message(staff)]).toEqual([path, 403, ADMINS_ONLY]);
    }
  });

  it('sums the paid orders of the range to the cent, by the restaurant’s days and hours', async () => {
    // Thursday 12:10 PM: a pickup, two tacos and a torta with aguacate.
    const lunch = await pay(
      await place('2026-11-19T20:10:00Z', [line('sa-taco', 2), line('sa-torta', 1, ['sa-aguacate'])]),
    );
    // Thursday 6:40 PM (Friday 02:40 in UTC): a delivery with WELCOME10 and a $3.50 tip.
    const dinner = await pay(
      await place('2026-11-20T02:40:00Z', [line('sa-torta', 2), line('sa-flan', 2), line('sa-agua', 3)], {
        delivery: { tip: 3.5 },
        promo: 'WELCOME10',
      }),
    );
    // Friday 11:05 AM: a pickup with FIVEOFF, later refunded in part. The customer's name would be
    // a formula in a spreadsheet.
    const refunded = await pay(
      await place('2026-11-20T19:05:00Z', [line('sa-taco', 4), line('sa-agua', 2), line('sa-flan', 1)], {
        promo: 'FIVEOFF',
        name: '=HYPERLINK("http://evil.example","Ana")',
      }),
    );
    // Friday 11:20 AM: paid, then cancelled (its whole refund too): not counted.
    const cancelled = await pay(await place('2026-11-20T19:20:00Z', [line('sa-taco', 10)]));
    // Friday 1:00 PM: placed, never paid: not counted.
    await place('2026-11-20T21:00:00Z', [line('sa-taco', 20)]);
    // Friday 10:30 PM, paid at 11:30 PM (Saturday 07:30 in UTC): counted on Friday, at 11 PM.
    const late = await place('2026-11-21T06:30:00Z', [line('sa-taco', 3), line('sa-agua', 1)], {
      name: 'Ruiz, "La Güera"',
    });
    await pay(late, '2026-11-21T07:30:00Z');
    // Saturday 10:00 AM: a cook refunds $5.00 and one agua fresca of Friday's order, and cancels
    // the 11:20 one.
    now = new Date('2026-11-21T18:00:00Z');
    const cook = await signIn(COOK);
    const refund = (body: unknown) =>
      api.call('POST', `/api/staff/orders/${refunded.order_id}/refunds/`, body, {
        ...cook,
        'Idempotency-Key': randomUUID(),
      });
    expect((await refund({ reason: 'kitchen_delay', amount_cents: 500 })).status).toBe(200);
    const second = await refund({ reason: 'quality_issue', lines: [{ position: 1, quantity: 1 }] });
    expect(second.status).toBe(200);
    const board = (await second.json()) as BoardOrder;
    expect(board.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    refundedCents = board.refunded_cents;
    expect(refundedCents).toBeGreaterThan(500);
    const cancel = await api.call(
      'POST',
      `/api/staff/orders/${cancelled.order_id}/cancel/`,
      { reason: 'customer_request' },
      cook,
    );
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as BoardOrder).refunded_cents).toBe(cents(cancelled.totals.total));
    // Sunday 7:00 PM (Monday in UTC): outside the range asked below.
    await pay(await place('2026-11-23T03:00:00Z', [line('sa-flan', 1)]));

    counted = [lunch, dinner, refunded, late];
    const got = await report('?from=2026-11-18&to=2026-11-21');
    const total = (field: keyof Totals, orders = counted) => sum(orders.map((o) => cents(o.totals[field])));
    const revenue = total('total');
    expect(got.totals).toEqual({
      orders: 4,
      revenue_cents: revenue,
      average_ticket_cents: Math.round(revenue / 4),
      pickup: { orders: 3, revenue_cents: total('total', [lunch, refunded, late]) },
      delivery: { orders: 1, revenue_cents: cents(dinner.totals.total) },
      subtotal_cents: total('subtotal'),
      promo_discount_cents: total('promo_discount'),
      loyalty_discount_cents: 0,
      tax_cents: total('tax'),
      delivery_fees_cents: cents(dinner.totals.delivery_charge),
      tips_cents: 350,
      refunds_cents: refundedCents,
      net_cents: revenue - refundedCents,
    } satisfies SalesReport['totals']);
    // The figures the test knows by heart: items of $97.25 before discounts, 10% of $40.50 and $5.00 off.
    expect(got.totals.subtotal_cents).toBe(1900 + 4050 + 2425 + 1350);
    expect(got.totals.promo_discount_cents).toBe(405 + 500);
    expect(got.totals.delivery_fees_cents).toBeGreaterThan(0);

    expect(got).toMatchObject({ from: '2026-11-18', to: '2026-11-21', time_zone: 'America/Los_Angeles' });
    expect(got.today).toBe('2026-11-22');
    expect(got.days).toEqual([
      { date: '2026-11-18', orders: 0, revenue_cents: 0 },
      { date: '2026-11-19', orders: 2, revenue_cents: total('total', [lunch, dinner]) },
      { date: '2026-11-20', orders: 2, revenue_cents: total('total', [refunded, late]) },
      { date: '2026-11-21', orders: 0, revenue_cents: 0 },
    ]);
    const hours = Object.fromEntries(got.hours.map((h) => [h.hour, h.orders]));
    expect(got.hours.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    expect(Object.entries(hours).filter(([, orders]) => orders > 0)).toEqual([
      ['11', 1],
      ['12', 1],
      ['18', 1],
      ['23', 1],
    ]);

    // Units and line revenue computed from the carts sent, with the aguacate.
    const items = new Map<string, { quantity: number; revenue_cents: number }>();
    for (const order of counted)
      for (const each of order.lines) {
        const unit = PRICES[each.menu_item_id]! + (each.modifiers.includes('sa-aguacate') ? AGUACATE : 0);
        const was = items.get(NAMES[each.menu_item_id]!) ?? { quantity: 0, revenue_cents: 0 };
        items.set(NAMES[each.menu_item_id]!, {
          quantity: was.quantity + each.quantity,
          revenue_cents: was.revenue_cents + unit * each.quantity,
        });
      }
    expect(got.top_items).toEqual([
      { name: 'Taco al pastor', ...items.get('Taco al pastor')! },
      { name: 'Agua fresca', ...items.get('Agua fresca')! },
      { name: 'Torta', ...items.get('Torta')! },
      { name: 'Flan', ...items.get('Flan')! },
    ]);
    expect(got.top_items[0]).toEqual({ name: 'Taco al pastor', quantity: 9, revenue_cents: 3150 });
    expect(got.top_items[2]).toEqual({ name: 'Torta', quantity: 3, revenue_cents: 1200 + 2300 });
  });

  it('reads a day as the restaurant’s: 11:30 PM is that evening, 6:40 PM is not yet tomorrow', async () => {
    const friday = await report('?from=2026-11-20&to=2026-11-20');
    const [, , refunded, late] = counted;
    expect(friday.totals.orders).toBe(2);
    expect(friday.totals.revenue_cents).toBe(cents(refunded!.totals.total) + cents(late!.totals.total));
    expect(friday.days).toEqual([{ date: '2026-11-20', orders: 2, revenue_cents: friday.totals.revenue_cents }]);
    const saturday = await report('?from=2026-11-21&to=2026-11-21');
    expect(saturday.totals.orders).toBe(0);
    expect(saturday.hours.every((h) => h.orders === 0)).toBe(true);
    expect(saturday.top_items).toEqual([]);
    // Sunday 7:00 PM (Monday in UTC) is Sunday's, and a week up to today holds everything.
    now = new Date('2026-11-23T18:00:00Z');
    expect((await report('?from=2026-11-22&to=2026-11-22')).totals.orders).toBe(1);
    expect((await report('?from=2026-11-23&to=2026-11-23')).totals.orders).toBe(0);
    const week = await report();
    expect([week.from, week.to, week.today, week.days.length]).toEqual(['2026-11-17', '2026-11-23', '2026-11-23', 7]);
    expect(week.totals.orders).toBe(5);
    // Only the end given: the week ending then.
    const ending = await report('?to=2026-11-20');
    expect([ending.from, ending.to, ending.totals.orders]).toEqual(['2026-11-14', '2026-11-20', 4]);
  });

  it('writes a CSV that parses, each row adding up and each column summing to the report', async () => {
    const admin = await signIn(ADMIN);
    const response = await api.call(
      'GET',
      '/api/staff/admin/sales/orders.csv?from=2026-11-18&to=2026-11-21',
      undefined,
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="sales-2026-11-18-to-2026-11-21.csv"',
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const [heading, ...rows] = parseCsv(await csvText(response));
    expect(heading).toEqual([
      'Order',
      'Paid at (America/Los_Angeles)',
      'Type',
      'Customer',
      'Items',
      'Subtotal',
      'Promo code',
      'Promo discount',
      'Loyalty discount',
      'Tax',
      'Delivery fee',
      'Tip',
      'Total',
      'Refunded',
      'Net',
    ]);
    expect(rows.every((row) => row.length === heading!.length)).toBe(true);
    const [lunch, dinner, refunded, late] = counted;
    // In the order they were paid, on the restaurant's clock.
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      [String(lunch!.number), '2026-11-19 12:10', 'pickup', lunch!.name],
      [String(dinner!.number), '2026-11-19 18:40', 'delivery', dinner!.name],
      [String(refunded!.number), '2026-11-20 11:05', 'pickup', `'=HYPERLINK("http://evil.example","Ana")`],
      [String(late!.number), '2026-11-20 23:30', 'pickup', 'Ruiz, "La Güera"'],
    ]);
    expect(rows[0]![4]).toBe('2 x Taco al pastor; 1 x Torta (Aguacate)');
    expect(rows[1]![6]).toBe('WELCOME10');
    expect(rows[2]![6]).toBe('FIVEOFF');

    const column = (name: string) => rows.map((row) => moneyCell(row[heading!.indexOf(name)]!));
    for (const [index, row] of rows.entries()) {
      const money = (name: string) => moneyCell(row[heading!.indexOf(name)]!);
      expect(
        money('Subtotal') -
          money('Promo discount') -
          money('Loyalty discount') +
          money('Tax') +
          money('Delivery fee') +
          money('Tip'),
      ).toBe(money('Total'));
      expect(money('Total') - money('Refunded')).toBe(money('Net'));
      expect(money('Total')).toBe(cents(counted[index]!.totals.total));
    }
    const got = await report('?from=2026-11-18&to=2026-11-21');
    expect({
      subtotal: sum(column('Subtotal')),
      promo: sum(column('Promo discount')),
      loyalty: sum(column('Loyalty discount')),
      tax: sum(column('Tax')),
      delivery: sum(column('Delivery fee')),
      tip: sum(column('Tip')),
      total: sum(column('Total')),
      refunded: sum(column('Refunded')),
      net: sum(column('Net')),
      orders: rows.length,
    }).toEqual({
      subtotal: got.totals.subtotal_cents,
      promo: got.totals.promo_discount_cents,
      loyalty: got.totals.loyalty_discount_cents,
      tax: got.totals.tax_cents,
      delivery: got.totals.delivery_fees_cents,
      tip: got.totals.tips_cents,
      total: got.totals.revenue_cents,
      refunded: got.totals.refunds_cents,
      net: got.totals.net_cents,
      orders: got.totals.orders,
    });
    expect(sum(column('Refunded'))).toBe(refundedCents);

    // A range without orders is the heading alone.
    const empty = await api.call(
      'GET',
      '/api/staff/admin/sales/orders.csv?from=2026-11-01&to=2026-11-02',
      undefined,
      admin,
    );
    expect(parseCsv(await csvText(empty))).toEqual([heading]);
  });

  it('refuses a bad date, a backwards range and one over 366 days with a sentence', async () => {
    const admin = await signIn(ADMIN);
    const refusals: [string, string][] = [
      ['?from=2026-02-30', SALES_DATE_SHAPE],
      ['?from=20261120', SALES_DATE_SHAPE],
      ['?to=2026-11-20T00:00', SALES_DATE_SHAPE],
      ['?from=1969-12-31&to=1970-01-01', SALES_DATE_SHAPE],
      ['?from=2026-11-21&to=2026-11-20', SALES_RANGE_BACKWARDS],
      // Only a start, after today: a range that runs backwards.
      ['?from=2026-12-01', SALES_RANGE_BACKWARDS],
      ['?from=2025-01-01&to=2026-01-02', SALES_RANGE_TOO_LONG],
    ];
    for (const path of ['/api/staff/admin/sales/', '/api/staff/admin/sales/orders.csv']) {
      for (const [query, said] of refusals) {
        const response = await api.call('GET', `${path}${query}`, undefined, admin);
        expect([path, query, response.status, await message(response)]).toEqual([path, query, 400, said]);
      }
    }
    // 366 days (2024 was a leap year) is allowed.
    const leap = await report('?from=2024-01-01&to=2024-12-31');
    expect(leap.days.length).toBe(366);
  });

  it(`refuses a CSV of more than ${SALES_CSV_MAX_ORDERS.toLocaleString('en-US')} orders, and still reports them`, async () => {
    // 50,001 paid orders of $1.10 over a week of March 2025, written straight to the table.
    await api.deps.db.query(
      `insert into orders (id, status, name, email, phone, delivery_type, subtotal_cents, promo_discount_cents,
                           tax_cents, delivery_fee_cents, delivery_charge_cents, tip_cents, total_cents, paid_at)
       select 'ord_bulk_' || g, 'completed', 'Bulk', 'bulk@example.com', '2135550100', 'pickup', 100, 0, 10, 0, 0, 0, 110,
              timestamptz '2025-03-03T20:00:00Z' + (g % 7) * interval '1 day'
         from generate_series(1, 50001) g`,
    );
    const admin = await signIn(ADMIN);
    const tooMany = await api.call(
      'GET',
      '/api/staff/admin/sales/orders.csv?from=2025-03-03&to=2025-03-09',
      undefined,
      admin,
    );
    expect(tooMany.status).toBe(422);
    expect(await message(tooMany)).toBe(csvTooLarge(50_001));
    expect(csvTooLarge(50_001)).toBe(
      'These dates hold 50,001 orders, more than the 50,000 one file can hold. Choose fewer days.',
    );
    const week = await report('?from=2025-03-03&to=2025-03-09');
    expect([week.totals.orders, week.totals.revenue_cents, week.totals.average_ticket_cents]).toEqual([
      50_001,
      50_001 * 110,
      110,
    ]);
    // Six of those days fit in one file: every order a row.
    const six = await api.call(
      'GET',
      '/api/staff/admin/sales/orders.csv?from=2025-03-03&to=2025-03-08',
      undefined,
      admin,
    );
    expect(six.status).toBe(200);
    const rows = parseCsv(await csvText(six)).slice(1);
    expect(rows.length).toBe((await report('?from=2025-03-03&to=2025-03-08')).totals.orders);
    expect(rows.length).toBeGreaterThan(40_000);
  }, 120_000);
});
