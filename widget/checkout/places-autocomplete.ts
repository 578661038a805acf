/**
 * Google Places address autocomplete on the delivery street field, when the server has a key
 * (GET /api/places/config/ answers `{ google_maps_api_key }`); without one, or when anything
 * fails, the plain fields stay as they are and only a console warning says why.
 *
 * - The Maps JavaScript API script is added only when the delivery address step is shown and a
 *   key is configured, once per page (a page that already has google.maps.places keeps its own).
 * - Autocomplete (legacy google.maps.places.Autocomplete) is restricted to US addresses and asks
 *   only for address_components and geometry; a pick is read with shared/places-address.ts.
 * - Shadow root: the input lives in the widget's shadow root, while Google appends its dropdown
 *   (`.pac-container`) to document.body and styles it from a <style> it adds to the document's
 *   head, so the dropdown is styled by Google as on any page and the widget's CSS never reaches it.
 *   Google places it from the input's page position; to be sure it sits under the input whatever
 *   the shadow tree and the host page do, each keystroke and focus re-places this input's
 *   container from input.getBoundingClientRect() plus the page's scroll, at the input's width, and
 *   one light-DOM rule lifts `.pac-container` above the page's fixed header. Keys (arrows, Enter)
 *   go to the input itself, so they work through the shadow boundary.
 * - A key Google refuses makes it disable the input with "Oops! Something went wrong."
 *   (gm_authFailure): the field is given back as a plain field.
 *
 * The API origin is where this chunk's own script came from (document.currentScript while the
 * chunk runs), as the entry does with its own src; the checkout chunk only runs on the
 * restaurant's own pages, so that is also the page's origin.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { addressFromPlace, type PlaceAddress, type PlaceResult } from '../../shared/places-address.ts';

export const MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
export const MAPS_CALLBACK = '__comalMapsReady';
const MAPS_TIMEOUT_MS = 15_000;
const PAC_STYLE_ID = 'comal-pac-style';

interface MapsEventListener {
  remove(): void;
}

export interface PlacesAutocomplete {
  getPlace(): PlaceResult | undefined;
  addListener(event: 'place_changed', handler: () => void): MapsEventListener;
}

export interface PlacesLibrary {
  Autocomplete: new (
    input: HTMLInputElement,
    options: { componentRestrictions: { country: string | string[] }; fields: string[]; types: string[] },
  ) => PlacesAutocomplete;
}

interface MapsGlobal {
  google?: {
    maps?: {
      places?: PlacesLibrary;
      importLibrary?: (name: 'places') => Promise<PlacesLibrary>;
      event?: { clearInstanceListeners(instance: unknown): void };
    };
  };
  gm_authFailure?: () => void;
  [MAPS_CALLBACK]?: () => void;
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

let libraryOnce: Promise<PlacesLibrary> | null = null;
/** Google refused the key (gm_authFailure): no autocomplete for the rest of the page's life. */
let authFailed = false;
/** Gives each attached field back as a plain one; run on gm_authFailure. */
const plainAgain = new Set<() => void>();

/** Forgets the page's one configuration call and script load (tests only). */
export function forgetPlacesLoads(): void {
  configOnce = null;
  libraryOnce = null;
  authFailed = false;
  plainAgain.clear();
}

/**
 * Google's answer to a refused key is to disable each autocomplete field with "Oops! Something
 * went wrong."; this takes over window.gm_authFailure (calling any the page had) to undo that.
 */
function watchAuthFailure(global: MapsGlobal) {
  const previous = global.gm_authFailure;
  global.gm_authFailure = () => {
    authFailed = true;
    warn('Google refused the Maps API key (gm_authFailure).');
    for (const restore of [...plainAgain]) restore();
    previous?.();
  };
}

/** The Places library: the page's own if it has one, else from one script tag added once per page. */
export function loadPlacesLibrary(key: string, win: Window = window): Promise<PlacesLibrary> {
  const global = win as unknown as MapsGlobal;
  const ready = async (): Promise<PlacesLibrary> => {
    const maps = global.google?.maps;
    const places = maps?.places?.Autocomplete ? maps.places : await maps?.importLibrary?.('places');
    if (!places?.Autocomplete) throw new Error('google.maps.places.Autocomplete is missing');
    return places;
  };
  if (libraryOnce) return libraryOnce;
  if (global.google?.maps) return (libraryOnce = ready());
  watchAuthFailure(global);
  libraryOnce = new Promise<void>((resolve, reject) => {
    const doc = win.document;
    const script = doc.createElement('script');
    const timer = win.setTimeout(() => reject(new Error(`no answer in ${MAPS_TIMEOUT_MS} ms`)), MAPS_TIMEOUT_MS);
    global[MAPS_CALLBACK] = () => {
      win.clearTimeout(timer);
      resolve();
    };
    script.src = `${MAPS_SCRIPT_URL}?${new URLSearchParams({ key, libraries: 'places', loading: 'async', callback: MAPS_CALLBACK })}`;
    script.async = true;
    script.onerror = () => {
      win.clearTimeout(timer);
      reject(new Error('the Google Maps script did not load'));
    };
    doc.head.append(script);
  }).then(ready);
  return libraryOnce;
}

/** Lifts Google's dropdown (in the light DOM) above the page's fixed header, once per document. */
function addPacStyle(doc: Document) {
  if (doc.getElementById(PAC_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = PAC_STYLE_ID;
  style.textContent = '.pac-container{z-index:2147483000}';
  doc.head.append(style);
}

/**
 * Attaches Autocomplete to `input`; `onAddress` gets each picked address. Returns a detach
 * function. Exported for tests, which hand in a fake library.
 */
export function attachAutocomplete(
  library: PlacesLibrary,
  input: HTMLInputElement,
  onAddress: (address: PlaceAddress) => void,
  win: Window = window,
): () => void {
  if (authFailed) throw new Error('Google refused the Maps API key');
  const doc = input.ownerDocument;
  const global = win as unknown as MapsGlobal;
  const before = new Set(doc.querySelectorAll('.pac-container'));
  const autocomplete = new library.Autocomplete(input, {
    componentRestrictions: { country: 'us' },
    fields: ['address_components', 'geometry'],
    types: ['address'],
  });
  addPacStyle(doc);
  const listener = autocomplete.addListener('place_changed', () => {
    const place = autocomplete.getPlace();
    // A place without components is Enter on text that matched nothing: keep what was typed.
    if (place?.address_components?.length) onAddress(addressFromPlace(place));
  });

  // This input's dropdown: the .pac-container that appeared with it (Google adds one per Autocomplete).
  let container: HTMLElement | null = null;
  const place = () => {
    container ??=
      [...doc.querySelectorAll<HTMLElement>('.pac-container')].filter((element) => !before.has(element)).at(-1) ?? null;
    if (!container || !input.isConnected) return;
    const box = input.getBoundingClientRect();
    container.style.top = `${box.bottom + win.scrollY}px`;
    container.style.left = `${box.left + win.scrollX}px`;
    container.style.width = `${box.width}px`;
  };
  const placeSoon = () => win.requestAnimationFrame(place);
  input.addEventListener('input', placeSoon);
  input.addEventListener('focus', placeSoon);

  // After gm_authFailure: the field as it was, now and once Google is done with it.
  const placeholder = input.getAttribute('placeholder');
  const restore = () => {
    detach();
    const plain = () => {
      input.disabled = false;
      if (placeholder === null) input.removeAttribute('placeholder');
      else input.setAttribute('placeholder', placeholder);
      input.style.backgroundImage = '';
      input.classList.remove('gm-err-autocomplete');
    };
    plain();
    win.setTimeout(plain, 0);
  };
  plainAgain.add(restore);

  function detach() {
    plainAgain.delete(restore);
    listener.remove();
    global.google?.maps?.event?.clearInstanceListeners(autocomplete);
    input.removeEventListener('input', placeSoon);
    input.removeEventListener('focus', placeSoon);
    container?.remove();
  }
  return detach;
}

export interface PlacesSource {
  key(): Promise<string | null>;
  library(key: string): Promise<PlacesLibrary>;
}

const googlePlaces: PlacesSource = { key: () => placesKey(), library: (key) => loadPlacesLibrary(key) };

/**
 * Autocomplete on the street input found by `findInput` while the component is shown; `onAddress`
 * (the latest one given) gets each picked address.
 */
export function usePlacesAutocomplete(
  container: RefObject<HTMLElement | null>,
  findInput: (container: HTMLElement) => HTMLInputElement | null,
  onAddress: (address: PlaceAddress) => void,
  source: PlacesSource = googlePlaces,
): void {
  const latest = useRef(onAddress);
  latest.current = onAddress;
  useEffect(() => {
    let detach: (() => void) | null = null;
    let gone = false;
    void (async () => {
      const key = await source.key();
      if (!key || gone) return;
      let library: PlacesLibrary;
      try {
        library = await source.library(key);
      } catch (error) {
        warn('Google Maps did not load.', error);
        return;
      }
      const input = container.current && findInput(container.current);
      if (gone || !input) return;
      try {
        detach = attachAutocomplete(library, input, (address) => latest.current(address));
      } catch (error) {
        warn('Google Places could not start.', error);
      }
    })();
    return () => {
      gone = true;
      detach?.();
    };
  }, [source]);
}
