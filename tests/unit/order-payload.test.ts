import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema } from '../../shared/api/schemas.ts';
import { cartReducer, emptyCart, type CartAction } from '../../shared/cart.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { buildCreateOrderPayload } from '../../shared/order-payload.ts';

const burrito: MenuItem = {
  id: 'burrito-asada',
  name: 'Burrito de Asada',
  description: '',
  base_price: 12.5,
  is_special: false,
  diet: [],
  spice_level: 0,
  clover_id: null,
  photo: null,
  categoryName: 'Burritos',
  modifier_groups: [],
};
const guac = { id: 'mod-guac', name: 'Guacamole', price: 1.75 };
const beans = { id: 'mod-beans', name: 'Black beans', price: 0 };
const contact = { name: ' Ana Ruiz ', email: 'ana@example.com', phone: '(213) 555-0199' };
const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart);

describe('the create-order payload', () => {
  it('a pickup order sends modifier ids only, no delivery fields, no tip, and opts out of marketing', () => {
    const cart = run(
      { type: 'addItem', menuItem: burrito, quantity: 2, selectedModifiers: [guac, beans] },
      { type: 'setTip', tipCents: 300 },
      { type: 'setAddress', address: { deliveryStreet: '1 Main St' } },
    );
    const payload = buildCreateOrderPayload(cart, contact);
    expect(payload).toEqual({
      cart_items: [{ menu_item_id: 'burrito-asada', quantity: 2, modifiers: ['mod-guac', 'mod-beans'] }],
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '+12135550199',
      delivery_type: 'pickup',
      marketing_opt_in: false,
      sms_opt_in: false,
      promo_code: '',
      redeem_points: false,
    });
    expect(CreateOrderRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('sends the consent to order texts only when the customer ticked it', () => {
    const cart = run({ type: 'addItem', menuItem: burrito });
    expect(buildCreateOrderPayload(cart, contact).sms_opt_in).toBe(false);
    expect(buildCreateOrderPayload(cart, { ...contact, smsOptIn: true }).sms_opt_in).toBe(true);
    expect(buildCreateOrderPayload(cart, { ...contact, marketingOptIn: true }).sms_opt_in).toBe(false);
  });

  it('carries cognito_sub only when the customer is known', () => {
    const cart = run({ type: 'addItem', menuItem: burrito });
    expect(buildCreateOrderPayload(cart, contact, 'sub-123').cognito_sub).toBe('sub-123');
    expect('cognito_sub' in buildCreateOrderPayload(cart, contact, null)).toBe(false);
  });

  it('a delivery order joins street and apartment with a comma and sends the net delivery cost and tip', () => {
    const cart = run(
      { type: 'addItem', menuItem: burrito, quantity: 2 },
      { type: 'setDeliveryType', deliveryType: 'delivery' },
      {
        type: 'setAddress',
        address: {
          deliveryStreet: '350 S Grand Ave',
          deliveryStreet2: 'Apt 4B',
          deliveryCity: 'Los Angeles',
          deliveryState: 'CA',
          deliveryZip: '90071',
        },
      },
      { type: 'setCoordinates', lat: 34.0529, lng: -118.2542 },
      { type: 'setDeliveryQuote', quoteId: 'quote-9', feeCents: 795 },
      { type: 'setDistance', distance: 1.5 },
      { type: 'applyPromo', code: 'WELCOME10', rule: { discount_type: 'percent', discount_value: 10 } },
    );
    const payload = buildCreateOrderPayload({ ...cart }, { ...contact, marketingOptIn: true });
    // $25.00 subtotal: tier discount 2.99, net cost 7.95 - 2.99 = 4.96; basic tip min(max(1, 1.5), 2.50) = 1.50
    expect(payload).toMatchObject({
      delivery_type: 'delivery',
      marketing_opt_in: true,
      promo_code: 'WELCOME10',
      delivery_street: '350 S Grand Ave, Apt 4B',
      delivery_city: 'Los Angeles',
      delivery_state: 'CA',
      delivery_zip: '90071',
      delivery_country: 'US',
      delivery_lat: 34.0529,
      delivery_lng: -118.2542,
      delivery_quote_id: 'quote-9',
      delivery_cost: 4.96,
      tip: 1.5,
    });
    expect(CreateOrderRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('after the cart is cleared (an order paid), the kept code is not sent until it is applied again', () => {
    const applied = run(
      { type: 'addItem', menuItem: burrito },
      { type: 'applyPromo', code: 'FIVEOFF', rule: { discount_type: 'fixed', discount_value: 5 } },
    );
    expect(buildCreateOrderPayload(applied, contact).promo_code).toBe('FIVEOFF');
    const next = [{ type: 'clear' }, { type: 'addItem', menuItem: burrito }] as CartAction[];
    const cleared = next.reduce(cartReducer, applied);
    expect(cleared.promoCode).toBe('FIVEOFF');
    expect(buildCreateOrderPayload(cleared, contact).promo_code).toBe('');
    const again = cartReducer(cleared, {
      type: 'applyPromo',
      code: 'FIVEOFF',
      rule: { discount_type: 'fixed', discount_value: 5 },
    });
    expect(buildCreateOrderPayload(again, contact).promo_code).toBe('FIVEOFF');
  });

  it('leaves out delivery fields that are empty', () => {
    const cart = run(
      { type: 'addItem', menuItem: burrito },
      { type: 'setDeliveryType', deliveryType: 'delivery' },
      {
        type: 'setAddress',
        address: {
          deliveryStreet: '350 S Grand Ave',
          deliveryCity: 'Los Angeles',
          deliveryState: 'CA',
          deliveryZip: '90071',
        },
      },
    );
    const payload = buildCreateOrderPayload(cart, contact);
    expect(payload.delivery_street).toBe('350 S Grand Ave');
    for (const key of ['delivery_lat', 'delivery_lng', 'delivery_quote_id']) expect(key in payload).toBe(false);
    // a zero cost and a zero tip are amounts, not empty fields
    expect(payload.delivery_cost).toBe(0);
    expect(payload.tip).toBe(0);
  });
});

describe('spending points in the payload', () => {
  it('asks for the reward only when a signed-in customer chose it with enough points', () => {
    let cart = run({ type: 'addItem', menuItem: burrito }, { type: 'setExistingPoints', points: 120 });
    cart = cartReducer(cart, { type: 'setRedeemPoints', redeem: true });
    expect(buildCreateOrderPayload(cart, contact, 'sub-123').redeem_points).toBe(true);
    expect(buildCreateOrderPayload(cart, contact, null).redeem_points).toBe(false);
    const poorer = cartReducer(cart, { type: 'setExistingPoints', points: 40 });
    expect(buildCreateOrderPayload(poorer, contact, 'sub-123').redeem_points).toBe(false);
  });
});
