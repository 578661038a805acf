/**
 * Loyalty points (shared/loyalty.ts): one point per whole dollar of the subtotal after the
 * promo, never a fraction of a point and never negative.
 */
import { describe, expect, it } from 'vitest';
import { pointsEarned } from '../../shared/loyalty.ts';

describe('points a paid order earns', () => {
  it('$9.99 earns 9 points and $10.00 earns 10', () => {
    expect(pointsEarned(999, 0)).toBe(9);
    expect(pointsEarned(1000, 0)).toBe(10);
    expect(pointsEarned(1001, 0)).toBe(10);
  });

  it('counts the subtotal after the promo: $25.00 less $5.01 earns 19', () => {
    expect(pointsEarned(2500, 501)).toBe(19);
    expect(pointsEarned(2500, 500)).toBe(20);
  });

  it('under a dollar earns nothing', () => {
    expect(pointsEarned(99, 0)).toBe(0);
    expect(pointsEarned(0, 0)).toBe(0);
  });

  it('a promo bigger than the subtotal earns 0, not negative points', () => {
    expect(pointsEarned(800, 1500)).toBe(0);
    expect(pointsEarned(1000, 1000)).toBe(0);
  });
});
