// Live events, measured against a running server: what idle staff boards cost the database, and
// how long a payment takes to reach a board.
//
// - idle_board_queries_per_minute: the statements the database ran over a window with BOARDS
//   staff event streams open and idle, minus the same window with none open, per minute. Counted
//   by PostgreSQL itself, so nothing of ours does the counting: transactions committed and rolled
//   back (one per statement outside a transaction) less the sessions started (a new connection's
//   own start-up is no query of ours; the pool opens and closes connections as it likes), from
//   pg_stat_database. A backend reports its counts within about 10 s of going idle, so each window
//   starts STATS_SETTLE_MS after the last change; the background jobs (the kitchen's 15 s look,
//   the mail sweep) fall in both windows alike, and what is left is within a few a minute. On
//   PGlite the database lives inside the server's process and cannot be asked from outside: null.
// - paid_to_board_ms: one board open, one order at a time created, paid with the demo card and
//   finalized; the time from sending finalize-order to its paid order arriving on the board.
import { performance } from 'node:perf_hooks';

const STATS_SETTLE_MS = 15_000;
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
 *   staff member to open boards as, whose password is first set with `boardToken` (a set-password
 *   link's token, as `npm run staff create` prints it) when one is given
 * @param {{ boards?: number, seconds?: number, samples?: number }} [options] boards open for the
 *   idle count (5), each count window's length in seconds (60: a whole number of every background
 *   job's period, so both windows hold the same jobs), orders timed to the board (60)
 * @returns {Promise<{ idle_board_queries_per_minute: number | null, paid_to_board_ms: { p50: number, p95: number } }>}
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

  const idle = server.databaseUrl ? await idleQueries(server.databaseUrl, openBoard, boards, seconds) : null;
  const paid = await paidToBoard(server.url, post, openBoard, samples);
  return { idle_board_queries_per_minute: idle, paid_to_board_ms: paid };
}

/** Statements per minute that `boards` idle boards add, counted by PostgreSQL over `seconds`-long windows. */
async function idleQueries(databaseUrl, openBoard, boards, seconds) {
  const { default: pg } = await import('pg');
  const name = new URL(databaseUrl).pathname.slice(1);
  // A new connection per reading: a session keeps a snapshot of the statistics it read.
  const count = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select (xact_commit + xact_rollback - sessions)::text as n from pg_stat_database where datname = $1',
        [name],
      );
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  };
  const counted = async () => {
    await sleep(STATS_SETTLE_MS);
    const before = await count();
    await sleep(seconds * 1000);
    return (await count()) - before;
  };
  const without = await counted();
  const open = await Promise.all(Array.from({ length: boards }, () => openBoard()));
  try {
    const withBoards = await counted();
    return Math.round(((withBoards - without) * 600) / seconds) / 10;
  } finally {
    for (const stream of open) await stream.close();
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
