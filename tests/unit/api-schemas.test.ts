import { describe, expect, it } from 'vitest';
import {
  CreateOrderRequestSchema,
  EstimateDeliveryRequestSchema,
  MenusResponseSchema,
  PromoValidateRequestSchema,
  RawMenuItemSchema,
  SavedCartRequestSchema,
  firstIssueMessage,
} from '../../shared/api/schemas.ts';
import { NO_MENUS_RETURNED, couldNotFindMenu, loadingChunkFailed } from '../../shared/api/messages.ts';

const pickup = {
  cart_items: [{ menu_item_id: 'taco-1', quantity: 2, modifiers: ['salsa-verde', 'extra-cheese'] }],
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '(213) 555-0100',
  delivery_type: 'pickup',
  promo_code: '',
};

const delivery = {
  ...pickup,
  delivery_type: 'delivery',
  delivery_street: '350 S Grand Ave, Apt 4',
  delivery_city: 'Los Angeles',
  delivery_state: 'CA',
  delivery_zip: '90071',
  delivery_country: 'US',
  delivery_lat: 34.0522,
  delivery_lng: -118.2437,
  delivery_quote_id: 'q_123',
  delivery_cost: 3.01,
  tip: 2.5,
};

/** Every message of a refused parse, by field path. */
function messages(input: unknown): Record<string, string> {
  const result = CreateOrderRequestSchema.safeParse(input);
  expect(result.success).toBe(false);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] = issue.message;
  return found;
}

describe('create-order request', () => {
  it('accepts a valid pickup order, with defaults filled and ids read as strings', () => {
    const result = CreateOrderRequestSchema.safeParse({
      ...pickup,
      cart_items: [{ menu_item_id: 12, quantity: 1, modifiers: [3] }],
      promo_code: undefined,
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      cart_items: [{ menu_item_id: '12', quantity: 1, modifiers: ['3'] }],
      delivery_type: 'pickup',
      marketing_opt_in: false,
      sms_opt_in: false,
      promo_code: '',
    });
  });

  it('takes consent to order texts as yes or no only', () => {
    expect(CreateOrderRequestSchema.parse({ ...pickup, sms_opt_in: true }).sms_opt_in).toBe(true);
    const refused = CreateOrderRequestSchema.safeParse({ ...pickup, sms_opt_in: 'yes' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Consent to order texts must be yes or no.');
  });

  it('accepts a valid delivery order', () => {
    const result = CreateOrderRequestSchema.safeParse({ ...delivery, cognito_sub: 'sub-1', marketing_opt_in: true });
    expect(result.success).toBe(true);
    expect(result.data?.delivery_quote_id).toBe('q_123');
    expect(result.data?.tip).toBe(2.5);
  });

  it('trims the text a customer typed', () => {
    const result = CreateOrderRequestSchema.parse({
      ...delivery,
      name: '  Ana  ',
      email: ' ana@example.com ',
      delivery_state: 'ca',
    });
    expect(result.name).toBe('Ana');
    expect(result.email).toBe('ana@example.com');
    expect(result.delivery_state).toBe('CA');
  });

  const required: [string, string][] = [
    ['delivery_street', 'Enter the street address for delivery.'],
    ['delivery_city', 'Enter the city for delivery.'],
    ['delivery_state', 'Enter the state for delivery.'],
    ['delivery_zip', 'Enter the ZIP code for delivery.'],
    ['delivery_quote_id', 'Get a delivery estimate for this address before placing the order.'],
  ];

  for (const [field, message] of required) {
    it(`refuses a delivery order without ${field}: "${message}"`, () => {
      const { [field]: _left, ...withoutField } = delivery as Record<string, unknown>;
      expect(messages(withoutField)).toEqual({ [field]: message });
      expect(messages({ ...delivery, [field]: '   ' })).toEqual({ [field]: message });
    });
  }

  it('names every missing address field at once, even when another field is wrong too', () => {
    const found = messages({ ...pickup, delivery_type: 'delivery', email: 'not-an-email' });
    expect(found).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
      ...Object.fromEntries(required),
    });
  });

  it('does not ask a pickup order for an address', () => {
    expect(CreateOrderRequestSchema.safeParse(pickup).success).toBe(true);
  });

  it('refuses a quantity of 0 and of 100', () => {
    const line = pickup.cart_items[0]!;
    expect(messages({ ...pickup, cart_items: [{ ...line, quantity: 0 }] })).toEqual({
      'cart_items.0.quantity': 'The quantity must be at least 1.',
    });
    expect(messages({ ...pickup, cart_items: [{ ...line, quantity: 100 }] })).toEqual({
      'cart_items.0.quantity': 'The quantity can be at most 99.',
    });
    expect(messages({ ...pickup, cart_items: [{ ...line, quantity: 1.5 }] })).toEqual({
      'cart_items.0.quantity': 'The quantity must be a whole number.',
    });
    for (const quantity of [1, 99]) {
      expect(CreateOrderRequestSchema.safeParse({ ...pickup, cart_items: [{ ...line, quantity }] }).success).toBe(true);
    }
  });

  it('refuses a bad email', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'ana example@x.com']) {
      expect(messages({ ...pickup, email })).toEqual({ email: 'Enter a valid email address, like name@example.com.' });
    }
    expect(messages({ ...pickup, email: '' })).toEqual({ email: 'Enter your email address.' });
  });

  it('refuses an empty cart, a missing name, a short phone and an unknown delivery type', () => {
    expect(messages({ ...pickup, cart_items: [] })).toEqual({
      cart_items: 'Your cart is empty. Add an item before checking out.',
    });
    expect(messages({ ...pickup, name: ' ' })).toEqual({ name: 'Enter your name.' });
    expect(messages({ ...pickup, phone: '555-0100' })).toEqual({
      phone: 'Enter a phone number with at least 10 digits, like (213) 555-0100.',
    });
    expect(messages({ ...pickup, delivery_type: 'drone' })).toEqual({ delivery_type: 'Choose pickup or delivery.' });
  });

  it('refuses a negative tip or delivery cost', () => {
    expect(messages({ ...delivery, tip: -1, delivery_cost: -0.01 })).toEqual({
      tip: 'The tip cannot be negative.',
      delivery_cost: 'The delivery cost cannot be negative.',
    });
  });

  it('gives human sentences for a body that is not an object, and firstIssueMessage reads the first', () => {
    for (const body of [null, 'order', [], 42]) {
      const result = CreateOrderRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(firstIssueMessage(result.error!)).toBe('We could not read this request. Refresh the page and try again.');
    }
    const result = CreateOrderRequestSchema.safeParse({ ...pickup, name: '' });
    expect(firstIssueMessage(result.error!)).toBe('Enter your name.');
  });
});

describe('estimate-delivery request', () => {
  const address = {
    delivery_street: '350 S Grand Ave',
    delivery_city: 'Los Angeles',
    delivery_state: 'ca',
    delivery_zip: '90071',
  };

  it('accepts a US address, upper-cases the state and defaults the country to US', () => {
    expect(EstimateDeliveryRequestSchema.parse(address)).toEqual({
      ...address,
      delivery_state: 'CA',
      delivery_country: 'US',
    });
    expect(EstimateDeliveryRequestSchema.parse({ ...address, delivery_zip: '90071-1234' }).delivery_zip).toBe(
      '90071-1234',
    );
  });

  it('refuses a bad ZIP code', () => {
    for (const zip of ['9007', '900711', 'ABCDE', '90071-12', '90071 1234']) {
      const result = EstimateDeliveryRequestSchema.safeParse({ ...address, delivery_zip: zip });
      expect(result.success).toBe(false);
      expect(firstIssueMessage(result.error!)).toBe('Enter a 5-digit ZIP code, like 90012 or 90012-3456.');
    }
    const missing = EstimateDeliveryRequestSchema.safeParse({ ...address, delivery_zip: undefined });
    expect(firstIssueMessage(missing.error!)).toBe('Enter the ZIP code for delivery.');
  });

  it('refuses a state that is not a two-letter code', () => {
    const result = EstimateDeliveryRequestSchema.safeParse({ ...address, delivery_state: 'California' });
    expect(firstIssueMessage(result.error!)).toBe('Enter the state as its two-letter code, like CA.');
  });
});

describe('other requests and the raw menu', () => {
  it('a promo request needs a code, and a blank phone reads as absent', () => {
    expect(PromoValidateRequestSchema.parse({ code: ' TACO10 ', phone: ' ' })).toEqual({ code: 'TACO10' });
    const result = PromoValidateRequestSchema.safeParse({ code: '' });
    expect(firstIssueMessage(result.error!)).toBe('Enter a promo code.');
  });

  it('a saved cart keeps modifier prices as strings and needs a name of at most 80 characters', () => {
    const cart = {
      name: 'Friday tacos',
      cognito_sub: 'sub-1',
      items: [{ menu_item_id: 1, quantity: 2, modifiers: [{ id: 5, name: 'Cheese', price: 0.75 }] }],
    };
    expect(SavedCartRequestSchema.parse(cart).items[0]!.modifiers[0]).toEqual({
      id: '5',
      name: 'Cheese',
      price: '0.75',
    });
    expect(firstIssueMessage(SavedCartRequestSchema.safeParse({ ...cart, name: 'x'.repeat(81) }).error!)).toBe(
      'A cart name can be at most 80 characters.',
    );
  });

  it('the menus answer must be a non-empty array', () => {
    const result = MenusResponseSchema.safeParse([]);
    expect(firstIssueMessage(result.error!)).toBe(NO_MENUS_RETURNED);
  });

  it('a raw menu item only needs an id and keeps what it does not know', () => {
    expect(RawMenuItemSchema.parse({ id: 7, base_price: '3.50', extra: 1 })).toEqual({
      id: '7',
      base_price: '3.50',
      extra: 1,
    });
    expect(RawMenuItemSchema.safeParse({ name: 'No id' }).success).toBe(false);
  });

  it('the message helpers spell the sentences customers read', () => {
    expect(couldNotFindMenu('Taqueria')).toBe('Could not find "Taqueria".');
    expect(loadingChunkFailed(3)).toBe('Loading chunk 3 failed');
  });
});
