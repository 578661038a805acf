// The kitchen board's order through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set), with the test clock: the ticket's choices under their groups (older lines
// by the menu's groups), the customer's note, the due and fire times of orders for as soon as
// possible and scheduled ones; undoing the latest move within 30 s and not after, never a move
// someone made since (the undo names its move's event), recalling a completed order, a pickup
// nobody came for, each refused move's sentence and status; a move made again after an undo tells
// the customer nothing twice; the event stream's ping every 2 s, and its replay after a reconnect.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { hiddenCharactersMessage } from '../../shared/plain-text.ts';
import { KITCHEN_NOTE_TOO_LONG } from '../../shared/checkout-form.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { PING_MS } from '../../server/routes/staff/events.ts';
import {
  BOARD_ORDER_NOT_FOUND,
  cannotMarkNoShow,
  cannotRecall,
  movedSinceThatMove,
  nothingToUndo,
} from '../../server/services/staff-board.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse } from '../support/sse.ts';

const STAFF_PASSWORD = 'comal kitchen board 2026';
const address = {
  delivery_street: '200 N Spring St',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90012',
  delivery_country: 'US',
};

describe.each(databaseTargets)('the board’s moves on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles: open for pickup and delivery. Each test starts 15 minutes
  // after the one before, in a slot of its own (a slot holds only so many orders).
  const OPENING = new Date('2026-11-20T19:00:00Z');
  let tests = 0;
  let now = OPENING;
  let staff: { Authorization: string };
  let caller = 0;
  let customer = 0;
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++caller}` });
  const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [
      {
        id: 'bm-taco',
        name: 'Taco de Tablero',
        priceCents: 1500,
        groups: [
          {
            id: 'bm-salsa',
            name: 'Salsa',
            min: 0,
            max: 2,
            modifiers: [
              { id: 'bm-verde', name: 'Verde', priceCents: 50 },
              { id: 'bm-roja', name: 'Roja', priceCents: 0 },
            ],
          },
          {
            id: 'bm-extras',
            name: 'Extras',
            min: 0,
            max: 3,
            modifiers: [{ id: 'bm-queso', name: 'Queso', priceCents: 100 }],
          },
        ],
      },
      { id: 'bm-flan', name: 'Flan de Tablero', priceCents: 800 },
    ]);
    const invite = await inviteStaff(api.deps.db, {
      email: 'line@comal.example',
      role: 'staff',
      origin: TEST_ORIGIN,
      now,
    });
    const token = new URL(invite.url).searchParams.get('set-password')!;
    expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
  });
  afterAll(() => api?.close());
  beforeEach(async () => {
    now = new Date(OPENING.getTime() + tests++ * 15 * 60_000);
    staff = await signIn();
  });
  /** `minutes` after now, as the API writes times. */
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  /** A fresh access token (they live 15 minutes; some tests move the clock further). */
  async function signIn() {
    const login = await api.call(
      'POST',
      '/api/staff/login/',
      { email: 'line@comal.example', password: STAFF_PASSWORD },
      from(),
    );
    expect(login.status).toBe(200);
    return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  }

  interface Placed {
    order_id: string;
    number: number;
    email: string;
  }

  async function create(extra: Record<string, unknown> = {}, type: 'pickup' | 'delivery' = 'pickup') {
    let delivery: Record<string, unknown> = {};
    if (type === 'delivery') {
      const quote = (await (await api.call('POST', '/api/estimate-delivery/', address, from())).json()) as {
        quote_id: string;
      };
      delivery = { ...address, delivery_quote_id: quote.quote_id, tip: 2 };
    }
    const n = ++customer;
    return api.call('POST', '/api/create-order/', {
      name: 'Ana Ruiz',
      email: `diner${n}@example.com`,
      phone: `(213) 555-${String(1000 + n)}`,
      sms_opt_in: true,
      delivery_type: type,
      cart_items: [{ menu_item_id: 'bm-flan', quantity: 1, modifiers: [] }],
      ...delivery,
      ...extra,
    });
  }

  async function paidOrder(
    extra: Record<string, unknown> = {},
    type: 'pickup' | 'delivery' = 'pickup',
  ): Promise<Placed> {
    const created = await create(extra, type);
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
    const paid = await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await api.call('POST', `/api/finalize-order/${order.order_id}/`)).status).toBe(200);
    return { order_id: order.order_id, number: order.number, email: `diner${customer}@example.com` };
  }

  const call = (method: string, path: string, body?: unknown) => api.call(method, path, body, staff);
  const board = async (id: string) => {
    const response = await call('GET', `/api/staff/orders/${id}/`);
    expect(response.status).toBe(200);
    return (await response.json()) as BoardOrder;
  };
  const act = async (id: string, what: 'undo' | 'recall' | 'no-show', body?: unknown) =>
    call('POST', `/api/staff/orders/${id}/${what}/`, body);
  const move = async (id: string, to: string) => {
    const response = await call('POST', `/api/staff/orders/${id}/move/`, { to });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as BoardOrder;
  };
  const refused = async (response: Response) => [
    response.status,
    ((await response.json()) as { message: string }).message,
  ];

  describe('what a ticket shows', () => {
    it('choices under their group names in the order they first appear, the note, and the times of an ASAP order', async () => {
      const order = await paidOrder({
        cart_items: [{ menu_item_id: 'bm-taco', quantity: 3, modifiers: ['bm-queso', 'bm-roja', 'bm-verde'] }],
        note: '  No onions, please  ',
      });
      const shown = await board(order.order_id);
      expect(shown.items).toEqual([
        {
          position: 0,
          name: 'Taco de Tablero',
          quantity: 3,
          modifiers: ['Verde', 'Roja', 'Queso'],
          groups: [
            { name: 'Salsa', choices: ['Verde', 'Roja'] },
            { name: 'Extras', choices: ['Queso'] },
          ],
          refunded_quantity: 0,
          unit_price_cents: 1650,
        },
      ]);
      expect(shown).toMatchObject({
        note: 'No onions, please',
        paid_at: '2026-11-20T19:00:00.000Z',
        scheduled_for: null,
        // Paid at 11:00, ready 20 minutes later, in the 15-minute slot it was booked into (11:30).
        due_at: '2026-11-20T19:30:00.000Z',
        fire_at: '2026-11-20T19:00:00.000Z',
        alerted_at: null,
        no_show: false,
        undo: null,
      });
      // The promise, once made, is when it is due.
      const promised = await call('POST', `/api/staff/orders/${order.order_id}/promise/`, {
        promised_at: '2026-11-20T19:40:00Z',
      });
      expect(((await promised.json()) as BoardOrder).due_at).toBe('2026-11-20T19:40:00.000Z');
    });

    it('older lines without group names take the menu’s group, a choice gone from the menu goes under “Choices”; no slot: paid + lead time', async () => {
      const order = await paidOrder({
        cart_items: [{ menu_item_id: 'bm-taco', quantity: 1, modifiers: ['bm-verde'] }],
      });
      // As an order placed before lines kept their groups (and before slots) was stored.
      await api.deps.db.query(`update order_lines set modifiers = $2::text::jsonb where order_id = $1`, [
        order.order_id,
        JSON.stringify([
          { id: 'bm-verde', name: 'Verde', price_cents: 50 },
          { id: 'bm-gone', name: 'Chapulines', price_cents: 0 },
          { id: 'bm-queso', name: 'Queso', price_cents: 100 },
        ]),
      ]);
      await api.deps.db.query('update orders set slot_at = null where id = $1', [order.order_id]);
      const shown = await board(order.order_id);
      expect(shown.items[0]!.groups).toEqual([
        { name: 'Salsa', choices: ['Verde'] },
        { name: 'Choices', choices: ['Chapulines'] },
        { name: 'Extras', choices: ['Queso'] },
      ]);
      expect(shown.note).toBeNull();
      // Paid now, ready 20 minutes later (pickup's lead time).
      expect(shown.due_at).toBe(inMinutes(20));
      expect(shown.fire_at).toBe(inMinutes(0));
    });

    it('a scheduled order is due at its time and reaches New 15 minutes (the prep time) before', async () => {
      const order = await paidOrder({ scheduled_for: '2026-11-20T21:00:00Z' }, 'delivery');
      expect(await board(order.order_id)).toMatchObject({
        status: 'paid',
        scheduled_for: '2026-11-20T21:00:00.000Z',
        due_at: '2026-11-20T21:00:00.000Z',
        fire_at: '2026-11-20T20:45:00.000Z',
      });
    });

    it('refuses a note over 200 characters or with hidden characters (422), and reads a blank one as none', async () => {
      const long = await create({ note: 'x'.repeat(201) });
      expect(await refused(long)).toEqual([422, KITCHEN_NOTE_TOO_LONG]);
      expect(KITCHEN_NOTE_TOO_LONG).toBe('The note for the kitchen can be at most 200 characters.');
      const hidden = await create({ note: 'Extra salsa\nand call me' });
      expect(await refused(hidden)).toEqual([422, hiddenCharactersMessage('The note for the kitchen')]);
      const notText = await create({ note: 42 });
      expect(await refused(notText)).toEqual([422, 'Write the note for the kitchen as text.']);
      // Exactly 200 is fine; markup stays text.
      const fine = await paidOrder({ note: `<b>${'y'.repeat(193)}</b>` });
      expect((await board(fine.order_id)).note).toBe(`<b>${'y'.repeat(193)}</b>`);
      const blank = await paidOrder({ note: '   ' });
      expect((await board(blank.order_id)).note).toBeNull();
    });
  });

  describe('undo', () => {
    it('takes the latest move back within 30 s (server clock), once', async () => {
      const order = await paidOrder();
      // Nothing the board did yet: the payment is no move to undo.
      expect(await refused(await act(order.order_id, 'undo'))).toEqual([409, nothingToUndo(order.number)]);
      const movedAt = now;
      const accepted = await move(order.order_id, 'accepted');
      expect(accepted.undo).toEqual({
        from: 'paid',
        until: new Date(movedAt.getTime() + 30_000).toISOString(),
        event_id: expect.stringMatching(/^\d+$/) as unknown,
      });
      later(29);
      expect((await board(order.order_id)).undo).toEqual(accepted.undo);
      const undone = await act(order.order_id, 'undo');
      expect(undone.status).toBe(200);
      expect(await undone.json()).toMatchObject({ status: 'paid', undo: null });
      // The undo is no move to undo.
      expect(await refused(await act(order.order_id, 'undo'))).toEqual([
        409,
        `There is no move to undo on order ${order.number} (moves can be undone for 30 seconds).`,
      ]);
    });

    it('is refused 30 s after the move, and the board stops offering it', async () => {
      const order = await paidOrder();
      await move(order.order_id, 'accepted');
      later(30);
      expect((await board(order.order_id)).undo).toBeNull();
      expect(await refused(await act(order.order_id, 'undo'))).toEqual([409, nothingToUndo(order.number)]);
      expect((await board(order.order_id)).status).toBe('accepted');
    });

    it('a ready order undone and made ready again tells the customer once (one mail, one text)', async () => {
      const order = await paidOrder();
      await move(order.order_id, 'accepted');
      later(5);
      expect((await move(order.order_id, 'ready')).undo).toMatchObject({ from: 'accepted' });
      later(5);
      expect(await (await act(order.order_id, 'undo')).json()).toMatchObject({ status: 'accepted', undo: null });
      later(5);
      await move(order.order_id, 'ready');
      await api.deps.inFlight.idle();
      const mails = await api.deps.db.query<{ subject: string }>(
        'select subject from outbox where recipient = $1 order by id',
        [order.email],
      );
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringContaining(`#${order.number}`),
        `Order #${order.number} is ready for pickup`,
      ]);
      const texts = await api.deps.db.query('select kind from sms_messages where order_id = $1', [order.order_id]);
      expect(texts).toEqual([{ kind: 'ready' }]);
    });

    it('reads events in number order when their ids cross a digit boundary (9 before 10)', async () => {
      // Event ids are compared as numbers, not as their text: with ids 9 and 10, '10' < '9'.
      const [latest] = await api.deps.db.query<{ max: string | null }>('select max(id)::text as max from order_events');
      const max = latest?.max;
      let boundary = 10;
      while (boundary <= Number(max ?? 0) + 1) boundary *= 10;
      // The payment's event takes the id just below a power of ten, the accept's the one on it.
      await api.deps.db.query("select setval('order_events_id_seq', $1::bigint)", [boundary - 2]);
      const order = await paidOrder();
      later(1);
      const accepted = await move(order.order_id, 'accepted');
      const ids = (
        await api.deps.db.query<{ id: string }>(
          'select id::text as id from order_events where order_id = $1 order by order_events.id',
          [order.order_id],
        )
      ).map((row) => row.id);
      expect(ids).toEqual([String(boundary - 1), String(boundary)]);
      expect(accepted.undo).toMatchObject({ from: 'paid' });
      expect(accepted.undo?.event_id).toBe(String(boundary));
      expect((await board(order.order_id)).undo).toMatchObject({ from: 'paid' });
    });

    it('never takes back a move someone made since: the undo names its move, refused (409) once it is not the latest', async () => {
      // Board A accepts; ten seconds later board B (another tablet) marks it ready and the customer is texted.
      const other = await api.call(
        'POST',
        '/api/staff/login/',
        { email: 'line@comal.example', password: STAFF_PASSWORD },
        from(),
      );
      const boardB = { Authorization: `Bearer ${((await other.json()) as { access_token: string }).access_token}` };
      const order = await paidOrder();
      const accepted = await move(order.order_id, 'accepted');
      const mine = accepted.undo!.event_id;
      later(10);
      const readied = await api.call('POST', `/api/staff/orders/${order.order_id}/move/`, { to: 'ready' }, boardB);
      expect(readied.status).toBe(200);
      const theirs = ((await readied.json()) as BoardOrder).undo!.event_id;
      expect(BigInt(theirs)).toBeGreaterThan(BigInt(mine));
      // A presses U within its 30 s: its own accept is not the latest move any more.
      later(5);
      expect(await refused(await act(order.order_id, 'undo', { event_id: mine }))).toEqual([
        409,
        movedSinceThatMove(order.number, 'ready'),
      ]);
      expect(movedSinceThatMove(order.number, 'ready')).toBe(
        `Order ${order.number} was moved again after that move and is ready now: only the latest move can be undone.`,
      );
      // The order stays where B put it, and B may still take back its own move.
      expect(await board(order.order_id)).toMatchObject({
        status: 'ready',
        undo: { from: 'accepted', event_id: theirs },
      });
      expect(await (await act(order.order_id, 'undo', { event_id: theirs })).json()).toMatchObject({
        status: 'accepted',
        undo: null,
      });
      // An event id that is not a number is refused before anything is looked at.
      expect((await act(order.order_id, 'undo', { event_id: 'latest' })).status).toBe(422);
    });

    it('refuses an order that is not on the board (404)', async () => {
      for (const what of ['undo', 'recall', 'no-show'] as const) {
        expect(await refused(await act('ord_missing', what))).toEqual([404, BOARD_ORDER_NOT_FOUND]);
      }
      const unpaid = (await (await create()).json()) as { order_id: string };
      expect(await refused(await act(unpaid.order_id, 'undo'))).toEqual([404, 'There is no such order.']);
    });
  });

  describe('recall and no-show', () => {
    it('recalls a completed pickup to ready and a completed delivery to out for delivery, telling nobody', async () => {
      const pickup = await paidOrder();
      await move(pickup.order_id, 'accepted');
      await move(pickup.order_id, 'ready');
      await move(pickup.order_id, 'completed');
      later(31);
      await api.deps.inFlight.idle();
      const mailsBefore = (await api.deps.db.query('select id from outbox')).length;
      const recalled = await act(pickup.order_id, 'recall');
      expect(recalled.status).toBe(200);
      expect(await recalled.json()).toMatchObject({ status: 'ready', undo: { from: 'completed' } });
      // Recalled by mistake: undone within 30 s, it is completed again.
      later(10);
      expect(await (await act(pickup.order_id, 'undo')).json()).toMatchObject({ status: 'completed' });

      const delivery = await paidOrder({}, 'delivery');
      await move(delivery.order_id, 'accepted');
      await move(delivery.order_id, 'out_for_delivery');
      await move(delivery.order_id, 'completed');
      expect(await (await act(delivery.order_id, 'recall')).json()).toMatchObject({ status: 'out_for_delivery' });
      await api.deps.inFlight.idle();
      // The second order's paid and out-for-delivery mails, none for the recalls.
      expect((await api.deps.db.query('select id from outbox')).length).toBe(mailsBefore + 2);
    });

    it('refuses to recall an order that is not completed, cancelled ones included (409)', async () => {
      const ready = await paidOrder();
      await move(ready.order_id, 'accepted');
      await move(ready.order_id, 'ready');
      expect(await refused(await act(ready.order_id, 'recall'))).toEqual([409, cannotRecall(ready.number, 'ready')]);
      expect(cannotRecall(ready.number, 'ready')).toBe(
        `Order ${ready.number} is ready: only a completed order can be recalled.`,
      );
      const cancelled = await paidOrder();
      expect(
        (await call('POST', `/api/staff/orders/${cancelled.order_id}/cancel/`, { reason: 'customer_request' })).status,
      ).toBe(200);
      expect(await refused(await act(cancelled.order_id, 'recall'))).toEqual([
        409,
        `Order ${cancelled.number} is cancelled: only a completed order can be recalled.`,
      ]);
    });

    it('marks a ready pickup a no-show (completed); undo and recall clear it, undoing the recall brings it back', async () => {
      const order = await paidOrder();
      await move(order.order_id, 'accepted');
      await move(order.order_id, 'ready');
      later(40);
      const marked = await act(order.order_id, 'no-show');
      expect(marked.status).toBe(200);
      expect(await marked.json()).toMatchObject({ status: 'completed', no_show: true, undo: { from: 'ready' } });
      expect(await (await act(order.order_id, 'undo')).json()).toMatchObject({ status: 'ready', no_show: false });
      later(40);
      await act(order.order_id, 'no-show');
      later(40);
      expect(await (await act(order.order_id, 'recall')).json()).toMatchObject({ status: 'ready', no_show: false });
      expect(await (await act(order.order_id, 'undo')).json()).toMatchObject({ status: 'completed', no_show: true });
    });

    it('refuses a no-show for a delivery or a pickup that is not ready (409)', async () => {
      const delivery = await paidOrder({}, 'delivery');
      await move(delivery.order_id, 'accepted');
      await move(delivery.order_id, 'out_for_delivery');
      expect(await refused(await act(delivery.order_id, 'no-show'))).toEqual([
        409,
        `Order ${delivery.number} is a delivery order: only a pickup order can be marked a no-show.`,
      ]);
      const accepted = await paidOrder();
      await move(accepted.order_id, 'accepted');
      expect(await refused(await act(accepted.order_id, 'no-show'))).toEqual([
        409,
        cannotMarkNoShow(accepted.number, 'pickup', 'accepted'),
      ]);
      expect(cannotMarkNoShow(accepted.number, 'pickup', 'accepted')).toBe(
        `Order ${accepted.number} is accepted: only a pickup order that is ready can be marked a no-show.`,
      );
    });
  });

  describe('the event stream', () => {
    it('replays each missed event once, with its own id, each carrying the order as it is now', async () => {
      const order = await paidOrder();
      const [paid] = await api.deps.db.query<{ id: string }>(
        'select max(id)::text as id from order_events where order_id = $1',
        [order.order_id],
      );
      await move(order.order_id, 'accepted');
      await move(order.order_id, 'ready');
      await move(order.order_id, 'completed');
      const ids = (
        await api.deps.db.query<{ id: string }>(
          'select id::text as id from order_events where order_id = $1 and id > $2::bigint order by id',
          [order.order_id, paid!.id],
        )
      ).map((row) => row.id);
      const stream = readSse(
        await api.app.request('/api/staff/events/', { headers: { ...staff, 'Last-Event-ID': paid!.id } }),
      );
      try {
        const replayed = await stream.next(4, 1_500);
        expect(replayed.map((event) => event.id)).toEqual(ids);
        expect(replayed.map((event) => (JSON.parse(event.data) as BoardOrder).status)).toEqual([
          'completed',
          'completed',
          'completed',
        ]);
      } finally {
        await stream.close();
      }
    });

    it('brings each move with its undo, and a ping every 2 s while nothing happens', async () => {
      const order = await paidOrder();
      const stream = readSse(await api.app.request('/api/staff/events/', { headers: staff }));
      try {
        const movedAt = now;
        await move(order.order_id, 'accepted');
        const [moved] = await stream.next(1);
        expect(moved!.event).toBe('order');
        expect(JSON.parse(moved!.data)).toMatchObject({
          order_id: order.order_id,
          status: 'accepted',
          undo: { from: 'paid', until: new Date(movedAt.getTime() + 30_000).toISOString() },
        });
        const before = stream.pings.length;
        const quiet = Date.now();
        expect(await stream.next(1, 4_500)).toEqual([]);
        const pings = stream.pings.slice(before);
        expect(pings.length).toBeGreaterThanOrEqual(2);
        // Never more than a poll late: a board hears something at least every 2.25 s.
        expect(pings[0]! - quiet).toBeLessThanOrEqual(PING_MS + 500);
        expect(pings[1]! - pings[0]!).toBeLessThanOrEqual(PING_MS + 500);
      } finally {
        await stream.close();
      }
    });
  });
});
