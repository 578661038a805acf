/**
 * The promo code: a valid code sets the code and its discount; an invalid one
 * shows the server's message and clears them; a server failure says 'Server error validating
 * promo code'.
 */
import { useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartAction } from '../../shared/cart.ts';
import { localize, t } from '../i18n.ts';
import { Field } from './field.tsx';
import { around } from './message-parts.ts';

interface Props {
  appliedCode: string;
  phone: string;
  api: ApiClient;
  dispatch: (action: CartAction) => void;
}

export function PromoField({ appliedCode, phone, api, dispatch }: Props) {
  const [code, setCode] = useState(appliedCode);
  const [message, setMessage] = useState('');
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState('');

  async function apply() {
    const typed = code.trim();
    if (!typed) {
      setMessage(t('checkout.promoEnter'));
      return;
    }
    setChecking(true);
    const answer = await api.validatePromo(typed, phone || undefined);
    setChecking(false);
    if (answer.valid && answer.discount_type && answer.discount_value !== undefined) {
      dispatch({
        type: 'applyPromo',
        code: typed.toUpperCase(),
        rule: { discount_type: answer.discount_type, discount_value: answer.discount_value },
      });
      setMessage('');
      setNotice(localize(answer.message ?? ''));
    } else {
      dispatch({ type: 'rejectPromo' });
      setMessage(answer.message ? localize(answer.message) : t('checkout.promoInvalid'));
    }
  }

  const [codeBefore, codeAfter] = around('checkout.promoApplied', 'code');
  return (
    <div className="section promo">
      <h2>{t('checkout.promoCode')}</h2>
      {appliedCode ? (
        <p className="applied" aria-live="polite">
          <span>
            {notice || (
              <>
                {codeBefore}
                <strong>{appliedCode}</strong>
                {codeAfter}
              </>
            )}
          </span>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              dispatch({ type: 'rejectPromo' });
              setCode('');
            }}
          >
            {t('checkout.promoRemove')}
          </button>
        </p>
      ) : (
        // Not a <form>: the promo sits inside the checkout's form; Enter applies the code.
        <div className="promo-form">
          <Field
            label={t('checkout.promoCode')}
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            error={message || undefined}
            onValue={setCode}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void apply();
            }}
          />
          <button
            type="button"
            className="secondary"
            onClick={() => void apply()}
            disabled={checking}
            aria-busy={checking || undefined}
          >
            {checking ? t('checkout.checking') : t('checkout.apply')}
          </button>
        </div>
      )}
    </div>
  );
}
