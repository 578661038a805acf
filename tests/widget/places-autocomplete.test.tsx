/**
 * Google's address suggestions on the delivery street field (widget/checkout/places-autocomplete.tsx),
 * on the preact build in happy-dom, with the form in a shadow root as the widget renders it,
 * against the local stand-in for the Places API (New) (tests/support/google-maps-stand-in.ts),
 * which answers as Google documents its autocomplete and place-details web services.
 */
import { useReducer } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ApiClient } from '../../shared/api/client.ts';
import { cartReducer, emptyCart, type CartState } from '../../shared/cart.ts';
import { DeliveryAddressForm } from '../../widget/checkout/delivery-address.tsx';
import { SUGGEST_DELAY_MS, type PlacesSource } from '../../widget/checkout/places-autocomplete.tsx';
import { startGoogleMapsStandIn, type GoogleMapsStandIn } from '../support/google-maps-stand-in.ts';
import { waitFor } from '../support/wait-for.ts';

const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });
const SUNSET = {
  placeId: 'ChIJ-sunset-1800',
  main: '1800 Sunset Boulevard',
  secondary: 'Los Angeles, CA, USA',
  address_components: [
    c('4B', '4B', 'subpremise'),
    c('1800', '1800', 'street_number'),
    c('Sunset Boulevard', 'Sunset Blvd', 'route'),
    c('Los Angeles', 'Los Angeles', 'locality', 'political'),
    c('California', 'CA', 'administrative_area_level_1', 'political'),
    c('United States', 'US', 'country', 'political'),
    c('90026', '90026', 'postal_code'),
  ],
  lat: 34.0781862,
  lng: -118.2610427,
};
const SUNSET_PLAZA = {
  ...SUNSET,
  placeId: 'ChIJ-sunset-plaza',
  main: '1800 Sunset Plaza Drive',
  secondary: 'West Hollywood, CA, USA',
};

let google: GoogleMapsStandIn;
beforeAll(async () => {
  google = await startGoogleMapsStandIn();
  google.address(SUNSET);
  google.address(SUNSET_PLAZA);
});
afterAll(() => google?.close());

const api = {} as ApiClient; // 'Check delivery' is not pressed here.
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

interface Rendered {
  shadow: ShadowRoot;
  cart(): CartState;
  street(): HTMLInputElement;
  options(): HTMLElement[];
  listbox(): HTMLElement | null;
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
    options: () => [...shadow.querySelectorAll<HTMLElement>('[role="option"]')],
    listbox: () => shadow.querySelector<HTMLElement>('[role="listbox"]'),
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
const press = async (input: HTMLInputElement, key: string) =>
  act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const shown = (form: Rendered) => !form.listbox()?.parentElement?.hidden && form.options().length > 0;

describe("Google's address suggestions on the delivery address (Places API (New))", () => {
  let warn: MockInstance<typeof console.warn>;
  const source = (key: string | null = google.apiKey): PlacesSource => ({
    key: () => Promise.resolve(key),
    baseUrl: google.url,
  });
  beforeEach(() => {
    google.placesCalls.length = 0;
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('suggests US street addresses from the third character, with the key in its header and one session token', async () => {
    const form = await renderForm(source());
    const street = form.street();
    expect(street.getAttribute('role')).toBe('combobox');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(form.shadow.getElementById(street.getAttribute('aria-controls')!)).toBe(form.listbox());

    await typeInto(street, '18');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DELAY_MS + 50));
    expect(google.placesCalls).toEqual([]); // two characters ask nothing

    await typeInto(street, '1800 sun');
    await waitFor(() => shown(form), { what: 'the suggestions' });
    expect(form.options().map((o) => o.textContent)).toEqual([
      '1800 Sunset Boulevard Los Angeles, CA, USA',
      '1800 Sunset Plaza Drive West Hollywood, CA, USA',
    ]);
    expect(street.getAttribute('aria-expanded')).toBe('true');
    expect(form.shadow.textContent).toContain('Powered by Google');
    expect(google.placesCalls).toHaveLength(1); // typed once, after the pause
    expect(google.placesCalls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/places:autocomplete',
      key: google.apiKey,
      body: {
        input: '1800 sun',
        includedRegionCodes: ['us'],
        includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
      },
    });
    expect(google.placesCalls[0]!.sessionToken).toMatch(/^[\w-]{8,}$/);
    form.unmount();
  });

  it('arrows move, Enter picks: every field and the coordinates filled from the place, in the same session', async () => {
    const form = await renderForm(source());
    const street = form.street();
    await typeInto(street, '1800 sunset');
    await waitFor(() => shown(form), { what: 'the suggestions' });
    await press(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(form.options()[0]!.id);
    expect(form.options()[0]!.getAttribute('aria-selected')).toBe('true');
    await press(street, 'ArrowDown');
    await press(street, 'ArrowUp');
    expect(street.getAttribute('aria-activedescendant')).toBe(form.options()[0]!.id);
    await press(street, 'Enter');
    await waitFor(() => form.cart().deliveryStreet === '1800 Sunset Boulevard', { what: 'the address' });
    expect(form.cart()).toMatchObject({
      deliveryStreet: '1800 Sunset Boulevard',
      deliveryStreet2: '4B',
      deliveryCity: 'Los Angeles',
      deliveryState: 'CA',
      deliveryZip: '90026',
      deliveryCountry: 'US',
      deliveryLat: 34.0781862,
      deliveryLng: -118.2610427,
    });
    expect(shown(form)).toBe(false);
    const [suggest, details] = google.placesCalls;
    expect(details).toMatchObject({
      method: 'GET',
      path: '/v1/places/ChIJ-sunset-1800',
      key: google.apiKey,
      fieldMask: 'addressComponents,location',
    });
    expect(details!.sessionToken).toBe(suggest!.sessionToken);
    form.unmount();
  });

  it('a click picks too; Escape closes the list and keeps what was typed', async () => {
    const form = await renderForm(source());
    const street = form.street();
    await typeInto(street, 'sunset plaza');
    await waitFor(() => shown(form), { what: 'the suggestions' });
    await press(street, 'Escape');
    expect(shown(form)).toBe(false);
    expect(form.cart().deliveryStreet).toBe('sunset plaza');

    await typeInto(street, '1800 sunset plaza');
    await waitFor(() => shown(form), { what: 'the suggestions again' });
    await act(() => form.options()[0]!.click());
    await waitFor(() => form.cart().deliveryStreet === '1800 Sunset Boulevard', { what: 'the address' });
    expect(form.cart().deliveryCity).toBe('Los Angeles');
    form.unmount();
  });

  it('without a key, asks Google nothing and the street field is a plain one', async () => {
    const form = await renderForm(source(null));
    const street = form.street();
    expect(street.getAttribute('role')).toBeNull();
    await typeInto(street, '1800 Sunset Blvd');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DELAY_MS + 50));
    expect(google.placesCalls).toEqual([]);
    expect(form.listbox()).toBeNull();
    expect(form.cart().deliveryStreet).toBe('1800 Sunset Blvd');
    expect(warn).not.toHaveBeenCalled();
    form.unmount();
  });

  it('when Google refuses the key, says why on the console once and gives the field back as a plain one', async () => {
    const form = await renderForm(source('AIza-not-our-key'));
    const street = form.street();
    await typeInto(street, '1800 sunset');
    await waitFor(() => warn.mock.calls.length > 0, { what: 'the warning' });
    expect(String(warn.mock.calls[0]![0])).toBe('Address autocomplete is off: Google Places did not answer.');
    expect(String(warn.mock.calls[0]![1])).toBe(
      'Error: Google answered 400 (INVALID_ARGUMENT): API key not valid. Please pass a valid API key.',
    );
    await settle();
    expect(street.getAttribute('role')).toBeNull();
    expect(form.listbox()).toBeNull();
    await typeInto(street, '1800 sunset blvd');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DELAY_MS + 50));
    expect(google.placesCalls).toHaveLength(1); // no more asking once refused
    expect(form.cart().deliveryStreet).toBe('1800 sunset blvd');
    form.unmount();
  });
});
