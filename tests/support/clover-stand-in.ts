/**
 * A local stand-in for the part of Clover's REST API v3 the menu sync and the order push use, on
 * 127.0.0.1 and a free port (CLOVER_API_BASE):
 *   GET  /v3/merchants/{mId}/categories                      limit/offset paging
 *   GET  /v3/merchants/{mId}/items?expand=categories,modifierGroups,tags (or menuItem)
 *   GET  /v3/merchants/{mId}/modifier_groups?expand=modifiers
 *   GET  /v3/merchants/{mId}/modifier_groups/{id}/modifiers  one group's modifiers, paged
 *   GET  /v3/merchants/{mId}/orders?filter=title=...
 *   POST /v3/merchants/{mId}/atomic_order/orders            orderCart with lineItems of known items
 * As Clover documents it (tests/fixtures/clover/README.md names the pages): `Authorization: Bearer
 * <token>` or 401; listings answer `{ elements }`, with `limit` (default 100, at most 1000) and
 * `offset`; expansions only when asked for, and a nested (expanded) list cut at its first 100
 * elements with no way to page it ("If the result set for a nested field contains more than 100
 * items, the API limits the results to the first 100 items"); a modifier group carries its
 * read-only `modifierIds` (all of them, in order, com.clover.sdk.v3.inventory.ModifierGroup);
 * errors as `{ message }`; 429 with Retry-After. Test hooks: `catalogue` (change it between syncs),
 * `outage` (a resource answers 5xx until cleared), `slowNext` (the next call to a resource is held
 * past the client's time-out, made or not made), `orders` and `requests` (everything received).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  CloverAtomicOrder,
  CloverCategory,
  CloverItem,
  CloverModifierGroup,
} from '../../server/providers/menu/clover-client.ts';

export type CloverResource =
  | 'categories'
  | 'items'
  | 'modifier_groups'
  /** modifier_groups/{id}/modifiers */
  | 'modifiers'
  | 'orders'
  | 'atomic_order/orders';

/** Clover's cap on a nested (expanded) list. */
export const CLOVER_NESTED_CAP = 100;

export interface CloverCatalogue {
  categories: CloverCategory[];
  /** Items with their category, modifier group and tag references and menu attributes (sent only when expanded). */
  items: CloverItem[];
  /** Groups with all their modifiers (sent only when expanded, and then the first 100). */
  modifierGroups: CloverModifierGroup[];
}

export interface CloverStandInRequest {
  method: string;
  path: string;
  resource: CloverResource | null;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The status answered; null when the caller hung up first (a time-out). */
  status: number | null;
}

export interface StandInOrder {
  id: string;
  title: string;
  note: string;
  lineItems: {
    elements: Array<{
      id: string;
      item: { id: string };
      name: string;
      price: number;
      modifications: { elements: Array<{ modifier: { id: string } }> };
    }>;
  };
  total: number;
  createdTime: number;
}

export interface CloverStandIn {
  /** http://127.0.0.1:{port}: CLOVER_API_BASE. */
  readonly url: string;
  readonly merchantId: string;
  readonly token: string;
  catalogue: CloverCatalogue;
  readonly requests: CloverStandInRequest[];
  /** Orders created, oldest first. */
  orders(): StandInOrder[];
  /** Every call to `resource` answers `status` until `clear` (429 carries Retry-After: 1). */
  outage(resource: CloverResource, status?: number): void;
  /**
   * The next call to `resource` is answered only after `ms`. `made`: whether Clover does the work
   * (creates the order) before the late answer, or had not got to it when the caller gave up.
   */
  slowNext(resource: CloverResource, ms: number, options?: { made?: boolean }): void;
  /**
   * Item listings that ask for the menu attributes (`expand=menuItem`) answer `status` until
   * `clear`: a merchant's token without Clover's online-ordering permission.
   */
  refuseMenuAttributes(status: number): void;
  /** Ends outages, slow calls and refusals. */
  clear(): void;
  close(): Promise<void>;
}

const cloverId = () =>
  randomBytes(9)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')
    .slice(0, 13);

export async function startCloverStandIn(
  options: { merchantId?: string; token?: string; catalogue?: CloverCatalogue } = {},
): Promise<CloverStandIn> {
  const merchantId = options.merchantId ?? 'MERCHANT0001';
  const token = options.token ?? `token-${randomBytes(8).toString('hex')}`;
  const requests: CloverStandInRequest[] = [];
  const orders: StandInOrder[] = [];
  const outages = new Map<CloverResource, number>();
  const slow = new Map<CloverResource, { ms: number; made: boolean }>();
  let menuAttributesRefused = 0;
  const prefix = `/v3/merchants/${merchantId}/`;
  const standIn = {
    catalogue: options.catalogue ?? { categories: [], items: [], modifierGroups: [] },
  };

  const page = <T>(rows: T[], query: Record<string, string>) => {
    const limit = Math.min(Number(query.limit ?? 100) || 100, 1000);
    const offset = Number(query.offset ?? 0) || 0;
    return { elements: rows.slice(offset, offset + limit) };
  };
  const expands = (query: Record<string, string>) => new Set((query.expand ?? '').split(',').map((s) => s.trim()));
  /** An expanded list as Clover sends it: the first 100, no more. */
  const nested = <T>(list: { elements?: T[] } | null | undefined) => ({
    elements: (list?.elements ?? []).slice(0, CLOVER_NESTED_CAP),
  });

  function listing(resource: CloverResource, query: Record<string, string>, groupId: string | null): unknown {
    const { categories, items, modifierGroups } = standIn.catalogue;
    const expand = expands(query);
    if (resource === 'categories') return page(categories, query);
    if (resource === 'items') {
      return page(
        items.map(({ categories: cats, modifierGroups: groups, tags, menuItem, ...item }) => ({
          ...item,
          ...(expand.has('categories') ? { categories: nested(cats) } : {}),
          ...(expand.has('modifierGroups') ? { modifierGroups: nested(groups) } : {}),
          ...(expand.has('tags') ? { tags: nested(tags) } : {}),
          ...(expand.has('menuItem') && menuItem !== undefined ? { menuItem } : {}),
        })),
        query,
      );
    }
    if (resource === 'modifier_groups') {
      return page(
        modifierGroups.map(({ modifiers, ...group }) => ({
          ...group,
          modifierIds: group.modifierIds ?? (modifiers?.elements ?? []).map((m) => m.id).join(','),
          ...(expand.has('modifiers') ? { modifiers: nested(modifiers) } : {}),
        })),
        query,
      );
    }
    if (resource === 'modifiers') {
      const group = modifierGroups.find((g) => g.id === groupId);
      return group ? page(group.modifiers?.elements ?? [], query) : null;
    }
    // orders: Clover's filter syntax, only `title=...` here.
    const filter = query.filter ?? '';
    const title = filter.startsWith('title=') ? filter.slice('title='.length) : null;
    return page(title === null ? orders : orders.filter((o) => o.title === title), query);
  }

  function createOrder(body: unknown): { status: number; answer: unknown } {
    const cart = (body as Partial<CloverAtomicOrder> | null)?.orderCart;
    if (!cart || !Array.isArray(cart.lineItems) || cart.lineItems.length === 0) {
      return { status: 400, answer: { message: 'orderCart with at least one line item is required' } };
    }
    const items = new Map(standIn.catalogue.items.map((item) => [item.id, item]));
    const modifiers = new Map(
      standIn.catalogue.modifierGroups.flatMap((g) => (g.modifiers?.elements ?? []).map((m) => [m.id, m] as const)),
    );
    const lineItems: StandInOrder['lineItems']['elements'] = [];
    let total = 0;
    for (const line of cart.lineItems) {
      const item = items.get(line.item?.id);
      if (!item) return { status: 400, answer: { message: `Item ${line.item?.id} not found` } };
      for (const m of line.modifications ?? []) {
        if (!modifiers.has(m.modifier?.id))
          return { status: 400, answer: { message: `Modifier ${m.modifier?.id} not found` } };
        total += modifiers.get(m.modifier.id)!.price ?? 0;
      }
      total += item.price ?? 0;
      lineItems.push({
        id: cloverId(),
        item: { id: item.id },
        name: item.name,
        price: item.price ?? 0,
        modifications: { elements: line.modifications ?? [] },
      });
    }
    const order: StandInOrder = {
      id: cloverId(),
      title: cart.title ?? '',
      note: cart.note ?? '',
      lineItems: { elements: lineItems },
      total,
      createdTime: Date.now(),
    };
    orders.push(order);
    return { status: 200, answer: order };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    let rawBody = '';
    for await (const chunk of request) rawBody += chunk;
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length).replace(/\/$/, '') : null;
    const groupModifiers = /^modifier_groups\/([^/]+)\/modifiers$/.exec(rest ?? '');
    const groupId = groupModifiers ? decodeURIComponent(groupModifiers[1]!) : null;
    const resource: CloverResource | null = groupModifiers
      ? 'modifiers'
      : ((['categories', 'items', 'modifier_groups', 'orders', 'atomic_order/orders'] as const).find(
          (r) => r === rest,
        ) ?? null);
    const recorded: CloverStandInRequest = {
      method,
      path: url.pathname,
      resource,
      query,
      headers: request.headers,
      body,
      status: null,
    };
    requests.push(recorded);

    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      recorded.status = status;
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };

    if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { message: '401 Unauthorized' });
    if (!resource) return answer(404, { message: 'Not Found' });
    if (menuAttributesRefused && resource === 'items' && expands(query).has('menuItem'))
      return answer(menuAttributesRefused, { message: `${menuAttributesRefused} Forbidden` });
    const down = outages.get(resource);
    if (down) {
      return answer(
        down,
        { message: down === 429 ? 'Too Many Requests' : 'Internal Server Error' },
        down === 429 ? { 'Retry-After': '1' } : {},
      );
    }
    const delay = slow.get(resource);
    if (delay) slow.delete(resource);

    const work = (): { status: number; answer: unknown } => {
      if (method === 'GET' && resource !== 'atomic_order/orders') {
        const listed = listing(resource, query, groupId);
        return listed === null ? { status: 404, answer: { message: 'Not Found' } } : { status: 200, answer: listed };
      }
      if (method === 'POST' && resource === 'atomic_order/orders') return createOrder(body);
      return { status: 405, answer: { message: 'Method Not Allowed' } };
    };

    if (delay) {
      // Made: the work is done now and the answer is late. Not made: the caller gives up first.
      const done = delay.made ? work() : null;
      await new Promise((resolve) => setTimeout(resolve, delay.ms));
      if (response.destroyed || request.socket.destroyed) return;
      const late = done ?? work();
      return answer(late.status, late.answer);
    }
    const result = work();
    answer(result.status, result.answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    merchantId,
    token,
    get catalogue() {
      return standIn.catalogue;
    },
    set catalogue(next: CloverCatalogue) {
      standIn.catalogue = next;
    },
    requests,
    orders: () => [...orders],
    outage: (resource, status = 500) => void outages.set(resource, status),
    refuseMenuAttributes: (status) => void (menuAttributesRefused = status),
    slowNext: (resource, ms, { made = false } = {}) => void slow.set(resource, { ms, made }),
    clear() {
      menuAttributesRefused = 0;
      outages.clear();
      slow.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
