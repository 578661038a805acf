/**
 * Where a delivery address is, by Google's Geocoding API: the same provider as the widget's Places
 * autocomplete, so an address picked there is priced from the same point.
 *
 *   GET {apiBase}/maps/api/geocode/json?address=...&components=country:US&key=...
 *   -> { status: 'OK' | 'ZERO_RESULTS' | 'OVER_QUERY_LIMIT' | 'REQUEST_DENIED' | 'INVALID_REQUEST'
 *        | 'UNKNOWN_ERROR', results: [{ geometry: { location: { lat, lng } }, address_components }] }
 *   (https://developers.google.com/maps/documentation/geocoding/requests-geocoding)
 *
 * A geocoder answers a point or null, never throws: null for no result, any failure (timeout after
 * 10 s, network, a status other than OK, an answer that cannot be read) and for a first result in
 * another ZIP code than the one asked (Google matching the street somewhere else, e.g. another
 * city's Broadway). The courier then places the address at its ZIP's centre, as without Google.
 * Failures are logged as one warning line, without the key.
 *
 * Google's shapes stop here: the rest of the server sees `{ lat, lng }`.
 */
import type { EstimateDeliveryRequest } from '../../../shared/api/schemas.ts';
import { addressFromPlace, type PlaceAddressComponent } from '../../../shared/places-address.ts';
import { createCourier, type CourierOptions } from '../delivery/courier.ts';
import type { DeliveryProvider } from '../delivery/delivery-provider.ts';
import { log as serverLog, type Logger } from '../../logger.ts';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** An address to a point, or null to fall back on the ZIP centroid. */
export type Geocode = (address: EstimateDeliveryRequest) => Promise<GeoPoint | null>;

export const GOOGLE_MAPS_API_BASE = 'https://maps.googleapis.com';
export const GEOCODE_TIMEOUT_MS = 10_000;

export interface GoogleGeocoderOptions {
  /** GOOGLE_MAPS_API_KEY (a key allowed to call the Geocoding API from the server). */
  apiKey: string;
  /** GOOGLE_MAPS_API_BASE; https://maps.googleapis.com unless a test points it at a stand-in. */
  apiBase?: string | undefined;
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
  /** Where failures go (default the server's log). */
  log?: Logger;
}

/** The Geocoding API's answer, as far as it is read here. */
interface GeocodeAnswer {
  status?: string;
  error_message?: string;
  results?: {
    geometry?: { location?: { lat?: unknown; lng?: unknown } };
    address_components?: PlaceAddressComponent[];
  }[];
}

/** '727 N Broadway, Los Angeles, CA 90012': street (with any apt), city, state and ZIP. */
export function geocodeQuery(address: EstimateDeliveryRequest): string {
  const stateZip = [address.delivery_state, address.delivery_zip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [address.delivery_street, address.delivery_city, stateZip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

export function createGoogleGeocoder(options: GoogleGeocoderOptions): Geocode {
  const base = (options.apiBase || GOOGLE_MAPS_API_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? GEOCODE_TIMEOUT_MS;
  const log = options.log ?? serverLog;
  const fail = (reason: string): null => {
    log.warn({ provider: 'google-geocoding', reason }, 'Geocoding fell back to the ZIP centroid');
    return null;
  };

  return async (address) => {
    const query = new URLSearchParams({
      address: geocodeQuery(address),
      components: 'country:US',
      key: options.apiKey,
    });
    let answer: GeocodeAnswer;
    try {
      const response = await fetch(`${base}/maps/api/geocode/json?${query}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return fail(`HTTP ${response.status}`);
      answer = (await response.json()) as GeocodeAnswer;
    } catch (error) {
      return fail((error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (error as Error).message);
    }
    if (answer.status === 'ZERO_RESULTS') return null;
    if (answer.status !== 'OK')
      return fail(`${answer.status ?? 'no status'}${answer.error_message ? ` (${answer.error_message})` : ''}`);
    const first = answer.results?.[0];
    const { lat, lng } = first?.geometry?.location ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
      return fail('a result without a location');
    const foundZip = addressFromPlace({ address_components: first?.address_components }).zip;
    if (foundZip && foundZip.slice(0, 5) !== address.delivery_zip.trim().slice(0, 5)) return null;
    return { lat, lng };
  };
}

/**
 * The in-house courier placing addresses with Google's geocoder (ZIP centroid when Google gives
 * nothing): what compose.ts picks when GOOGLE_MAPS_API_KEY is set.
 */
export function createGoogleCourier(
  options: GoogleGeocoderOptions & { courier?: Partial<Omit<CourierOptions, 'geocode'>> },
): DeliveryProvider {
  const { courier, ...geocoder } = options;
  return createCourier({ ...courier, geocode: createGoogleGeocoder(geocoder) });
}
