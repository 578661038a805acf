// Live events without polling: an open staff board and an open order page ask the database
// nothing while nothing happens (counted by the statements the database was sent); an order event
// reaches both as it is recorded, on PostgreSQL from another app instance too; when the connection
// that listens is killed, events still arrive, none lost, and the board is quiet again once it is
// back; signing out still ends the board's stream within seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { LISTEN_APPLICATION_NAME } from '../../server/db/database.ts';
import { OPEN_STREAMS_PER_CLIENT, TOO_MANY_STREAMS } from '../../server/http/event-stream.ts';
import { moveOnBoard } from '../../server/services/staff-board.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { readSse, type SseReader } from '../support/sse.ts';
import { STAFF_PASSWORD, staffMember } from '../support/staff-members.ts';
import { waitFor } from '../support/wait-for.ts';

const kitchen = { email: 'kitchen@comal.example', role: 'staff' as const };

describe.each(databaseTargets)('live events on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles.
  const now = new Date('2026-11-20T19:00:00Z');
  let staff: { Authorization: string };
  let address = 0;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'live-item', name: 'Horchata en Vivo', priceCents: 450 }]);
    staff = await staffMember(api, 'owner@comal.example', 'admin', now);
  });
  afterAll(() => api?.close());

  const statements = () => api.deps.db.statements!();

  async function paidOrder(): Promise<string> {
    const from = { 'X-Forwarded-For': `203.0.113.${++address}` };
    const placed = (await (
      await api.call(
        'POST',
        '/api/create-order/',
        {
          cart_items: [{ menu_item_id: 'live-item', quantity: 1, modifiers: [] }],
          name: 'Lupe',
          email: 'lupe@example.com',
          phone: '2135550123',
          delivery_type: 'pickup',
        },
        from,
      )
    ).json()) as { order_id: string; payment: { client_secret: string } };
    await api.call(
      'POST',
      '/api/demo-payments/confirm/',
      { client_secret: placed.payment.client_secret, card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' },
      from,
    );
    expect((await api.call('POST', `/api/finalize-order/${placed.order_id}/`, undefined, from)).status).toBe(200);
    return placed.order_id;
  }

  const openBoard = async (headers: Record<string, string> = staff) => {
    const response = await api.app.request('/api/staff/events/', { headers });
    expect(response.status).toBe(200);
    return readSse(response);
  };
  const openOrderPage = async (orderId: string) => {
    const response = await api.call('GET', `/api/orders/${orderId}/status/`);
    expect(response.status).toBe(200);
    return readSse(response);
  };
  const move = (orderId: string, to: 'accepted' | 'ready' | 'completed') =>
    api.call('POST', `/api/staff/orders/${orderId}/move/`, { to }, staff);
  const orderOf = (event: { data: string }) => JSON.parse(event.data) as { order_id: string; status: string };

  /** The statements sent while a board is read for `ms`, with the pings it got meanwhile. */
  async function quietFor(board: SseReader, ms: number) {
    const before = statements();
    const pings = board.pings.length;
    const events = await board.next(1, ms);
    return { statements: statements() - before, pings: board.pings.length - pings, events };
  }

  it('an open, idle board and order page ask the database nothing, and still hear the next event at once', async () => {
    const orderId = await paidOrder();
    const page = await openOrderPage(orderId);
    const board = await openBoard();
    const another = await openBoard();
    try {
      expect(orderOf((await page.next(1))[0]!).status).toBe('paid');
      // Settled: the stream's first read made, its first ping sent.
      await board.next(1, 2_500);

      const idle = await quietFor(board, 3_000);
      expect(idle.events).toEqual([]);
      expect(idle.pings, 'the stream is alive and pinging').toBeGreaterThanOrEqual(1);
      expect(idle.statements).toBe(0);

      expect((await move(orderId, 'accepted')).status).toBe(200);
      const [moved] = await board.next(1);
      expect(orderOf(moved!)).toMatchObject({ order_id: orderId, status: 'accepted' });
      expect(orderOf((await another.next(1))[0]!)).toMatchObject({ order_id: orderId, status: 'accepted' });
      expect(orderOf((await page.next(1))[0]!).status).toBe('accepted');

      // A new paid order reaches the board too, with the next event's id.
      const next = await paidOrder();
      const [paid] = await board.next(1);
      expect(orderOf(paid!)).toMatchObject({ order_id: next, status: 'paid' });
      expect(BigInt(paid!.id!)).toBeGreaterThan(BigInt(moved!.id!));
      // The first order's page hears nothing of the second order.
      expect(await page.next(1, 500)).toEqual([]);
    } finally {
      await page.close();
      await board.close();
      await another.close();
    }
  });

  it("streams count toward a client's limit while their server's listening session lives, and not a moment after it is gone", async () => {
    const client = '198.51.100.77';
    // The listening session of this server, as its open streams name it.
    const board = await openBoard();
    const [own] = await api.deps.db.query<{ pid: number; started: string }>(
      `select server_pid as pid, server_started::text as started from open_streams where server_pid is not null limit 1`,
    );
    await board.close();
    expect(own, "an open stream names its server's listening session").toBeDefined();
    const fill = (pid: number, started: string) =>
      api.deps.db.query(
        `insert into open_streams (id, client, server_pid, server_started)
           select 'filled-' || $3 || '-' || n, $1, $2, $3::timestamptz from generate_series(1, $4::int) n`,
        [client, pid, started, OPEN_STREAMS_PER_CLIENT],
      );
    const open = () => api.app.request('/api/staff/events/', { headers: { ...staff, 'X-Forwarded-For': client } });

    // A server that died: its session is no longer in pg_stat_activity, so its rows count for nothing.
    await fill(own!.pid + 100_000, own!.started);
    const afterDead = await open();
    expect(afterDead.status, "the dead server's streams do not hold the place").toBe(200);
    await afterDead.body?.cancel();
    expect(
      (await api.deps.db.query(`select 1 from open_streams where client = $1 and id like 'filled-%'`, [client])).length,
      "the dead server's rows are cleared",
    ).toBe(0);

    // A server that lives (this one's session): its idle streams hold their places without any renewal.
    await fill(own!.pid, own!.started);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_STREAMS);
    await api.deps.db.query(`delete from open_streams where client = $1`, [client]);
  });

  it('signing out ends an idle board stream within seconds', async () => {
    const email = 'line-cook@comal.example';
    await staffMember(api, email, 'staff', now);
    const login = await api.call('POST', '/api/staff/login/', { email, password: STAFF_PASSWORD });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const cookie = /comal_staff_refresh=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const response = await api.app.request(`/api/staff/events/?access_token=${token}`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();

    await api.call('POST', '/api/staff/signout/', undefined, { Cookie: `comal_staff_refresh=${cookie}` });

    const ended = await Promise.race([
      (async () => {
        while (!(await reader.read()).done);
        return true;
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000)),
    ]);
    await reader.cancel().catch(() => {});
    expect(ended).toBe(true);
  });

  if (target.name === 'postgres') {
    it('an event recorded through a second app instance on the same database reaches a board on the first', async () => {
      const otherDb = await api.fresh.reopen();
      const otherDeps = await createDependencies(otherDb, readConfig({ DIST_DIR: 'dist', TRUST_PROXY: '1' }), {
        clock: () => now,
      });
      const orderId = await paidOrder();
      const board = await openBoard();
      try {
        await board.next(1, 2_500);
        await moveOnBoard(otherDeps, orderId, 'accepted', kitchen);
        const [moved] = await board.next(1);
        expect(orderOf(moved!)).toMatchObject({ order_id: orderId, status: 'accepted' });
      } finally {
        await board.close();
        await otherDb.close();
      }
    });

    it('when the listening connection is killed, events still arrive, none lost, and the board is quiet again once it is back', async () => {
      const listening = async () =>
        (
          await api.deps.db.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
            [LISTEN_APPLICATION_NAME],
          )
        ).map((row) => row.pid);
      const orderId = await paidOrder();
      const board = await openBoard();
      try {
        await board.next(1, 2_500);
        const [killed] = await waitFor(async () => {
          const pids = await listening();
          return pids.length === 1 ? pids : null;
        });
        const [{ last } = { last: '0' }] = await api.deps.db.query<{ last: string }>(
          'select max(id)::text as last from order_events',
        );
        await api.deps.db.query('select pg_terminate_backend($1)', [killed]);

        // Changed at once, while it is down: each change is on the board, in order.
        expect((await move(orderId, 'accepted')).status).toBe(200);
        const promise = { promised_at: '2026-11-20T19:30:00Z' };
        expect((await api.call('POST', `/api/staff/orders/${orderId}/promise/`, promise, staff)).status).toBe(200);
        expect((await move(orderId, 'ready')).status).toBe(200);
        const changes = await board.next(3);
        // Each carries the order as it was when the board read it: ready by the last one at least.
        expect(orderOf(changes.at(-1)!)).toMatchObject({ order_id: orderId, status: 'ready' });
        const recorded = await api.deps.db.query<{ id: string }>(
          'select id::text as id from order_events where id > $1::bigint order by id',
          [last],
        );
        expect(recorded).toHaveLength(3);
        expect(changes.map((event) => event.id)).toEqual(recorded.map((row) => row.id));

        // Listening again on a new connection; then idle costs nothing again.
        const [again] = await waitFor(
          async () => {
            const pids = await listening();
            return pids.length === 1 && pids[0] !== killed ? pids : null;
          },
          { timeoutMs: 15_000, what: 'a new listening connection' },
        );
        // The board's place in the limit now names the new session, so it still counts.
        await waitFor(
          async () =>
            (await api.deps.db.query('select 1 from open_streams where server_pid = $1', [again])).length === 1,
          { what: "the open stream's row to name the new listening session" },
        );
        await board.next(1, 1_200);
        const idle = await quietFor(board, 3_000);
        expect(idle.statements).toBe(0);

        expect((await move(orderId, 'completed')).status).toBe(200);
        const [done] = await board.next(1);
        expect(orderOf(done!)).toMatchObject({ order_id: orderId, status: 'completed' });
      } finally {
        await board.close();
      }
    });
  }
});
