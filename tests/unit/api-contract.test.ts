import { describe, expect, it } from 'vitest';
import { checkAnswer, requestLine, schemaFor } from '../support/contract.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const placed = {
  order_id: 'ord_1',
  number: 1001,
  status: 'pending_payment',
  payment: { provider: 'demo', client_secret: 'demo_secret' },
  totals: {
    subtotal: 19.99,
    promo_discount: 0,
    loyalty_discount: 0,
    tax: 1.95,
    delivery_charge: 0,
    tip: 0,
    total: 21.94,
  },
};

describe('the response contract the tests hold the API to', () => {
  it('passes an answer that matches its schema', async () => {
    await expect(checkAnswer('POST', '/api/create-order/', json(placed, 201))).resolves.toBeUndefined();
  });

  it('fails an answer with a key the schema does not name, naming the call and the key', async () => {
    const drifted = { ...placed, totals: { ...placed.totals, total_cents: 2194 } };
    await expect(checkAnswer('POST', '/api/create-order/', json(drifted, 201))).rejects.toThrow(
      /POST \/api\/create-order\/ \(201\)[\s\S]*total_cents/,
    );
  });

  it('fails totals sent as text of cents where the wire carries dollars as numbers', async () => {
    const drifted = { ...placed, totals: { ...placed.totals, total: '2194' } };
    await expect(checkAnswer('POST', '/api/create-order/', json(drifted, 201))).rejects.toThrow(/totals\.total/);
  });

  it('holds every error answer to { error: true, message }, on any path', async () => {
    await expect(
      checkAnswer('GET', '/api/nothing-here/', json({ error: true, message: 'There is no such API call.' }, 404)),
    ).resolves.toBeUndefined();
    await expect(checkAnswer('POST', '/api/create-order/', json({ error: 'Bad' }, 422))).rejects.toThrow(
      /POST \/api\/create-order\/ \(422\)/,
    );
  });

  it('fails a 2xx JSON answer of a call the table does not list', async () => {
    await expect(checkAnswer('GET', '/api/not-in-the-table/', json({ ok: true }))).rejects.toThrow(/no schema/);
  });

  it('skips answers without a JSON body', async () => {
    await expect(checkAnswer('DELETE', '/api/saved-carts/x/', new Response(null, { status: 204 }))).resolves.toBe(
      undefined,
    );
    const stream = new Response('event: status\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } });
    await expect(checkAnswer('GET', '/api/orders/ord_1/status/', stream)).resolves.toBeUndefined();
  });

  it('matches paths with ids and reads method and path from a request', () => {
    expect(schemaFor('POST', '/api/staff/orders/ord_9/move/', 200)).not.toBeNull();
    expect(requestLine('https://shop.example/api/csrf/?x=1')).toEqual({ method: 'GET', path: '/api/csrf/' });
    expect(requestLine('/api/orders/', { method: 'post' })).toEqual({ method: 'POST', path: '/api/orders/' });
  });
});
