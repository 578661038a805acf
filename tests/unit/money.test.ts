import { describe, expect, it } from 'vitest';
import { formatUSD, percentOf, roundHalfUp, toCents, toDollars } from '../../shared/money.ts';

describe('money', () => {
  it('reads POS string prices as cents', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('$1,299.99')).toBe(129999);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(8.5)).toBe(850);
    expect(Number.isNaN(toCents('free'))).toBe(true);
  });

  it('rounds half a cent up, even where binary floating point says 100.4999', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(1.004)).toBe(100);
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(-0.5)).toBe(-1);
    expect(roundHalfUp(194.9025)).toBe(195);
  });

  it('takes a percentage to the nearest cent, half up', () => {
    expect(percentOf(1999, 9.75)).toBe(195); // 194.9025
    expect(percentOf(2000, 9.75)).toBe(195); // 195.0
    expect(percentOf(1000, 9.75)).toBe(98); // 97.5 rounds up
    expect(percentOf(333, 15)).toBe(50); // 49.95
  });

  it('shows dollars the US way', () => {
    expect(formatUSD(0)).toBe('$0.00');
    expect(formatUSD(5)).toBe('$0.05');
    expect(formatUSD(123456)).toBe('$1,234.56');
    expect(formatUSD(-500)).toBe('-$5.00');
  });

  it('turns cents back into wire dollars', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(7)).toBe(0.07);
  });
});
