/**
 * GET /api/places/config/: whether the widget offers Google Places address autocomplete, and with
 * which browser key: `{ "google_maps_api_key": string | null }` (null: plain address fields).
 *
 * The key is public by nature (the page calls the Places API (New) with it), so the answer is the
 * same for everyone and may be cached. Restrict the key in the Google Cloud console to the
 * restaurant's HTTP referrers and to the Places API (New).
 */
import { Hono } from 'hono';
import type { PlacesConfigResponse } from '../../shared/api/schemas.ts';

export interface PlacesRouteOptions {
  /** GOOGLE_MAPS_API_KEY; unset or empty means no autocomplete. */
  googleMapsApiKey?: string | undefined;
}

/** Five minutes in browsers and shared caches: a changed key reaches everyone soon enough. */
export const PLACES_CONFIG_CACHE = 'public, max-age=300';

/**
 * Takes the app's dependencies (the key from settings.googleMapsApiKey, so it mounts in
 * apiRoutes as is) or the options alone.
 */
export function placesRoutes(deps: { settings: PlacesRouteOptions | object } | PlacesRouteOptions): Hono {
  const options: PlacesRouteOptions = 'settings' in deps ? deps.settings : deps;
  const body: PlacesConfigResponse = { google_maps_api_key: options.googleMapsApiKey?.trim() || null };
  return new Hono().get('/places/config/', (c) => {
    c.header('Cache-Control', PLACES_CONFIG_CACHE);
    return c.json(body);
  });
}
