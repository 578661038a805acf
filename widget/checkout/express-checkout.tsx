/**
 * Paying in one tap, above the card form, with the provider's wallet. On the embedded default
 * that is the demo provider's Demo Pay, standing in for Apple Pay, Google Pay and Link so the
 * journey can be tried and tested; with Stripe it is Stripe's Express Checkout Element (in the
 * stripe chunk: ExpressCheckoutSection there), which shows whichever of them this browser offers.
 */
import { useState } from 'react';
import { t } from '../i18n.ts';

interface Props {
  clientSecret: string;
  /** What it pays, as shown: '$9.88'. */
  total: string;
  send: (input: { client_secret: string; wallet: 'demo_pay' }) => Promise<void>;
  onPaid: () => Promise<void>;
}

export function DemoExpressCheckout({ clientSecret, total, send, onPaid }: Props) {
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState('');
  async function pay() {
    if (paying) return;
    setPaying(true);
    setProblem('');
    try {
      await send({ client_secret: clientSecret, wallet: 'demo_pay' });
      await onPaid();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setPaying(false);
    }
  }
  return (
    <section className="express" aria-labelledby="express-title">
      <h2 id="express-title">{t('checkout.expressCheckout')}</h2>
      <p className="wallet-note">{t('checkout.demoWalletNote')}</p>
      <button
        type="button"
        className="wallet"
        onClick={() => void pay()}
        disabled={paying}
        aria-busy={paying || undefined}
      >
        {paying ? t('common.paying') : t('checkout.demoPay', { total })}
      </button>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <p className="express-or">{t('checkout.orPayByCard')}</p>
    </section>
  );
}
