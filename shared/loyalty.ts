/**
 * Loyalty points, tied to a phone number (not to an account): a paid order earns one point per whole
 * dollar of its subtotal after the promo (before tax, delivery and tip).
 */
import type { Cents } from './money.ts';

export function pointsEarned(subtotalCents: Cents, promoDiscountCents: Cents): number {
  return Math.max(0, Math.floor((subtotalCents - promoDiscountCents) / 100));
}
