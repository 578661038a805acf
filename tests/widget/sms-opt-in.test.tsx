// The checkout's opt-in to order texts (widget/checkout/contact-fields.tsx), on the preact build
// the widget ships, in happy-dom: a checkbox named with the terms' words and a link to them,
// unticked until the customer ticks it, and then the order asks for texts (sms_opt_in).
import { useState } from 'react';
import { act } from 'react-dom/test-utils'; // preact/test-utils in this build (react's own act is not in preact/compat)
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { ApiClient } from '../../shared/api/client.ts';
import { cartReducer, emptyCart } from '../../shared/cart.ts';
import type { CheckoutContact } from '../../shared/checkout-form.ts';
import { buildCreateOrderPayload } from '../../shared/order-payload.ts';
import { ContactFields } from '../../widget/checkout/contact-fields.tsx';

/** The opt-in's words, exactly as the SMS terms page and the carriers' review read them. */
const SMS_OPT_IN_LABEL =
  'Text me when my order is ready or out for delivery, or if it is cancelled or refunded (message and data rates may apply; reply STOP to opt out).';

const host = document.createElement('div');
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

const api = { loyaltyPoints: () => Promise.resolve(0) } as unknown as ApiClient;

function renderContact(initial: CheckoutContact) {
  const seen: CheckoutContact[] = [];
  function Contact() {
    const [contact, setContact] = useState(initial);
    return (
      <ContactFields
        contact={contact}
        errors={{}}
        existingPoints={0}
        earns={0}
        reward={{ signedIn: false, owner: false, chosen: false }}
        api={api}
        dispatch={() => {}}
        onChange={(next) => {
          seen.push(next);
          setContact(next);
        }}
      />
    );
  }
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<Contact />));
  return seen;
}

const smsBox = () =>
  [...host.querySelectorAll<HTMLLabelElement>('label.check')]
    .find((label) => label.textContent?.includes('Text me when my order is ready'))
    ?.querySelector('input');

it('offers texts about the order, unticked, with the STOP words and a link to the SMS terms', () => {
  renderContact({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0100', marketingOptIn: true });
  const box = smsBox();
  expect(box?.type).toBe('checkbox');
  expect(box?.checked).toBe(false);
  const label = box!.closest('label')!;
  expect(label.textContent).toContain(SMS_OPT_IN_LABEL);
  expect(label.textContent).toContain('reply STOP to opt out');
  expect(label.querySelector('a')?.getAttribute('href')).toBe('/sms-terms/');
});

it('ticking it asks for texts with this order, and unticking takes it back', () => {
  const seen = renderContact({
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    phone: '(213) 555-0100',
    marketingOptIn: false,
  });
  act(() => smsBox()!.click());
  expect(smsBox()!.checked).toBe(true);
  const ticked = seen.at(-1)!;
  expect(ticked).toMatchObject({ smsOptIn: true, marketingOptIn: false });
  const cart = cartReducer(emptyCart, {
    type: 'addItem',
    menuItem: {
      id: 'taco',
      name: 'Taco',
      description: '',
      base_price: 3.5,
      is_special: false,
      diet: [],
      spice_level: 0,
      clover_id: null,
      photo: null,
      categoryName: 'Tacos',
      modifier_groups: [],
    },
  });
  expect(buildCreateOrderPayload(cart, ticked)).toMatchObject({
    sms_opt_in: true,
    marketing_opt_in: false,
    phone: '+12135550100',
  });

  act(() => smsBox()!.click());
  expect(seen.at(-1)!.smsOptIn).toBe(false);
});
