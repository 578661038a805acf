/**
 * Paid orders for the board's browser tests, placed as a customer's widget places them (create
 * the order, pay it on the demo card form, finalize) over HTTP against a running server, and the
 * staff calls that move them along the board. Orders go one after the other: each takes its
 * place in a kitchen slot under the slot's lock.
 */
import { processClient, type ProcessClient } from './server-process.ts';

export interface SeedLine {
  menu_item_id: string;
  quantity: number;
  modifiers?: string[];
}

export interface SeedOrder {
  name: string;
  lines: SeedLine[];
  /** An ISO instant on a slot (the quarter hour); absent: as soon as possible. */
  scheduled_for?: string;
  note?: string;
}

export interface PlacedOrder {
  order_id: string;
  number: number;
  name: string;
}

/** Places and pays one pickup order; throws with the server's answer when a step is refused. */
export async function placePaidOrder(client: ProcessClient, order: SeedOrder): Promise<PlacedOrder> {
  const created = await client.call(
    'POST',
    '/api/create-order/',
    {
      name: order.name,
      email: 'diner@example.com',
      phone: '(213) 555-0142',
      delivery_type: 'pickup',
      promo_code: '',
      cart_items: order.lines.map((line) => ({ modifiers: [], ...line })),
      ...(order.scheduled_for ? { scheduled_for: order.scheduled_for } : {}),
      ...(order.note ? { note: order.note } : {}),
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  if (created.status !== 201)
    throw new Error(`create-order for ${order.name}: ${created.status} ${await created.text()}`);
  const placed = (await created.json()) as { order_id: string; number: number; payment: { client_secret: string } };
  const paid = await client.call('POST', '/api/demo-payments/confirm/', {
    client_secret: placed.payment.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`paying ${order.name}: ${paid.status} ${await paid.text()}`);
  const finalized = await client.call('POST', `/api/finalize-order/${placed.order_id}/`);
  if (finalized.status !== 200)
    throw new Error(`finalizing ${order.name}: ${finalized.status} ${await finalized.text()}`);
  return { order_id: placed.order_id, number: placed.number, name: order.name };
}

/** Places and pays each order in turn. */
export async function placePaidOrders(server: { url: string }, orders: readonly SeedOrder[]): Promise<PlacedOrder[]> {
  const client = await processClient(server);
  const placed: PlacedOrder[] = [];
  for (const order of orders) placed.push(await placePaidOrder(client, order));
  return placed;
}

/** A staff member's calls to the board's API (signed in once, with the access token). */
export interface StaffCalls {
  move(orderId: string, to: 'accepted' | 'ready' | 'out_for_delivery' | 'completed'): Promise<void>;
  /** Moves every order still in the kitchen's hands on to completed: the next test starts on a clear board. */
  clearBoard(): Promise<void>;
}

export async function staffCalls(server: { url: string }, email: string, password: string): Promise<StaffCalls> {
  const client = await processClient(server);
  const login = await client.call('POST', '/api/staff/login/', { email, password });
  if (login.status !== 200) throw new Error(`staff sign-in: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${access_token}` };
  const calls: StaffCalls = {
    async move(orderId, to) {
      const moved = await client.call('POST', `/api/staff/orders/${orderId}/move/`, { to }, auth);
      if (moved.status !== 200) throw new Error(`moving ${orderId} to ${to}: ${moved.status} ${await moved.text()}`);
    },
    async clearBoard() {
      const board = (await (await client.call('GET', '/api/staff/orders/', undefined, auth)).json()) as {
        orders: { order_id: string; status: string; delivery_type: string }[];
      };
      const steps: Record<string, ('accepted' | 'ready' | 'out_for_delivery' | 'completed')[]> = {
        paid: ['accepted', 'ready', 'completed'],
        accepted: ['ready', 'completed'],
        ready: ['completed'],
        out_for_delivery: ['completed'],
      };
      for (const order of board.orders) {
        for (const to of steps[order.status] ?? []) {
          await calls.move(
            order.order_id,
            order.delivery_type === 'delivery' && to === 'ready' ? 'out_for_delivery' : to,
          );
        }
      }
    },
  };
  return calls;
}
