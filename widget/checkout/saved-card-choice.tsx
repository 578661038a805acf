/**
 * Paying as a signed-in customer with saved cards: a choice of each card ('Visa ending in 4242')
 * or 'A new card' (the provider's card form, given as children). Paying with a saved card goes
 * through `payWithSaved` (the demo provider's confirm, or Stripe's). Signed out, or with no saved
 * cards, it is just the card form.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../shared/api/schemas.ts';
import { cardLabel } from '../card-label.ts';
import { t } from '../i18n.ts';
import type { CheckoutContext } from './checkout-context.ts';

interface Props {
  context: CheckoutContext;
  /** Pays with the saved card; throws with the reason it was refused. */
  payWithSaved: (paymentMethodId: string) => Promise<void>;
  payLabel: string;
  onPaid: () => Promise<void>;
  /** The new card's form. */
  children: ReactNode;
}

const NEW_CARD = 'new';

export function SavedCardChoice({ context, payWithSaved, payLabel, onPaid, children }: Props) {
  const { api, auth } = context;
  const sub = auth.info.value?.cognitoSub ?? null;
  const token = auth.token.value;
  const [cards, setCards] = useState<PaymentMethod[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState('');
  const name = useId();

  useEffect(() => {
    if (!sub || !token) return;
    let current = true;
    // No saved cards to offer when they cannot be loaded: the card form still works.
    api.listPaymentMethods(sub).then(
      (list) => current && setCards(list),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, sub, token]);

  if (cards.length === 0) return <>{children}</>;
  const selected = chosen ?? cards[0]!.id;

  async function pay() {
    if (paying) return;
    setPaying(true);
    setProblem('');
    try {
      await payWithSaved(selected);
      await onPaid();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setPaying(false);
    }
  }

  const choice = (id: string, label: string) => (
    <label key={id} className={`choice${selected === id ? ' chosen' : ''}`}>
      <input type="radio" name={name} value={id} checked={selected === id} onChange={() => setChosen(id)} />
      <span>{label}</span>
    </label>
  );

  return (
    <>
      <fieldset className="section">
        <legend>
          <h2>{t('checkout.payWith')}</h2>
        </legend>
        <div className="choices">
          {cards.map((card) => choice(card.id, cardLabel(card)))}
          {choice(NEW_CARD, t('checkout.newCard'))}
        </div>
      </fieldset>
      {selected === NEW_CARD ? (
        children
      ) : (
        <form
          className="card-form"
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="primary" disabled={paying} aria-busy={paying || undefined}>
            {paying ? t('common.paying') : payLabel}
          </button>
        </form>
      )}
    </>
  );
}
