/**
 * A steady rush of paid orders against a running server process: a few customers at once, each
 * placing one order after another as the widget does (create-order, the demo card, finalize, by
 * board-orders.ts' placePaidOrder), each order from a client address of its own, so the
 * per-address limits never refuse it (the server needs TRUST_PROXY=1). The server should run with
 * `uncappedSlots()`: every order lands in the same kitchen slot, which otherwise takes eight.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { restaurant } from '../../shared/restaurant.ts';
import { placePaidOrder, type SeedLine } from './board-orders.ts';
import { processClient, type ProcessClient } from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment for startServerProcess: the restaurant's settings with slots that take any number of orders. */
export async function uncappedSlots(dir: string): Promise<Record<string, string>> {
  const settings = JSON.parse(await readFile(path.join(root, 'settings/restaurant.json'), 'utf8')) as {
    kitchen: { slotCapacity: unknown };
  };
  settings.kitchen.slotCapacity = { orders: 1_000_000_000, subtotalCents: 1_000_000_000_000 };
  const file = path.join(dir, 'restaurant-uncapped.json');
  await writeFile(file, JSON.stringify(settings));
  const hook = `--import ${path.join(root, 'tests/support/settings-file.mjs')}`;
  return { SETTINGS_FILE: file, NODE_OPTIONS: [process.env.NODE_OPTIONS, hook].filter(Boolean).join(' ') };
}

export interface LoadOrder {
  order_id: string;
  number: number;
  /** Date.now() just before create-order was sent. */
  sentAt: number;
  /** Date.now() once finalize-order answered 200. */
  paidAt: number;
}

export interface OrderLoad {
  /** Every order paid so far, in the order they were paid. */
  readonly paid: readonly LoadOrder[];
  /** Resolves once `count` orders are paid in all; rejects when a customer's order was refused. */
  waitForPaid(count: number, timeoutMs?: number): Promise<void>;
  /** Lets each customer finish the order under way, then answers every paid order; rejects with the first refusal. */
  stop(): Promise<LoadOrder[]>;
}

interface MenuItem {
  id: string;
  available: boolean;
  modifier_groups: { min_required: number }[];
}
type Menus = { categories: { name: string; menu_items: MenuItem[]; subcategories: { menu_items: MenuItem[] }[] }[] }[];

/** Two items of the menu a cart may hold as they are (no choice required, not catering), as order lines. */
async function plainLines(client: ProcessClient): Promise<SeedLine[]> {
  const menus = (await (await client.call('GET', '/api/menus/')).json()) as Menus;
  const items = menus[0]!.categories
    .filter((category) => category.name !== restaurant.ordering.cateringCategory)
    .flatMap((category) => [...category.menu_items, ...category.subcategories.flatMap((sub) => sub.menu_items)])
    .filter((item) => item.available && item.modifier_groups.every((group) => group.min_required === 0));
  if (items.length < 2) throw new Error('the menu has fewer than two plain items');
  return [
    { menu_item_id: items[0]!.id, quantity: 2 },
    { menu_item_id: items[1]!.id, quantity: 1 },
  ];
}

export async function startOrderLoad(server: { url: string }, customers = 4): Promise<OrderLoad> {
  const client = await processClient(server);
  const lines = await plainLines(client);
  const paid: LoadOrder[] = [];
  let placed = 0;
  let stopping = false;
  let failure: Error | undefined;

  async function customer(): Promise<void> {
    while (!stopping && !failure) {
      const n = ++placed;
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const fromAddress: ProcessClient = {
        ...client,
        call: (method, urlPath, body, headers = {}) =>
          client.call(method, urlPath, body, { 'X-Forwarded-For': address, ...headers }),
      };
      const sentAt = Date.now();
      try {
        const order = await placePaidOrder(fromAddress, { name: `Rush ${n}`, lines });
        paid.push({ order_id: order.order_id, number: order.number, sentAt, paidAt: Date.now() });
      } catch (error) {
        failure ??= error as Error;
      }
    }
  }
  const running = Promise.all(Array.from({ length: customers }, () => customer()));

  return {
    paid,
    async waitForPaid(count, timeoutMs = 60_000) {
      // Not waitFor: a refused order ends the wait at once, with the server's answer.
      const giveUpAt = Date.now() + timeoutMs;
      while (paid.length < count) {
        if (failure) throw failure;
        if (Date.now() > giveUpAt)
          throw new Error(`Timed out after ${timeoutMs} ms waiting for ${count} paid orders; ${paid.length} were paid`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopping = true;
      await running;
      if (failure) throw failure;
      return [...paid];
    },
  };
}
