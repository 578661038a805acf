/**
 * Every money rule of the storefront, in integer cents. Where the order of steps matters: tier
 * discounts and tip percentages use the item subtotal before promo; tax uses the subtotal after
 * promo; the total adds already-rounded parts.
 */
import { formatUSD, percentOf, roundHalfUp, toCents, type Cents } from './money.ts';
import { rewardDiscountCents } from './loyalty.ts';
import { deliverySettings, taxPercentSetting, tipSettings } from './settings/values.ts';
import type { Translate } from './i18n/message.ts';

/** The sales tax the server charges and the cart shows (settings/restaurant.json). */
export const SALES_TAX_PERCENT = taxPercentSetting;
/** The delivery charge never starts below this fee, before the restaurant's discount. */
export const MINIMUM_DELIVERY_FEE_CENTS: Cents = deliverySettings.minimumFeeCents;
/** A discount that makes delivery free: orders of $75 or more get the full fee off. */
export const FREE_DELIVERY: Cents = Number.POSITIVE_INFINITY;

export type DeliveryType = 'pickup' | 'delivery';
export type PromoRule = { discount_type: 'fixed' | 'percent'; discount_value: number };

export interface PricedModifier {
  price: number;
}
export interface PricedLine {
  menuItem: { base_price: number };
  quantity: number;
  selectedModifiers: readonly PricedModifier[];
}

/** One unit of an item with its chosen modifiers. */
export function unitPriceCents(line: Omit<PricedLine, 'quantity'>): Cents {
  const modifiers = line.selectedModifiers.reduce((sum, m) => sum + toCents(m.price), 0);
  return toCents(line.menuItem.base_price) + modifiers;
}

export function linePriceCents(line: PricedLine): Cents {
  return unitPriceCents(line) * line.quantity;
}

export function subtotalCents(lines: readonly PricedLine[]): Cents {
  return lines.reduce((sum, line) => sum + linePriceCents(line), 0);
}

/** Fixed promos are capped at the subtotal; percent promos are subtotal x value / 100. */
export function promoDiscountCents(subtotal: Cents, promo: PromoRule | null | undefined): Cents {
  if (!promo || !(promo.discount_value > 0)) return 0;
  const discount =
    promo.discount_type === 'fixed' ? toCents(promo.discount_value) : percentOf(subtotal, promo.discount_value);
  return Math.min(discount, subtotal);
}

export function taxCents(subtotalAfterPromo: Cents, percent: number = SALES_TAX_PERCENT): Cents {
  return percentOf(Math.max(0, subtotalAfterPromo), percent);
}

interface Tier {
  from: Cents;
  discount: Cents;
}
/** The restaurant's delivery discount by item subtotal, lowest tier first; 'free' is FREE_DELIVERY. */
export const DELIVERY_DISCOUNT_TIERS: readonly Tier[] = deliverySettings.discountTiers.map((tier) => ({
  from: tier.fromCents,
  discount: tier.discountCents === 'free' ? FREE_DELIVERY : tier.discountCents,
}));
/** Below this subtotal the cart names what the next tier saves (below $40). */
const UPSELL_BELOW: Cents = deliverySettings.upsellBelowCents;

function tierIndex(subtotal: Cents): number {
  let index = 0;
  DELIVERY_DISCOUNT_TIERS.forEach((tier, i) => {
    if (subtotal >= tier.from) index = i;
  });
  return index;
}

/** 0 below $20, 2.99 to under $40, 5.99 to under $60, 8.99 to under $75, FREE_DELIVERY from $75. */
export function deliveryDiscountCents(subtotal: Cents): Cents {
  return DELIVERY_DISCOUNT_TIERS[tierIndex(subtotal)]!.discount;
}

export interface NextTierInfo {
  amountNeeded: Cents;
  nextDiscount: Cents;
  currentDiscount: Cents;
  extraSavings: Cents;
}

/** What spending more would save; null when there is no higher tier or it saves nothing more. */
export function nextTierInfo(subtotal: Cents): NextTierInfo | null {
  const next = DELIVERY_DISCOUNT_TIERS[tierIndex(subtotal) + 1];
  if (!next) return null;
  const currentDiscount = deliveryDiscountCents(subtotal);
  const extraSavings = next.discount - currentDiscount;
  if (!(extraSavings > 0)) return null;
  return { amountNeeded: next.from - subtotal, nextDiscount: next.discount, currentDiscount, extraSavings };
}

/**
 * Below UPSELL_BELOW, what reaching the next tier saves, its discount in whole dollars: 'Add $X
 * more to save $3!' below $20, 'Add $X more to save $6!' below $40; else ''.
 */
export function upsellText(subtotal: Cents, t: Translate): string {
  const next = DELIVERY_DISCOUNT_TIERS[tierIndex(subtotal) + 1];
  if (!(subtotal < UPSELL_BELOW) || !next || !Number.isFinite(next.discount)) return '';
  return t('common.upsell', {
    amount: `$${((next.from - subtotal) / 100).toFixed(2)}`,
    saving: `$${Math.round(next.discount / 100)}`,
  });
}

/** max($10, fee) minus the discount, floored at 0; 0 for pickup or when the discount is not finite. */
export function deliveryChargeCents(
  deliveryType: DeliveryType,
  deliveryFee: Cents,
  discount: Cents,
  minimumFeeCents: Cents = MINIMUM_DELIVERY_FEE_CENTS,
): Cents {
  if (deliveryType !== 'delivery' || !Number.isFinite(discount)) return 0;
  return Math.max(0, Math.max(minimumFeeCents, deliveryFee) - discount);
}

/**
 * The least delivery adds to an order of this subtotal, known before any address: the minimum fee
 * less the discount (a courier's quote above the minimum raises it; the cart shows that once it
 * has the address).
 */
export function deliveryChargeFromCents(subtotal: Cents, minimumFeeCents: Cents = MINIMUM_DELIVERY_FEE_CENTS): Cents {
  return deliveryChargeCents('delivery', 0, deliveryDiscountCents(subtotal), minimumFeeCents);
}

/**
 * Every fee, said before the customer gives any detail (the FTC's rule on junk fees, California's
 * SB 478): what pickup and delivery add to this subtotal. Tax and an optional tip come on top.
 */
export function feesText(subtotal: Cents, t: Translate, minimumFeeCents: Cents = MINIMUM_DELIVERY_FEE_CENTS): string {
  const delivery = deliveryChargeFromCents(subtotal, minimumFeeCents);
  const deliveryText =
    delivery === 0 ? t('common.fees.deliveryFree') : t('common.fees.deliveryAdds', { fee: formatUSD(delivery) });
  return `${t('common.fees.pickup')} ${deliveryText}`;
}

/**
 * The menu's line on fees, before anything is in the cart: pickup has none, delivery's fee and
 * its discounts by order size ('No fees for pickup. Delivery fee: $10.00, or the courier's quote
 * if higher; $2.99 off orders from $20.00, ..., free from $75.00. Tax is added at checkout; a tip
 * is up to you.').
 */
export function feesSummary(t: Translate, minimumFeeCents: Cents = MINIMUM_DELIVERY_FEE_CENTS): string {
  const discounts = DELIVERY_DISCOUNT_TIERS.filter((tier) => tier.discount > 0).map((tier, i) => {
    const from = formatUSD(tier.from);
    if (!Number.isFinite(tier.discount))
      return t(i === 0 ? 'common.fees.freeOrdersFrom' : 'common.fees.freeFrom', { from });
    const discount = formatUSD(tier.discount);
    return t(i === 0 ? 'common.fees.offOrdersFrom' : 'common.fees.offFrom', { discount, from });
  });
  const fee = formatUSD(minimumFeeCents);
  return t('common.fees.summary', { fee, discounts: discounts.length ? `; ${discounts.join(', ')}` : '' });
}

/** What delivery costs the restaurant after its discount: max(0, fee minus discount). */
export function netDeliveryCostCents(deliveryFee: Cents, discount: Cents): Cents {
  return Math.max(0, deliveryFee - discount);
}

type TipPreset = (typeof tipSettings)['basic'];
/** The three presets (settings' tips, or the owner's live ones: shared/live-settings.ts). */
export type TipPresets = Record<'basic' | 'plus' | 'super', TipPreset>;

export interface TipOptions {
  basic: Cents;
  plus: Cents;
  super: Cents;
}

/**
 * The three suggested delivery tips: a floor per mile driven, capped at a share of the subtotal.
 * basic = min(max($1, $1 x miles), 10%); plus = min(max($2, $1.50 x miles), 15%);
 * super = min(max($3, $2 x miles), 20%).
 */
export function tipOptions(subtotal: Cents, distanceMiles: number, presets: TipPresets = tipSettings): TipOptions {
  const miles = Number.isFinite(distanceMiles) && distanceMiles > 0 ? distanceMiles : 0;
  const tip = ({ floorCents, perMileCents, capPercent }: TipPreset) =>
    Math.min(Math.max(floorCents, roundHalfUp(perMileCents * miles)), percentOf(subtotal, capPercent));
  return { basic: tip(presets.basic), plus: tip(presets.plus), super: tip(presets.super) };
}

/** An order's money in integer cents (the wire's dollars are `OrderTotals` in shared/api/schemas.ts). */
export interface OrderTotalsCents {
  subtotal: Cents;
  promoDiscount: Cents;
  /** What loyalty points took off (0 without a reward). */
  loyaltyDiscount: Cents;
  /** The subtotal after the promo and the points reward: what tax is charged on. */
  subtotalAfterPromo: Cents;
  tax: Cents;
  deliveryDiscount: Cents;
  deliveryCharge: Cents;
  netDeliveryCost: Cents;
  tip: Cents;
  total: Cents;
}

export interface OrderTotalsInput {
  lines: readonly PricedLine[];
  deliveryType: DeliveryType;
  promo?: PromoRule | null;
  deliveryFee?: Cents;
  tip?: Cents;
  taxPercent?: number;
  /** Whether loyalty points buy the reward on this order (shared/loyalty.ts). */
  redeemPoints?: boolean;
  /** The least delivery charge before the discount (the owner's live value; settings' by default). */
  minimumFeeCents?: Cents;
}

/**
 * Total = subtotal after promo and points reward + tax + delivery charge (+ tip for delivery).
 * The reward comes off after the promo and never below zero; delivery's discount tiers still
 * read the subtotal before either.
 */
export function orderTotals(input: OrderTotalsInput): OrderTotalsCents {
  const subtotal = subtotalCents(input.lines);
  const promoDiscount = promoDiscountCents(subtotal, input.promo);
  const loyaltyDiscount = input.redeemPoints ? rewardDiscountCents(subtotal - promoDiscount) : 0;
  const subtotalAfterPromo = subtotal - promoDiscount - loyaltyDiscount;
  const tax = taxCents(subtotalAfterPromo, input.taxPercent);
  const isDelivery = input.deliveryType === 'delivery';
  const deliveryFee = input.deliveryFee ?? 0;
  const deliveryDiscount = isDelivery ? deliveryDiscountCents(subtotal) : 0;
  const deliveryCharge = deliveryChargeCents(
    input.deliveryType,
    deliveryFee,
    deliveryDiscount,
    input.minimumFeeCents ?? MINIMUM_DELIVERY_FEE_CENTS,
  );
  const netDeliveryCost = isDelivery ? netDeliveryCostCents(deliveryFee, deliveryDiscount) : 0;
  const tip = isDelivery ? Math.max(0, input.tip ?? 0) : 0;
  return {
    subtotal,
    promoDiscount,
    loyaltyDiscount,
    subtotalAfterPromo,
    tax,
    deliveryDiscount,
    deliveryCharge,
    netDeliveryCost,
    tip,
    total: subtotalAfterPromo + tax + deliveryCharge + tip,
  };
}
