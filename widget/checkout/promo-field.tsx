/**
 * The promo code: a valid code sets the code and its discount; an invalid one
 * shows the server's message and clears them; a server failure says 'Server error validating
 * promo code'.
 */
import { useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartAction } from '../../shared/cart.ts';
import { Field } from './field.tsx';

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
      setMessage('Enter a promo code.');
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
      setNotice(answer.message ?? '');
    } else {
      dispatch({ type: 'rejectPromo' });
      setMessage(answer.message ?? 'This promo code is not valid.');
    }
  }

  return (
    <div className="section promo">
      <h2>Promo code</h2>
      {appliedCode ? (
        <p className="applied" aria-live="polite">
          <span>
            {notice || (
              <>
                Code <strong>{appliedCode}</strong> applied.
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
            Remove code
          </button>
        </p>
      ) : (
        // Not a <form>: the promo sits inside the checkout's form; Enter applies the code.
        <div className="promo-form">
          <Field
            label="Promo code"
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
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </div>
      )}
    </div>
  );
}
