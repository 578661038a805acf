/**
 * /payment/: the saved cards (brand and last 4) with 'Delete', and 'Add a card': a setup intent,
 * then the demo provider's test card form (demo-payments/setup) or Stripe's Payment Element from
 * the stripe chunk (confirmSetup), then save-payment-method with the card's id.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../shared/api/schemas.ts';
import { useAuth } from '../auth-context.tsx';
import { cardLabel } from '../card-label.ts';
import { DemoCardForm } from '../checkout/demo-card-form.tsx';
import { sitePath, t } from '../i18n.ts';
import { LazyPart } from '../lazy-part.tsx';
import type { StripePaymentProps } from '../stripe/index.tsx';
import type { AccountContext } from './account-context.ts';
import { SignInFirst } from './account-page.tsx';
import { useAction } from './use-action.ts';
import { useList } from './use-list.ts';

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
        {t('common.loading')}
      </p>
    );
  if (!sub) return <SignInFirst next="/payment/" text={t('account.signInToSeeCards')} />;

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
      if (!(await api.deletePaymentMethod(card.id, sub))) throw new Error(t('account.deleteCardFailed'));
      setNotice(t('account.deletedCard', { card: cardLabel(card) }));
      cards.reload();
    });

  function saved() {
    setSetup(null);
    setNotice(t('account.cardSaved'));
    cards.reload();
  }

  const state = cards.state;
  return (
    <div className="account">
      <div className="account-head">
        <h1>{t('account.paymentMethods')}</h1>
        <p className="account-links">
          <a href={sitePath('/account/')}>{t('account.yourAccount')}</a>
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
        <h2 id="cards-title">{t('account.savedCards')}</h2>
        {state.status === 'loading' && (
          <p className="status" role="status">
            {t('common.loading')}
          </p>
        )}
        {state.status === 'failed' && (
          <p className="error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ready' &&
          (state.items.length === 0 ? (
            <p className="empty">{t('account.noSavedCards')}</p>
          ) : (
            <ul className="account-list">
              {state.items.map((card) => {
                const id = `card-${card.id}`;
                return (
                  <li key={card.id} className="account-item card-item">
                    <h3 id={id}>{cardLabel(card)}</h3>
                    {card.exp_month && card.exp_year && (
                      <p className="meta">
                        {t('account.expires', {
                          month: String(card.exp_month).padStart(2, '0'),
                          year: String(card.exp_year).slice(-2),
                        })}
                      </p>
                    )}
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={removing.busy}
                      onClick={() => void remove(card)}
                    >
                      {t('account.delete')}
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
      </section>
      <section className="account-section" aria-labelledby="add-title">
        <h2 id="add-title">{t('account.addCard')}</h2>
        {setup?.publishableKey !== undefined ? (
          <LazyPart<StripeChunk>
            chunk="stripe"
            loader={loader}
            render={({ StripePayment }) => (
              <StripePayment
                intent="setup"
                publishableKey={setup.publishableKey!}
                clientSecret={setup.clientSecret}
                returnUrl={new URL(sitePath('/payment/'), window.location.href).href}
                payLabel={t('account.saveCard')}
                onPaid={async (paymentMethodId) => {
                  if (!paymentMethodId) throw new Error(t('account.cardNotSaved'));
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
            payLabel={t('account.saveCard')}
            busyLabel={t('account.saving')}
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
              {t('account.addCard')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
