/**
 * The in-house courier, the embedded default delivery provider: it places the address at its
 * ZIP code's centre, measures great-circle miles from the restaurant, and prices the trip with the
 * fee tiers of restaurant.delivery. No network, no keys; given a geocoder (Google's, with
 * GOOGLE_MAPS_API_KEY), it places the address where that says, and at the ZIP's centre when it fails.
 */
import type { EstimateDeliveryRequest } from '../../../shared/api/schemas.ts';
import { deliveryFeeCents, type DeliveryFeeTier } from '../../../shared/delivery-fee.ts';
import { distanceMiles, type Point } from '../../../shared/distance.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import type { DeliveryArea, DeliveryProvider, DeliveryQuoteResult, QuoteOptions } from './delivery-provider.ts';
import { zipCentroid, zip5, zipState, type ZipCentroid } from './zip-centroids.ts';

export interface CourierOptions {
  /** Where trips start. */
  origin: Point;
  radiusMiles: number;
  quoteValidMinutes: number;
  feeTiers: readonly DeliveryFeeTier[];
  /** ZIP to centre; the packaged US table unless a test gives its own. */
  locate: (zip: string) => ZipCentroid | null;
  /**
   * A finer place for the address than its ZIP's centre (Google's geocoder,
   * server/providers/geocoding/google-geocoder.ts); null, a failure or none at all means the
   * ZIP centre. The ZIP and state checks come first either way. Coordinates a browser sends are
   * never used: the fee depends on them.
   */
  geocode?: ((address: EstimateDeliveryRequest) => Promise<{ lat: number; lng: number } | null>) | undefined;
}

export const OUTSIDE_US = 'We deliver only to addresses in the United States. Pickup is always available.';

/** unknownZip('00000') = 'We could not find ZIP code 00000. Check it and try again.' */
export function unknownZip(zip: string): string {
  return `We could not find ZIP code ${zip}. Check it and try again.`;
}

/** wrongState('90012', 'CA', 'NV') = 'ZIP code 90012 is in CA, not NV. Check the state and the ZIP code.' */
export function wrongState(zip: string, zipState: string, givenState: string): string {
  return `ZIP code ${zip} is in ${zipState}, not ${givenState}. Check the state and the ZIP code.`;
}

/** Where deliveries start, as a customer reads it: '1234 Main St, Los Angeles'. */
const fromWhere = () => `${restaurant.address.street}, ${restaurant.address.city}`;

/**
 * beyondRadius(12.4, 8) = 'Sorry, this address is 12.4 miles away: we deliver only within 8 miles
 * of 1234 Main St, Los Angeles. Pickup is always available.'
 */
export function beyondRadius(miles: number, radiusMiles: number): string {
  return `Sorry, this address is ${miles.toFixed(1)} miles away: we deliver only within ${radiusMiles} miles of ${fromWhere()}. Pickup is always available.`;
}

/** A ZIP in another state that the ZIP table does not place (a PO box or a building's own ZIP). */
export function outsideArea(radiusMiles: number): string {
  return `Sorry, we deliver only within ${radiusMiles} miles of ${fromWhere()}. Pickup is always available.`;
}

/**
 * Miles to one decimal. The courier prices and refuses on this rounded figure, the one the
 * customer sees, so "8.0 miles" is never refused as beyond 8 nor "2.0" charged the next tier.
 */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** The courier's fee for a trip of `miles` (rounded as roundMiles does), or null beyond the radius or the last tier. */
export function courierFeeCents(miles: number, area: DeliveryArea): number | null {
  return miles <= area.radiusMiles ? deliveryFeeCents(miles, area.feeTiers) : null;
}

export function createCourier(options: Partial<CourierOptions> = {}): DeliveryProvider {
  const config: CourierOptions = {
    origin: restaurant.location,
    radiusMiles: restaurant.delivery.radiusMiles,
    quoteValidMinutes: restaurant.delivery.quoteValidMinutes,
    feeTiers: restaurant.delivery.feeTiers,
    locate: zipCentroid,
    ...options,
  };
  const refuse = (message: string): DeliveryQuoteResult => ({ ok: false, message });

  return {
    name: 'courier',
    async quote(address: EstimateDeliveryRequest, options: QuoteOptions = {}): Promise<DeliveryQuoteResult> {
      const radiusMiles = options.area?.radiusMiles ?? config.radiusMiles;
      const feeTiers = options.area?.feeTiers ?? config.feeTiers;
      if (address.delivery_country.toUpperCase() !== 'US') return refuse(OUTSIDE_US);
      const zip = address.delivery_zip.trim();
      const place = config.locate(zip);
      if (!place) {
        // Not in the table, yet its first digits may still say it is in another state: then it
        // is not a typo to fix but an address we do not reach.
        const code = zip5(zip);
        const zipsState = code ? zipState(code) : undefined;
        const ours = restaurant.address.state.toUpperCase();
        if (zipsState && zipsState !== ours) return refuse(outsideArea(radiusMiles));
        return refuse(unknownZip(zip));
      }
      const state = address.delivery_state.trim().toUpperCase();
      if (place.state && state && place.state !== state)
        return refuse(wrongState(zip5(zip) ?? zip, place.state, state));
      const point = (await config.geocode?.(address).catch(() => null)) ?? place;
      const miles = roundMiles(distanceMiles(config.origin, point));
      const feeCents = courierFeeCents(miles, { radiusMiles, feeTiers });
      if (feeCents === null) return refuse(beyondRadius(miles, radiusMiles));
      return {
        ok: true,
        provider: 'courier',
        providerQuoteId: null,
        feeCents,
        lat: point.lat,
        lng: point.lng,
        distanceMiles: miles,
        validForMs: config.quoteValidMinutes * 60_000,
      };
    },
  };
}
