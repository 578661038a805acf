/**
 * A small fetch-based client for the part of Clover's REST API v3 the menu sync and the order
 * push use (https://docs.clover.com/dev/reference): categories, items and modifier groups read
 * page by page (limit/offset, asking again while a page comes back full), atomic orders created,
 * and orders found by title. Every call has its own time-out, and every error names the call that
 * failed, so a log line says "Clover GET items failed: HTTP 500" rather than "fetch failed".
 * Clover's raw shapes stop here and in clover-menu.ts / clover-orders.ts.
 *
 * Two limits Clover documents shape how the inventory is read:
 * - "Limit expansions to a maximum of three fields per API call"
 *   (https://docs.clover.com/docs/expanding-fields): items are read twice, once with their
 *   categories, modifier groups and tags, once with their menu attributes (`menuItem`), and the
 *   two are joined by item id;
 * - "Offsets and limits cannot be used to paginate results in nested fields. If the result set for
 *   a nested field contains more than 100 items, the API limits the results to the first 100
 *   items" (https://docs.clover.com/docs/paginating-elements): a group whose expanded modifiers
 *   come back full (100) or shorter than its `modifierIds` list is read again in full from
 *   GET modifier_groups/{id}/modifiers, page by page, in the group's own order.
 */
import { log } from '../../logger.ts';

export interface CloverConfig {
  /** https://api.clover.com (North America), https://sandbox.dev.clover.com, or a stand-in. */
  apiBase: string;
  merchantId: string;
  /** An OAuth or merchant API token, sent as `Authorization: Bearer`. */
  token: string;
  /** How long one HTTP call may take, in milliseconds; default 10 s. */
  timeoutMs?: number;
  /** Rows asked per page, at most 1000 (Clover's ceiling); default 1000. */
  pageSize?: number;
}

// ------------------------------------------------------------------------------------------------
// Clover's shapes, as far as we read them

export interface CloverRef {
  id: string;
}

export interface CloverCategory {
  id: string;
  name: string;
  /** A number, or the same number as a string (Clover's own expand example sends "0"). */
  sortOrder?: number | string | null;
}

/**
 * How an item is priced (com.clover.sdk.v3.inventory.PriceType): FIXED at `price`; VARIABLE,
 * entered at the register when sold (`price` means nothing); PER_UNIT, `price` per `unitName`
 * (per lb, per hour), a line item then carrying `unitQty` in thousandths of the unit.
 */
export type CloverPriceType = 'FIXED' | 'VARIABLE' | 'PER_UNIT';

/**
 * An item's menu attributes (com.clover.sdk.v3.inventory.MenuItem, `Item.menuItem`, sent only when
 * expanded): the customer-facing side of the item, apart from the Register's `hidden`.
 */
export interface CloverMenuItem {
  /** "Item enabled for menu": false keeps the item off the online menu, whatever `hidden` says. */
  enabled?: boolean | null;
  /** "Item description": Clover's Item has no description of its own. */
  description?: string | null;
}

export interface CloverItem {
  id: string;
  name: string;
  alternateName?: string | null;
  /** Integer cents; per unit for PER_UNIT, meaningless for VARIABLE (often 0 or absent). */
  price?: number | null;
  /** A CloverPriceType, or a kind Clover may add later; Clover sends FIXED unless told otherwise. */
  priceType?: string | null;
  /** The unit of a PER_UNIT price ("lb", "oz", "hr"); often "" otherwise. */
  unitName?: string | null;
  /** "True if this item is hidden from Clover Register App": the Register's switch, not the menu's. */
  hidden?: boolean | null;
  available?: boolean | null;
  categories?: { elements?: CloverRef[] } | null;
  modifierGroups?: { elements?: CloverRef[] } | null;
  /** Labels the merchant put on the item (sent only when expanded). */
  tags?: { elements?: CloverTag[] } | null;
  /** Sent only when expanded (`expand=menuItem`). */
  menuItem?: CloverMenuItem | null;
}

export interface CloverTag {
  id: string;
  name?: string | null;
}

export interface CloverModifier {
  id: string;
  name: string;
  /** The modifier's "Alternate name" (our Spanish name); empty or absent when never filled in. */
  alternateName?: string | null;
  /** Integer cents; absent means free. */
  price?: number | null;
  available?: boolean | null;
}

export interface CloverModifierGroup {
  id: string;
  name: string;
  /** The group's "Alternate name" (our Spanish name); empty or absent when never filled in. */
  alternateName?: string | null;
  minRequired?: number | null;
  maxAllowed?: number | null;
  showByDefault?: boolean | null;
  /** "An ordered, comma-separated list of modifier ids in this group (READ ONLY)". */
  modifierIds?: string | null;
  /** At most the first 100 when expanded (NESTED_CAP); the client reads the rest. */
  modifiers?: { elements?: CloverModifier[] } | null;
}

/** The body of POST /v3/merchants/{mId}/atomic_order/orders. */
export interface CloverAtomicOrder {
  orderCart: {
    title: string;
    note: string;
    lineItems: Array<{ item: CloverRef; modifications: Array<{ modifier: CloverRef }> }>;
  };
}

export interface CloverOrder {
  id: string;
  title?: string | null;
}

// ------------------------------------------------------------------------------------------------

export type CloverErrorKind = 'http' | 'timeout' | 'network' | 'answer';

/** A failed call: which one, and how (an HTTP status, a time-out, no connection, an odd answer). */
export class CloverError extends Error {
  constructor(
    message: string,
    readonly call: string,
    readonly kind: CloverErrorKind,
    readonly status: number | null = null,
    /** Seconds Clover asked us to wait (429's Retry-After). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CloverError';
  }

  /** Whether trying again later may work: time-outs, lost connections, 429 and 5xx. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.status === 429 || (this.status ?? 0) >= 500;
  }
}

/**
 * Items with their categories, modifier groups, tags and menu attributes (the online-ordering
 * switch and description), and the HTTP status Clover refused those attributes with for good, or
 * null when it answered them.
 */
export interface CloverItems {
  items: CloverItem[];
  menuAttributesRefusedWith: number | null;
}

export interface CloverClient {
  categories(): Promise<CloverCategory[]>;
  items(): Promise<CloverItems>;
  /** Modifier groups with every one of their modifiers, however many. */
  modifierGroups(): Promise<CloverModifierGroup[]>;
  createAtomicOrder(order: CloverAtomicOrder): Promise<CloverOrder>;
  /** Orders whose title is exactly `title` (Clover's `filter=title=...`). */
  findOrdersByTitle(title: string): Promise<CloverOrder[]>;
}

const MAX_PAGE = 1000;
/** The most elements Clover puts in one expanded (nested) list. */
export const NESTED_CAP = 100;

export function createCloverClient(config: CloverConfig): CloverClient {
  const base = `${config.apiBase.replace(/\/+$/, '')}/v3/merchants/${encodeURIComponent(config.merchantId)}`;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const pageSize = Math.min(Math.max(1, config.pageSize ?? MAX_PAGE), MAX_PAGE);

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    body?: unknown,
  ): Promise<T> {
    const name = `${method} ${path}`;
    const url = `${base}/${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${config.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) throw new CloverError(`Clover ${name} timed out after ${timeoutMs} ms.`, name, 'timeout');
      throw new CloverError(`Clover ${name} failed: ${causeOf(error)}.`, name, 'network');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CloverError(
        `Clover ${name} ${timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${causeOf(error)}`}.`,
        name,
        timedOut ? 'timeout' : 'network',
      );
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const detail = messageOf(text);
      throw new CloverError(
        `Clover ${name} failed: HTTP ${response.status}${detail ? ` (${detail})` : ''}.`,
        name,
        'http',
        response.status,
        Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('retry-after') ? retryAfter : null,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CloverError(`Clover ${name} answered something that is not JSON.`, name, 'answer', response.status);
    }
  }

  /** Every element of a listing, page after page, until a page comes back short. */
  async function all<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const rows: T[] = [];
    for (let offset = 0; ; offset += pageSize) {
      const page = await call<{ elements?: T[] }>('GET', path, {
        ...query,
        limit: String(pageSize),
        offset: String(offset),
      });
      if (!Array.isArray(page.elements)) {
        throw new CloverError(`Clover GET ${path} answered without an elements list.`, `GET ${path}`, 'answer');
      }
      rows.push(...page.elements);
      if (page.elements.length < pageSize) return rows;
    }
  }

  return {
    categories: () => all<CloverCategory>('categories'),
    async items() {
      // Three expansions a call at most: the menu attributes come in a second pass.
      const items = await all<CloverItem>('items', { expand: 'categories,modifierGroups,tags' });
      let menus: Map<string, CloverItem['menuItem']>;
      let menuAttributesRefusedWith: number | null = null;
      try {
        menus = new Map(
          (await all<Pick<CloverItem, 'id' | 'menuItem'>>('items', { expand: 'menuItem' })).map((item) => [
            item.id,
            item.menuItem,
          ]),
        );
      } catch (error) {
        // Refused for good (a 4xx): the menu attributes belong to Clover's online ordering, which a
        // merchant's token may not be allowed; the Register's `hidden` decides, as for an item without them.
        if (!(error instanceof CloverError) || error.retryable || error.status === null || error.status < 400)
          throw error;
        log.warn(
          { status: error.status },
          "Clover refused the items' menu attributes (online-ordering switch); the Register's hidden flag decides what shows online",
        );
        menus = new Map();
        menuAttributesRefusedWith = error.status;
      }
      // An item added between the passes has no menu attributes: clover-menu.ts falls back to `hidden`.
      return {
        items: items.map((item) => (menus.has(item.id) ? { ...item, menuItem: menus.get(item.id) ?? null } : item)),
        menuAttributesRefusedWith,
      };
    },
    async modifierGroups() {
      const groups = await all<CloverModifierGroup>('modifier_groups', { expand: 'modifiers' });
      const whole: CloverModifierGroup[] = [];
      for (const group of groups) {
        const listed = group.modifiers?.elements ?? [];
        const order = idList(group.modifierIds);
        if (listed.length < NESTED_CAP && order.length <= listed.length) {
          whole.push(group);
          continue;
        }
        // Cut at 100: the group's own listing, page by page, in the group's order.
        const every = await all<CloverModifier>(`modifier_groups/${encodeURIComponent(group.id)}/modifiers`);
        whole.push({ ...group, modifiers: { elements: inOrder(every, order) } });
      }
      return whole;
    },
    async createAtomicOrder(order) {
      const created = await call<CloverOrder>('POST', 'atomic_order/orders', {}, order);
      if (typeof created?.id !== 'string') {
        throw new CloverError(
          'Clover POST atomic_order/orders answered without an order id.',
          'POST atomic_order/orders',
          'answer',
        );
      }
      return created;
    },
    async findOrdersByTitle(title) {
      const page = await call<{ elements?: CloverOrder[] }>('GET', 'orders', {
        filter: `title=${title}`,
        limit: '100',
      });
      return (page.elements ?? []).filter((order) => order.title === title);
    },
  };
}

/**
 * CLOVER_API_BASE, CLOVER_MERCHANT_ID and CLOVER_TOKEN: all three choose Clover, none chooses the
 * embedded menu, and some without the others stops the start with what is missing.
 */
export function cloverConfigFromEnv(env: Record<string, string | undefined>): CloverConfig | undefined {
  const names = ['CLOVER_API_BASE', 'CLOVER_MERCHANT_ID', 'CLOVER_TOKEN'] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0)
    throw new Error(
      `The Clover menu needs ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} and start again.`,
    );
  const timeout = Number(env.CLOVER_TIMEOUT_MS);
  return {
    apiBase: env.CLOVER_API_BASE!,
    merchantId: env.CLOVER_MERCHANT_ID!,
    token: env.CLOVER_TOKEN!,
    ...(env.CLOVER_TIMEOUT_MS && Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  };
}

/** Clover's comma-separated id list, empty when absent or not a string. */
function idList(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : [];
}

/** Modifiers in the group's order (`modifierIds`); any it does not name keep their listed order, last. */
function inOrder(modifiers: CloverModifier[], order: string[]): CloverModifier[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return modifiers
    .map((modifier, index) => ({ modifier, index }))
    .sort(
      (a, b) =>
        (rank.get(a.modifier.id) ?? order.length) - (rank.get(b.modifier.id) ?? order.length) || a.index - b.index,
    )
    .map(({ modifier }) => modifier);
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

/** Clover's error bodies carry `message`; keep it short for a log line. */
function messageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message.slice(0, 200);
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}
