import { Hono } from 'hono';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import type { DeliveryType } from '../../shared/pricing.ts';
import { availableSlots, closedNow, isOpen, nextOpening, ORDERING_PAUSED } from '../../shared/schedule.ts';
import { intlLocale } from '../../shared/i18n/locale.ts';
import { apiMessageIn, translator } from '../../shared/i18n/translator.ts';
import type { AppDependencies } from '../dependencies.ts';
import { requestLocale } from '../http/locale.ts';
import { isPaused } from '../db/store-status.ts';
import {
  encode,
  etagOf,
  ifNoneMatchHits,
  preferredEncoding,
  SHORT_CACHE,
  SHORT_CACHE_VARY,
} from '../http/conditional.ts';

const TYPES: readonly DeliveryType[] = ['pickup', 'delivery'];
const perType = <T>(value: (type: DeliveryType) => T) =>
  Object.fromEntries(TYPES.map((type) => [type, value(type)])) as Record<DeliveryType, T>;

/**
 * GET /api/store-hours/: whether ASAP orders are taken now, when they next are, and the slots a
 * scheduled order may pick, per order type, from shared/schedule.ts as create-order checks them.
 * `?catering=1` answers the slots of a cart holding catering (24 hours' notice). Compressed, with
 * a strong ETag (304 when it matches), kept 30 s by browsers (http/conditional.ts): the menu's
 * closed notice may lag a pause by that much, while checkout asks again every time and
 * create-order decides.
 */
export function storeHoursRoutes({ db, clock }: Pick<AppDependencies, 'db' | 'clock'>): Hono {
  return new Hono().get('/store-hours/', async (c) => {
    const now = clock();
    // The closed notice in the asker's language (the widget sends its own as Accept-Language).
    const locale = requestLocale(c);
    const t = translator(locale);
    const paused = await isPaused(db);
    const catering = c.req.query('catering') === '1';
    const answer: StoreHoursResponse = {
      open_now: perType((type) => isOpen(now, type)),
      paused,
      next_opening: perType((type) => nextOpening(now, type)?.toISOString() ?? null),
      // What an ASAP order would be refused with now, or null: the widget shows it as is.
      closed_message: perType((type) =>
        paused
          ? apiMessageIn(locale, ORDERING_PAUSED)
          : isOpen(now, type)
            ? null
            : closedNow(type, nextOpening(now, type), now, t, undefined, intlLocale(locale)),
      ),
      slots: perType((type) => availableSlots(now, type, { catering, paused }).slots.map((slot) => slot.toISOString())),
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
