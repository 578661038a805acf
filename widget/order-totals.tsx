/**
 * The cart's money as shared/ computes it for the server too: subtotal, promo, points reward, tax, delivery
 * charge and tip (delivery only), total, and the delivery upsell. Until a courier has quoted an
 * address, the delivery charge is its least (the minimum fee less the discount), and a line says
 * what pickup and delivery add, so no fee first shows at checkout. Used by the cart sidebar and
 * the checkout.
 */
import { cartTotals, type CartState } from '../shared/cart.ts';
import { formatUSD, type Cents } from '../shared/money.ts';
import type { LivePricing } from '../shared/live-settings.ts';
import { feesText, upsellText } from '../shared/pricing.ts';
import { t } from './i18n.ts';

/** `pricing`: the owner's live values (the cart store's), so the total shown is the one charged. */
export function OrderTotals({ state, pricing }: { state: CartState; pricing: LivePricing }) {
  const totals = cartTotals(state, undefined, pricing.minimumFeeCents);
  const delivery = state.deliveryType === 'delivery';
  const upsell = delivery ? upsellText(totals.subtotal, t) : '';
  const row = (label: string, cents: Cents, testId: string) => (
    <div className="total-row" key={label} data-total={testId}>
      <dt>{label}</dt>
      <dd>{formatUSD(cents)}</dd>
    </div>
  );
  return (
    <>
      <dl className="totals">
        {row(t('common.totals.subtotal'), totals.subtotal, 'subtotal')}
        {totals.promoDiscount > 0 &&
          row(
            state.promoCode ? t('common.totals.promoCode', { code: state.promoCode }) : t('common.totals.promo'),
            -totals.promoDiscount,
            'promo',
          )}
        {totals.loyaltyDiscount > 0 && row(t('common.totals.pointsReward'), -totals.loyaltyDiscount, 'loyalty')}
        {row(t('common.totals.tax'), totals.tax, 'tax')}
        {delivery && row(t('common.totals.delivery'), totals.deliveryCharge, 'delivery')}
        {delivery && row(t('common.totals.tip'), totals.tip, 'tip')}
        {row(t('common.totals.total'), totals.total, 'total')}
      </dl>
      {!(delivery && state.deliveryQuoteId) && (
        <p className="fees">{feesText(totals.subtotal, t, pricing.minimumFeeCents)}</p>
      )}
      {upsell && <p className="upsell">{upsell}</p>}
    </>
  );
}
