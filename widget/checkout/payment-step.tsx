/**
 * Paying for a placed order with the server's own total: the demo provider's test card form, or
 * Stripe's Payment Element from its lazy chunk. Once the money moved: finalize-order, clear the
 * cart, and go to /congratulations/?order=ID. A refused card keeps the cart and says why.
 * Signed in with the demo provider, the account's saved cards are offered too.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { CreateOrderResponse } from '../../shared/api/schemas.ts';
import { SavedCardChoice } from './saved-card-choice.tsx';
import { formatUSD, toCents } from '../../shared/money.ts';
import { LazyPart } from '../lazy-part.tsx';
import type { StripePaymentProps } from '../stripe/index.tsx';
import type { CheckoutContext } from './checkout-context.ts';
import { forgetAttempt } from './checkout-storage.ts';
import { DemoCardForm } from './demo-card-form.tsx';

interface Props {
  context: CheckoutContext;
  order: CreateOrderResponse;
  onBack(): void;
}

type StripeChunk = { StripePayment(props: StripePaymentProps): ReactNode };

export function congratulationsPath(orderId: string): string {
  return `/congratulations/?order=${encodeURIComponent(orderId)}`;
}

export function PaymentStep({ context, order, onBack }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const total = formatUSD(toCents(order.totals.total));
  const payLabel = `Pay ${total}`;

  async function paid() {
    await context.api.finalizeOrder(order.order_id);
    forgetAttempt(context.storage);
    context.store.dispatch({ type: 'clear' });
    context.navigate(congratulationsPath(order.order_id));
  }

  return (
    <div className="payment">
      <h1 ref={heading} tabIndex={-1}>
        Payment
      </h1>
      <p>
        Order #{order.number}. Total to pay: <strong>{total}</strong>
      </p>
      {order.payment.provider === 'stripe' && order.payment.publishable_key ? (
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
      ) : (
        <SavedCardChoice context={context} clientSecret={order.payment.client_secret} payLabel={payLabel} onPaid={paid}>
          <DemoCardForm clientSecret={order.payment.client_secret} payLabel={payLabel} api={context.api} onPaid={paid} />
        </SavedCardChoice>
      )}
      <button type="button" className="link" onClick={onBack}>
        Back to your details
      </button>
    </div>
  );
}
