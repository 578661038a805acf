/**
 * Money and the delivery fees line as the first paint words them: the same text as
 * shared/money.ts formatUSD and shared/pricing.ts feesSummary ("$1,234.50"), written out by hand,
 * because the first `Intl.NumberFormat` for a currency costs the browser close to 100 ms on a slow
 * phone, a task the menu's first paint should not wait on.
 */
import type { Translate } from '../../shared/i18n/message.ts';
import { roundHalfUp, type Cents } from '../../shared/money.ts';
import { DELIVERY_DISCOUNT_TIERS, MINIMUM_DELIVERY_FEE_CENTS } from '../../shared/pricing.ts';

export function dollars(cents: Cents): string {
  const rounded = roundHalfUp(cents);
  const whole = Math.floor(Math.abs(rounded) / 100);
  const fraction = String(Math.abs(rounded) % 100).padStart(2, '0');
  return `${rounded < 0 ? '-' : ''}$${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** feesSummary's sentence, with the owner's live minimum delivery fee when known, else the settings'. */
export function feesLine(t: Translate, minimumFeeCents: Cents = MINIMUM_DELIVERY_FEE_CENTS): string {
  const discounts = DELIVERY_DISCOUNT_TIERS.filter((tier) => tier.discount > 0).map((tier, i) => {
    const from = dollars(tier.from);
    if (!Number.isFinite(tier.discount))
      return t(i === 0 ? 'common.fees.freeOrdersFrom' : 'common.fees.freeFrom', { from });
    const discount = dollars(tier.discount);
    return t(i === 0 ? 'common.fees.offOrdersFrom' : 'common.fees.offFrom', { discount, from });
  });
  const fee = dollars(minimumFeeCents);
  return t('common.fees.summary', { fee, discounts: discounts.length ? `; ${discounts.join(', ')}` : '' });
}
