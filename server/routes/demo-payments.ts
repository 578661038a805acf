import { Hono } from 'hono';
import { z } from 'zod';
import type { DemoCardSetupResponse, DemoPaymentError, DemoPaymentResponse } from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import { findDemoSetup } from '../db/demo-setups.ts';
import { paymentByClientSecret } from '../db/payments.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, readBody } from '../http/errors.ts';
import { beginCardAttempt, beginSetupAttempt } from '../services/card-attempts.ts';
import { UnexpectedPaymentState } from '../providers/payments/demo.ts';
import { DEMO_WALLET } from '../providers/payments/payment-provider.ts';

const text = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });

const CardSchema = z.object({
  client_secret: text('The payment is missing. Start checkout again.'),
  card_number: text('Enter your card number.'),
  exp: text('Enter the expiry date as MM/YY.'),
  cvc: text('Enter the security code.'),
});

/** A new card as typed, a saved card by its id, or the one-tap demo wallet. */
const DemoConfirmSchema = z.union(
  [
    z.object({
      client_secret: text('The payment is missing. Start checkout again.'),
      payment_method_id: text('Choose a saved card.'),
    }),
    z.object({
      client_secret: text('The payment is missing. Start checkout again.'),
      wallet: z.literal(DEMO_WALLET),
    }),
    CardSchema,
  ],
  { error: 'Enter your card number.' },
);

export const TEST_MODE_OFF = 'Test-mode payments are off on this server.';

/**
 * The demo provider's card steps (test mode only): POST /api/demo-payments/confirm/ pays an
 * order with a card as typed, a saved card or the one-tap demo wallet; POST /api/demo-payments/setup/ confirms a card to
 * save (the demo side of a SetupIntent).
 */
export function demoPaymentRoutes({ db, clock, settings, payments, cardVault }: AppDependencies): Hono {
  return new Hono()
    .post('/demo-payments/confirm/', async (c) => {
      if (!payments.confirm) throw new HttpError(404, TEST_MODE_OFF);
      const input = await readBody(c, DemoConfirmSchema);
      const card = 'card_number' in input ? input : { ...input, card_number: '', exp: '', cvc: '' };
      // Card testing: past its declines, an order (or an address) gets no more attempts for a while.
      const payment = await paymentByClientSecret(db, input.client_secret);
      const who = { orderId: payment?.order_id ?? input.client_secret, address: clientAddress(c, settings.trustProxy) };
      const attempt = await beginCardAttempt(db, who, clock());
      try {
        const status = await payments.confirm(card);
        await attempt.release();
        return c.json({ status } satisfies DemoPaymentResponse);
      } catch (error) {
        // A declined card (402) keeps its count; anything else gives it back.
        if (!(error instanceof HttpError && error.status === 402)) await attempt.release();
        // The error carries Stripe's code too, so a client can tell it from a declined card.
        if (error instanceof UnexpectedPaymentState)
          return c.json({ error: true, code: error.code, message: error.message } satisfies DemoPaymentError, 400);
        throw error;
      }
    })
    .post('/demo-payments/setup/', async (c) => {
      if (!cardVault.confirmSetup) throw new HttpError(404, TEST_MODE_OFF);
      const input = await readBody(c, CardSchema);
      // Saving a card checks it as paying does: past its declines, an account (or an address) gets no more tries.
      const setup = await findDemoSetup(db, input.client_secret);
      const who = {
        cognitoSub: setup?.cognito_sub ?? input.client_secret,
        address: clientAddress(c, settings.trustProxy),
      };
      const attempt = await beginSetupAttempt(db, who, clock());
      try {
        const paymentMethodId = await cardVault.confirmSetup(input);
        await attempt.release();
        return c.json({ payment_method_id: paymentMethodId } satisfies DemoCardSetupResponse, 201);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 402)) await attempt.release();
        throw error;
      }
    });
}
