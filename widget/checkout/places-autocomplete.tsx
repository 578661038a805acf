/**
 * Address suggestions on the delivery street field from Google's Places API (New), when the
 * server has a key (GET /api/places/config/ answers `{ google_maps_api_key }`); without one, or
 * when Google refuses or fails, the plain fields stay as they are and only a console warning says
 * why (the server still geocodes the typed address for the quote).
 *
 * - The legacy google.maps.places.Autocomplete is not offered to Maps projects created since
 *   March 2025; the Places API (New) is. Its two web services are called from the browser with
 *   the key (CORS): `POST /v1/places:autocomplete` for suggestions (US street addresses, from the
 *   third character, 250 ms after the last keystroke) and `GET /v1/places/{id}` with the field
 *   mask `addressComponents,location` for the picked one, both with one session token per address
 *   (Google bills a typed-and-picked address as one session). No Google script runs on the page.
 * - The suggestions are our own list in the widget's shadow root, the ARIA combobox pattern: the
 *   arrows move through them, Enter picks, Escape closes, a tap or click picks; the field keeps
 *   focus throughout. "Powered by Google" under them, as Google's terms ask without a map.
 * - A pick is read with shared/places-address.ts and fills every field and the coordinates.
 *
 * The API origin is where this chunk's own script came from (document.currentScript while the
 * chunk runs), as the entry does with its own src; the checkout chunk only runs on the
 * restaurant's own pages, so that is also the page's origin.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addressFromNewPlace, type NewPlace, type PlaceAddress } from '../../shared/places-address.ts';
import { t, widgetLocale } from '../i18n.ts';

export const PLACES_API = 'https://places.googleapis.com';
/** Suggestions are asked for this long after the last keystroke, from this many characters. */
export const SUGGEST_DELAY_MS = 250;
export const SUGGEST_FROM_CHARACTERS = 3;
/** Street addresses and buildings, not businesses or regions (Places API (New) place types). */
const ADDRESS_TYPES = ['street_address', 'premise', 'subpremise'];

export interface Suggestion {
  placeId: string;
  /** '1800 Sunset Boulevard' */
  main: string;
  /** 'Los Angeles, CA, USA' */
  secondary: string;
}

/** Where the key comes from and where Google's web services are (a stand-in in tests). */
export interface PlacesSource {
  key(): Promise<string | null>;
  baseUrl: string;
}

const chunkScript = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);

/** The API's origin: this chunk's script's, else the page's. */
export function placesApiOrigin(): string {
  try {
    if (chunkScript?.src) return new URL(chunkScript.src, location.href).origin;
  } catch {
    // Fall through to the page's origin.
  }
  return location.origin;
}

const warn = (message: string, error?: unknown) =>
  console.warn(`Address autocomplete is off: ${message}`, ...(error ? [error] : []));

let configOnce: Promise<string | null> | null = null;

/** GET /api/places/config/ once per page: the browser key, or null (no key, or the call failed). */
export function placesKey(origin = placesApiOrigin()): Promise<string | null> {
  configOnce ??= fetch(`${origin}/api/places/config/`, { headers: { Accept: 'application/json' }, credentials: 'omit' })
    .then(async (response) => {
      if (!response.ok) return null;
      const key = ((await response.json()) as { google_maps_api_key?: unknown }).google_maps_api_key;
      return typeof key === 'string' && key ? key : null;
    })
    .catch((error: unknown) => {
      warn('the places configuration did not load.', error);
      return null;
    });
  return configOnce;
}

/** Forgets the page's one configuration call (tests only). */
export function forgetPlacesLoads(): void {
  configOnce = null;
}

const googlePlaces: PlacesSource = { key: () => placesKey(), baseUrl: PLACES_API };

/** Google's error body `{ error: { message, status } }` as one line. */
async function googleError(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; status?: unknown } } | null;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${response.status}`;
  const status = typeof body?.error?.status === 'string' ? ` (${body.error.status})` : '';
  return new Error(`Google answered ${response.status}${status}: ${message}`);
}

/** The two Places API (New) calls, with the key in its header as Google documents. */
export function placesClient(key: string, baseUrl: string) {
  const headers = { 'X-Goog-Api-Key': key };
  return {
    async suggest(input: string, sessionToken: string): Promise<Suggestion[]> {
      const response = await fetch(`${baseUrl}/v1/places:autocomplete`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({
          input,
          includedRegionCodes: ['us'],
          includedPrimaryTypes: ADDRESS_TYPES,
          // The suggestions' words ("USA", "EE. UU.") in the widget's language.
          languageCode: widgetLocale(),
          sessionToken,
        }),
      });
      if (!response.ok) throw await googleError(response);
      const body = (await response.json()) as {
        suggestions?: {
          placePrediction?: {
            placeId?: string;
            text?: { text?: string };
            structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
          };
        }[];
      };
      return (body.suggestions ?? []).flatMap(({ placePrediction: p }) => {
        if (!p?.placeId) return [];
        const main = p.structuredFormat?.mainText?.text ?? p.text?.text ?? '';
        return main ? [{ placeId: p.placeId, main, secondary: p.structuredFormat?.secondaryText?.text ?? '' }] : [];
      });
    },
    async place(placeId: string, sessionToken: string): Promise<PlaceAddress> {
      const url = `${baseUrl}/v1/places/${encodeURIComponent(placeId)}?${new URLSearchParams({ sessionToken })}`;
      const response = await fetch(url, {
        headers: { ...headers, 'X-Goog-FieldMask': 'addressComponents,location' },
        credentials: 'omit',
      });
      if (!response.ok) throw await googleError(response);
      return addressFromNewPlace((await response.json()) as NewPlace);
    },
  };
}

/** A session token: 32 random hex digits (crypto.randomUUID is missing outside secure contexts). */
const newSessionToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export interface PlacesAutocomplete {
  /** Whether suggestions are on (a key, and Google answering). */
  enabled: boolean;
  /** The street field's extra attributes and key handling (none while autocomplete is off). */
  inputProps: {
    role?: 'combobox';
    'aria-autocomplete'?: 'list';
    'aria-expanded'?: boolean;
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
    onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
    onBlur?: () => void;
  };
  /** The street field's text changed (typed, not picked). */
  typed(text: string): void;
  /** The suggestions, to render under the field. */
  list: Suggestion[];
  open: boolean;
  highlighted: number;
  listId: string;
  optionId(index: number): string;
  pick(index: number): void;
}

/** Suggestions for the street field; `onAddress` (the latest one given) gets each picked address. */
export function usePlacesAutocomplete(
  onAddress: (address: PlaceAddress) => void,
  source: PlacesSource = googlePlaces,
): PlacesAutocomplete {
  const latest = useRef(onAddress);
  useLayoutEffect(() => {
    latest.current = onAddress;
  });
  const [client, setClient] = useState<ReturnType<typeof placesClient> | null>(null);
  const [list, setList] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const session = useRef(newSessionToken());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Each request's number: an answer to an older one is dropped. */
  const asked = useRef(0);
  const listId = useId();

  useEffect(() => {
    let gone = false;
    void source.key().then((key) => {
      if (key && !gone) setClient(placesClient(key, source.baseUrl));
    });
    return () => {
      gone = true;
      clearTimeout(timer.current);
    };
  }, [source]);

  /** Google refused or failed: the field is a plain one from now on. */
  const off = (error: unknown) => {
    warn('Google Places did not answer.', error);
    setClient(null);
    setOpen(false);
    setList([]);
  };

  const close = () => {
    setOpen(false);
    setHighlighted(-1);
  };

  const pick = (index: number) => {
    const chosen = list[index];
    if (!chosen || !client) return;
    close();
    const token = session.current;
    session.current = newSessionToken();
    client.place(chosen.placeId, token).then((address) => latest.current(address), off);
  };

  const typed = (text: string) => {
    if (!client) return;
    clearTimeout(timer.current);
    const input = text.trim();
    if (input.length < SUGGEST_FROM_CHARACTERS) {
      asked.current += 1;
      close();
      setList([]);
      return;
    }
    timer.current = setTimeout(() => {
      const number = ++asked.current;
      client.suggest(input, session.current).then((found) => {
        if (number !== asked.current) return;
        setList(found);
        setHighlighted(-1);
        setOpen(found.length > 0);
      }, off);
    }, SUGGEST_DELAY_MS);
  };

  const optionId = (index: number) => `${listId}-${index}`;
  if (!client)
    return { enabled: false, inputProps: {}, typed, list: [], open: false, highlighted: -1, listId, optionId, pick };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) =>
        open ? (current + step + list.length) % list.length : step > 0 ? 0 : list.length - 1,
      );
    } else if (event.key === 'Enter' && open && highlighted >= 0) {
      event.preventDefault();
      pick(highlighted);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return {
    enabled: true,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      ...(open && highlighted >= 0 ? { 'aria-activedescendant': optionId(highlighted) } : {}),
      onKeyDown,
      onBlur: close,
    },
    typed,
    list,
    open,
    highlighted,
    listId,
    optionId,
    pick,
  };
}

/**
 * The suggestions under the street field (the list is there, hidden, while closed, so the field's
 * aria-controls always names it); a press picks without taking focus from the field.
 */
export function PlaceSuggestions({ places }: { places: PlacesAutocomplete }) {
  if (!places.enabled) return null;
  return (
    <div className="place-suggestions" hidden={!places.open}>
      <ul id={places.listId} role="listbox" aria-label={t('checkout.addressSuggestions')}>
        {places.list.map((suggestion, index) => (
          // The keys are the field's: focus stays in it (the combobox pattern), the list only shows.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- arrows and Enter on the combobox pick
          <li
            key={suggestion.placeId}
            id={places.optionId(index)}
            role="option"
            aria-selected={index === places.highlighted}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => places.pick(index)}
          >
            <span className="place-main">{suggestion.main}</span>{' '}
            <span className="place-secondary">{suggestion.secondary}</span>
          </li>
        ))}
      </ul>
      <p className="powered-by-google">{t('checkout.poweredByGoogle')}</p>
    </div>
  );
}
