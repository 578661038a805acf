/**
 * Loyalty points, tied to a phone number (not to an account): a paid order earns one point per
 * `loyalty.centsPerPoint` of its subtotal after its discounts (before tax, delivery and tip); today
 * one point per whole dollar. Points buy one reward per order at checkout (`loyalty.reward`, today
 * 100 points for $5.00 off), taken off the subtotal after the promo, never below zero, and only by
 * a signed-in customer whose account has the order's phone number, out of the points its own
 * orders earned (placed signed in, or with its confirmed email address).
 */
import { formatUSD, type Cents } from './money.ts';
import { loyaltySettings } from './settings/values.ts';

export const LOYALTY_REWARD: { points: number; discountCents: Cents } = loyaltySettings.reward;

/** Points a paid order earns; `centsPerPoint` is the owner's live earn rate (settings' by default). */
export function pointsEarned(
  subtotalCents: Cents,
  discountCents: Cents,
  centsPerPoint: number = loyaltySettings.centsPerPoint,
): number {
  return Math.max(0, Math.floor((subtotalCents - discountCents) / centsPerPoint));
}

/** Whether a balance buys the reward. */
export function canRedeem(points: number): boolean {
  return points >= LOYALTY_REWARD.points;
}

/** What the reward takes off a subtotal (after the promo): its value, at most the subtotal itself. */
export function rewardDiscountCents(subtotalAfterPromo: Cents): Cents {
  return Math.max(0, Math.min(LOYALTY_REWARD.discountCents, subtotalAfterPromo));
}

export const pointsText = (n: number) => `${n} loyalty ${n === 1 ? 'point' : 'points'}`;

/** The checkout's offer: 'Use 100 of your 240 loyalty points for $5.00 off'. */
export function rewardOffer(balance: number): string {
  return `Use ${LOYALTY_REWARD.points} of your ${pointsText(balance)} for ${formatUSD(LOYALTY_REWARD.discountCents)} off`;
}

export const REDEEM_SIGN_IN = 'Sign in to use your loyalty points.';
export const REDEEM_WRONG_PHONE =
  'Loyalty points can be used only with the phone number on your account. Use that number, or order without the reward.';
export const redeemTooFew = (balance: number) =>
  `You need ${pointsText(LOYALTY_REWARD.points)} for this reward; this phone number has ${balance}.`;
export const redeemNotYours = (balance: number) =>
  `Only points from orders placed with your account or its email address can be spent; you have ${balance} of those.`;
