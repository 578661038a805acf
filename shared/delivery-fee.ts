/**
 * The in-house courier's price list: a fee per distance tier (restaurant.delivery.feeTiers).
 * Pure, so the server prices a quote with it and tests pin each tier's edge.
 */
import type { Cents } from './money.ts';

export interface DeliveryFeeTier {
  /** The tier covers distances up to and including this many miles. */
  upToMiles: number;
  feeCents: Cents;
}

/**
 * The fee of the smallest tier whose `upToMiles` reaches `distanceMiles` (a tier's edge belongs
 * to it: 3.0 miles pays the "up to 3" fee); null beyond the last tier, or for a distance that is
 * negative or not a number. Tiers may come in any order.
 */
export function deliveryFeeCents(distanceMiles: number, tiers: readonly DeliveryFeeTier[]): Cents | null {
  if (!Number.isFinite(distanceMiles) || distanceMiles < 0) return null;
  let best: DeliveryFeeTier | null = null;
  for (const tier of tiers) {
    if (distanceMiles <= tier.upToMiles && (best === null || tier.upToMiles < best.upToMiles)) best = tier;
  }
  return best ? best.feeCents : null;
}
