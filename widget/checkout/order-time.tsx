/**
 * When the order should be ready (issue: scheduled orders): as soon as possible, only while the
 * restaurant takes ASAP orders of this type, or a later 15-minute slot up to 7 days ahead. The
 * slots and the reason ASAP is not offered come from GET /api/store-hours/, which answers with
 * the same shared/schedule.ts that create-order checks, so what is offered is what is accepted:
 * the busy minutes in "About N minutes", no slot inside a pause, no slot too full for this cart.
 * While ASAP is paused or full, the next time that takes the order is named and chosen.
 */
import { useEffect, useId, useState } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import type { DeliveryType } from '../../shared/pricing.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { cateringTooSoon, formatStoreTime, leadMinutes } from '../../shared/schedule.ts';
import { localize, t, widgetIntlLocale } from '../i18n.ts';

interface Props {
  api: ApiClient;
  deliveryType: DeliveryType;
  /** The cart holds catering, which needs a day's notice. */
  catering: boolean;
  /** The cart's item subtotal in cents: only the slots with room for it are offered. */
  subtotalCents?: number;
  /** Changes when create-order refused the chosen time: the slots are asked for again. */
  refresh?: number;
  /** The chosen slot (an ISO instant), or null for as soon as possible. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** The same empty list on every render, so the effect below runs only when something changed. */
const NO_SLOTS: readonly string[] = [];

export function OrderTime({ api, deliveryType, catering, subtotalCents, refresh = 0, value, onChange }: Props) {
  const [hours, setHours] = useState<StoreHoursResponse | null>(null);
  const name = useId();
  const selectId = useId();

  useEffect(() => {
    let current = true;
    // Without the hours the server still decides; the choice just is not offered.
    api.storeHours(catering, { fresh: true, ...(subtotalCents !== undefined ? { subtotalCents } : {}) }).then(
      (answer) => current && setHours(answer),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, catering, subtotalCents, refresh]);

  const slots = hours?.slots[deliveryType] ?? NO_SLOTS;
  const asapRefusal = hours
    ? catering
      ? localize(cateringTooSoon(deliveryType, leadMinutes(deliveryType, true)))
      : hours.closed_message[deliveryType]
    : null;
  // Paused, or ASAP's slot is full (not closed, whose sentence names the opening): the next time.
  const nextSlot = hours?.next_slot?.[deliveryType] ?? slots[0] ?? null;
  const nextTime =
    hours && asapRefusal && nextSlot && !catering && (hours.paused || hours.asap_full?.[deliveryType])
      ? t('checkout.nextTime', {
          time: formatStoreTime(new Date(nextSlot), restaurant.ordering.timeZone, widgetIntlLocale()),
        })
      : null;

  // A slot that is no longer offered (time passed, type changed, now full) gives way to the next
  // one offered after it, else the first one (or ASAP when it is taken).
  useEffect(() => {
    if (!hours) return;
    if (value !== null && !slots.includes(value)) {
      const later = slots.find((slot) => new Date(slot) > new Date(value));
      onChange(later ?? (asapRefusal ? (slots[0] ?? null) : null));
    } else if (value === null && asapRefusal && slots[0]) onChange(slots[0]);
  }, [hours, value, slots, asapRefusal, onChange]);

  if (!hours) return null;
  return (
    <fieldset className="section">
      <legend>
        <h2>{deliveryType === 'pickup' ? t('checkout.pickupTime') : t('checkout.deliveryTime')}</h2>
      </legend>
      {asapRefusal && (
        <p className="notice" role="status">
          {asapRefusal}
          {nextTime && ` ${nextTime}`}
        </p>
      )}
      <div className="choices">
        <label className={`choice${value === null ? ' chosen' : ''}`}>
          <input
            type="radio"
            name={name}
            checked={value === null}
            disabled={Boolean(asapRefusal)}
            onChange={() => onChange(null)}
          />
          <span>
            <strong>{t('checkout.asap')}</strong>
            <span className="hint">
              {t('checkout.aboutMinutes', {
                minutes: hours.asap_minutes?.[deliveryType] ?? leadMinutes(deliveryType, false),
              })}
            </span>
          </span>
        </label>
        <label className={`choice${value !== null ? ' chosen' : ''}`}>
          <input
            type="radio"
            name={name}
            checked={value !== null}
            disabled={slots.length === 0}
            onChange={() => onChange(slots[0] ?? null)}
          />
          <span>
            <strong>{t('checkout.later')}</strong>
            <span className="hint">{t('checkout.upToDaysAhead', { days: restaurant.ordering.horizonDays })}</span>
          </span>
        </label>
      </div>
      {value !== null && (
        <div className="field">
          <label htmlFor={selectId}>{t('checkout.time')}</label>
          <select id={selectId} value={value} onChange={(event) => onChange(event.target.value)}>
            {slots.map((slot) => (
              <option key={slot} value={slot}>
                {formatStoreTime(new Date(slot), restaurant.ordering.timeZone, widgetIntlLocale())}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
