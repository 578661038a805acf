/**
 * A local stand-in for Google's Geocoding API, on 127.0.0.1 and a free port, so the server's
 * geocoder can be pointed at it with GOOGLE_MAPS_API_BASE:
 *   GET /maps/api/geocode/json?address=...&components=...&key=...
 * answering Google's shape `{ status, results: [{ address_components, formatted_address, geometry:
 * { location: { lat, lng }, location_type }, place_id, types }] }`
 * (https://developers.google.com/maps/documentation/geocoding/requests-geocoding).
 * A key other than the stand-in's gets `REQUEST_DENIED` with Google's error_message, as Google
 * answers it (HTTP 200). Addresses it knows come from `place`; any other is `ZERO_RESULTS`.
 * Test hooks: `mode` switches every answer to ZERO_RESULTS, OVER_QUERY_LIMIT, or no answer at all
 * (a timeout), and `queries` records each call's parameters.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaceAddressComponent } from '../../shared/places-address.ts';

export interface KnownPlace {
  lat: number;
  lng: number;
  address_components: PlaceAddressComponent[];
  formatted_address: string;
}

export interface RecordedGeocodeQuery {
  path: string;
  address: string | null;
  components: string | null;
  key: string | null;
}

export type GoogleStandInMode = 'normal' | 'zero-results' | 'over-query-limit' | 'timeout';

export interface GoogleMapsStandIn {
  readonly url: string;
  readonly apiKey: string;
  readonly queries: RecordedGeocodeQuery[];
  /** Answers `address` (as the geocoder sends it, compared case- and space-insensitively) with this place. */
  place(address: string, found: KnownPlace): void;
  /** How every following call is answered. */
  mode(next: GoogleStandInMode): void;
  close(): Promise<void>;
}

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export async function startGoogleMapsStandIn(apiKey = 'AIza-stand-in-key'): Promise<GoogleMapsStandIn> {
  const places = new Map<string, KnownPlace>();
  const queries: RecordedGeocodeQuery[] = [];
  const held = new Set<ServerResponse>();
  let current: GoogleStandInMode = 'normal';

  const send = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const params = url.searchParams;
    queries.push({
      path: url.pathname,
      address: params.get('address'),
      components: params.get('components'),
      key: params.get('key'),
    });
    if (request.method !== 'GET' || url.pathname !== '/maps/api/geocode/json') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    if (params.get('key') !== apiKey) {
      send(response, { error_message: 'The provided API key is invalid. ', results: [], status: 'REQUEST_DENIED' });
      return;
    }
    if (!params.get('address')) {
      send(response, { results: [], status: 'INVALID_REQUEST' });
      return;
    }
    if (current === 'timeout') {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    if (current === 'over-query-limit') {
      send(response, {
        error_message: 'You have exceeded your rate-limit for this API.',
        results: [],
        status: 'OVER_QUERY_LIMIT',
      });
      return;
    }
    const found = current === 'zero-results' ? undefined : places.get(normal(params.get('address')!));
    if (!found) {
      send(response, { results: [], status: 'ZERO_RESULTS' });
      return;
    }
    send(response, {
      results: [
        {
          address_components: found.address_components,
          formatted_address: found.formatted_address,
          geometry: { location: { lat: found.lat, lng: found.lng }, location_type: 'ROOFTOP' },
          place_id: `stand-in-${queries.length}`,
          types: ['street_address'],
        },
      ],
      status: 'OK',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    queries,
    place: (address, found) => void places.set(normal(address), found),
    mode: (next) => void (current = next),
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
