// A customer who reads Spanish gets Spanish back from the server: the mails and texts about an
// order placed from the Spanish widget (which sends Accept-Language: es), and the link mails of
// their account, leading to the Spanish pages. English stays the default, word for word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOnBoard } from '../../server/services/staff-board.ts';
import { orderText } from '../../server/services/order-texts.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { mailsTo } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';
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
