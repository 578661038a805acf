// A customer who reads Spanish gets Spanish back from the server: the mails and texts about an
// order placed from the Spanish widget (which sends Accept-Language: es), and the link mails of
// their account, leading to the Spanish pages. English stays the default, word for word.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { moveOnBoard } from '../../server/services/staff-board.ts';
import { orderText } from '../../server/services/order-texts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import type { FinalizedOrder, OrderSummary } from '../../shared/api/schemas.ts';
import { mailsTo, signUpAndIn } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember } from '../support/staff-members.ts';
import { addTestItems } from '../support/menu-fixtures.ts';

describe.each(databaseTargets)('Spanish mails and texts on $name', (target) => {
  let api: TestApi;
  const now = new Date('2026-11-20T19:00:00Z');

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'es-item', name: 'Agua de Jamaica', priceCents: 400 }]);
  });
  afterAll(() => api?.close());

  async function paidOrder(email: string, language: string): Promise<{ id: string; number: string }> {
    const body = {
      cart_items: [{ menu_item_id: 'es-item', quantity: 1, modifiers: [] }],
      name: 'Lupe',
      email,
      phone: '2135550188',
      delivery_type: 'pickup',
    };
    const headers = { 'Accept-Language': language };
    const placed = (await (await api.call('POST', '/api/create-order/', body, headers)).json()) as {
      order_id: string;
      payment: { client_secret: string };
    };
    await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: placed.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    await api.call('POST', `/api/finalize-order/${placed.order_id}/`);
    const [row] = await api.deps.db.query<{ number: string; locale: string }>(
      'select number::text as number, locale from orders where id = $1',
      [placed.order_id],
    );
    return { id: placed.order_id, number: row!.number };
  }

  it('writes the paid and ready mails of an order placed in Spanish in Spanish', async () => {
    const order = await paidOrder('lupe@example.com', 'es-MX,es;q=0.9,en;q=0.5');
    const staff = { id: 'stf_test', email: 'staff@example.com', role: 'staff' as const };
    await moveOnBoard(api.deps, order.id, 'accepted', staff);
    await moveOnBoard(api.deps, order.id, 'ready', staff);
    const mails = await mailsTo(api, 'lupe@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Recibimos tu pedido #${order.number}: Taquería El Comal`,
      `Tu pedido #${order.number} está listo para recoger`,
    ]);
    expect(mails[0]!.body).toBe(
      `Hola, Lupe:\n\nGracias: recibimos tu pedido #${order.number} ($4.39) y la cocina ya está en ello.\n` +
        'Recógelo en 727 N Broadway, Los Angeles; te escribiremos otra vez cuando esté listo.\n\n' +
        '¿Preguntas? Llámanos al (213) 555-0148.\n',
    );
  });

  it('names the dishes and choices of a Spanish order in Spanish on its receipt, in the order history and in a refund’s mail', async () => {
    const { bearer, sub } = await signUpAndIn(api, 'rosa@example.com', { 'Accept-Language': 'es' });
    const spanish = { ...bearer, 'Accept-Language': 'es' };
    const placed = await api.call(
      'POST',
      '/api/create-order/',
      {
        cart_items: [
          { menu_item_id: 'drink-mexican-coke', quantity: 2, modifiers: [] },
          { menu_item_id: 'taco-asada', quantity: 1, modifiers: ['mod-tortilla-blue', 'mod-queso'] },
        ],
        name: 'Rosa',
        email: 'rosa@example.com',
        phone: '2135550189',
        delivery_type: 'pickup',
      },
      spanish,
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
    await api.call('POST', '/api/demo-payments/confirm/', {
      client_secret: order.payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    const named = (answer: { items: { name: string; modifiers: { name: string }[] }[] }) =>
      answer.items.map((item) => [item.name, item.modifiers.map((m) => m.name)]);
    const receipt = await api.call('POST', `/api/finalize-order/${order.order_id}/`);
    expect(named((await receipt.json()) as FinalizedOrder)).toEqual([
      ['Coca-Cola Mexicana', []],
      ['Taco de Asada', ['De maíz azul', 'Queso Oaxaca derretido']],
    ]);
    const history = (await (
      await api.call('GET', `/api/orders/?cognito_sub=${sub}`, undefined, spanish)
    ).json()) as OrderSummary[];
    expect(named(history[0]!)).toEqual(
      named((await (await api.call('POST', `/api/finalize-order/${order.order_id}/`)).json()) as FinalizedOrder),
    );
    // The kitchen reads the menu's own names.
    const [line] = await api.deps.db.query<{ name: string }>(
      `select name from order_lines where order_id = $1 and menu_item_id = 'drink-mexican-coke'`,
      [order.order_id],
    );
    expect(line!.name).toBe('Mexican Coca-Cola');
    // Read in English, the history says the English names.
    const english = (await (
      await api.call('GET', `/api/orders/?cognito_sub=${sub}`, undefined, bearer)
    ).json()) as OrderSummary[];
    expect(english[0]!.items.map((item) => item.name)).toEqual(['Mexican Coca-Cola', 'Taco de Asada']);

    // A refund of one of the sodas: the mail names it as the customer ordered it.
    const staff = await staffMember(api, 'refunds@comal.example', 'staff', now);
    const refunded = await api.call(
      'POST',
      `/api/staff/orders/${order.order_id}/refunds/`,
      { reason: 'quality_issue', lines: [{ position: 0, quantity: 1 }] },
      { ...staff, 'Idempotency-Key': randomUUID() },
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect((await mailsTo(api, 'rosa@example.com')).at(-1)!.body).toContain('Por: 1 × Coca-Cola Mexicana.');
    // The board shows the kitchen the menu's own name.
    expect(((await refunded.json()) as BoardOrder).refunds[0]!.lines).toEqual([
      { position: 0, name: 'Mexican Coca-Cola', quantity: 1 },
    ]);
  });

  it('keeps English for a browser that does not prefer Spanish', async () => {
    const order = await paidOrder('lee@example.com', 'fr-FR,en;q=0.8');
    const [mail] = await mailsTo(api, 'lee@example.com');
    expect(mail!.subject).toBe(`Order #${order.number} is in: Taquería El Comal`);
    expect(mail!.body.startsWith('Hi Lupe,\n\nThank you: we have your order')).toBe(true);
  });

  it('texts in the order’s language, ending with the STOP sentence', () => {
    expect(orderText({ number: 1042, locale: 'es' }, 'ready')).toBe(
      'Taquería El Comal: el pedido 1042 está listo para recoger. Responde STOP para cancelar, HELP para ayuda.',
    );
    expect(orderText({ number: 1042, locale: 'en' }, 'out_for_delivery')).toBe(
      'Taquería El Comal: order 1042 is out for delivery. Reply STOP to cancel, HELP for help.',
    );
  });

  it('mails a Spanish reset link that opens the Spanish page, from the configured origin only', async () => {
    await api.call('POST', '/api/auth/register/', {
      email: 'rosa@example.com',
      password: 'a long enough secret phrase',
      name: 'Rosa',
      phone: '2135550177',
    });
    const response = await api.call(
      'POST',
      '/api/auth/password-reset/',
      { email: 'rosa@example.com' },
      { 'Accept-Language': 'es', Host: 'evil.example' },
    );
    expect(response.status).toBe(200);
    const mail = (await mailsTo(api, 'rosa@example.com')).at(-1)!;
    expect(mail.subject).toBe('Elige una contraseña nueva para Taquería El Comal');
    expect(mail.body).toMatch(
      /^Hola:\n\nElige una contraseña nueva aquí:\nhttp:\/\/localhost\/es\/reset-password\/\?token=[\w-]+\n\nEl enlace funciona durante 1 hora\. /,
    );
    expect(mail.body).not.toContain('evil.example');
  });
});
