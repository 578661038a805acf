/**
 * The menu's word on whether the restaurant takes orders now: 'Closed' with the next opening, or
 * the pause sentence, or that ASAP is full, from GET /api/store-hours/, the same answer the
 * checkout and create-order use; the checkout names the next time that takes the order. Pickup's
 * hours are the widest, so a closed pickup means closed. The notice sticks to the bottom of the
 * widget, below the menu, so its late arrival moves nothing.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../shared/api/client.ts';
import type { StoreHoursResponse } from '../shared/api/schemas.ts';
import { t } from './i18n.ts';

/** The English of common.orderAhead (the notice says it in the widget's language). */
export const ORDER_AHEAD = 'You can still order for a later time.';

/** `initial`: the answer the first paint showed, kept until a new one comes. */
export function StoreNotice({ api, initial = null }: { api: ApiClient; initial?: StoreHoursResponse | null }) {
  const [hours, setHours] = useState<StoreHoursResponse | null>(initial);
  useEffect(() => {
    let current = true;
    // Without an answer nothing is said; the checkout and the server still decide.
    api.storeHours().then(
      (answer) => current && setHours(answer),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api]);

  const message = hours?.closed_message.pickup;
  if (!hours || !message) return null;
  // Paused, or ASAP's slot full: not 'Closed'.
  const closed = !hours.paused && !hours.asap_full?.pickup;
  return (
    <p className="store-notice" role="status">
      {closed && <strong>{t('common.closed')}</strong>} {message}{' '}
      {hours.slots.pickup.length > 0 ? t('common.orderAhead') : ''}
    </p>
  );
}
