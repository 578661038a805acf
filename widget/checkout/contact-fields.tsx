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
import { localize, sitePath, t } from '../i18n.ts';
import { Field } from './field.tsx';
import { around } from './message-parts.ts';

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
  const [offersBefore, offersAfter] = around('checkout.marketingOptIn', 'terms');
  return (
    <fieldset className="section">
      <legend>
        <h2>{t('checkout.yourDetails')}</h2>
      </legend>
      <div className="fields">
        <Field
          label={t('checkout.name')}
          autoComplete="name"
          value={contact.name}
          error={errors.name}
          onValue={set('name')}
          className="wide"
        />
        <Field
          label={t('checkout.email')}
          type="email"
          autoComplete="email"
          value={contact.email}
          error={errors.email}
          onValue={set('email')}
          className="wide"
        />
        <Field
          label={t('checkout.mobilePhone')}
          type="tel"
          autoComplete="tel"
          value={contact.phone}
          error={errors.phone}
          hint={t('checkout.phoneHint')}
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
          {offersBefore}
          <a href={sitePath('/sms-terms/')}>{t('checkout.smsTermsInline')}</a>
          {offersAfter}
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={contact.smsOptIn ?? false}
          onChange={(event) => onChange({ ...contact, smsOptIn: event.target.checked })}
        />
        <span>
          {t(SMS_OPT_IN_LABEL)} <a href={sitePath(SMS_TERMS_PATH)}>{t('checkout.smsTerms')}</a>
        </span>
      </label>
      {phoneComplete && (
        <p className="points" aria-live="polite">
          {t('checkout.pointsSummary', { points: existingPoints, earns })}
        </p>
      )}
      {phoneComplete && canRedeem(existingPoints) && reward.owner && (
        <label className="check reward">
          <input
            type="checkbox"
            checked={reward.chosen}
            onChange={(event) => dispatch({ type: 'setRedeemPoints', redeem: event.currentTarget.checked })}
          />
          <span>{localize(rewardOffer(existingPoints))}</span>
        </label>
      )}
      {phoneComplete && canRedeem(existingPoints) && !reward.owner && (
        <p className="points">{reward.signedIn ? t('checkout.pointsOwnerOnly') : t('checkout.pointsSignIn')}</p>
      )}
    </fieldset>
  );
}
