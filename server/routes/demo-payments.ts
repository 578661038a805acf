import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDependencies } from '../app.ts';
import { HttpError, readBody } from '../http/errors.ts';
import { isDemoPayments } from '../providers/payments/demo.ts';

const text = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });

const DemoConfirmSchema = z.object({
  client_secret: text('The payment is missing. Start checkout again.'),
  card_number: text('Enter your card number.'),
  exp: text('Enter the expiry date as MM/YY.'),
  cvc: text('Enter the security code.'),
});

/** POST /api/demo-payments/confirm/: the demo provider's card step (test mode only). */
export function demoPaymentRoutes({ payments }: AppDependencies): Hono {
  return new Hono().post('/demo-payments/confirm/', async (c) => {
    if (!isDemoPayments(payments)) throw new HttpError(404, 'Test-mode payments are off on this server.');
    const input = await readBody(c, DemoConfirmSchema);
    return c.json({ status: await payments.confirm(input) });
  });
}
