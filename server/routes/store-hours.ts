import { Hono } from 'hono';
import { StoreHoursQuerySchema, type StoreHoursResponse } from '../../shared/api/schemas.ts';
import { pricingSettingsOf } from '../../shared/live-settings.ts';
import { ASAP_FULL, closedNow, isOpen, nextOpening, ORDERING_PAUSED, pausedNow } from '../../shared/schedule.ts';
import { intlLocale } from '../../shared/i18n/locale.ts';
import { apiMessageIn, translator } from '../../shared/i18n/translator.ts';
import type { AppDependencies } from '../dependencies.ts';
import { requestLocale } from '../http/locale.ts';
import { readQuery } from '../http/errors.ts';
import { liveValues } from '../services/live-settings.ts';
import { offeredSlots, perType } from '../services/slot-offer.ts';
import {
  encode,
  etagOf,
  ifNoneMatchHits,
  preferredEncoding,
  SHORT_CACHE,
  SHORT_CACHE_VARY,
} from '../http/conditional.ts';

/**
 * GET /api/store-hours/: whether ASAP orders are taken now, when they next are, and the slots a
 * scheduled order may pick, per order type, from shared/schedule.ts as create-order checks them:
 * with the busy minutes added to the lead times, without the slots inside a pause and without
 * full slots (`asap_full` when ASAP's own slot is full), and the earliest slot that takes an
 * order (`next_slot`). `?catering=1` answers the slots of a cart holding catering (24 hours'
 * notice); `?subtotal_cents=` those with room for a cart of that item subtotal (else for the
 * smallest order). Compressed, with a strong ETag (304 when it matches), kept 30 s by browsers
 * (http/conditional.ts): the menu's notice may lag a pause by that much, while checkout asks
 * again every time and create-order decides. Hours, holidays and lead times are the owner's live
 * ones (services/live-settings.ts), and `pricing` carries the live delivery radius and fees, tip
 * presets and earn rate the widget shows and prices with.
 */
export function storeHoursRoutes({
  db,
  clock,
  slotCapacity,
}: Pick<AppDependencies, 'db' | 'clock' | 'slotCapacity'>): Hono {
  return new Hono().get('/store-hours/', async (c) => {
    const now = clock();
    // The closed notice in the asker's language (the widget sends its own as Accept-Language).
    const locale = requestLocale(c);
    const t = translator(locale);
    const query = readQuery(c, StoreHoursQuerySchema);
    const catering = query.catering === '1';
    const live = await liveValues(db);
    const { hours } = live;
    const { store, available } = await offeredSlots({ db, slotCapacity }, now, hours, {
      catering,
      subtotalCents: query.subtotal_cents,
    });
    const busy = store.busyMinutes;
    const paused = pausedNow(now, store);
    const slots = perType((type) => available[type].slots.map((slot) => slot.toISOString()));
    const answer: StoreHoursResponse = {
      open_now: perType((type) => isOpen(now, type, hours, busy)),
      paused,
      next_opening: perType((type) => nextOpening(now, type, hours, busy)?.toISOString() ?? null),
      // What an ASAP order would be refused with now, or null: the widget shows it as is.
      closed_message: perType((type) =>
        paused
          ? apiMessageIn(locale, ORDERING_PAUSED)
          : !isOpen(now, type, hours, busy)
            ? closedNow(type, nextOpening(now, type, hours, busy), now, t, hours.timeZone, intlLocale(locale))
            : available[type].asapFull
              ? apiMessageIn(locale, ASAP_FULL)
              : null,
      ),
      slots,
      asap_full: perType((type) => available[type].asapFull),
      asap_minutes: perType((type) => available[type].asapMinutes),
      next_slot: perType((type) => slots[type][0] ?? null),
      pricing: pricingSettingsOf(live.settings),
    };
    const body = JSON.stringify(answer);
    const etag = etagOf(body);
    const headers = { ETag: etag, 'Cache-Control': SHORT_CACHE, Vary: `${SHORT_CACHE_VARY}, Accept-Language` };
    if (ifNoneMatchHits(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    return c.body(encode(body, encoding), 200, {
      ...headers,
      'Content-Type': 'application/json',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
  });
}
