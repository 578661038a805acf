/**
 * The demo provider's card form (embedded defaults, no money moves), clearly in test mode. It
 * follows Stripe's test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
import { useState } from 'react';
import type { ApiClient, DemoCardInput } from '../../shared/api/client.ts';
import { t } from '../i18n.ts';
import { Field } from './field.tsx';

interface Props {
  clientSecret: string;
  payLabel: string;
  api: ApiClient;
  /** Called once the card went through; may throw to show a message (finalize failed). */
  onPaid: () => Promise<void>;
  /** What sends the card; by default the payment's confirmation (the account's card setup passes its own). */
  send?: (card: DemoCardInput) => Promise<void>;
  /** The button's text while the card is sent. */
  busyLabel?: string;
}

/** Stripe's test card that pays (the demo provider follows Stripe's test cards). */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

export function DemoCardForm({
  clientSecret,
  payLabel,
  api,
  onPaid,
  send = (card) => api.confirmDemoPayment(card),
  busyLabel = t('common.paying'),
}: Props) {
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [problem, setProblem] = useState('');
  const [paying, setPaying] = useState(false);

  async function pay() {
    if (paying) return;
    setPaying(true);
    setProblem('');
    try {
      await send({ client_secret: clientSecret, card_number: card.number, exp: card.exp, cvc: card.cvc });
      await onPaid();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
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
      <p className="test-mode">
        <strong>{t('common.testMode')}</strong> {t('common.testCardHint', { number: TEST_CARD_NUMBER })}
      </p>
      <div className="fields">
        <Field
          label={t('common.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.number}
          onValue={(number) => setCard({ ...card, number })}
          className="wide"
        />
        <Field
          label={t('common.cardExpiry')}
          autoComplete="cc-exp"
          placeholder={t('common.cardExpiryPlaceholder')}
          value={card.exp}
          onValue={(exp) => setCard({ ...card, exp })}
          className="short"
        />
        <Field
          label={t('common.cardSecurityCode')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          onValue={(cvc) => setCard({ ...card, cvc })}
          className="short"
        />
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="primary" disabled={paying} aria-busy={paying || undefined}>
        {paying ? busyLabel : payLabel}
      </button>
    </form>
  );
}
