/**
 * The Stripe payment step, a lazy chunk loaded only here (with Stripe.js itself). Stripe
 * Elements refuse to mount inside a shadow root, so the Payment Element is
 * mounted in a light-DOM child of the widget's shadow host and shown through the named
 * <slot name="comal-payment"> of the widget's layout. With intent 'setup' it saves a card for the
 * account's /payment/ screen instead of paying. The Express Checkout Element (Apple Pay, Google
 * Pay, Link) is mounted the same way through <slot name="comal-express">, above the card form.
 */
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import english from 'comal-messages:en/common,pay';
import { addMessages, t, widgetLocale } from '../i18n.ts';

addMessages('en', english);

/** A light-DOM child of the widget's shadow host, shown through the named slot; null outside a shadow root. */
function slottedChild(marker: HTMLElement | null, slot: string): HTMLDivElement | null {
  const root = marker?.getRootNode();
  if (!(root instanceof ShadowRoot)) return null;
  const slotted = document.createElement('div');
  slotted.slot = slot;
  root.host.append(slotted);
  return slotted;
}

export const PAYMENT_SLOT = 'comal-payment';
export const EXPRESS_SLOT = 'comal-express';
/** Stripe's own words (the card form's labels, its refusals) in the widget's language. */
function stripeOptions() {
  return { locale: widgetLocale() === 'es' ? 'es-419' : 'en' } as const;
}

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
    const slotted = slottedChild(marker.current, PAYMENT_SLOT);
    if (!slotted) return;
    let current = true;
    loadStripe(publishableKey, stripeOptions()).then(
      (loaded) => {
        if (!current) return;
        if (!loaded) return setProblem(t('pay.loadFailed'));
        try {
          const elements = loaded.elements({ clientSecret });
          const payment = elements.create('payment');
          payment.on('ready', () => current && setReady(true));
          payment.mount(slotted);
          stripe.current = { stripe: loaded, elements };
        } catch {
          setProblem(t('pay.loadFailed'));
        }
      },
      () => current && setProblem(t('pay.loadFailed')),
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
        setProblem(error.message ?? t('pay.failed'));
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
        {paying ? (intent === 'setup' ? t('pay.saving') : t('pay.paying')) : payLabel}
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
  const stripe = await loadStripe(options.publishableKey, stripeOptions());
  if (!stripe) return t('pay.loadFailed');
  const { error } = await stripe.confirmCardPayment(options.clientSecret, { payment_method: options.paymentMethodId });
  return error ? (error.message ?? t('pay.failed')) : null;
}

export interface StripeExpressProps {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  onPaid: () => Promise<void>;
}

/**
 * Stripe's Express Checkout Element for the order's PaymentIntent: the wallets this browser
 * offers (Apple Pay on a registered domain, Google Pay, Link), each paying in one tap; nothing at
 * all when it offers none. A refusal is shown on the wallet's sheet and under the buttons.
 */
export function StripeExpressCheckout({ publishableKey, clientSecret, returnUrl, onPaid }: StripeExpressProps) {
  const marker = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(false);
  const [problem, setProblem] = useState('');
  const done = useRef(onPaid);
  useEffect(() => {
    done.current = onPaid;
  }, [onPaid]);

  useEffect(() => {
    const slotted = slottedChild(marker.current, EXPRESS_SLOT);
    if (!slotted) return;
    let current = true;
    loadStripe(publishableKey, stripeOptions()).then(
      (stripe) => {
        if (!current || !stripe) return;
        try {
          const elements = stripe.elements({ clientSecret });
          const express = elements.create('expressCheckout');
          express.on('ready', (event) => current && setAvailable(Boolean(event.availablePaymentMethods)));
          express.on('confirm', (event) => {
            setProblem('');
            void stripe
              .confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } })
              .then(async ({ error }) => {
                if (error) {
                  event.paymentFailed({ reason: 'fail' });
                  if (current) setProblem(error.message ?? t('pay.failed'));
                  return;
                }
                await done.current();
              })
              .catch(
                (failure: unknown) =>
                  current && setProblem(failure instanceof Error ? failure.message : String(failure)),
              );
          });
          express.mount(slotted);
        } catch {
          // No wallets then: the card form below still pays.
        }
      },
      () => {},
    );
    return () => {
      current = false;
      slotted.remove();
    };
  }, [publishableKey, clientSecret, returnUrl]);

  return (
    <section className="express" aria-labelledby="express-title" hidden={!available}>
      <h2 id="express-title">{t('pay.expressCheckout')}</h2>
      <div ref={marker} className="express-slot">
        <slot name={EXPRESS_SLOT} />
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <p className="express-or">{t('pay.orPayByCard')}</p>
    </section>
  );
}
