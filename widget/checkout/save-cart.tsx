/**
 * 'Save this cart' for a signed-in customer: a name and a button, POST /api/saved-carts/. It sits
 * inside the checkout's form, so Enter in its field saves the cart instead of placing the order.
 */
import { useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartLine } from '../../shared/cart.ts';
import { savedCartItems } from '../../shared/saved-cart.ts';
import { t } from '../i18n.ts';
import { Field } from './field.tsx';

interface Props {
  api: ApiClient;
  lines: readonly CartLine[];
  cognitoSub: string;
}

export function SaveCart({ api, lines, cognitoSub }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);

  async function save() {
    if (saving) return;
    const trimmed = name.trim();
    setSaved('');
    if (!trimmed) return setError(t('checkout.cartNameRequired'));
    setError('');
    setSaving(true);
    const cart = await api.saveCart({ name: trimmed, items: savedCartItems(lines), cognito_sub: cognitoSub });
    setSaving(false);
    if (!cart) return setError(t('checkout.saveCartFailed'));
    setName('');
    setSaved(t('checkout.cartSaved', { name: cart.name }));
  }

  return (
    <div className="save-cart">
      <div className="save-cart-form">
        <Field
          label={t('checkout.cartName')}
          value={name}
          error={error}
          maxLength={80}
          onValue={(value) => {
            setName(value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void save();
          }}
        />
        <button
          type="button"
          className="secondary"
          disabled={saving}
          aria-busy={saving || undefined}
          onClick={() => void save()}
        >
          {saving ? t('checkout.saving') : t('checkout.saveCart')}
        </button>
      </div>
      <p className="saved" role="status">
        {saved}
      </p>
    </div>
  );
}
