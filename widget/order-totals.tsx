/**
 * The cart's money as shared/ computes it for the server too: subtotal, promo, points reward, tax, delivery
 * charge and tip (delivery only), total, and the delivery upsell. Until a courier has quoted an
 * address, the delivery charge is its least (the minimum fee less the discount), and a line says
 * what pickup and delivery add, so no fee first shows at checkout. Used by the cart sidebar and
 * the checkout.
 */
import { cartTotals, type CartState } from '../shared/cart.ts';
import { formatUSD, type Cents } from '../shared/money.ts';
import { feesText, upsellText } from '../shared/pricing.ts';

export function OrderTotals({ state }: { state: CartState }) {
  const totals = cartTotals(state);
  const delivery = state.deliveryType === 'delivery';
  const upsell = delivery ? upsellText(totals.subtotal) : '';
  const row = (label: string, cents: Cents, testId: string) => (
    <div className="total-row" key={label} data-total={testId}>
      <dt>{label}</dt>
      <dd>{formatUSD(cents)}</dd>
    </div>
  );
  return (
    <>
      <dl className="totals">
        {row('Subtotal', totals.subtotal, 'subtotal')}
        {totals.promoDiscount > 0 &&
          row(`Promo${state.promoCode ? ` (${state.promoCode})` : ''}`, -totals.promoDiscount, 'promo')}
        {totals.loyaltyDiscount > 0 && row('Points reward', -totals.loyaltyDiscount, 'loyalty')}
        {row('Tax', totals.tax, 'tax')}
        {delivery && row('Delivery', totals.deliveryCharge, 'delivery')}
        {delivery && row('Tip', totals.tip, 'tip')}
        {row('Total', totals.total, 'total')}
      </dl>
      {!(delivery && state.deliveryQuoteId) && <p className="fees">{feesText(totals.subtotal)}</p>}
      {upsell && <p className="upsell">{upsell}</p>}
    </>
  );
}
