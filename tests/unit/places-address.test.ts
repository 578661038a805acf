import { describe, expect, it } from 'vitest';
import { addressFromNewPlace, addressFromPlace, type PlaceResult } from '../../shared/places-address.ts';

// Results shaped as Google answers them (Geocoding API JSON, and Places Autocomplete's getPlace()
// with fields address_components + geometry, whose location is a google.maps.LatLng).

/** Like google.maps.LatLng: lat() and lng() read `this`, so calling them detached fails. */
class LatLng {
  readonly #lat: number;
  readonly #lng: number;
  constructor(lat: number, lng: number) {
    this.#lat = lat;
    this.#lng = lng;
  }
  lat() {
    return this.#lat;
  }
  lng() {
    return this.#lng;
  }
}

const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });

const restaurantAddress: PlaceResult = {
  address_components: [
    c('727', '727', 'street_number'),
    c('North Broadway', 'N Broadway', 'route'),
    c('Chinatown', 'Chinatown', 'neighborhood', 'political'),
    c('Los Angeles', 'Los Angeles', 'locality', 'political'),
    c('Los Angeles County', 'Los Angeles County', 'administrative_area_level_2', 'political'),
    c('California', 'CA', 'administrative_area_level_1', 'political'),
    c('United States', 'US', 'country', 'political'),
    c('90012', '90012', 'postal_code'),
    c('2813', '2813', 'postal_code_suffix'),
  ],
  geometry: { location: { lat: 34.0614, lng: -118.2385 } },
};

describe('addressFromPlace: street, apt, city, state, ZIP and country from the place’s parts', () => {
  it('reads a Los Angeles address: number and route joined, locality, short state and country, ZIP without its +4', () => {
    expect(addressFromPlace(restaurantAddress)).toEqual({
      street: '727 North Broadway',
      apt: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      country: 'US',
      lat: 34.0614,
      lng: -118.2385,
    });
  });

  it("takes the apartment from subpremise and the point from getPlace()'s LatLng methods", () => {
    const place: PlaceResult = {
      address_components: [
        c('4B', '4B', 'subpremise'),
        c('1800', '1800', 'street_number'),
        c('Sunset Boulevard', 'Sunset Blvd', 'route'),
        c('Echo Park', 'Echo Park', 'neighborhood', 'political'),
        c('Los Angeles', 'Los Angeles', 'locality', 'political'),
        c('California', 'CA', 'administrative_area_level_1', 'political'),
        c('United States', 'US', 'country', 'political'),
        c('90026', '90026', 'postal_code'),
      ],
      geometry: { location: new LatLng(34.0781862, -118.2610427) },
    };
    expect(addressFromPlace(place)).toEqual({
      street: '1800 Sunset Boulevard',
      apt: '4B',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90026',
      country: 'US',
      lat: 34.0781862,
      lng: -118.2610427,
    });
  });

  it('keeps the route alone when there is no street_number', () => {
    const place: PlaceResult = {
      address_components: [
        c('Elysian Park Avenue', 'Elysian Park Ave', 'route'),
        c('Los Angeles', 'Los Angeles', 'locality', 'political'),
        c('California', 'CA', 'administrative_area_level_1', 'political'),
        c('United States', 'US', 'country', 'political'),
        c('90012', '90012', 'postal_code'),
      ],
      geometry: { location: { lat: 34.0739, lng: -118.24 } },
    };
    expect(addressFromPlace(place)).toEqual({
      street: 'Elysian Park Avenue',
      apt: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      country: 'US',
      lat: 34.0739,
      lng: -118.24,
    });
  });

  it('reads an address outside the US with its own country code and short first-level area', () => {
    const place: PlaceResult = {
      address_components: [
        c('1', '1', 'street_number'),
        c('Avenida Paseo de la Reforma', 'Av. P.º de la Reforma', 'route'),
        c('Juárez', 'Juárez', 'sublocality_level_1', 'sublocality', 'political'),
        c('Ciudad de México', 'CDMX', 'locality', 'political'),
        c('Ciudad de México', 'CDMX', 'administrative_area_level_1', 'political'),
        c('Mexico', 'MX', 'country', 'political'),
        c('06600', '06600', 'postal_code'),
      ],
      geometry: { location: new LatLng(19.4326, -99.1332) },
    };
    expect(addressFromPlace(place)).toEqual({
      street: '1 Avenida Paseo de la Reforma',
      apt: '',
      city: 'Ciudad de México',
      state: 'CDMX',
      zip: '06600',
      country: 'MX',
      lat: 19.4326,
      lng: -99.1332,
    });
  });

  it('falls back to sublocality_level_1 for the city when there is no locality (Brooklyn)', () => {
    const place: PlaceResult = {
      address_components: [
        c('350', '350', 'street_number'),
        c('Jay Street', 'Jay St', 'route'),
        c('Downtown Brooklyn', 'Downtown Brooklyn', 'neighborhood', 'political'),
        c('Brooklyn', 'Brooklyn', 'political', 'sublocality', 'sublocality_level_1'),
        c('Kings County', 'Kings County', 'administrative_area_level_2', 'political'),
        c('New York', 'NY', 'administrative_area_level_1', 'political'),
        c('United States', 'US', 'country', 'political'),
        c('11201', '11201', 'postal_code'),
      ],
      geometry: { location: { lat: 40.6932, lng: -73.9871 } },
    };
    expect(addressFromPlace(place)).toMatchObject({
      street: '350 Jay Street',
      city: 'Brooklyn',
      state: 'NY',
      zip: '11201',
    });
  });

  it('gives empty parts and null coordinates for a place without components or geometry', () => {
    expect(addressFromPlace({})).toEqual({
      street: '',
      apt: '',
      city: '',
      state: '',
      zip: '',
      country: '',
      lat: null,
      lng: null,
    });
    expect(addressFromPlace(null)).toEqual({
      street: '',
      apt: '',
      city: '',
      state: '',
      zip: '',
      country: '',
      lat: null,
      lng: null,
    });
  });
});

describe('addressFromNewPlace: the Places API (New) names read the same way', () => {
  it('reads longText, shortText and location.latitude/longitude', () => {
    expect(
      addressFromNewPlace({
        addressComponents: [
          { longText: '1111', shortText: '1111', types: ['street_number'] },
          { longText: 'South Figueroa Street', shortText: 'S Figueroa St', types: ['route'] },
          { longText: 'Los Angeles', shortText: 'Los Angeles', types: ['locality', 'political'] },
          { longText: 'California', shortText: 'CA', types: ['administrative_area_level_1', 'political'] },
          { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
          { longText: '90015', shortText: '90015', types: ['postal_code'] },
        ],
        location: { latitude: 34.0430175, longitude: -118.2672541 },
      }),
    ).toEqual({
      street: '1111 South Figueroa Street',
      apt: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90015',
      country: 'US',
      lat: 34.0430175,
      lng: -118.2672541,
    });
  });

  it('gives empty parts and null coordinates for a place without them', () => {
    expect(addressFromNewPlace({})).toEqual({
      street: '',
      apt: '',
      city: '',
      state: '',
      zip: '',
      country: '',
      lat: null,
      lng: null,
    });
    expect(addressFromNewPlace({ location: { latitude: 34 } }).lat).toBeNull();
  });
});
