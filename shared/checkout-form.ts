/**
 * What the checkout form checks before it calls the server, with the same sentences the server
 * answers (shared/api/schemas.ts uses these constants), so a customer reads one wording wherever
 * the mistake is caught.
 */
import type { DeliveryAddress } from './cart.ts';

/** Who the order is for, as the checkout form holds it. */
export interface CheckoutContact {
  name: string;
  email: string;
  phone: string;
  marketingOptIn?: boolean;
  /** Texts about this order (ready, out for delivery); asked afresh at each checkout. */
  smsOptIn?: boolean;
}

export const NAME_REQUIRED = 'Enter your name.';
export const EMAIL_REQUIRED = 'Enter your email address.';
export const EMAIL_INVALID = 'Enter a valid email address, like name@example.com.';
export const PHONE_REQUIRED = 'Enter your phone number.';
export const PHONE_TOO_SHORT = 'Enter a phone number with at least 10 digits, like (213) 555-0100.';
export const STREET_REQUIRED = 'Enter the street address for delivery.';
export const CITY_REQUIRED = 'Enter the city for delivery.';
export const STATE_REQUIRED = 'Enter the state for delivery.';
export const STATE_FORMAT = 'Enter the state as its two-letter code, like CA.';
export const ZIP_REQUIRED = 'Enter the ZIP code for delivery.';
export const ZIP_FORMAT = 'Enter a 5-digit ZIP code, like 90012 or 90012-3456.';
export const QUOTE_REQUIRED = 'Get a delivery estimate for this address before placing the order.';
export const TIP_FORMAT = 'Enter the tip in dollars, like 5.00.';
/** The customer's note for the kitchen ('No onions, please'): optional, one line. */
export const KITCHEN_NOTE_MAX = 200;
export const KITCHEN_NOTE_TOO_LONG = `The note for the kitchen can be at most ${KITCHEN_NOTE_MAX} characters.`;
export const KITCHEN_NOTE_NOT_TEXT = 'Write the note for the kitchen as text.';

export type ContactErrors = Partial<Record<'name' | 'email' | 'phone', string>>;
export type AddressErrors = Partial<
  Record<'deliveryStreet' | 'deliveryCity' | 'deliveryState' | 'deliveryZip', string>
>;

export function checkContact(contact: CheckoutContact): ContactErrors {
  const errors: ContactErrors = {};
  if (!contact.name.trim()) errors.name = NAME_REQUIRED;
  const email = contact.email.trim();
  if (!email) errors.email = EMAIL_REQUIRED;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = EMAIL_INVALID;
  const phone = contact.phone.trim();
  if (!phone) errors.phone = PHONE_REQUIRED;
  else if (phone.replace(/\D/g, '').length < 10) errors.phone = PHONE_TOO_SHORT;
  return errors;
}

export function checkAddress(
  address: Pick<DeliveryAddress, 'deliveryStreet' | 'deliveryCity' | 'deliveryState' | 'deliveryZip'>,
): AddressErrors {
  const errors: AddressErrors = {};
  if (!address.deliveryStreet.trim()) errors.deliveryStreet = STREET_REQUIRED;
  if (!address.deliveryCity.trim()) errors.deliveryCity = CITY_REQUIRED;
  const state = address.deliveryState.trim();
  if (!state) errors.deliveryState = STATE_REQUIRED;
  else if (!/^[A-Za-z]{2}$/.test(state)) errors.deliveryState = STATE_FORMAT;
  const zip = address.deliveryZip.trim();
  if (!zip) errors.deliveryZip = ZIP_REQUIRED;
  else if (!/^\d{5}(-\d{4})?$/.test(zip)) errors.deliveryZip = ZIP_FORMAT;
  return errors;
}

/** A custom tip as typed ('5', '5.5', '$5.00') in cents, or null when it is not an amount. */
export function parseTipCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,5})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
