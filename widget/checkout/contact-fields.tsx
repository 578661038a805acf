/**
 * The customer's name, email and phone (normalised when sent), the marketing opt-in, the opt-in
 * to texts about this order (unticked at every checkout; shared/sms.ts has its words), and the
 * loyalty points held by that phone number (points belong to a phone; 0 when unknown), with the
 * reward they buy: a choice for the signed-in owner of the number, else what it takes to use it.
 */
import { useEffect } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartAction } from '../../shared/cart.ts';
import type { ContactErrors } from '../../shared/checkout-form.ts';
import type { CheckoutContact } from '../../shared/checkout-form.ts';
import { canRedeem, rewardOffer } from '../../shared/loyalty.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { SMS_OPT_IN_LABEL, SMS_TERMS_PATH } from '../../shared/sms.ts';
import { Field } from './field.tsx';

interface Props {
  contact: CheckoutContact;
  errors: ContactErrors;
  existingPoints: number;
  earns: number;
  /** Who may spend the points: signed in, and owning this phone number; and whether they chose to. */
  reward: { signedIn: boolean; owner: boolean; chosen: boolean };
  api: ApiClient;
  dispatch: (action: CartAction) => void;
  onChange: (contact: CheckoutContact) => void;
}

export function ContactFields({ contact, errors, existingPoints, earns, reward, api, dispatch, onChange }: Props) {
  const phone = normalizePhone(contact.phone.trim());
  const phoneComplete = contact.phone.replace(/\D/g, '').length >= 10;

  useEffect(() => {
    if (!phoneComplete) {
      dispatch({ type: 'setExistingPoints', points: 0 });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void api.loyaltyPoints(phone).then((points) => current && dispatch({ type: 'setExistingPoints', points }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [phone, phoneComplete, api, dispatch]);

  const set = (field: keyof CheckoutContact) => (value: string) => onChange({ ...contact, [field]: value });
  return (
    <fieldset className="section">
      <legend>
        <h2>Your details</h2>
      </legend>
      <div className="fields">
        <Field
          label="Name"
          autoComplete="name"
          value={contact.name}
          error={errors.name}
          onValue={set('name')}
          className="wide"
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={contact.email}
          error={errors.email}
          onValue={set('email')}
          className="wide"
        />
        <Field
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          value={contact.phone}
          error={errors.phone}
          hint="For updates on your order and your loyalty points."
          onValue={set('phone')}
          className="wide"
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={contact.marketingOptIn ?? false}
          onChange={(event) => onChange({ ...contact, marketingOptIn: event.target.checked })}
        />
        <span>
          Text and email me offers from the restaurant (see the <a href="/sms-terms/">SMS terms</a>).
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={contact.smsOptIn ?? false}
          onChange={(event) => onChange({ ...contact, smsOptIn: event.target.checked })}
        />
        <span>
          {SMS_OPT_IN_LABEL} <a href={SMS_TERMS_PATH}>SMS terms</a>
        </span>
      </label>
      {phoneComplete && (
        <p className="points" aria-live="polite">
          You have {existingPoints} loyalty {existingPoints === 1 ? 'point' : 'points'}. This order earns {earns}{' '}
          {earns === 1 ? 'point' : 'points'}.
        </p>
      )}
      {phoneComplete && canRedeem(existingPoints) && reward.owner && (
        <label className="check reward">
          <input
            type="checkbox"
            checked={reward.chosen}
            onChange={(event) => dispatch({ type: 'setRedeemPoints', redeem: event.currentTarget.checked })}
          />
          <span>{rewardOffer(existingPoints)}</span>
        </label>
      )}
      {phoneComplete && canRedeem(existingPoints) && !reward.owner && (
        <p className="points">
          {reward.signedIn
            ? 'Points can be used only with the phone number on your account.'
            : 'Sign in with the account that has this phone number to use your points for a reward.'}
        </p>
      )}
    </fieldset>
  );
}
