/**
 * A small fetch-based client for the part of Clover's REST API v3 the menu sync and the order
 * push use (https://docs.clover.com/dev/reference): categories, items and modifier groups read
 * page by page (limit/offset, asking again while a page comes back full), atomic orders created,
 * and orders found by title. Every call has its own time-out, and every error names the call that
 * failed, so a log line says "Clover GET items failed: HTTP 500" rather than "fetch failed".
 * Clover's raw shapes stop here and in clover-menu.ts / clover-orders.ts.
 */

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
  sortOrder?: number | null;
}

export interface CloverItem {
  id: string;
  name: string;
  alternateName?: string | null;
  description?: string | null;
  /** Integer cents. */
  price: number;
  hidden?: boolean | null;
  available?: boolean | null;
  categories?: { elements?: CloverRef[] } | null;
  modifierGroups?: { elements?: CloverRef[] } | null;
  /** Labels the merchant put on the item (sent only when expanded). */
  tags?: { elements?: CloverTag[] } | null;
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

export interface CloverClient {
  categories(): Promise<CloverCategory[]>;
  /** Items with their categories and modifier groups expanded. */
  items(): Promise<CloverItem[]>;
  /** Modifier groups with their modifiers expanded. */
  modifierGroups(): Promise<CloverModifierGroup[]>;
  createAtomicOrder(order: CloverAtomicOrder): Promise<CloverOrder>;
  /** Orders whose title is exactly `title` (Clover's `filter=title=...`). */
  findOrdersByTitle(title: string): Promise<CloverOrder[]>;
}

const MAX_PAGE = 1000;

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
    items: () => all<CloverItem>('items', { expand: 'categories,modifierGroups,tags' }),
    modifierGroups: () => all<CloverModifierGroup>('modifier_groups', { expand: 'modifiers' }),
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
