/**
 * Places autocomplete on the delivery street field (widget/checkout/places-autocomplete.ts), on
 * the preact build in happy-dom, with the form rendered in a shadow root as the widget renders it
 * and a stand-in for google.maps.places.Autocomplete that appends its `.pac-container` to
 * document.body as Google's does.
 */
import { useReducer } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ApiClient } from '../../shared/api/client.ts';
import { cartReducer, emptyCart, type CartState } from '../../shared/cart.ts';
import type { PlaceResult } from '../../shared/places-address.ts';
import { DeliveryAddressForm } from '../../widget/checkout/delivery-address.tsx';
import {
  attachAutocomplete,
  forgetPlacesLoads,
  loadPlacesLibrary,
  MAPS_CALLBACK,
  type PlacesAutocomplete,
  type PlacesLibrary,
  type PlacesSource,
} from '../../widget/checkout/places-autocomplete.ts';

class FakeAutocomplete implements PlacesAutocomplete {
  static made: FakeAutocomplete[] = [];
  place: PlaceResult | undefined;
  readonly handlers: (() => void)[] = [];
  readonly container = document.createElement('div');
  constructor(
    readonly input: HTMLInputElement,
    readonly options: unknown,
  ) {
    this.container.className = 'pac-container';
    document.body.append(this.container);
    FakeAutocomplete.made.push(this);
  }
  getPlace() {
    return this.place;
  }
  addListener(_event: 'place_changed', handler: () => void) {
    this.handlers.push(handler);
    return { remove: () => this.handlers.splice(this.handlers.indexOf(handler), 1) };
  }
  pick(place: PlaceResult) {
    this.place = place;
    for (const handler of [...this.handlers]) handler();
  }
}
const fakeLibrary: PlacesLibrary = { Autocomplete: FakeAutocomplete };

const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });
const sunset: PlaceResult = {
  address_components: [
    c('4B', '4B', 'subpremise'),
    c('1800', '1800', 'street_number'),
    c('Sunset Boulevard', 'Sunset Blvd', 'route'),
    c('Los Angeles', 'Los Angeles', 'locality', 'political'),
    c('California', 'CA', 'administrative_area_level_1', 'political'),
    c('United States', 'US', 'country', 'political'),
    c('90026', '90026', 'postal_code'),
  ],
  geometry: { location: { lat: () => 34.0781862, lng: () => -118.2610427 } },
};

const api = {} as ApiClient; // 'Check delivery' is not pressed here.
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

interface Rendered {
  shadow: ShadowRoot;
  cart(): CartState;
  street(): HTMLInputElement;
  unmount(): void;
}

async function renderForm(places: PlacesSource): Promise<Rendered> {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  shadow.append(mount);
  let current: CartState = { ...emptyCart, deliveryType: 'delivery' };
  function Form() {
    const [cart, dispatch] = useReducer(cartReducer, current);
    current = cart;
    return <DeliveryAddressForm cart={cart} api={api} dispatch={dispatch} errors={{}} places={places} />;
  }
  let root: Root;
  await act(() => {
    root = createRoot(mount);
    root.render(<Form />);
  });
  await settle();
  return {
    shadow,
    cart: () => current,
    street: () => shadow.querySelector<HTMLInputElement>('input[autocomplete="address-line1"]')!,
    unmount() {
      void act(() => root.unmount());
      host.remove();
    },
  };
}

const typeInto = async (input: HTMLInputElement, text: string) =>
  act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('Places autocomplete on the delivery address', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    FakeAutocomplete.made = [];
    forgetPlacesLoads();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelectorAll('.pac-container').forEach((element) => element.remove());
  });

  it('attaches to the street input inside the shadow root, US addresses only, asking for components and geometry', async () => {
    const library = vi.fn(() => Promise.resolve(fakeLibrary));
    const form = await renderForm({ key: () => Promise.resolve('AIza-test'), library });
    expect(library).toHaveBeenCalledWith('AIza-test');
    expect(FakeAutocomplete.made).toHaveLength(1);
    expect(FakeAutocomplete.made[0]!.input).toBe(form.street());
    expect(form.street().getRootNode()).toBe(form.shadow);
    expect(FakeAutocomplete.made[0]!.options).toEqual({
      componentRestrictions: { country: 'us' },
      fields: ['address_components', 'geometry'],
      types: ['address'],
    });
    form.unmount();
  });

  it('fills street, apt, city, state, ZIP and country and keeps the coordinates when a place is picked', async () => {
    const form = await renderForm({
      key: () => Promise.resolve('AIza-test'),
      library: () => Promise.resolve(fakeLibrary),
    });
    await act(() => FakeAutocomplete.made[0]!.pick(sunset));
    expect(form.cart()).toMatchObject({
      deliveryStreet: '1800 Sunset Boulevard',
      deliveryStreet2: '4B',
      deliveryCity: 'Los Angeles',
      deliveryState: 'CA',
      deliveryZip: '90026',
      deliveryCountry: 'US',
      deliveryLat: 34.0781862,
      deliveryLng: -118.2610427,
      deliveryQuoteId: null,
    });
    const values = [...form.shadow.querySelectorAll('input')].map((input) => input.value);
    expect(values).toEqual(['1800 Sunset Boulevard', '4B', 'Los Angeles', 'CA', '90026']);
    expect(warn).not.toHaveBeenCalled();
    form.unmount();
  });

  it('keeps what was typed when Enter picks nothing (a place without components)', async () => {
    const form = await renderForm({
      key: () => Promise.resolve('AIza-test'),
      library: () => Promise.resolve(fakeLibrary),
    });
    await typeInto(form.street(), '1800 Sunset');
    await act(() => FakeAutocomplete.made[0]!.pick({}));
    expect(form.cart().deliveryStreet).toBe('1800 Sunset');
    form.unmount();
  });

  it("places Google's dropdown (in document.body) under the shadow-root input, at its width", async () => {
    const form = await renderForm({
      key: () => Promise.resolve('AIza-test'),
      library: () => Promise.resolve(fakeLibrary),
    });
    const input = form.street();
    input.getBoundingClientRect = () => ({
      top: 200,
      bottom: 240,
      left: 30,
      right: 330,
      width: 300,
      height: 40,
      x: 30,
      y: 200,
      toJSON: () => ({}),
    });
    window.scrollTo(0, 0);
    await typeInto(input, '18');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const container = FakeAutocomplete.made[0]!.container;
    expect(container.parentElement).toBe(document.body);
    expect([container.style.top, container.style.left, container.style.width]).toEqual(['240px', '30px', '300px']);
    expect(document.getElementById('comal-pac-style')?.textContent).toBe('.pac-container{z-index:2147483000}');
    form.unmount();
    expect(container.isConnected).toBe(false);
  });

  it('without a key, never loads Google and the plain fields work', async () => {
    const library = vi.fn(() => Promise.resolve(fakeLibrary));
    const form = await renderForm({ key: () => Promise.resolve(null), library });
    await typeInto(form.street(), '727 N Broadway');
    expect(form.cart().deliveryStreet).toBe('727 N Broadway');
    expect(library).not.toHaveBeenCalled();
    expect(FakeAutocomplete.made).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    form.unmount();
  });

  it('when the Maps script fails, warns once on the console and the plain fields keep working, with nothing shown', async () => {
    const form = await renderForm({
      key: () => Promise.resolve('AIza-test'),
      library: () => Promise.reject(new Error('the Google Maps script did not load')),
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('Address autocomplete is off');
    await typeInto(form.street(), '727 N Broadway');
    expect(form.cart().deliveryStreet).toBe('727 N Broadway');
    expect(form.shadow.querySelector('[role="alert"]')).toBeNull();
    form.unmount();
  });
});

describe('loadPlacesLibrary', () => {
  beforeEach(() => forgetPlacesLoads());

  /** A window whose document records the scripts added instead of fetching them. */
  function fakeWindow() {
    const scripts: { src: string; async: boolean; onerror: (() => void) | null }[] = [];
    const win = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
      document: {
        createElement: () => ({ src: '', async: false, onerror: null }),
        head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
      },
    } as unknown as Window & Record<string, unknown>;
    return { win, scripts };
  }

  it('adds the Maps script once per page, with the key, the places library, async loading and a callback', async () => {
    const { win, scripts } = fakeWindow();
    const first = loadPlacesLibrary('AIza key/+', win);
    const second = loadPlacesLibrary('AIza key/+', win);
    expect(second).toBe(first);
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0]!.src);
    expect(`${url.origin}${url.pathname}`).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'AIza key/+',
      libraries: 'places',
      loading: 'async',
      callback: MAPS_CALLBACK,
    });
    expect(scripts[0]!.async).toBe(true);

    win.google = { maps: { places: fakeLibrary } };
    (win[MAPS_CALLBACK] as () => void)();
    expect(await first).toBe(fakeLibrary);
  });

  it('rejects when the script does not load', async () => {
    const { win, scripts } = fakeWindow();
    const loading = loadPlacesLibrary('AIza-test', win);
    scripts[0]!.onerror!();
    await expect(loading).rejects.toThrow('the Google Maps script did not load');
  });

  it("uses the page's own google.maps.places without adding a script", async () => {
    const { win, scripts } = fakeWindow();
    win.google = { maps: { places: fakeLibrary } };
    expect(await loadPlacesLibrary('AIza-test', win)).toBe(fakeLibrary);
    expect(scripts).toEqual([]);
  });

  it("gives the field back as a plain one when Google refuses the key (gm_authFailure), and calls the page's own handler", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { win } = fakeWindow();
    const pagesOwn = vi.fn();
    win.gm_authFailure = pagesOwn;
    void loadPlacesLibrary('AIza-test', win);
    const input = document.createElement('input');
    document.body.append(input);
    attachAutocomplete(fakeLibrary, input, () => {}, win);
    // What Google does to the field after a refused key.
    input.disabled = true;
    input.setAttribute('placeholder', 'Oops! Something went wrong.');
    input.classList.add('gm-err-autocomplete');
    (win.gm_authFailure as () => void)();
    expect([input.disabled, input.getAttribute('placeholder'), input.className]).toEqual([false, null, '']);
    expect(pagesOwn).toHaveBeenCalledTimes(1);
    expect(FakeAutocomplete.made.at(-1)!.handlers).toEqual([]);
    expect(() => attachAutocomplete(fakeLibrary, input, () => {}, win)).toThrow('Google refused the Maps API key');
    input.remove();
    vi.restoreAllMocks();
  });
});
