/**
 * The Stripe payment step, a lazy chunk loaded only here (with Stripe.js itself). Stripe
 * Elements refuse to mount inside a shadow root, so the Payment Element is
 * mounted in a light-DOM child of the widget's shadow host and shown through the named
 * <slot name="comal-payment"> of the widget's layout. With intent 'setup' it saves a card for the
 * account's /payment/ screen instead of paying.
 */
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';

export const PAYMENT_SLOT = 'comal-payment';
export const STRIPE_LOAD_FAILED = 'We could not load the card form. Check your connection and try again.';

export interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  /** 'setup' saves a card for later (a SetupIntent's secret) instead of paying; default 'payment'. */
  intent?: 'payment' | 'setup';
  /** Where Stripe sends the customer back after a bank's own check (3-D Secure). */
  returnUrl: string;
  payLabel: string;
  /** Once the card went through; for a setup, with the saved card's PaymentMethod id. */
  onPaid: (paymentMethodId?: string) => Promise<void>;
}

export function StripePayment({
  publishableKey,
  clientSecret,
  intent = 'payment',
  returnUrl,
  payLabel,
  onPaid,
}: StripePaymentProps) {
  const marker = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState('');
  const [paying, setPaying] = useState(false);
  const confirmed = useRef(false);
  const savedMethod = useRef<string | undefined>(undefined);

  useEffect(() => {
    const root = marker.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const slotted = document.createElement('div');
    slotted.slot = PAYMENT_SLOT;
    root.host.append(slotted);
    let current = true;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (!loaded) return setProblem(STRIPE_LOAD_FAILED);
        try {
          const elements = loaded.elements({ clientSecret });
          const payment = elements.create('payment');
          payment.on('ready', () => current && setReady(true));
          payment.mount(slotted);
          stripe.current = { stripe: loaded, elements };
        } catch {
          setProblem(STRIPE_LOAD_FAILED);
        }
      },
      () => current && setProblem(STRIPE_LOAD_FAILED),
    );
    return () => {
      current = false;
      slotted.remove();
    };
  }, [publishableKey, clientSecret]);

  async function pay() {
    const loaded = stripe.current;
    if (!loaded || paying) return;
    setPaying(true);
    setProblem('');
    // Once the card went through, a retry only finishes the order: confirming again would fail.
    if (!confirmed.current) {
      let error: { message?: string } | undefined;
      try {
        const options = {
          elements: loaded.elements,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl },
        } as const;
        if (intent === 'setup') {
          const result = await loaded.stripe.confirmSetup(options);
          error = result.error;
          const method = result.setupIntent?.payment_method;
          savedMethod.current = typeof method === 'string' ? method : (method?.id ?? undefined);
        } else {
          ({ error } = await loaded.stripe.confirmPayment(options));
        }
      } catch (failure) {
        error = { message: failure instanceof Error ? failure.message : String(failure) };
      }
      if (error) {
        setProblem(error.message ?? 'Your payment did not go through.');
        setPaying(false);
        return;
      }
      confirmed.current = true;
    }
    try {
      await onPaid(savedMethod.current);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
      setPaying(false);
    }
  }

  return (
    <form
      className="card-form"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <div ref={marker} className="stripe-slot">
        <slot name={PAYMENT_SLOT} />
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="primary" disabled={!ready || paying} aria-busy={paying || undefined}>
        {paying ? (intent === 'setup' ? 'Saving…' : 'Paying…') : payLabel}
      </button>
    </form>
  );
}

/**
 * Pays with a card the customer saved to their Stripe Customer (the order's PaymentIntent is on
 * that customer): Stripe's message when it is refused, else null.
 */
export async function payWithSavedCard(options: {
  publishableKey: string;
  clientSecret: string;
  paymentMethodId: string;
}): Promise<string | null> {
  const stripe = await loadStripe(options.publishableKey);
  if (!stripe) return STRIPE_LOAD_FAILED;
  const { error } = await stripe.confirmCardPayment(options.clientSecret, { payment_method: options.paymentMethodId });
  return error ? (error.message ?? 'Your payment did not go through.') : null;
}
