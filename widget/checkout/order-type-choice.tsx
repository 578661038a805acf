/** Pickup or delivery (the cart's deliveryType, pickup by default). */
import type { DeliveryType } from '../../shared/pricing.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { t } from '../i18n.ts';

interface Props {
  /** The owner's live delivery radius. */
  radiusMiles: number;
  value: DeliveryType;
  onChange: (value: DeliveryType) => void;
}

export function OrderTypeChoice({ radiusMiles, value, onChange }: Props) {
  const option = (type: DeliveryType, label: string, detail: string) => (
    <label className={`choice${value === type ? ' chosen' : ''}`}>
      <input type="radio" name="delivery-type" value={type} checked={value === type} onChange={() => onChange(type)} />
      <span>
        <strong>{label}</strong>
        <span className="hint">{detail}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="section">
      <legend>
        <h2>{t('checkout.pickupOrDelivery')}</h2>
      </legend>
      <div className="choices">
        {option(
          'pickup',
          t('checkout.pickup'),
          t('checkout.pickupAt', { street: restaurant.address.street, city: restaurant.address.city }),
        )}
        {option('delivery', t('checkout.delivery'), t('checkout.deliveryWithin', { miles: radiusMiles }))}
      </div>
    </fieldset>
  );
}
