/**
 * The delivery address (street, apt, city, state, ZIP) and its estimate: 'Check delivery' asks
 * estimate-delivery, then keeps the quote, the coordinates and the distance in the cart (which
 * resets the tip to the basic tip) or shows why the address cannot be served. Changing the
 * address drops the quote, so an order never goes out with a price for another address. A refused
 * estimate (too far, outside the couriers' area or hours, DoorDash down) is said with a button that
 * switches the order to pickup and puts the focus on the pickup choice.
 * With a Google Maps key on the server, the street field offers Google's address suggestions
 * (places-autocomplete.tsx, the Places API (New)): a pick fills every field and the place's
 * coordinates.
 */
import { useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartAction, CartState, DeliveryAddress } from '../../shared/cart.ts';
import { checkAddress, type AddressErrors } from '../../shared/checkout-form.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import type { PlaceAddress } from '../../shared/places-address.ts';
import type { TipPresets } from '../../shared/pricing.ts';
import { t, widgetIntlLocale } from '../i18n.ts';
import { Field } from './field.tsx';
import { PlaceSuggestions, usePlacesAutocomplete, type PlacesSource } from './places-autocomplete.tsx';

interface Props {
  cart: CartState;
  api: ApiClient;
  dispatch: (action: CartAction) => void;
  /** The owner's live tip presets: the tip starts at the basic one for the distance (absent: the settings file's). */
  tips?: TipPresets;
  /** Errors found when the customer tried to place the order. */
  errors: AddressErrors;
  /** Where the Places key and web services are (tests); Google's by default. */
  places?: PlacesSource;
}

export function DeliveryAddressForm({ cart, api, dispatch, tips, errors: placeErrors, places }: Props) {
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState('');
  const [errors, setErrors] = useState<AddressErrors>({});
  const shown = { ...placeErrors, ...errors };

  const change = (field: keyof DeliveryAddress) => (value: string) => {
    dispatch({ type: 'setAddress', address: { [field]: value } });
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (cart.deliveryQuoteId) {
      dispatch({ type: 'setDeliveryQuote', quoteId: null, feeCents: 0 });
      dispatch({ type: 'setCoordinates', lat: null, lng: null });
    }
  };

  // A picked place replaces the address; the estimate still geocodes it on the server.
  const picked = (place: PlaceAddress) => {
    dispatch({
      type: 'setAddress',
      address: {
        deliveryStreet: place.street,
        deliveryStreet2: place.apt || cart.deliveryStreet2,
        deliveryCity: place.city,
        deliveryState: place.state,
        deliveryZip: place.zip,
        deliveryCountry: place.country || 'US',
      },
    });
    dispatch({ type: 'setDeliveryQuote', quoteId: null, feeCents: 0 });
    dispatch({ type: 'setCoordinates', lat: place.lat, lng: place.lng });
    setErrors({});
    setProblem('');
  };
  const suggestions = usePlacesAutocomplete(picked, places);
  const changeStreet = change('deliveryStreet');

  /** Pickup instead: the focus goes to the pickup choice (this form leaves with the delivery choice). */
  function pickupInstead(event: { currentTarget: HTMLElement }) {
    const root = event.currentTarget.getRootNode() as ParentNode;
    root.querySelector<HTMLInputElement>('input[name="delivery-type"][value="pickup"]')?.focus();
    setProblem('');
    dispatch({ type: 'setDeliveryType', deliveryType: 'pickup' });
  }

  async function check() {
    const found = checkAddress(cart);
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) return;
    setChecking(true);
    try {
      const estimate = await api.estimateDelivery({
        delivery_street: [cart.deliveryStreet.trim(), cart.deliveryStreet2.trim()].filter(Boolean).join(', '),
        delivery_city: cart.deliveryCity.trim(),
        delivery_state: cart.deliveryState.trim().toUpperCase(),
        delivery_zip: cart.deliveryZip.trim(),
        delivery_country: cart.deliveryCountry || 'US',
      });
      dispatch({
        type: 'setDeliveryQuote',
        quoteId: estimate.quote_id ?? null,
        feeCents: toCents(estimate.delivery_estimate ?? 0),
      });
      dispatch({ type: 'setCoordinates', lat: estimate.delivery_lat ?? null, lng: estimate.delivery_lng ?? null });
      dispatch({ type: 'setDistance', distance: estimate.distance_miles ?? 0, ...(tips ? { tips } : {}) });
    } catch (error) {
      dispatch({ type: 'setDeliveryQuote', quoteId: null, feeCents: 0 });
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <fieldset className="section">
      <legend>
        <h2>{t('checkout.deliveryAddress')}</h2>
      </legend>
      <div className="fields">
        <div className="street wide">
          <Field
            label={t('checkout.street')}
            autoComplete="address-line1"
            value={cart.deliveryStreet}
            error={shown.deliveryStreet}
            onValue={(value) => {
              changeStreet(value);
              suggestions.typed(value);
            }}
            {...suggestions.inputProps}
          />
          <PlaceSuggestions places={suggestions} />
        </div>
        <Field
          label={t('checkout.apt')}
          autoComplete="address-line2"
          value={cart.deliveryStreet2}
          onValue={change('deliveryStreet2')}
          className="wide"
        />
        <Field
          label={t('checkout.city')}
          autoComplete="address-level2"
          value={cart.deliveryCity}
          error={shown.deliveryCity}
          onValue={change('deliveryCity')}
        />
        <Field
          label={t('checkout.state')}
          autoComplete="address-level1"
          maxLength={2}
          value={cart.deliveryState}
          error={shown.deliveryState}
          onValue={change('deliveryState')}
          className="short"
        />
        <Field
          label={t('checkout.zip')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          value={cart.deliveryZip}
          error={shown.deliveryZip}
          onValue={change('deliveryZip')}
          className="short"
        />
      </div>
      <button
        type="button"
        className="secondary"
        onClick={() => void check()}
        disabled={checking}
        aria-busy={checking || undefined}
      >
        {checking ? t('checkout.checkingDelivery') : t('checkout.checkDelivery')}
      </button>
      <div aria-live="polite">
        {cart.deliveryQuoteId && (
          <p className="quote">
            {t('checkout.deliveryQuote', {
              fee: formatUSD(cart.deliveryFeeCents),
              miles: new Intl.NumberFormat(widgetIntlLocale(), {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }).format(cart.distance),
            })}
          </p>
        )}
      </div>
      {problem && (
        <div className="refused">
          <p className="error" role="alert">
            {problem}
          </p>
          <button type="button" className="secondary" onClick={pickupInstead}>
            {t('checkout.pickupInstead')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
