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
 * (a timeout; `answerHeld` answers those calls late), and `queries` records each call's parameters.
 *
 * It also stands in for the Places API (New) the widget calls from the browser
 * (https://developers.google.com/maps/documentation/places/web-service/place-autocomplete and
 * .../place-details), with CORS as Google's answers carry it:
 *   POST /v1/places:autocomplete  {input, includedRegionCodes, includedPrimaryTypes, sessionToken}
 *     -> { suggestions: [{ placePrediction: { place, placeId, text: {text, matches},
 *          structuredFormat: { mainText: {text}, secondaryText: {text} }, types } }] }
 *   GET /v1/places/{placeId}?sessionToken=  with X-Goog-FieldMask
 *     -> { addressComponents: [{ longText, shortText, types, languageCode }], location: {latitude, longitude} }
 * The key goes in X-Goog-Api-Key; a wrong one gets Google's 400 INVALID_ARGUMENT "API key not
 * valid", a details call without a field mask its 400. Suggestions are the registered
 * `address`es whose text contains the input; `placesCalls` records each call.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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

/** An address the Places stand-in suggests and details, as Google's place for it. */
export interface KnownAddress {
  placeId: string;
  main: string;
  secondary: string;
  address_components: PlaceAddressComponent[];
  lat: number;
  lng: number;
}

export interface RecordedPlacesCall {
  method: string;
  path: string;
  key: string | null;
  fieldMask: string | null;
  sessionToken: string | null;
  body: Record<string, unknown> | null;
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
  /** Answers the calls the 'timeout' mode holds, as the mode now says: a Google that was slow, not silent. */
  answerHeld(): void;
  /** An address the Places API (New) stand-in suggests and details. */
  address(known: KnownAddress): void;
  readonly placesCalls: RecordedPlacesCall[];
  close(): Promise<void>;
}

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export async function startGoogleMapsStandIn(apiKey = 'AIza-stand-in-key'): Promise<GoogleMapsStandIn> {
  const knownPlaces = new Map<string, KnownPlace>();
  const queries: RecordedGeocodeQuery[] = [];
  const addresses: KnownAddress[] = [];
  const placesCalls: RecordedPlacesCall[] = [];
  /** Calls left unanswered by the 'timeout' mode, each with its answer. */
  const held = new Map<ServerResponse, () => void>();
  let current: GoogleStandInMode = 'normal';

  const send = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };

  /** The Places API (New): CORS as Google's, the key in its header, JSON in and out. */
  const places = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const origin = request.headers.origin;
    const cors = {
      'Access-Control-Allow-Origin': origin ?? '*',
      Vary: 'Origin',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '3600',
      });
      response.end();
      return;
    }
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    placesCalls.push({
      method: request.method ?? '',
      path: url.pathname,
      key: header('x-goog-api-key'),
      fieldMask: header('x-goog-fieldmask'),
      sessionToken: (body?.sessionToken as string | undefined) ?? url.searchParams.get('sessionToken'),
      body,
    });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { ...cors, 'Content-Type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(json));
    };
    const googleError = (status: number, message: string, code: string) =>
      answer(status, { error: { code: status, message, status: code } });
    if (header('x-goog-api-key') !== apiKey)
      return googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT');
    if (request.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
      const input = normal(typeof body?.input === 'string' ? body.input : '');
      if (!input) return googleError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
      const found = addresses.filter((known) => normal(`${known.main}, ${known.secondary}`).includes(input));
      return answer(200, {
        suggestions: found.map((known) => ({
          placePrediction: {
            place: `places/${known.placeId}`,
            placeId: known.placeId,
            text: { text: `${known.main}, ${known.secondary}`, matches: [{ endOffset: input.length }] },
            structuredFormat: {
              mainText: { text: known.main, matches: [{ endOffset: Math.min(input.length, known.main.length) }] },
              secondaryText: { text: known.secondary },
            },
            types: ['street_address', 'geocode'],
          },
        })),
      });
    }
    const detail = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && detail) {
      if (!header('x-goog-fieldmask'))
        return googleError(
          400,
          'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.',
          'INVALID_ARGUMENT',
        );
      const known = addresses.find((a) => a.placeId === decodeURIComponent(detail[1]!));
      if (!known) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
      return answer(200, {
        addressComponents: known.address_components.map((c) => ({
          longText: c.long_name,
          shortText: c.short_name,
          types: c.types,
          languageCode: 'en',
        })),
        location: { latitude: known.lat, longitude: known.lng },
      });
    }
    return googleError(404, 'Not found.', 'NOT_FOUND');
  };

  /** A geocode call's answer: as its place is known and the mode says. */
  const geocode = (response: ServerResponse, params: URLSearchParams) => {
    if (current === 'over-query-limit') {
      send(response, {
        error_message: 'You have exceeded your rate-limit for this API.',
        results: [],
        status: 'OVER_QUERY_LIMIT',
      });
      return;
    }
    const found = current === 'zero-results' ? undefined : knownPlaces.get(normal(params.get('address')!));
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
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/v1/places')) {
      void places(request, response, url);
      return;
    }
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
      held.set(response, () => geocode(response, params));
      response.on('close', () => held.delete(response));
      return;
    }
    geocode(response, params);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    queries,
    placesCalls,
    address: (known) => void addresses.push(known),
    place: (address, found) => void knownPlaces.set(normal(address), found),
    mode: (next) => void (current = next),
    answerHeld() {
      for (const answer of [...held.values()]) answer();
      held.clear();
    },
    async close() {
      for (const response of held.keys()) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
