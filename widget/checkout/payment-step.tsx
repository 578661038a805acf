/**
 * Paying for a placed order with the server's own total: the demo provider's test card form, or
 * Stripe's Payment Element from its lazy chunk. Once the money moved: finalize-order, clear the
 * cart, and go to /congratulations/?order=ID. A refused card keeps the cart and says why.
 * Signed in, the account's saved cards are offered too, with either provider; above them all,
 * the one-tap wallets (express-checkout.tsx).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiRequestError } from '../../shared/api/client.ts';
import type { CreateOrderResponse } from '../../shared/api/schemas.ts';
import { SavedCardChoice } from './saved-card-choice.tsx';
import { formatUSD, toCents } from '../../shared/money.ts';
import { sitePath, t } from '../i18n.ts';
import { LazyPart } from '../lazy-part.tsx';
import type { StripeExpressProps, StripePaymentProps } from '../stripe/index.tsx';
import { DemoExpressCheckout } from './express-checkout.tsx';
import type { CheckoutContext } from './checkout-context.ts';
import { forgetAttempt } from './checkout-storage.ts';
import { DemoCardForm } from './demo-card-form.tsx';

interface Props {
  context: CheckoutContext;
  order: CreateOrderResponse;
  onBack: () => void;
}

type StripeChunk = {
  StripePayment: (props: StripePaymentProps) => ReactNode;
  StripeExpressCheckout: (props: StripeExpressProps) => ReactNode;
  payWithSavedCard(options: {
    publishableKey: string;
    clientSecret: string;
    paymentMethodId: string;
  }): Promise<string | null>;
};

/**
 * The demo provider's confirm, where a payment already past confirming (it succeeded before: a
 * second tab, a reload after paying) is no error for this page: finalize-order then says where
 * the order stands (paid, or cancelled and refunded), as it does after any payment.
 */
export async function confirmDemo(
  api: CheckoutContext['api'],
  input: Parameters<CheckoutContext['api']['confirmDemoPayment']>[0],
): Promise<void> {
  try {
    await api.confirmDemoPayment(input);
  } catch (error) {
    if (
      error instanceof ApiRequestError &&
      isRecord(error.body) &&
      error.body.code === 'payment_intent_unexpected_state'
    )
      return;
    throw error;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The order's page, in the widget's language (/es/congratulations/ in Spanish). */
export function congratulationsPath(orderId: string): string {
  return `${sitePath('/congratulations/')}?order=${encodeURIComponent(orderId)}`;
}

export function PaymentStep({ context, order, onBack }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const total = formatUSD(toCents(order.totals.total));
  const payLabel = t('checkout.payAmount', { total });

  /** A saved card on Stripe: Stripe.js (in the stripe chunk) confirms the intent with it. */
  const payWithSavedStripeCard = (publishableKey: string) => async (paymentMethodId: string) => {
    const { module } = await context.loader.load<StripeChunk>('stripe');
    const refused = await module.payWithSavedCard({
      publishableKey,
      clientSecret: order.payment.client_secret,
      paymentMethodId,
    });
    if (refused) throw new Error(refused);
  };

  async function paid() {
    await context.api.finalizeOrder(order.order_id);
    forgetAttempt(context.storage);
    context.store.dispatch({ type: 'clear' });
    context.navigate(congratulationsPath(order.order_id));
  }

  return (
    <div className="payment">
      <h1 ref={heading} tabIndex={-1}>
        {t('checkout.payment')}
      </h1>
      <p>
        {t('checkout.orderTotalToPay', { number: order.number })} <strong>{total}</strong>
      </p>
      {order.payment.provider === 'stripe' && order.payment.publishable_key ? (
        <LazyPart<StripeChunk>
          chunk="stripe"
          loader={context.loader}
          render={({ StripeExpressCheckout }) => (
            <StripeExpressCheckout
              publishableKey={order.payment.publishable_key!}
              clientSecret={order.payment.client_secret}
              returnUrl={new URL(congratulationsPath(order.order_id), window.location.href).href}
              onPaid={paid}
            />
          )}
        />
      ) : (
        <DemoExpressCheckout
          clientSecret={order.payment.client_secret}
          total={total}
          send={(input) => confirmDemo(context.api, input)}
          onPaid={paid}
        />
      )}
      {order.payment.provider === 'stripe' && order.payment.publishable_key ? (
        <SavedCardChoice
          context={context}
          payWithSaved={payWithSavedStripeCard(order.payment.publishable_key)}
          payLabel={payLabel}
          onPaid={paid}
        >
          <LazyPart<StripeChunk>
            chunk="stripe"
            loader={context.loader}
            render={({ StripePayment }) => (
              <StripePayment
                publishableKey={order.payment.publishable_key!}
                clientSecret={order.payment.client_secret}
                returnUrl={new URL(congratulationsPath(order.order_id), window.location.href).href}
                payLabel={payLabel}
                onPaid={paid}
              />
            )}
          />
        </SavedCardChoice>
      ) : (
        <SavedCardChoice
          context={context}
          payWithSaved={(paymentMethodId) =>
            confirmDemo(context.api, { client_secret: order.payment.client_secret, payment_method_id: paymentMethodId })
          }
          payLabel={payLabel}
          onPaid={paid}
        >
          <DemoCardForm
            clientSecret={order.payment.client_secret}
            payLabel={payLabel}
            api={context.api}
            onPaid={paid}
            send={(card) => confirmDemo(context.api, card)}
          />
        </SavedCardChoice>
      )}
      <button type="button" className="link" onClick={onBack}>
        {t('checkout.backToDetails')}
      </button>
    </div>
  );
}
