import { Hono } from 'hono';
import { EstimateDeliveryRequestSchema, type DeliveryQuoteResponse } from '../../shared/api/schemas.ts';
import { toDollars } from '../../shared/money.ts';
import type { AppDependencies } from '../dependencies.ts';
import { saveQuote } from '../db/delivery-quotes.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, readBody } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { liveValues } from '../services/live-settings.ts';

export const ESTIMATE_RATE_LIMIT: RateLimit = {
  name: 'estimate-delivery',
  limit: 30,
  windowMs: 10 * 60_000,
  message: 'Too many delivery estimates in a short time. Wait a few minutes and try again.',
};

/**
 * POST /api/estimate-delivery/: what delivery to an address costs, held for a while under a
 * quote id that create-order charges; 422 with a sentence when the address cannot be served
 * (thrown, so the caller reads it in its own language), nothing kept.
 */
export function deliveryRoutes({ db, delivery, clock, settings }: AppDependencies): Hono {
  return new Hono().post('/estimate-delivery/', async (c) => {
    await hit(db, ESTIMATE_RATE_LIMIT, clientAddress(c, settings.trustProxy), clock());
    const address = await readBody(c, EstimateDeliveryRequestSchema);
    // The courier prices with the owner's live radius and fee tiers.
    const { pricing } = await liveValues(db);
    const quote = await delivery.quote(address, {
      area: { radiusMiles: pricing.radiusMiles, feeTiers: pricing.feeTiers },
    });
    if (!quote.ok) throw new HttpError(422, quote.message);
    const stored = await saveQuote(db, {
      provider: quote.provider,
      provider_quote_id: quote.providerQuoteId,
      street: address.delivery_street,
      city: address.delivery_city,
      state: address.delivery_state,
      zip: address.delivery_zip,
      country: address.delivery_country,
      lat: quote.lat,
      lng: quote.lng,
      distance_miles: quote.distanceMiles,
      fee_cents: quote.feeCents,
      expires_at: new Date(clock().getTime() + quote.validForMs),
    });
    const body: DeliveryQuoteResponse = {
      error: false,
      delivery_estimate: toDollars(stored.fee_cents),
      quote_id: stored.id,
      delivery_lat: stored.lat,
      delivery_lng: stored.lng,
      distance_miles: Math.round(stored.distance_miles * 10) / 10,
      expires_at: new Date(stored.expires_at).toISOString(),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
