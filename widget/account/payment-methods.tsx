/**
 * /payment/: the saved cards (brand and last 4) with 'Delete', and 'Add a card': a setup intent,
 * then the demo provider's test card form (demo-payments/setup) or Stripe's Payment Element from
 * the stripe chunk (confirmSetup), then save-payment-method with the card's id.
 */
import { LOADING } from '../../shared/api/messages.ts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../shared/api/schemas.ts';
import { useAuth } from '../auth-context.tsx';
import { cardLabel } from '../card-label.ts';
import { DemoCardForm } from '../checkout/demo-card-form.tsx';
import { LazyPart } from '../lazy-part.tsx';
import type { StripePaymentProps } from '../stripe/index.tsx';
import type { AccountContext } from './account-context.ts';
import { SignInFirst } from './account-page.tsx';
import { useAction } from './use-action.ts';
import { useList } from './use-list.ts';

export const DELETE_CARD_FAILED = 'We could not delete this card. Try again.';
export const CARD_NOT_SAVED = 'We could not save this card. Try again.';

type StripeChunk = { StripePayment: (props: StripePaymentProps) => ReactNode };
type Setup = { clientSecret: string; publishableKey?: string | undefined };

export function PaymentMethods({ context }: { context: AccountContext }) {
  const { api, loader } = context;
  const auth = useAuth();
  const sub = auth.info?.cognitoSub ?? null;
  const ready = !auth.starting && Boolean(sub);
  const cards = useList<PaymentMethod>(
    useMemo(() => (ready ? () => api.listPaymentMethods(sub) : null), [api, sub, ready]),
  );
  const [setup, setSetup] = useState<Setup | null>(null);
  const [notice, setNotice] = useState('');
  const adding = useAction();
  const removing = useAction();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (auth.starting)
    return (
      <p className="status" role="status">
        {LOADING}
      </p>
    );
  if (!sub) return <SignInFirst next="/payment/" what="your saved cards" />;

  const addCard = () =>
    adding.run(async () => {
      setNotice('');
      const intent = await api.createSetupIntent(sub);
      setSetup({
        clientSecret: intent.client_secret,
        publishableKey: intent.provider === 'stripe' ? (intent.publishable_key ?? '') : undefined,
      });
    });

  const remove = (card: PaymentMethod) =>
    removing.run(async () => {
      setNotice('');
      if (!(await api.deletePaymentMethod(card.id, sub))) throw new Error(DELETE_CARD_FAILED);
      setNotice(`Deleted ${cardLabel(card)}.`);
      cards.reload();
    });

  function saved() {
    setSetup(null);
    setNotice('Card saved.');
    cards.reload();
  }

  const state = cards.state;
  return (
    <div className="account">
      <div className="account-head">
        <h1>Payment methods</h1>
        <p className="account-links">
          <a href="/account/">Your account</a>
        </p>
      </div>
      {notice && (
        <p ref={noticeRef} className="notice" role="status" tabIndex={-1}>
          {notice}
        </p>
      )}
      {removing.problem && (
        <p className="error" role="alert">
          {removing.problem}
        </p>
      )}
      <section className="account-section" aria-labelledby="cards-title">
        <h2 id="cards-title">Saved cards</h2>
        {state.status === 'loading' && (
          <p className="status" role="status">
            {LOADING}
          </p>
        )}
        {state.status === 'failed' && (
          <p className="error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ready' &&
          (state.items.length === 0 ? (
            <p className="empty">No saved cards yet.</p>
          ) : (
            <ul className="account-list">
              {state.items.map((card) => {
                const id = `card-${card.id}`;
                return (
                  <li key={card.id} className="account-item card-item">
                    <h3 id={id}>{cardLabel(card)}</h3>
                    {card.exp_month && card.exp_year && (
                      <p className="meta">
                        Expires {String(card.exp_month).padStart(2, '0')}/{String(card.exp_year).slice(-2)}
                      </p>
                    )}
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={removing.busy}
                      onClick={() => void remove(card)}
                    >
                      Delete
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
      </section>
      <section className="account-section" aria-labelledby="add-title">
        <h2 id="add-title">Add a card</h2>
        {setup?.publishableKey !== undefined ? (
          <LazyPart<StripeChunk>
            chunk="stripe"
            loader={loader}
            render={({ StripePayment }) => (
              <StripePayment
                intent="setup"
                publishableKey={setup.publishableKey!}
                clientSecret={setup.clientSecret}
                returnUrl={new URL('/payment/', window.location.href).href}
                payLabel="Save card"
                onPaid={async (paymentMethodId) => {
                  if (!paymentMethodId) throw new Error(CARD_NOT_SAVED);
                  await api.savePaymentMethod(paymentMethodId, sub);
                  saved();
                }}
              />
            )}
          />
        ) : setup ? (
          <DemoCardForm
            clientSecret={setup.clientSecret}
            api={api}
            payLabel="Save card"
            busyLabel="Saving…"
            send={async (card) => {
              const { payment_method_id } = await api.setupDemoCard(card);
              await api.savePaymentMethod(payment_method_id, sub);
            }}
            onPaid={() => Promise.resolve(saved())}
          />
        ) : (
          <>
            {adding.problem && (
              <p className="error" role="alert">
                {adding.problem}
              </p>
            )}
            <button
              type="button"
              className="secondary"
              disabled={adding.busy}
              aria-busy={adding.busy || undefined}
              onClick={() => void addCard()}
            >
              Add a card
            </button>
          </>
        )}
      </section>
    </div>
  );
}
