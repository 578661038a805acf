/**
 * The API client against a real local HTTP server (node:http) that records every request and
 * answers as the product's backend would, through the real global fetch. Nothing of ours is mocked.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient, type ApiClientOptions } from '../../shared/api/client.ts';
import {
  DELIVERY_ESTIMATE_ERROR,
  LOYALTY_POINTS_FAILED,
  MENU_FETCH_FAILED,
  NETWORK_ERROR,
  NO_MENUS_RETURNED,
  ORDERS_LOAD_FAILED,
  PAYMENT_METHODS_LOAD_FAILED,
  PROMO_SERVER_ERROR,
  SAVED_CARTS_LOAD_FAILED,
} from '../../shared/api/messages.ts';

// ---------------------------------------------------------------------------------------------
// A recording backend

interface Recorded {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

/** An answer; 'drop' closes the connection without one (the network failed). */
type Reply = { status?: number; body?: unknown; raw?: string } | 'drop';
type Handler = (request: Recorded) => Reply;

let server: Server;
let origin = '';
let handler: Handler = () => ({ status: 404, body: { error: true, message: 'Not found.' } });
const requests: Recorded[] = [];
const fetchCalls: { url: string; init: RequestInit | undefined }[] = [];

/** Routes keyed by 'METHOD /path/' (query left out); unknown routes answer 404. */
function backend(routes: Record<string, Reply | Handler>): void {
  handler = (request) => {
    const route = routes[`${request.method} ${request.path}`];
    if (route === undefined) return { status: 404, body: { error: true, message: 'Not found.' } };
    return typeof route === 'function' ? route(request) : route;
  };
}

/** A real fetch that remembers what it was asked, to see what the server cannot (credentials). */
const recordingFetch: typeof fetch = (input, init) => {
  fetchCalls.push({ url: input instanceof Request ? input.url : String(input), init });
  return fetch(input, init);
};

function makeClient(overrides: Partial<ApiClientOptions> = {}) {
  // A trailing slash on the base URL must not double the path's slash.
  return createApiClient({ baseUrl: `${origin}/`, fetch: recordingFetch, log: () => {}, ...overrides });
}

/** A failed call as the client throws it: its one error type, the HTTP status (0: no answer) and the sentence shown. */
function refusal(status: number, message: string) {
  return { name: 'ApiRequestError', status, message };
}

function only(): Recorded {
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://127.0.0.1');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = rawBody;
      }
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      const status = reply.status ?? 200;
      if (reply.raw !== undefined) {
        res.writeHead(status, { 'Content-Type': 'text/html' });
        res.end(reply.raw);
      } else if (reply.body === undefined) {
        res.writeHead(status);
        res.end();
      } else {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  fetchCalls.length = 0;
  backend({});
});

const MENUS = [
  {
    name: 'Taqueria',
    categories: [{ name: 'Tacos', menu_items: [{ id: 'taco-1', name: 'Al Pastor', base_price: '3.50' }] }],
  },
];

// ---------------------------------------------------------------------------------------------

describe('headers every call carries', () => {
  it('a GET asks for JSON, marks itself as XHR, sends cookies and carries no CSRF header or body type', async () => {
    backend({ 'GET /api/menus/': { body: MENUS } });
    await makeClient({ readCookie: () => 'csrftoken=from-cookie' }).getMenus();

    const request = only();
    expect(request.method).toBe('GET');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.headers['x-csrftoken']).toBeUndefined();
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]!.init?.credentials).toBe('include');
  });

  it('a POST sends its JSON body with Content-Type, cookies and the CSRF token from the csrftoken cookie', async () => {
    backend({ 'POST /api/promo-validate/': { body: { valid: true, discount_type: 'percent', discount_value: 10 } } });
    const client = makeClient({ readCookie: () => 'theme=dark; csrftoken=tok%2Dcookie; other=1' });
    await client.validatePromo('TACO10', '+12135550100');

    const request = only();
    expect(request.method).toBe('POST');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-csrftoken']).toBe('tok-cookie');
    expect(request.body).toEqual({ code: 'TACO10', phone: '+12135550100' });
    expect(fetchCalls[0]!.init?.credentials).toBe('include');
  });

  it('without a readable cookie, state-changing calls use the token GET /api/csrf/ returned in its body', async () => {
    backend({
      'GET /api/csrf/': { body: { csrftoken: 'tok-from-body' } },
      'POST /api/cognito/signout/': { body: { ok: true } },
      'DELETE /api/saved-carts/7/': { status: 204 },
    });
    const client = makeClient();

    await client.signout();
    expect(requests[0]!.headers['x-csrftoken']).toBeUndefined();

    await client.csrf();
    expect(requests[1]!.url).toBe('/api/csrf/');
    expect(requests[1]!.headers['x-csrftoken']).toBeUndefined();

    await client.signout();
    await client.deleteSavedCart(7);
    expect(requests[2]!.headers['x-csrftoken']).toBe('tok-from-body');
    expect(requests[3]!.method).toBe('DELETE');
    expect(requests[3]!.headers['x-csrftoken']).toBe('tok-from-body');
  });

  it('a cookie that cannot be read falls back to the remembered token', async () => {
    backend({ 'GET /api/csrf/': { body: { csrftoken: 'tok-from-body' } }, 'POST /api/cognito/signout/': {} });
    const client = makeClient({
      readCookie: () => {
        throw new Error('SecurityError: cookies are blocked here');
      },
    });
    await client.csrf();
    await client.signout();
    expect(requests[1]!.headers['x-csrftoken']).toBe('tok-from-body');
  });

  it('the csrftoken cookie wins over the token remembered from the body', async () => {
    backend({ 'GET /api/csrf/': { body: { csrftoken: 'tok-from-body' } }, 'POST /api/cognito/signout/': {} });
    const client = makeClient({ readCookie: () => 'csrftoken=tok-cookie' });
    await client.csrf();
    await client.signout();
    expect(requests[1]!.headers['x-csrftoken']).toBe('tok-cookie');
  });

  it('a CSRF call that fails is ignored silently', async () => {
    backend({ 'GET /api/csrf/': { status: 500, raw: '<h1>Server Error</h1>' }, 'POST /api/cognito/signout/': {} });
    const client = makeClient();
    await expect(client.csrf()).resolves.toBeUndefined();

    backend({ 'GET /api/csrf/': 'drop' });
    await expect(client.csrf()).resolves.toBeUndefined();
  });

  it('the access token goes in Authorization: Bearer, on reads and writes alike', async () => {
    let token: string | null = 'access-123';
    backend({ 'GET /api/orders/': { body: [] }, 'POST /api/cognito/signout/': {} });
    const client = makeClient({ getAccessToken: () => token });

    await client.listOrders('sub-1');
    await client.signout();
    token = null;
    await client.listOrders('sub-1');

    expect(requests[0]!.headers.authorization).toBe('Bearer access-123');
    expect(requests[1]!.headers.authorization).toBe('Bearer access-123');
    expect(requests[2]!.headers.authorization).toBeUndefined();
  });
});

describe('paths', () => {
  it('every call goes to its path, with its trailing slash', async () => {
    backend({
      'GET /api/csrf/': { body: { csrftoken: 't' } },
      'GET /api/menus/': { body: MENUS },
      'POST /api/estimate-delivery/': { body: { error: false, delivery_estimate: 5.5, quote_id: 'q1' } },
      'GET /api/loyalty/points/': { body: { points: 12 } },
      'POST /api/promo-validate/': { body: { valid: false, message: 'Unknown code.' } },
      'POST /api/create-order/': { body: { order_id: 'o1', status: 'pending_payment' } },
      'POST /api/finalize-order/o1/': { body: { order_id: 'o1', status: 'paid' } },
      'POST /api/cognito/refresh/': { body: { access_token: 'a' } },
      'POST /api/cognito/signout/': {},
      'GET /api/saved-carts/': { body: [] },
      'POST /api/saved-carts/': { status: 201, body: { id: 'c1', name: 'Friday', items: [], cognito_sub: 's' } },
      'DELETE /api/saved-carts/c1/': { status: 204 },
      'GET /api/orders/': { body: [] },
      'POST /api/orders/o1/reorder/': { body: { items: [] } },
      'GET /api/payment-methods/': { body: [] },
      'DELETE /api/payment-methods/pm_1/': { status: 204 },
      'POST /api/setup-intent/': { body: { client_secret: 'seti_secret' } },
      'POST /api/save-payment-method/': { body: {} },
    });
    const client = makeClient();
    await client.csrf();
    await client.getMenus();
    await client.estimateDelivery({
      delivery_street: '1 Main St',
      delivery_city: 'Los Angeles',
      delivery_state: 'CA',
      delivery_zip: '90012',
      delivery_country: 'US',
    });
    await client.loyaltyPoints('2135550100');
    await client.validatePromo('X');
    await client.createOrder(
      { cart_items: [], name: 'A', email: 'a@b.co', phone: '1', delivery_type: 'pickup' },
      { idempotencyKey: 'k' },
    );
    await client.finalizeOrder('o1');
    await client.refresh();
    await client.signout();
    await client.listSavedCarts('s');
    await client.saveCart({ name: 'Friday', items: [], cognito_sub: 's' });
    await client.deleteSavedCart('c1');
    await client.listOrders('s');
    await client.reorder('o1', 's');
    await client.listPaymentMethods('s');
    await client.deletePaymentMethod('pm_1', 's');
    await client.createSetupIntent('s');
    await client.savePaymentMethod('pm_1', 's');

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/csrf/',
      'GET /api/menus/',
      'POST /api/estimate-delivery/',
      'GET /api/loyalty/points/?phone=2135550100',
      'POST /api/promo-validate/',
      'POST /api/create-order/',
      'POST /api/finalize-order/o1/',
      'POST /api/cognito/refresh/',
      'POST /api/cognito/signout/',
      'GET /api/saved-carts/?cognito_sub=s',
      'POST /api/saved-carts/',
      'DELETE /api/saved-carts/c1/',
      'GET /api/orders/?cognito_sub=s',
      'POST /api/orders/o1/reorder/',
      'GET /api/payment-methods/?cognito_sub=s',
      'DELETE /api/payment-methods/pm_1/?cognito_sub=s',
      'POST /api/setup-intent/',
      'POST /api/save-payment-method/',
    ]);
    expect(fetchCalls.every((call) => call.url.startsWith(`${origin}/api/`))).toBe(true);
  });

  it('ids in paths are URL-encoded', async () => {
    backend({ 'POST /api/finalize-order/a%2Fb%20c/': { body: { status: 'paid' } } });
    await makeClient().finalizeOrder('a/b c');
    expect(only().url).toBe('/api/finalize-order/a%2Fb%20c/');
  });
});

describe('menus', () => {
  it('the menus come back as the server sends them', async () => {
    backend({ 'GET /api/menus/': { body: MENUS } });
    await expect(makeClient().getMenus()).resolves.toEqual(MENUS);
  });

  it("an empty menus answer reads 'No menus returned from the API'", async () => {
    backend({ 'GET /api/menus/': { body: [] } });
    await expect(makeClient().getMenus()).rejects.toMatchObject(refusal(200, NO_MENUS_RETURNED));
    expect(NO_MENUS_RETURNED).toBe('No menus returned from the API');
  });

  it("a menus answer that is not an array reads 'No menus returned from the API'", async () => {
    backend({ 'GET /api/menus/': { body: { menus: MENUS } } });
    await expect(makeClient().getMenus()).rejects.toMatchObject(refusal(200, NO_MENUS_RETURNED));
  });

  it("a menu fetch failure without a server message reads 'Failed to fetch Clover menu.'", async () => {
    backend({ 'GET /api/menus/': { status: 502, raw: '<h1>Bad Gateway</h1>' } });
    await expect(makeClient().getMenus()).rejects.toMatchObject(refusal(502, 'Failed to fetch Clover menu.'));
    expect(MENU_FETCH_FAILED).toBe('Failed to fetch Clover menu.');
  });

  it("a menu fetch that never reaches the server reads 'Failed to fetch Clover menu.'", async () => {
    backend({ 'GET /api/menus/': 'drop' });
    await expect(makeClient().getMenus()).rejects.toMatchObject(refusal(0, MENU_FETCH_FAILED));
  });

  it("a menu fetch failure shows the server's message", async () => {
    backend({
      'GET /api/menus/': {
        status: 503,
        body: { error: true, message: 'The menu is being updated. Try again in a minute.' },
      },
    });
    await expect(makeClient().getMenus()).rejects.toMatchObject(
      refusal(503, 'The menu is being updated. Try again in a minute.'),
    );
  });
});

describe('delivery estimate', () => {
  const address = {
    delivery_street: '350 S Grand Ave',
    delivery_city: 'Los Angeles',
    delivery_state: 'CA',
    delivery_zip: '90071',
    delivery_country: 'US',
  };

  it('an estimate sends the address and returns the fee, quote and location', async () => {
    const estimate = {
      error: false,
      delivery_estimate: 6.5,
      quote_id: 'q_123',
      delivery_lat: 34.05,
      delivery_lng: -118.25,
      distance_miles: 2.4,
    };
    backend({ 'POST /api/estimate-delivery/': { body: estimate } });
    await expect(makeClient().estimateDelivery(address)).resolves.toEqual(estimate);
    expect(only().body).toEqual(address);
  });

  it('an answer with the error flag and a message raises that message', async () => {
    backend({
      'POST /api/estimate-delivery/': {
        body: { error: true, message: 'That address is outside our 8-mile delivery area.' },
      },
    });
    await expect(makeClient().estimateDelivery(address)).rejects.toMatchObject(
      refusal(200, 'That address is outside our 8-mile delivery area.'),
    );
  });

  it("an answer with the error flag and no message raises 'Delivery estimate error'", async () => {
    backend({ 'POST /api/estimate-delivery/': { body: { error: true } } });
    await expect(makeClient().estimateDelivery(address)).rejects.toMatchObject(refusal(200, 'Delivery estimate error'));
    expect(DELIVERY_ESTIMATE_ERROR).toBe('Delivery estimate error');
  });

  it("an HTTP error raises the server's message, or 'Delivery estimate error' without one", async () => {
    backend({
      'POST /api/estimate-delivery/': {
        status: 400,
        body: { error: true, message: 'Enter a 5-digit ZIP code, like 90012.' },
      },
    });
    await expect(makeClient().estimateDelivery(address)).rejects.toMatchObject(
      refusal(400, 'Enter a 5-digit ZIP code, like 90012.'),
    );

    backend({ 'POST /api/estimate-delivery/': { status: 500, raw: 'oops' } });
    await expect(makeClient().estimateDelivery(address)).rejects.toMatchObject(refusal(500, DELIVERY_ESTIMATE_ERROR));

    backend({ 'POST /api/estimate-delivery/': 'drop' });
    await expect(makeClient().estimateDelivery(address)).rejects.toMatchObject(refusal(0, DELIVERY_ESTIMATE_ERROR));
  });
});

describe('loyalty points', () => {
  it('points are read for the URL-encoded phone', async () => {
    backend({ 'GET /api/loyalty/points/': { body: { points: 140 } } });
    const phone = '+1 (213) 555-0100';
    await expect(makeClient().loyaltyPoints(phone)).resolves.toBe(140);

    const request = only();
    expect(request.url.startsWith('/api/loyalty/points/?phone=%2B1%20')).toBe(true);
    expect(request.query.get('phone')).toBe(phone);
  });

  it('a loyalty failure is logged and reads 0 points', async () => {
    const logged: { message: string; error: unknown }[] = [];
    const client = makeClient({ log: (message, error) => logged.push({ message, error }) });

    backend({ 'GET /api/loyalty/points/': { status: 500, body: { error: true, message: 'Database unavailable.' } } });
    await expect(client.loyaltyPoints('2135550100')).resolves.toBe(0);

    backend({ 'GET /api/loyalty/points/': 'drop' });
    await expect(client.loyaltyPoints('2135550100')).resolves.toBe(0);

    backend({ 'GET /api/loyalty/points/': { body: { points: 'many' } } });
    await expect(client.loyaltyPoints('2135550100')).resolves.toBe(0);

    expect(logged.map((entry) => entry.message)).toEqual([
      LOYALTY_POINTS_FAILED,
      LOYALTY_POINTS_FAILED,
      LOYALTY_POINTS_FAILED,
    ]);
    expect(logged[1]!.error).toBeInstanceOf(Error);
  });
});

describe('promo codes', () => {
  it('a valid promo returns its discount', async () => {
    const answer = { valid: true, discount_type: 'fixed', discount_value: 5 };
    backend({ 'POST /api/promo-validate/': { body: answer } });
    await expect(makeClient().validatePromo('FIVE', '2135550100')).resolves.toEqual(answer);
  });

  it("a promo the server rejects shows the server's message", async () => {
    backend({ 'POST /api/promo-validate/': { body: { valid: false, message: 'This code expired on June 1.' } } });
    await expect(makeClient().validatePromo('JUNE')).resolves.toEqual({
      valid: false,
      message: 'This code expired on June 1.',
    });
    expect(only().body).toEqual({ code: 'JUNE' });
  });

  it("a promo refused with a 4xx answer shows the server's message instead of failing", async () => {
    backend({
      'POST /api/promo-validate/': {
        status: 400,
        body: { valid: false, message: 'This code is for first orders only.' },
      },
    });
    await expect(makeClient().validatePromo('HELLO', '2135550100')).resolves.toEqual({
      valid: false,
      message: 'This code is for first orders only.',
    });

    backend({
      'POST /api/promo-validate/': { status: 404, body: { error: true, message: 'We do not know that code.' } },
    });
    await expect(makeClient().validatePromo('NOPE')).resolves.toEqual({
      valid: false,
      message: 'We do not know that code.',
    });
  });

  it("a promo server failure reads 'Server error validating promo code'", async () => {
    const expected = { valid: false, message: 'Server error validating promo code' };
    expect(PROMO_SERVER_ERROR).toBe(expected.message);

    backend({ 'POST /api/promo-validate/': { status: 500, body: { error: true, message: 'Internal error.' } } });
    await expect(makeClient().validatePromo('TACO10')).resolves.toEqual(expected);

    backend({ 'POST /api/promo-validate/': 'drop' });
    await expect(makeClient().validatePromo('TACO10')).resolves.toEqual(expected);

    backend({ 'POST /api/promo-validate/': { status: 502, raw: '<h1>Bad Gateway</h1>' } });
    await expect(makeClient().validatePromo('TACO10')).resolves.toEqual(expected);
  });
});

describe('placing and finalising an order', () => {
  const order = {
    cart_items: [{ menu_item_id: 'taco-1', quantity: 2, modifiers: ['salsa-verde'] }],
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    phone: '2135550100',
    delivery_type: 'pickup' as const,
    marketing_opt_in: false,
    promo_code: '',
  };
  const created = {
    order_id: 'ord_1',
    status: 'pending_payment',
    payment: { provider: 'demo', client_secret: 'demo_secret_1' },
    totals: { subtotal: 7, promo_discount: 0, loyalty_discount: 0, tax: 0.68, delivery_charge: 0, tip: 0, total: 7.68 },
  };

  it('an order is sent with its Idempotency-Key and the answer comes back as is', async () => {
    backend({ 'POST /api/create-order/': { status: 201, body: created } });
    const client = makeClient({ readCookie: () => 'csrftoken=tok' });
    await expect(client.createOrder(order, { idempotencyKey: 'checkout-42' })).resolves.toEqual(created);

    const request = only();
    expect(request.headers['idempotency-key']).toBe('checkout-42');
    expect(request.headers['x-csrftoken']).toBe('tok');
    expect(request.body).toEqual(order);
  });

  it("a refused order throws ApiRequestError with the server's status and message", async () => {
    backend({
      'POST /api/create-order/': { status: 422, body: { error: true, message: 'Al Pastor is sold out today.' } },
    });
    const error = await makeClient()
      .createOrder(order, { idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(422);
    expect((error as ApiRequestError).message).toBe('Al Pastor is sold out today.');
  });

  it('an order that never reaches the server throws ApiRequestError with status 0', async () => {
    backend({ 'POST /api/create-order/': 'drop' });
    const error = await makeClient()
      .createOrder(order, { idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(0);
    expect((error as ApiRequestError).message).toBe(NETWORK_ERROR);
  });

  it('a finalised order returns its status', async () => {
    backend({ 'POST /api/finalize-order/ord_1/': { body: { order_id: 'ord_1', status: 'paid' } } });
    await expect(makeClient().finalizeOrder('ord_1')).resolves.toEqual({ order_id: 'ord_1', status: 'paid' });
    expect(only().rawBody).toBe('');
  });

  it('a finalize answer carrying an error field throws its message', async () => {
    backend({
      'POST /api/finalize-order/ord_1/': { body: { error: 'card_declined', message: 'Your card was declined.' } },
    });
    await expect(makeClient().finalizeOrder('ord_1')).rejects.toMatchObject({ message: 'Your card was declined.' });

    backend({ 'POST /api/finalize-order/ord_1/': { body: { error: 'The payment has not gone through yet.' } } });
    await expect(makeClient().finalizeOrder('ord_1')).rejects.toMatchObject({
      message: 'The payment has not gone through yet.',
    });

    backend({
      'POST /api/finalize-order/ord_1/': {
        status: 409,
        body: { error: true, message: 'This order was already paid.' },
      },
    });
    await expect(makeClient().finalizeOrder('ord_1')).rejects.toMatchObject({
      status: 409,
      message: 'This order was already paid.',
    });
  });
});

describe('session', () => {
  it('a refresh returns the new access token', async () => {
    backend({ 'POST /api/cognito/refresh/': { body: { access_token: 'fresh-token' } } });
    await expect(makeClient().refresh()).resolves.toBe('fresh-token');
  });

  it('a refresh that fails is silent and returns null', async () => {
    backend({ 'POST /api/cognito/refresh/': { status: 401, body: { error: true, message: 'Sign in again.' } } });
    await expect(makeClient().refresh()).resolves.toBeNull();
    backend({ 'POST /api/cognito/refresh/': 'drop' });
    await expect(makeClient().refresh()).resolves.toBeNull();
  });

  it('a sign-out that fails is silent', async () => {
    backend({ 'POST /api/cognito/signout/': { status: 500 } });
    await expect(makeClient().signout()).resolves.toBeUndefined();
    backend({ 'POST /api/cognito/signout/': 'drop' });
    await expect(makeClient().signout()).resolves.toBeUndefined();
  });
});

describe('account lists', () => {
  it('signed-out lists return [] without calling the server', async () => {
    const client = makeClient();
    for (const sub of ['', undefined, null]) {
      await expect(client.listSavedCarts(sub)).resolves.toEqual([]);
      await expect(client.listOrders(sub)).resolves.toEqual([]);
      await expect(client.listPaymentMethods(sub)).resolves.toEqual([]);
    }
    expect(requests).toHaveLength(0);
    expect(fetchCalls).toHaveLength(0);
  });

  it('lists are asked for with the URL-encoded cognito_sub and come back as sent', async () => {
    const carts = [{ id: 'c1', name: 'Friday', items: [], cognito_sub: 'us-east-1:a+b c' }];
    const orders = [
      { id: 'o1', status: 'paid', created_at: '2026-11-20T18:00:00Z', delivery_type: 'pickup', items: [] },
    ];
    const cards = [{ id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }];
    backend({
      'GET /api/saved-carts/': { body: carts },
      'GET /api/orders/': { body: orders },
      'GET /api/payment-methods/': { body: cards },
    });
    const sub = 'us-east-1:a+b c';
    const client = makeClient();
    await expect(client.listSavedCarts(sub)).resolves.toEqual(carts);
    await expect(client.listOrders(sub)).resolves.toEqual(orders);
    await expect(client.listPaymentMethods(sub)).resolves.toEqual(cards);

    for (const request of requests) {
      expect(request.url).toContain('?cognito_sub=us-east-1%3Aa%2Bb%20c');
      expect(request.query.get('cognito_sub')).toBe(sub);
    }
  });

  it('a list failure without a server message reads the default for that list', async () => {
    backend({
      'GET /api/saved-carts/': { status: 500 },
      'GET /api/orders/': { status: 500, raw: '<h1>Error</h1>' },
      'GET /api/payment-methods/': 'drop',
    });
    const client = makeClient();
    await expect(client.listSavedCarts('s')).rejects.toMatchObject(refusal(500, 'Failed to load saved carts'));
    await expect(client.listOrders('s')).rejects.toMatchObject(refusal(500, 'Failed to load orders'));
    await expect(client.listPaymentMethods('s')).rejects.toMatchObject(refusal(0, 'Failed to load payment methods'));
    expect([SAVED_CARTS_LOAD_FAILED, ORDERS_LOAD_FAILED, PAYMENT_METHODS_LOAD_FAILED]).toEqual([
      'Failed to load saved carts',
      'Failed to load orders',
      'Failed to load payment methods',
    ]);
  });

  it("a list failure shows the server's message", async () => {
    const refused = { status: 403, body: { error: true, message: 'You can only see your own account.' } };
    backend({ 'GET /api/saved-carts/': refused, 'GET /api/orders/': refused, 'GET /api/payment-methods/': refused });
    const client = makeClient();
    await expect(client.listSavedCarts('s')).rejects.toMatchObject(refusal(403, 'You can only see your own account.'));
    await expect(client.listOrders('s')).rejects.toMatchObject(refusal(403, 'You can only see your own account.'));
    await expect(client.listPaymentMethods('s')).rejects.toMatchObject(
      refusal(403, 'You can only see your own account.'),
    );
  });
});

describe('saved carts, reorder and saved cards', () => {
  const items = [{ menu_item_id: 'taco-1', quantity: 2, modifiers: [{ id: 'm1', name: 'Cheese', price: '0.75' }] }];

  it('saving a cart sends name, items and cognito_sub and returns the created cart', async () => {
    const cart = { id: 'c9', name: 'Friday tacos', items, cognito_sub: 'sub-1', created_at: '2026-11-20T18:00:00Z' };
    backend({ 'POST /api/saved-carts/': { status: 201, body: cart } });
    await expect(makeClient().saveCart({ name: 'Friday tacos', items, cognito_sub: 'sub-1' })).resolves.toEqual(cart);
    expect(only().body).toEqual({ name: 'Friday tacos', items, cognito_sub: 'sub-1' });
  });

  it('saving a cart that fails returns null', async () => {
    backend({ 'POST /api/saved-carts/': { status: 400, body: { error: true, message: 'Give this cart a name.' } } });
    await expect(makeClient().saveCart({ name: '', items, cognito_sub: 'sub-1' })).resolves.toBeNull();
    backend({ 'POST /api/saved-carts/': 'drop' });
    await expect(makeClient().saveCart({ name: 'x', items, cognito_sub: 'sub-1' })).resolves.toBeNull();
  });

  it('deleting a cart returns true, or false when it fails', async () => {
    backend({ 'DELETE /api/saved-carts/c9/': { status: 204 } });
    await expect(makeClient().deleteSavedCart('c9')).resolves.toBe(true);
    backend({ 'DELETE /api/saved-carts/c9/': { status: 404, body: { error: true, message: 'Not found.' } } });
    await expect(makeClient().deleteSavedCart('c9')).resolves.toBe(false);
    backend({ 'DELETE /api/saved-carts/c9/': 'drop' });
    await expect(makeClient().deleteSavedCart('c9')).resolves.toBe(false);
  });

  it('a reorder sends cognito_sub and returns the items, or null when it fails', async () => {
    backend({ 'POST /api/orders/o7/reorder/': { body: { items, message: 'Horchata is no longer on the menu.' } } });
    await expect(makeClient().reorder('o7', 'sub-1')).resolves.toEqual(items);
    expect(only().body).toEqual({ cognito_sub: 'sub-1' });

    backend({ 'POST /api/orders/o7/reorder/': { status: 404, body: { error: true, message: 'No such order.' } } });
    await expect(makeClient().reorder('o7', 'sub-1')).resolves.toBeNull();
  });

  it('deleting a card sends the URL-encoded cognito_sub and returns true, or false when it fails', async () => {
    backend({ 'DELETE /api/payment-methods/pm_1/': { body: { deleted: true } } });
    await expect(makeClient().deletePaymentMethod('pm_1', 'sub 1')).resolves.toBe(true);
    expect(only().url).toBe('/api/payment-methods/pm_1/?cognito_sub=sub%201');

    backend({ 'DELETE /api/payment-methods/pm_1/': { status: 500 } });
    await expect(makeClient().deletePaymentMethod('pm_1', 'sub 1')).resolves.toBe(false);
  });

  it('a setup intent returns the client secret and its errors pass to the caller', async () => {
    backend({ 'POST /api/setup-intent/': { body: { client_secret: 'seti_1_secret', provider: 'demo' } } });
    await expect(makeClient().createSetupIntent('sub-1')).resolves.toEqual({
      client_secret: 'seti_1_secret',
      provider: 'demo',
    });
    expect(only().body).toEqual({ cognito_sub: 'sub-1' });

    backend({
      'POST /api/setup-intent/': { status: 403, body: { error: true, message: 'Sign in again to add a card.' } },
    });
    const error = await makeClient()
      .createSetupIntent('sub-1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(403);
    expect((error as ApiRequestError).message).toBe('Sign in again to add a card.');
  });

  it('saving a card sends payment_method_id and cognito_sub and its errors pass to the caller', async () => {
    backend({ 'POST /api/save-payment-method/': { body: { payment_method: { id: 'pm_2', last4: '4242' } } } });
    await expect(makeClient().savePaymentMethod('pm_2', 'sub-1')).resolves.toEqual({
      payment_method: { id: 'pm_2', last4: '4242' },
    });
    expect(only().body).toEqual({ payment_method_id: 'pm_2', cognito_sub: 'sub-1' });

    backend({
      'POST /api/save-payment-method/': { status: 402, body: { error: true, message: 'Your card was declined.' } },
    });
    await expect(makeClient().savePaymentMethod('pm_2', 'sub-1')).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 402,
      message: 'Your card was declined.',
    });
  });
});
