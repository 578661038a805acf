import { describe, expect, it } from 'vitest';
import { deliveryFeeCents, type DeliveryFeeTier } from '../../shared/delivery-fee.ts';
import { MINIMUM_DELIVERY_FEE_CENTS } from '../../shared/pricing.ts';
import { restaurant } from '../../shared/restaurant.ts';

describe('the courier fee by distance', () => {
  const tiers = restaurant.delivery.feeTiers;

  it.each([
    [0, 1000],
    [0.1, 1000],
    [2.9, 1000],
    [3, 1000],
    [3.01, 1200],
    [3.1, 1200],
    [5, 1200],
    [5.1, 1400],
    [7.9, 1400],
    [8, 1400],
  ])('%s miles costs %i cents', (miles, cents) => {
    expect(deliveryFeeCents(miles, tiers)).toBe(cents);
  });

  it.each([8.01, 8.1, 12.4, 2500])('%s miles is beyond the last tier', (miles) => {
    expect(deliveryFeeCents(miles, tiers)).toBeNull();
  });

  it('the last tier reaches exactly the delivery radius', () => {
    expect(tiers.at(-1)?.upToMiles).toBe(restaurant.delivery.radiusMiles);
  });

  it('no tier charges less than the $10 delivery charges at least, and farther never costs less', () => {
    const fees = [...tiers].sort((a, b) => a.upToMiles - b.upToMiles).map((t) => t.feeCents);
    expect(Math.min(...fees)).toBeGreaterThanOrEqual(MINIMUM_DELIVERY_FEE_CENTS);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
  });

  it.each([-0.1, Number.NaN, Number.POSITIVE_INFINITY])('a distance of %s has no fee', (miles) => {
    expect(deliveryFeeCents(miles, tiers)).toBeNull();
  });

  it('takes the smallest tier that reaches the distance, whatever the order of the list', () => {
    const shuffled: DeliveryFeeTier[] = [
      { upToMiles: 8, feeCents: 999 },
      { upToMiles: 2, feeCents: 399 },
      { upToMiles: 6, feeCents: 799 },
      { upToMiles: 4, feeCents: 599 },
    ];
    expect(deliveryFeeCents(2, shuffled)).toBe(399);
    expect(deliveryFeeCents(2.01, shuffled)).toBe(599);
    expect(deliveryFeeCents(4, shuffled)).toBe(599);
    expect(deliveryFeeCents(4.5, shuffled)).toBe(799);
    expect(deliveryFeeCents(6, shuffled)).toBe(799);
    expect(deliveryFeeCents(6.01, shuffled)).toBe(999);
    expect(deliveryFeeCents(8, shuffled)).toBe(999);
    expect(deliveryFeeCents(8.01, shuffled)).toBeNull();
  });

  it('no tiers means no delivery', () => {
    expect(deliveryFeeCents(1, [])).toBeNull();
  });
});
