/**
 * Loyalty points, tied to a phone number (not to an account): a paid order earns one point per
 * `loyalty.centsPerPoint` of its subtotal after the promo (before tax, delivery and tip); today one
 * point per whole dollar.
 */
import type { Cents } from './money.ts';
import { loyaltySettings } from './settings/values.ts';

export function pointsEarned(subtotalCents: Cents, promoDiscountCents: Cents): number {
  return Math.max(0, Math.floor((subtotalCents - promoDiscountCents) / loyaltySettings.centsPerPoint));
}
