/**
 * A refused delivery estimate at checkout (widget/checkout/delivery-address.tsx), on the preact
 * build in happy-dom, with the checkout's pickup-or-delivery choice beside it in a shadow root as
 * the widget renders them: 'Check delivery' asks a local server that answers POST
 * /api/estimate-delivery/ as the API does for DoorDash's refusals (422 with the sentence, in the
 * language of Accept-Language), and the sentence is shown as an alert with a button that switches
 * the order to pickup and puts the focus on the pickup choice, in English and in Spanish.
 */
import { useReducer } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import spanish from 'comal-messages:es/common,checkout';
import { createApiClient } from '../../shared/api/client.ts';
import { cartReducer, emptyCart, type CartState } from '../../shared/cart.ts';
import { apiMessageIn } from '../../shared/i18n/translator.ts';
import {
  DOORDASH_NOT_SERVED,
  DOORDASH_OUTSIDE_HOURS,
  doordashTooFar,
} from '../../server/providers/delivery/doordash-client.ts';
import { DeliveryAddressForm } from '../../widget/checkout/delivery-address.tsx';
import { OrderTypeChoice } from '../../widget/checkout/order-type-choice.tsx';
import { addMessages, speak } from '../../widget/i18n.ts';
import { waitFor } from '../support/wait-for.ts';

addMessages('es', spanish);

/** What the API answers the next estimate: DoorDash's refusal, as routes/delivery.ts words it. */
let refusal = DOORDASH_NOT_SERVED;
let server: Server;
let origin: string;
const asked: { language: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {}); // happy-dom's line for each 422 answer
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const language = req.headers['accept-language'];
      asked.push({ language, body: JSON.parse(raw || '{}') as unknown });
      if (req.method !== 'POST' || req.url !== '/api/estimate-delivery/') {
        res.writeHead(404).end();
        return;
      }
      // The API says its English messages in the caller's language (server/app.ts, apiMessageIn).
      const message = language?.startsWith('es') ? apiMessageIn('es', refusal) : refusal;
      res.writeHead(422, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: true, message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/order/`);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  vi.restoreAllMocks();
});
afterEach(() => speak('en'));

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

interface Rendered {
  shadow: ShadowRoot;
  cart(): CartState;
  button(name: string): HTMLButtonElement | null;
  alert(): HTMLElement | null;
  pickupChoice(): HTMLInputElement;
  unmount(): void;
}

/** The checkout's choice and, for delivery, the address form, as checkout-screen.tsx renders them. */
async function renderCheckout(locale: 'en' | 'es'): Promise<Rendered> {
  speak(locale);
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  shadow.append(mount);
  const api = createApiClient({ baseUrl: origin, getLocale: () => locale });
  let current: CartState = {
    ...emptyCart,
    deliveryType: 'delivery',
    deliveryStreet: '1200 Ocean Ave',
    deliveryCity: 'Santa Monica',
    deliveryState: 'CA',
    deliveryZip: '90401',
    deliveryCountry: 'US',
  };
  function Checkout() {
    const [cart, dispatch] = useReducer(cartReducer, current);
    current = cart;
    return (
      <>
        <OrderTypeChoice
          radiusMiles={8}
          value={cart.deliveryType}
          onChange={(deliveryType) => dispatch({ type: 'setDeliveryType', deliveryType })}
        />
        {cart.deliveryType === 'delivery' && (
          <DeliveryAddressForm
            cart={cart}
            api={api}
            dispatch={dispatch}
            errors={{}}
            places={{ key: () => Promise.resolve(null), baseUrl: origin }}
          />
        )}
      </>
    );
  }
  let root: Root;
  await act(() => {
    root = createRoot(mount);
    root.render(<Checkout />);
  });
  await settle();
  return {
    shadow,
    cart: () => current,
    button: (name) => [...shadow.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null,
    alert: () => shadow.querySelector<HTMLElement>('[role="alert"]'),
    pickupChoice: () => shadow.querySelector<HTMLInputElement>('input[name="delivery-type"][value="pickup"]')!,
    unmount() {
      void act(() => root.unmount());
      host.remove();
    },
  };
}

async function checkDelivery(form: Rendered, label: string): Promise<void> {
  await act(() => form.button(label)!.click());
  await waitFor(() => form.alert() !== null, { what: 'the refusal' });
}

describe('a refused delivery estimate offers pickup instead', () => {
  it('shows DoorDash’s reason as an alert, with a button that switches the order to pickup and focuses the pickup choice', async () => {
    refusal = DOORDASH_NOT_SERVED;
    const form = await renderCheckout('en');
    await checkDelivery(form, 'Check delivery');
    expect(form.alert()!.textContent).toBe('That address is outside the area our couriers cover.');
    expect(asked.at(-1)!.body).toMatchObject({ delivery_zip: '90401', delivery_city: 'Santa Monica' });

    const pickup = form.button('Switch to pickup')!;
    // A native button, after the sentence it answers: in the tab order, named by its text, Enter and Space press it.
    expect(pickup.tagName).toBe('BUTTON');
    expect(pickup.type).toBe('button');
    expect(pickup.disabled).toBe(false);
    expect(pickup.tabIndex).toBe(0);
    expect(form.alert()!.compareDocumentPosition(pickup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form.cart().deliveryType).toBe('delivery');

    pickup.focus();
    await act(() => pickup.click());
    await settle();
    expect(form.cart().deliveryType).toBe('pickup');
    expect(form.pickupChoice().checked).toBe(true);
    // The focus is not lost with the address form that left: it is on the choice just made.
    expect(form.shadow.activeElement).toBe(form.pickupChoice());
    expect(form.alert()).toBeNull();
    expect(form.button('Check delivery')).toBeNull();
    form.unmount();
  });

  it('says each refusal word for word: too far (with the miles) and outside delivery hours', async () => {
    for (const message of [doordashTooFar(14), DOORDASH_OUTSIDE_HOURS]) {
      refusal = message;
      const form = await renderCheckout('en');
      await checkDelivery(form, 'Check delivery');
      expect(form.alert()!.textContent).toBe(message);
      expect(form.button('Switch to pickup')).not.toBeNull();
      form.unmount();
    }
    expect(doordashTooFar(14)).toBe('We can’t deliver that far: the address is more than 14 miles away.');
  });

  it('in Spanish: the reason and the button in Spanish, and the switch works the same', async () => {
    refusal = doordashTooFar(14);
    const form = await renderCheckout('es');
    await checkDelivery(form, 'Revisar entrega');
    expect(asked.at(-1)!.language).toBe('es');
    expect(form.alert()!.textContent).toBe('No podemos entregar tan lejos: la dirección está a más de 14 millas.');
    const pickup = form.button('Cambiar a recoger en el restaurante')!;
    expect(pickup).not.toBeNull();
    await act(() => pickup.click());
    await settle();
    expect(form.cart().deliveryType).toBe('pickup');
    expect(form.shadow.activeElement).toBe(form.pickupChoice());

    refusal = DOORDASH_NOT_SERVED;
    const again = await renderCheckout('es');
    await checkDelivery(again, 'Revisar entrega');
    expect(again.alert()!.textContent).toBe('Esa dirección está fuera de la zona que cubren nuestros repartidores.');
    refusal = DOORDASH_OUTSIDE_HOURS;
    await checkDelivery(again, 'Revisar entrega');
    await waitFor(() => again.alert()!.textContent?.startsWith('La entrega'), { what: 'the second refusal' });
    expect(again.alert()!.textContent).toBe(
      'La entrega a domicilio no está disponible a esa hora. Elige otra hora o recoge tu pedido.',
    );
    again.unmount();
    form.unmount();
  });
});
