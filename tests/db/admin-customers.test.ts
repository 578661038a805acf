// The admin's Customers screen through the real API on a fresh database (PGlite, and PostgreSQL
// when DATABASE_URL is set), with the test clock:
// - every call answers 401 to a stranger, 403 to a customer and to staff; only an admin gets through;
// - a search by name, by phone (typed any way) or by email finds exactly the customers it should,
//   newest order first, at most 50; checkouts never paid are nobody's; a bad search is refused;
// - one customer's page lists their paid orders and their points ledger;
// - an admin adds points with a reason: the ledger says who and why, the public loyalty look-up
//   shows the new balance, and the customer's own account can spend them (a stranger registered
//   with the same number cannot); taking away more than the balance is refused with a sentence;
// - the export holds exactly the customers who opted in to offers (not those who only agreed to
//   order texts, nor those who unticked the box later), as RFC 4180 CSV with formulas neutralised;
// - every adjustment and every export is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/api/admin.ts';
import {
  NO_SUCH_CUSTOMER,
  POINTS_CHANGE_RANGE,
  POINTS_REASON_HIDDEN,
  POINTS_REASON_LENGTH,
  pointsBelowZero,
  SEARCH_TOO_LONG,
  SEARCH_TOO_SHORT,
  type CustomerDetail,
  type CustomerSearchAnswer,
  type CustomerSummary,
} from '../../shared/api/admin-customers.ts';
import { redeemNotYours } from '../../shared/loyalty.ts';
import { hiddenCharactersMessage } from '../../shared/plain-text.ts';
import { NOT_JSON } from '../../server/http/errors.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { csvCell } from '../../server/http/csv.ts';
import { signUpAndIn } from '../support/accounts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember, staffSignIn } from '../support/staff-members.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

const CARD = { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };

describe.each(databaseTargets)('the admin’s customers on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open until 23:00.
  let now = new Date('2026-11-20T19:00:00Z');
  // Small steps: the staff and customers' access tokens last 15 minutes of this clock.
  const tick = (seconds = 5) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  let admin: { Authorization: string };
  let cook: { Authorization: string };
  let rosa: { Authorization: string };
  let caller = 0;
  const from = () => {
    caller++;
    return { 'X-Forwarded-For': `10.77.${caller >> 8}.${caller & 255}` };
  };

  const signIn = (email: string) => staffSignIn(api, email, from());
  const member = (email: string, role: 'staff' | 'admin') => staffMember(api, email, role, now, from());

  interface Placing {
    name: string;
    email: string;
    phone: string;
    marketing?: boolean;
    sms?: boolean;
    tacos?: number;
    /** Signed in as this account. */
    as?: { Authorization: string };
    redeem?: boolean;
  }
  interface Placed {
    order_id: string;
    number: number;
    total_cents: number;
    placed_at: string;
  }

  /** A checkout, not paid for. */
  async function checkout(p: Placing) {
    const created = await api.call(
      'POST',
      '/api/create-order/',
      {
        name: p.name,
        email: p.email,
        phone: p.phone,
        marketing_opt_in: p.marketing ?? false,
        sms_opt_in: p.sms ?? false,
        redeem_points: p.redeem ?? false,
        delivery_type: 'pickup',
        cart_items: [{ menu_item_id: 'ac-taco', quantity: p.tacos ?? 2, modifiers: [] }],
      },
      { ...from(), ...(p.as ?? {}) },
    );
    return created;
  }

  /** A paid order (a moment later on the test clock). */
  async function paid(p: Placing): Promise<Placed> {
    tick();
    const created = await checkout(p);
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as {
      order_id: string;
      number: number;
      totals: { total: number };
      payment: { client_secret: string };
    };
    const confirmed = await api.call(
      'POST',
      '/api/demo-payments/confirm/',
      { client_secret: order.payment.client_secret, ...CARD },
      from(),
    );
    expect(confirmed.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return {
      order_id: order.order_id,
      number: order.number,
      total_cents: Math.round(order.totals.total * 100),
      placed_at: now.toISOString(),
    };
  }

  const asAdmin = (method: string, path: string, body?: unknown) => api.call(method, path, body, admin);
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const path = (phone: string) => `/api/staff/admin/customers/${encodeURIComponent(phone)}/`;
  async function search(q: string): Promise<CustomerSearchAnswer> {
    const response = await asAdmin('GET', `/api/staff/admin/customers/?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return (await response.json()) as CustomerSearchAnswer;
  }
  const names = async (q: string) => (await search(q)).customers.map((customer) => customer.name);
  async function detail(phone: string): Promise<CustomerDetail> {
    const response = await asAdmin('GET', path(phone));
    expect(response.status).toBe(200);
    return (await response.json()) as CustomerDetail;
  }
  const adjust = (phone: string, body: unknown) => asAdmin('POST', `${path(phone)}points/`, body);
  async function publicPoints(phone: string): Promise<number> {
    const response = await api.call(
      'GET',
      `/api/loyalty/points/?phone=${encodeURIComponent(phone)}`,
      undefined,
      from(),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { points: number }).points;
  }
  async function audit(): Promise<AuditPage['entries']> {
    const response = await asAdmin('GET', '/api/staff/admin/audit/?area=customers');
    expect(response.status).toBe(200);
    return ((await response.json()) as AuditPage).entries;
  }

  // The customers, made in this order (newest last):
  const ana = { name: 'Ana Ruiz', email: 'ana.ruiz@example.com', phone: '(213) 555-0141' };
  const beto = { name: 'Beto Gómez', email: 'beto@example.com', phone: '310.555.0142' };
  const carla = { name: 'Carla Díaz', email: 'carla@example.com', phone: '3235550143' };
  const dana = { name: 'Dana Smith', email: 'dana@example.com', phone: '+1 424 555 0144' };
  const evil = { name: '=HYPERLINK("http://evil.example","Click")', email: 'evil@example.com', phone: '213-555-0145' };
  const rosaContact = { name: 'Rosa Díaz', email: 'diner@example.com', phone: '213-555-0101' };
  let anaOrders: Placed[] = [];
  let carlaOrders: Placed[] = [];

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    // $12.50 a taco: two make $25.00, 25 points.
    await addTestItems(api, [{ id: 'ac-taco', name: 'Taco de Cliente', priceCents: 1250 }]);
    admin = await member('owner@comal.example', 'admin');
    cook = await member('cook@comal.example', 'staff');
    rosa = (await signUpAndIn(api, 'diner@example.com', from(), rosaContact.phone)).bearer;
    // An account with Beto's number; Beto orders as a guest.
    await signUpAndIn(api, 'beto.account@example.com', from(), beto.phone);

    // Ana: first as "Ana R." with an old address, then as Ana Ruiz; offers yes both times.
    anaOrders = [
      await paid({ ...ana, name: 'Ana R.', email: 'ana@old.example', marketing: true }),
      await paid({ ...ana, marketing: true, tacos: 3 }),
    ];
    // Beto: texts about his order yes, offers no.
    await paid({ ...beto, sms: true });
    // Carla: offers yes, then no on her next order; the first one is cancelled.
    carlaOrders = [await paid({ ...carla, marketing: true }), await paid({ ...carla, marketing: false })];
    const cancelled = await api.call(
      'POST',
      `/api/staff/orders/${carlaOrders[0]!.order_id}/cancel/`,
      { reason: 'out_of_stock', note: 'Out of tortillas' },
      cook,
    );
    expect(cancelled.status).toBe(200);
    // Dana: offers yes on her paid order, then a checkout (never paid) with the box unticked.
    await paid({ ...dana, marketing: true });
    tick();
    expect((await checkout({ ...dana, marketing: false })).status).toBe(201);
    // Somebody who never paid is no customer.
    tick();
    expect(
      (await checkout({ name: 'Ghost Pending', email: 'ghost@example.com', phone: '(213) 555-0146' })).status,
    ).toBe(201);
    // Rosa orders signed in with her account.
    await paid({ ...rosaContact, as: rosa });
    // A name made to be a spreadsheet formula; offers yes.
    await paid({ ...evil, marketing: true });
  });
  afterAll(() => api?.close());

  it('answers 401 to a stranger, 403 to a customer and to staff, on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/admin/customers/?q=ana'],
      ['GET', path(ana.phone)],
      ['POST', `${path(ana.phone)}points/`, { change: 500, reason: 'Not allowed' }],
      ['GET', '/api/staff/admin/customers/export.csv'],
    ];
    for (const [method, url, body] of calls) {
      const stranger = await api.call(method, url, body);
      expect([url, stranger.status, await message(stranger)]).toEqual([url, 401, STAFF_SIGN_IN_REQUIRED]);
      const signedIn = await api.call(method, url, body, rosa);
      expect([url, signedIn.status, await message(signedIn)]).toEqual([url, 403, STAFF_ONLY]);
      const staff = await api.call(method, url, body, cook);
      expect([url, staff.status, await message(staff)]).toEqual([url, 403, ADMINS_ONLY]);
    }
    // Nothing the refused calls sent changed anything, nor was anything exported.
    expect(await publicPoints(ana.phone)).toBe(25 + 37);
    expect(await audit()).toEqual([]);
  });

  it('finds customers by name, any case and any part, newest order first', async () => {
    expect(await names('ruiz')).toEqual(['Ana Ruiz']);
    // "ana" is in Dana too; Dana ordered later.
    expect(await names('ANA')).toEqual(['Dana Smith', 'Ana Ruiz']);
    // An earlier order's name finds the customer too; they are shown by their latest order.
    expect(await names('ana r.')).toEqual(['Ana Ruiz']);
    expect(await names('díaz')).toEqual(['Rosa Díaz', 'Carla Díaz']);
    // Checkouts never paid are nobody's.
    expect(await names('ghost')).toEqual([]);
    // % and _ are letters here, not wildcards.
    expect(await names('%_')).toEqual([]);
    expect(await names('a_a')).toEqual([]);
  });

  it('finds customers by phone, whichever way the digits are typed', async () => {
    for (const typed of ['(213) 555-0141', '2135550141', '+1 213 555 0141', '213.555.0141', '555-0141']) {
      expect([typed, await names(typed)]).toEqual([typed, ['Ana Ruiz']]);
    }
    expect(await names('310-555')).toEqual(['Beto Gómez']);
    // 0141 to 0145 but not Rosa's 0101, nor the unpaid 0146.
    expect(await names('555-014')).toEqual([evil.name, 'Dana Smith', 'Carla Díaz', 'Beto Gómez', 'Ana Ruiz']);
    expect(await names('555 0199')).toEqual([]);
  });

  it('finds customers by email, any part, including an address an earlier order used', async () => {
    expect(await names('BETO@EX')).toEqual(['Beto Gómez']);
    expect(await names('@old.example')).toEqual(['Ana Ruiz']);
    expect(await names('diner@')).toEqual(['Rosa Díaz']);
    expect(await names('nobody@example.com')).toEqual([]);
  });

  it('answers each customer found with their latest name and email, account, orders, points and consent', async () => {
    const [found] = (await search('(213) 555-0141')).customers;
    expect(found).toEqual({
      phone: '+12135550141',
      name: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      account: false,
      order_count: 2,
      last_order_at: anaOrders[1]!.placed_at,
      points: 25 + 37,
      opted_in: true,
    } satisfies CustomerSummary);
    const byName = new Map((await search('555-01')).customers.map((customer) => [customer.name, customer]));
    // Beto ordered as a guest, but an account has his number; he agreed to order texts only.
    expect(byName.get('Beto Gómez')).toMatchObject({ account: true, opted_in: false, points: 25, order_count: 1 });
    // Carla said no on her latest order; her cancelled first order still counts as an order.
    expect(byName.get('Carla Díaz')).toMatchObject({ opted_in: false, order_count: 2, points: 25 });
    // Dana's later checkout, never paid, unticked the box: that "no" is honoured.
    expect(byName.get('Dana Smith')).toMatchObject({ opted_in: false, order_count: 1 });
    expect(byName.get('Rosa Díaz')).toMatchObject({ account: true, opted_in: false, phone: '+12135550101' });
    expect(byName.get(evil.name)).toMatchObject({ opted_in: true, email: 'evil@example.com' });
  });

  it('refuses a search too short, too long or with hidden characters, with a sentence', async () => {
    const refusals: [string, string][] = [
      ['/api/staff/admin/customers/', SEARCH_TOO_SHORT],
      ['/api/staff/admin/customers/?q=', SEARCH_TOO_SHORT],
      ['/api/staff/admin/customers/?q=%20a%20', SEARCH_TOO_SHORT],
      [`/api/staff/admin/customers/?q=${'a'.repeat(101)}`, SEARCH_TOO_LONG],
      [`/api/staff/admin/customers/?q=${encodeURIComponent('ana\u202Eruiz')}`, hiddenCharactersMessage('The search')],
    ];
    for (const [url, said] of refusals) {
      const response = await asAdmin('GET', url);
      expect([url, response.status, await message(response)]).toEqual([url, 400, said]);
    }
    expect(SEARCH_TOO_SHORT).toBe('Type at least 2 characters of a name, phone number or email address to search.');
  });

  it('shows a customer’s paid orders and points ledger, newest first', async () => {
    const carlaPage = await detail(carla.phone);
    expect(carlaPage.orders).toEqual([
      {
        number: carlaOrders[1]!.number,
        placed_at: carlaOrders[1]!.placed_at,
        status: 'paid',
        total_cents: carlaOrders[1]!.total_cents,
        items: '2 × Taco de Cliente',
      },
      {
        number: carlaOrders[0]!.number,
        placed_at: carlaOrders[0]!.placed_at,
        status: 'cancelled',
        total_cents: carlaOrders[0]!.total_cents,
        items: '2 × Taco de Cliente',
      },
    ]);
    // $25.00 + 9.75% tax.
    expect(carlaOrders[1]!.total_cents).toBe(2744);
    expect(
      carlaPage.ledger.map(({ kind, points, order_number, reason, by }) => ({
        kind,
        points,
        order_number,
        reason,
        by,
      })),
    ).toEqual([
      { kind: 'reversed', points: -25, order_number: carlaOrders[0]!.number, reason: null, by: null },
      { kind: 'earned', points: 25, order_number: carlaOrders[1]!.number, reason: null, by: null },
      { kind: 'earned', points: 25, order_number: carlaOrders[0]!.number, reason: null, by: null },
    ]);
    expect(carlaPage.points).toBe(25);

    // The number in the path may be typed any way; an unknown or unpaid number is no customer.
    expect((await detail('3235550143')).name).toBe('Carla Díaz');
    expect((await detail(ana.phone)).orders.map((order) => [order.number, order.items])).toEqual([
      [anaOrders[1]!.number, '3 × Taco de Cliente'],
      [anaOrders[0]!.number, '2 × Taco de Cliente'],
    ]);
    for (const phone of ['(213) 555-0199', '(213) 555-0146', 'x'.repeat(40), 'export.csv']) {
      const response = await asAdmin('GET', path(phone));
      expect([phone, response.status, await message(response)]).toEqual([phone, 404, NO_SUCH_CUSTOMER]);
    }
  });

  it('refuses a bad change or reason with its sentence, and changes nothing', async () => {
    const good = { change: 10, reason: 'Birthday treat' };
    const refusals: [unknown, number, string][] = [
      [{ ...good, change: 0 }, 422, POINTS_CHANGE_RANGE],
      [{ ...good, change: 1.5 }, 422, POINTS_CHANGE_RANGE],
      [{ ...good, change: '10' }, 422, POINTS_CHANGE_RANGE],
      [{ ...good, change: 100_001 }, 422, POINTS_CHANGE_RANGE],
      [{ ...good, change: -100_001 }, 422, POINTS_CHANGE_RANGE],
      [{ reason: good.reason }, 422, POINTS_CHANGE_RANGE],
      [{ ...good, reason: '  ok ' }, 422, POINTS_REASON_LENGTH],
      [{ ...good, reason: 'x'.repeat(201) }, 422, POINTS_REASON_LENGTH],
      [{ change: 10 }, 422, POINTS_REASON_LENGTH],
      [{ ...good, reason: 'Birthday\ntreat' }, 422, POINTS_REASON_HIDDEN],
      [{ ...good, reason: 'Birthday\u200Btreat' }, 422, POINTS_REASON_HIDDEN],
      ['{"change": 10,', 400, NOT_JSON],
      // Ana has 62 points.
      [{ change: -63, reason: 'Duplicate order' }, 409, pointsBelowZero(62)],
    ];
    for (const [body, status, said] of refusals) {
      const response = await adjust(ana.phone, body);
      expect([JSON.stringify(body), response.status, await message(response)]).toEqual([
        JSON.stringify(body),
        status,
        said,
      ]);
    }
    expect(pointsBelowZero(62)).toBe(
      'The balance cannot go below 0: this customer has 62 points, so take away at most 62.',
    );
    expect(POINTS_CHANGE_RANGE).toBe('The change is a whole number of points from -100,000 to 100,000, and not 0.');
    const unknown = await adjust('(213) 555-0199', good);
    expect([unknown.status, await message(unknown)]).toEqual([404, NO_SUCH_CUSTOMER]);
    expect(await publicPoints(ana.phone)).toBe(62);
    expect((await detail(ana.phone)).ledger.some((entry) => entry.kind === 'adjusted')).toBe(false);
    expect(await audit()).toEqual([]);
  });

  it('adds and takes away points with a reason: the ledger, the customer’s balance and the audit log say so', async () => {
    tick();
    const added = await adjust(ana.phone, { change: 38, reason: '  Birthday treat  ' });
    expect(added.status).toBe(200);
    const page = (await added.json()) as CustomerDetail;
    expect(page.points).toBe(100);
    expect(page.ledger[0]).toEqual({
      id: expect.stringMatching(/^\d+$/) as unknown,
      at: now.toISOString(),
      kind: 'adjusted',
      points: 38,
      order_number: null,
      reason: 'Birthday treat',
      by: 'owner@comal.example',
    });
    expect(await publicPoints('2135550141')).toBe(100);
    expect((await search('ruiz')).customers[0]!.points).toBe(100);

    // All of it may be taken away, not one more.
    tick();
    const taken = await adjust('+12135550141', { change: -100, reason: 'Points given in error' });
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as CustomerDetail).points).toBe(0);
    const more = await adjust(ana.phone, { change: -1, reason: 'One more' });
    expect([more.status, await message(more)]).toEqual([
      409,
      'The balance cannot go below 0: this customer has 0 points, so take away at most 0.',
    ]);
    expect(await publicPoints(ana.phone)).toBe(0);

    const entries = await audit();
    expect(entries.map(({ actor, area, subject, before, after }) => ({ actor, area, subject, before, after }))).toEqual(
      [
        {
          actor: 'owner@comal.example',
          area: 'customers',
          subject: '+12135550141',
          before: { points: 100 },
          after: { points: 0, change: -100, reason: 'Points given in error' },
        },
        {
          actor: 'owner@comal.example',
          area: 'customers',
          subject: '+12135550141',
          before: { points: 62 },
          after: { points: 100, change: 38, reason: 'Birthday treat' },
        },
      ],
    );
    expect(entries[0]!.at).toBe(now.toISOString());
  });

  it('points an admin adds can be spent by the customer’s own account, not by a stranger with the same number', async () => {
    // Rosa's 25 points and 75 more make the 100 of the reward.
    expect(await publicPoints(rosaContact.phone)).toBe(25);
    tick();
    const added = await adjust(rosaContact.phone, { change: 75, reason: 'Make-good for a late order' });
    expect(added.status).toBe(200);
    expect(await publicPoints(rosaContact.phone)).toBe(100);

    // Someone who registers with Rosa's number, with their own email, gets none of them.
    const mallory = await signUpAndIn(api, 'mallory@example.com', from(), rosaContact.phone);
    const refused = await checkout({ ...rosaContact, email: 'mallory@example.com', as: mallory.bearer, redeem: true });
    expect([refused.status, await message(refused)]).toEqual([422, redeemNotYours(0)]);

    // Rosa spends them: $25.00 less $5.00, and the 20 points that earns.
    const spent = await paid({ ...rosaContact, as: rosa, redeem: true });
    expect(await publicPoints(rosaContact.phone)).toBe(20);
    const page = await detail(rosaContact.phone);
    expect(page.ledger.map(({ kind, points, order_number }) => [kind, points, order_number])).toEqual([
      ['earned', 20, spent.number],
      ['redeemed', -100, spent.number],
      ['adjusted', 75, null],
      ['earned', 25, page.orders[1]!.number],
    ]);
    expect(page.points).toBe(20);
  });

  it('answers at most 50 customers, newest first, and says when there are more', async () => {
    for (let n = 1; n <= 51; n++) {
      await paid({
        name: `Bulk Buyer ${String(n).padStart(2, '0')}`,
        email: `bulk${n}@example.com`,
        phone: `(626) 555-${String(1000 + n)}`,
      });
    }
    const found = await search('bulk buyer');
    expect(found.more).toBe(true);
    expect(found.customers).toHaveLength(50);
    expect(found.customers[0]!.name).toBe('Bulk Buyer 51');
    expect(found.customers[49]!.name).toBe('Bulk Buyer 02');
    expect(await names('BUYER 07')).toEqual(['Bulk Buyer 07']);
    expect((await search('ruiz')).more).toBe(false);
  }, 120_000);

  it('exports exactly the opted-in customers as CSV, formulas neutralised, and logs the export', async () => {
    // Late on Friday in Los Angeles, already Saturday in UTC: the dates are the restaurant's.
    now = new Date('2026-11-21T05:30:00Z');
    admin = await signIn('owner@comal.example');
    const lupe = await paid({
      name: '@lupe, "La Chef"',
      email: 'lupe@example.com',
      phone: '(818) 555-0148',
      marketing: true,
    });
    expect(lupe.placed_at).toBe('2026-11-21T05:30:05.000Z');
    const response = await asAdmin('GET', '/api/staff/admin/customers/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="customers-opted-in-2026-11-20.csv"',
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      [
        'Name,Email,Phone,Orders,Last order date',
        `"'@lupe, ""La Chef""",lupe@example.com,(818) 555-0148,1,2026-11-20`,
        `"'=HYPERLINK(""http://evil.example"",""Click"")",evil@example.com,(213) 555-0145,1,2026-11-20`,
        'Ana Ruiz,ana.ruiz@example.com,(213) 555-0141,2,2026-11-20',
        '',
      ].join('\r\n'),
    );
    const [entry] = await audit();
    expect(entry).toMatchObject({
      actor: 'owner@comal.example',
      area: 'customers',
      subject: 'export',
      before: null,
      after: { rows: 3, opted_in_only: true },
      at: now.toISOString(),
    });
  });

  it('neutralises every cell a spreadsheet would run as a formula, and quotes as RFC 4180 says', () => {
    expect(
      ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', 'a,b', 'say "hi"', 'two\nlines', 12].map(csvCell),
    ).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '12',
    ]);
  });
});
