/**
 * The create-order body the checkout sends (POST /api/create-order/). The server recomputes
 * every amount; the amounts here are what the customer saw, so the server can say when they differ.
 */
import type { CreateOrderRequest } from './api/schemas.ts';
import type { CartState } from './cart.ts';
import type { CheckoutContact } from './checkout-form.ts';
import { toDollars } from './money.ts';
import { normalizePhone } from './phone.ts';
import { cartTotals } from './cart.ts';
import { canRedeem } from './loyalty.ts';

export function buildCreateOrderPayload(
  cart: CartState,
  contact: CheckoutContact,
  cognitoSub?: string | null,
): CreateOrderRequest {
  const payload: CreateOrderRequest = {
    cart_items: cart.items.map((line) => ({
      menu_item_id: line.menuItem.id,
      quantity: line.quantity,
      modifiers: line.selectedModifiers.map((m) => m.id),
    })),
    name: contact.name.trim(),
    email: contact.email.trim(),
    phone: normalizePhone(contact.phone.trim()),
    delivery_type: cart.deliveryType,
    marketing_opt_in: contact.marketingOptIn ?? false,
    sms_opt_in: contact.smsOptIn ?? false,
    // Clearing the cart keeps the code the customer typed but drops its discount: it is sent only
    // once applied again, so the server prices the order as the customer saw it priced.
    promo_code: cart.promoDiscount ? cart.promoCode : '',
    // Points are spent only by a signed-in customer (the server checks the account's phone too).
    redeem_points: Boolean(cognitoSub) && cart.redeemPoints && canRedeem(cart.existingPoints),
  };
  if (cognitoSub) payload.cognito_sub = cognitoSub;
  if (cart.deliveryType !== 'delivery') return payload;

  const totals = cartTotals(cart);
  const street = [cart.deliveryStreet.trim(), cart.deliveryStreet2.trim()].filter(Boolean).join(', ');
  const deliveryFields = {
    delivery_street: street,
    delivery_city: cart.deliveryCity.trim(),
    delivery_state: cart.deliveryState.trim(),
    delivery_zip: cart.deliveryZip.trim(),
    delivery_country: cart.deliveryCountry.trim(),
    delivery_lat: cart.deliveryLat,
    delivery_lng: cart.deliveryLng,
    delivery_quote_id: cart.deliveryQuoteId,
    delivery_cost: toDollars(totals.netDeliveryCost),
    tip: toDollars(totals.tip),
  };
  for (const [key, value] of Object.entries(deliveryFields)) {
    if (value !== '' && value !== null && value !== undefined) {
      (payload as Record<string, unknown>)[key] = value;
    }
  }
  return payload;
}
