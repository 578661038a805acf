/**
 * The driver's tip (delivery only): the three tips shared/pricing computes from the distance and the
 * subtotal (basic, plus, super), or an amount of the customer's own.
 */
import { useState } from 'react';
import type { CartAction } from '../../shared/cart.ts';
import { parseTipCents, TIP_FORMAT } from '../../shared/checkout-form.ts';
import { dollarsText, formatUSD, type Cents } from '../../shared/money.ts';
import { tipOptions, type TipPresets } from '../../shared/pricing.ts';
import { t } from '../i18n.ts';
import { Field } from './field.tsx';

interface Props {
  subtotal: Cents;
  distance: number;
  /** The owner's live tip presets. */
  presets: TipPresets;
  tipCents: Cents;
  dispatch: (action: CartAction) => void;
}

type Choice = 'basic' | 'plus' | 'super' | 'custom';

export function TipChoice({ subtotal, distance, presets, tipCents, dispatch }: Props) {
  const options = tipOptions(subtotal, distance, presets);
  const matching = (['basic', 'plus', 'super'] as const).find((name) => options[name] === tipCents);
  const [custom, setCustom] = useState<string | null>(matching ? null : dollarsText(tipCents));
  const choice: Choice = custom !== null ? 'custom' : (matching ?? 'custom');
  const customCents = custom === null ? null : parseTipCents(custom);

  const choose = (name: Choice) => {
    if (name === 'custom') {
      setCustom(dollarsText(tipCents));
      return;
    }
    setCustom(null);
    dispatch({ type: 'setTip', tipCents: options[name] });
  };
  const typeCustom = (text: string) => {
    setCustom(text);
    const cents = parseTipCents(text);
    if (cents !== null) dispatch({ type: 'setTip', tipCents: cents });
  };

  const option = (name: Choice, label: string, cents?: Cents) => (
    <label className={`choice${choice === name ? ' chosen' : ''}`}>
      <input type="radio" name="tip" value={name} checked={choice === name} onChange={() => choose(name)} />
      <span>
        <strong>{label}</strong>
        {cents !== undefined && <span className="hint">{formatUSD(cents)}</span>}
      </span>
    </label>
  );

  return (
    <fieldset className="section">
      <legend>
        <h2>{t('checkout.tipTitle')}</h2>
      </legend>
      <div className="choices tips">
        {option('basic', t('checkout.tipBasic'), options.basic)}
        {option('plus', t('checkout.tipPlus'), options.plus)}
        {option('super', t('checkout.tipSuper'), options.super)}
        {option('custom', t('checkout.tipOther'))}
      </div>
      {custom !== null && (
        <Field
          label={t('checkout.tipCustomLabel')}
          inputMode="decimal"
          value={custom}
          error={customCents === null ? TIP_FORMAT : undefined}
          onValue={typeCustom}
        />
      )}
      {custom !== null && customCents === null && (
        <p className="hint tip-kept" role="status">
          {t('checkout.tipKept', { amount: formatUSD(tipCents) })}
        </p>
      )}
    </fieldset>
  );
}
