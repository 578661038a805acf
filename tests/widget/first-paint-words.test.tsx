// The first paint writes money and the fees line without Intl (widget/core/dollars.ts): the same
// text the ordering app shows, so nothing changes when the app takes the menu over.
import { describe, expect, it } from 'vitest';
import { formatUSD } from '../../shared/money.ts';
import { feesSummary } from '../../shared/pricing.ts';
import { dollars, feesLine } from '../../widget/core/dollars.ts';
import { t } from '../../widget/i18n.ts';

describe('the first paint’s money', () => {
  it('reads as formatUSD does, from cents to millions, rounding half up', () => {
    for (const cents of [0, 1, 5, 99, 100, 250, 1099, 12345, 99999, 100000, 123456789, -350, 12.5, 0.4])
      expect(dollars(cents)).toBe(formatUSD(cents));
  });

  it('words the delivery fees as feesSummary does', () => {
    expect(feesLine(t)).toBe(feesSummary(t));
  });
});
