/**
 * The checkout form's own checks (shared/checkout-form.ts): which sentence a customer reads for
 * each missing or malformed contact and delivery field, which typed tips are amounts and how
 * many cents they are, and that the server's create-order schema answers with the very same
 * sentence, so the wording does not change with where the mistake is caught.
 */
import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema, firstIssueMessage } from '../../shared/api/schemas.ts';
import {
  CITY_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  PHONE_TOO_SHORT,
  STATE_FORMAT,
  STATE_REQUIRED,
  STREET_REQUIRED,
  ZIP_FORMAT,
  ZIP_REQUIRED,
  checkAddress,
  checkContact,
  parseTipCents,
} from '../../shared/checkout-form.ts';

const ana = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0100' };
const grandAve = {
  deliveryStreet: '350 S Grand Ave',
  deliveryCity: 'Los Angeles',
  deliveryState: 'CA',
  deliveryZip: '90071',
};

describe('contact details', () => {
  it('a complete contact has no errors', () => {
    expect(checkContact(ana)).toEqual({});
  });

  it('an empty form asks for the name, the email and the phone, in those words', () => {
    expect(checkContact({ name: '', email: '', phone: '' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter your email address.',
      phone: 'Enter your phone number.',
    });
    expect([NAME_REQUIRED, EMAIL_REQUIRED, PHONE_REQUIRED]).toEqual([
      'Enter your name.',
      'Enter your email address.',
      'Enter your phone number.',
    ]);
  });

  it('spaces alone count as missing', () => {
    expect(checkContact({ name: '   ', email: ' ', phone: '\t' })).toEqual({
      name: NAME_REQUIRED,
      email: EMAIL_REQUIRED,
      phone: PHONE_REQUIRED,
    });
  });

  it("'ana@' is not an email address", () => {
    expect(checkContact({ ...ana, email: 'ana@' })).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
    });
    expect(EMAIL_INVALID).toBe('Enter a valid email address, like name@example.com.');
  });

  it('a phone with 9 digits is too short; 10 digits with punctuation passes', () => {
    expect(checkContact({ ...ana, phone: '213-555-010' })).toEqual({
      phone: 'Enter a phone number with at least 10 digits, like (213) 555-0100.',
    });
    expect(PHONE_TOO_SHORT).toBe('Enter a phone number with at least 10 digits, like (213) 555-0100.');
    expect(checkContact({ ...ana, phone: '(213) 555-0100' })).toEqual({});
    expect(checkContact({ ...ana, phone: '213.555.0100' })).toEqual({});
  });
});

describe('delivery address', () => {
  it('a complete address has no errors', () => {
    expect(checkAddress(grandAve)).toEqual({});
  });

  it('each missing field gets its own sentence', () => {
    expect(checkAddress({ ...grandAve, deliveryStreet: '' })).toEqual({
      deliveryStreet: 'Enter the street address for delivery.',
    });
    expect(checkAddress({ ...grandAve, deliveryCity: ' ' })).toEqual({ deliveryCity: 'Enter the city for delivery.' });
    expect(checkAddress({ ...grandAve, deliveryState: '' })).toEqual({
      deliveryState: 'Enter the state for delivery.',
    });
    expect(checkAddress({ ...grandAve, deliveryZip: '' })).toEqual({ deliveryZip: 'Enter the ZIP code for delivery.' });
    expect(checkAddress({ deliveryStreet: '', deliveryCity: '', deliveryState: '', deliveryZip: '' })).toEqual({
      deliveryStreet: STREET_REQUIRED,
      deliveryCity: CITY_REQUIRED,
      deliveryState: STATE_REQUIRED,
      deliveryZip: ZIP_REQUIRED,
    });
  });

  it("the state 'Cal' must be its two-letter code; 'ca' is accepted", () => {
    expect(checkAddress({ ...grandAve, deliveryState: 'Cal' })).toEqual({
      deliveryState: 'Enter the state as its two-letter code, like CA.',
    });
    expect(STATE_FORMAT).toBe('Enter the state as its two-letter code, like CA.');
    expect(checkAddress({ ...grandAve, deliveryState: 'ca' })).toEqual({});
  });

  it("the ZIP '9001' is refused; '90012' and '90012-3456' pass", () => {
    expect(checkAddress({ ...grandAve, deliveryZip: '9001' })).toEqual({
      deliveryZip: 'Enter a 5-digit ZIP code, like 90012 or 90012-3456.',
    });
    expect(ZIP_FORMAT).toBe('Enter a 5-digit ZIP code, like 90012 or 90012-3456.');
    expect(checkAddress({ ...grandAve, deliveryZip: '90012' })).toEqual({});
    expect(checkAddress({ ...grandAve, deliveryZip: '90012-3456' })).toEqual({});
    expect(checkAddress({ ...grandAve, deliveryZip: '90012-345' })).toEqual({ deliveryZip: ZIP_FORMAT });
  });
});

describe('a custom tip as typed', () => {
  it.each([
    ['5', 500],
    ['5.5', 550],
    ['$5.05', 505],
    [' 0 ', 0],
    ['5.00', 500],
    ['$ 12.3', 1230],
  ])('%j is %i cents', (typed, cents) => {
    expect(parseTipCents(typed)).toBe(cents);
  });

  it.each(['5.555', 'abc', '-1', '', '5.', '.5', '5,00'])('%j is not an amount', (typed) => {
    expect(parseTipCents(typed)).toBeNull();
  });
});

describe('the server says the same words', () => {
  const pickupOrder = {
    cart_items: [{ menu_item_id: 'asada', quantity: 2, modifiers: ['m-cheese'] }],
    ...ana,
    delivery_type: 'pickup',
    promo_code: '',
  };

  it('the valid pickup order used below is accepted', () => {
    expect(CreateOrderRequestSchema.safeParse(pickupOrder).success).toBe(true);
  });

  it('an empty name is refused with NAME_REQUIRED', () => {
    const result = CreateOrderRequestSchema.safeParse({ ...pickupOrder, name: '' });
    expect(result.success).toBe(false);
    expect(firstIssueMessage(result.error!)).toBe(NAME_REQUIRED);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Enter your name.'],
    ]);
  });

  it("a 9-digit phone and a ZIP of 9001 on a delivery are refused with the form's sentences", () => {
    const result = CreateOrderRequestSchema.safeParse({
      ...pickupOrder,
      phone: '213-555-010',
      delivery_type: 'delivery',
      delivery_street: grandAve.deliveryStreet,
      delivery_city: grandAve.deliveryCity,
      delivery_state: 'Cal',
      delivery_zip: '9001',
      delivery_country: 'US',
      delivery_quote_id: 'q_123',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toMatchObject({ phone: PHONE_TOO_SHORT, delivery_state: STATE_FORMAT, delivery_zip: ZIP_FORMAT });
  });
});
