// Live events, measured: what idle staff boards cost the database, and how long a payment takes
// to reach a board.
//
// - idle_board_queries_per_minute: the statements sent to the database over a window with BOARDS
//   staff event streams open and idle, per minute. Counted where every query of the server goes
//   through (server/db/database.ts's statements(), transactions' begin and commit included), in an
//   instance of the API made in this process on the same kind of database with nothing else
//   running: no background jobs (those belong to the started server, not to the boards), no other
//   request. Exact, so the goal is 0 and nothing less precise stands in for it.
// - paid_to_board_ms: against the running server, one board open, one order at a time created,
//   paid with the demo card and finalized; the time from sending finalize-order to its paid order
//   arriving on the board.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

/** After the boards opened: each has made its first read and sent its first ping. */
const SETTLE_MS = 3_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let customers = 0;
/** Each customer from its own address (the server trusts X-Forwarded-For in the bench), apart from bench.mjs's. */
function nextAddress() {
  customers += 1;
  return `198.19.${(customers >> 8) & 255}.${customers & 255}`;
}

/**
 * @param {{
 *   url: string,
 *   databaseUrl?: string,
 *   staff: { email: string, password: string },
 *   boardToken?: string,
 * }} server the server's base URL; the PostgreSQL database it runs on ('' or absent: PGlite); a
 *   staff member to open its board as, whose password is first set with `boardToken` (a
 *   set-password link's token, as `npm run staff create` prints it) when one is given
 * @param {{ boards?: number, seconds?: number, samples?: number }} [options] boards open for the
 *   idle count (5), its window in seconds (60), orders timed to the board (60)
 * @returns {Promise<{ idle_board_queries_per_minute: number, paid_to_board_ms: { p50: number, p95: number } }>}
 */
export async function measureLiveEvents(server, options = {}) {
  const { boards = 5, seconds = 60, samples = 60 } = options;
  const csrf = await (await fetch(`${server.url}/api/csrf/`)).json();
  const headers = { 'content-type': 'application/json', 'x-csrftoken': csrf.csrftoken };
  const post = (path, body) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(body),
    });
  if (server.boardToken) {
    const set = await post('/api/staff/password/', { token: server.boardToken, password: server.staff.password });
    if (!set.ok) throw new Error(`the board's password was refused: ${await set.text()}`);
  }
  const login = await post('/api/staff/login/', server.staff);
  if (!login.ok) throw new Error(`the board's sign-in was refused: ${await login.text()}`);
  const { access_token: token } = await login.json();
  const openBoard = (onBlock) =>
    openStream(`${server.url}/api/staff/events/?access_token=${encodeURIComponent(token)}`, onBlock);
  const paid = await paidToBoard(server.url, post, openBoard, samples);
  const idle = await idleStatements(server.databaseUrl ?? '', boards, seconds);
  return { idle_board_queries_per_minute: idle, paid_to_board_ms: paid };
}

const load = (file) => tsImport(file, import.meta.url);

/**
 * Statements per minute that `boards` open, idle staff boards send, on a new API instance over
 * the database of `databaseUrl` (already migrated by the server) or a new PGlite in memory.
 */
export async function idleStatements(databaseUrl, boards, seconds) {
  // The instance's request log would fill the bench's output: it logs warnings only.
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'warn';
  const { openDatabase, migrate, readConfig, createDependencies, createApp, inviteStaff } = await load(
    '../scripts/bench-api-instance.ts',
  );
  if (level === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = level;
  const origin = 'http://127.0.0.1';
  const db = await openDatabase({ databaseUrl: databaseUrl || undefined });
  const opened = [];
  try {
    await migrate(db);
    const config = readConfig({
      DIST_DIR: 'dist',
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: origin,
      DATABASE_URL: databaseUrl,
      DEMO_PAYMENTS: '1',
    });
    const app = createApp(await createDependencies(db, config));
    const { csrftoken } = await (await app.request('/api/csrf/')).json();
    const call = (path, body) =>
      app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrftoken': csrftoken,
          origin,
          'x-forwarded-for': nextAddress(),
        },
        body: JSON.stringify(body),
      });
    const email = `idle-board-${Date.now()}@comal.example`;
    const password = 'idle board password 2026';
    const invite = await inviteStaff(db, { email, role: 'staff', origin });
    const token = new URL(invite.url).searchParams.get('set-password');
    if (!(await call('/api/staff/password/', { token, password })).ok)
      throw new Error("the idle board's password was refused");
    const login = await call('/api/staff/login/', { email, password });
    if (!login.ok) throw new Error(`the idle board's sign-in was refused: ${await login.text()}`);
    const { access_token: access } = await login.json();
    for (let i = 0; i < boards; i++) {
      const response = await app.request('/api/staff/events/', {
        headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': nextAddress() },
      });
      if (!response.ok) throw new Error(`an idle board was refused: ${response.status}`);
      const reader = response.body.getReader();
      opened.push(reader);
      void (async () => {
        while (!(await reader.read().catch(() => ({ done: true }))).done);
      })();
    }
    await sleep(SETTLE_MS);
    const before = db.statements();
    await sleep(seconds * 1000);
    const sent = db.statements() - before;
    return Math.round((sent * 600) / seconds) / 10;
  } finally {
    for (const reader of opened) await reader.cancel().catch(() => {});
    await db.close();
  }
}

async function paidToBoard(url, post, openBoard, samples) {
  const menus = await (await fetch(`${url}/api/menus/`)).json();
  const item = menus[0].categories
    .flatMap((c) => [...c.menu_items, ...(c.subcategories ?? []).flatMap((s) => s.menu_items)])
    .find((i) => i.available !== false && i.modifier_groups.every((g) => !g.min_required));
  const waiting = new Map();
  const board = await openBoard((block) => {
    const data = block.split('\n').find((line) => line.startsWith('data: '));
    if (!/^event: order$/m.test(block) || !data) return;
    const order = JSON.parse(data.slice(6));
    const arrived = waiting.get(order.order_id);
    if (arrived && order.status !== 'pending_payment') arrived(performance.now());
  });
  const times = [];
  try {
    for (let i = 0; i < samples; i++) {
      const created = await (
        await post('/api/create-order/', {
          cart_items: [{ menu_item_id: item.id, quantity: 1, modifiers: [] }],
          name: 'Board Bench',
          email: `live${i}@example.com`,
          phone: '2135550100',
          delivery_type: 'pickup',
        })
      ).json();
      await post('/api/demo-payments/confirm/', {
        client_secret: created.payment.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/34',
        cvc: '123',
      });
      const onBoard = new Promise((resolve) => waiting.set(created.order_id, resolve));
      const sent = performance.now();
      await post(`/api/finalize-order/${created.order_id}/`, {});
      times.push((await onBoard) - sent);
      waiting.delete(created.order_id);
    }
  } finally {
    await board.close();
  }
  times.sort((a, b) => a - b);
  const at = (share) => Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))]);
  return { p50: at(0.5), p95: at(0.95) };
}

/** An open Server-Sent Events stream, each event block handed to `onBlock`; resolves once it answered. */
async function openStream(url, onBlock = () => {}) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  if (!response.ok) throw new Error(`the board's stream was refused: ${response.status}`);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // closed by close()
    }
  })();
  return {
    async close() {
      abort.abort();
      await reading;
    },
  };
}
