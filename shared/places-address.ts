/**
 * A Google place (a Places API (New) place, or a Geocoding API result) read as our
 * delivery address, part by part: street = street_number and route joined by a space,
 * apt = subpremise, city = locality, state = short name of administrative_area_level_1, zip =
 * postal_code, country = short name of country; plus the point's latitude and longitude.
 *
 * Pure, no DOM: the widget's autocomplete and the server's geocoder both use it.
 *
 * Choices where Google's answer lacks a part:
 * - city: locality; when a place has none, the first of sublocality_level_1, sublocality,
 *   postal_town, administrative_area_level_3 (Brooklyn and Queens addresses come with
 *   sublocality_level_1 and no locality; UK ones with postal_town; some townships only with
 *   administrative_area_level_3); else ''.
 * - street: only the route when there is no street_number (and only the number without a route);
 *   '' when neither.
 * - zip: postal_code alone; a postal_code_suffix (ZIP+4) is not added.
 * - lat/lng: `geometry.location` as numbers or as the `lat()`/`lng()` functions of a
 *   google.maps.LatLng; null when missing or not finite.
 * Every text is trimmed; a missing part is ''.
 */

export interface PlaceAddressComponent {
  long_name: string;
  short_name: string;
  types: readonly string[];
}

/** A coordinate as JSON (Geocoding API, LatLngLiteral) or as google.maps.LatLng's method. */
export type PlaceCoordinate = number | (() => number);

export interface PlaceResult {
  address_components?: readonly PlaceAddressComponent[] | undefined;
  geometry?: { location?: { lat: PlaceCoordinate; lng: PlaceCoordinate } | undefined } | undefined;
}

export interface PlaceAddress {
  street: string;
  apt: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  lat: number | null;
  lng: number | null;
}

/** Where the city comes from, best first. */
export const CITY_TYPES = [
  'locality',
  'sublocality_level_1',
  'sublocality',
  'postal_town',
  'administrative_area_level_3',
] as const;

export function addressFromPlace(place: PlaceResult | null | undefined): PlaceAddress {
  const components = place?.address_components ?? [];
  const find = (type: string) => components.find((component) => component.types.includes(type));
  const long = (type: string) => find(type)?.long_name.trim() ?? '';
  const short = (type: string) => find(type)?.short_name.trim() ?? '';
  const city = CITY_TYPES.map(long).find(Boolean) ?? '';
  const location = place?.geometry?.location;
  return {
    street: [long('street_number'), long('route')].filter(Boolean).join(' '),
    apt: long('subpremise'),
    city,
    state: short('administrative_area_level_1'),
    zip: long('postal_code'),
    country: short('country'),
    lat: coordinate(location, 'lat'),
    lng: coordinate(location, 'lng'),
  };
}

/** Called on the location itself: google.maps.LatLng's lat() and lng() read `this`. */
function coordinate(
  location: { lat: PlaceCoordinate; lng: PlaceCoordinate } | undefined,
  key: 'lat' | 'lng',
): number | null {
  let number: unknown;
  try {
    const value = location?.[key];
    number = typeof value === 'function' ? value.call(location) : value;
  } catch {
    return null;
  }
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** A place as the Places API (New) answers it, with the field mask `addressComponents,location`. */
export interface NewPlace {
  addressComponents?: readonly { longText?: string; shortText?: string; types?: readonly string[] }[] | undefined;
  location?: { latitude?: number; longitude?: number } | undefined;
}

/** The same reading for the Places API (New)'s names: longText, shortText, location.latitude. */
export function addressFromNewPlace(place: NewPlace | null | undefined): PlaceAddress {
  const location = place?.location;
  return addressFromPlace({
    address_components: (place?.addressComponents ?? []).map((component) => ({
      long_name: component.longText ?? '',
      short_name: component.shortText ?? component.longText ?? '',
      types: component.types ?? [],
    })),
    ...(location && typeof location.latitude === 'number' && typeof location.longitude === 'number'
      ? { geometry: { location: { lat: location.latitude, lng: location.longitude } } }
      : {}),
  });
}
