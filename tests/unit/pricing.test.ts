import { describe, expect, it } from 'vitest';
import {
  deliveryChargeCents,
  deliveryChargeFromCents,
  deliveryDiscountCents,
  feesSummary,
  feesText,
  FREE_DELIVERY,
  linePriceCents,
  netDeliveryCostCents,
  nextTierInfo,
  orderTotals,
  promoDiscountCents,
  subtotalCents,
  taxCents,
  tipOptions,
  upsellText,
} from '../../shared/pricing.ts';
import { translator } from '../../shared/i18n/translator.ts';

const english = translator('en');

const line = (base_price: number, quantity = 1, modifierPrices: number[] = []) => ({
  menuItem: { base_price },
  quantity,
  selectedModifiers: modifierPrices.map((price) => ({ price })),
});

describe('line price and subtotal', () => {
  it('a line costs its unit price with modifiers times the quantity', () => {
    expect(linePriceCents(line(3.25, 3, [0.75, 1.5]))).toBe(1650);
  });
  it('sums lines without floating point drift', () => {
    expect(subtotalCents([line(0.1, 3), line(0.2, 1)])).toBe(50);
    expect(subtotalCents([])).toBe(0);
  });
});

describe('promo discount', () => {
  it('a percent promo that needs rounding rounds half up', () => {
    // 10% of $23.45 is $2.345
    expect(promoDiscountCents(2345, { discount_type: 'percent', discount_value: 10 })).toBe(235);
    // 15% of $9.99 is $1.4985
    expect(promoDiscountCents(999, { discount_type: 'percent', discount_value: 15 })).toBe(150);
  });
  it('a fixed promo larger than the cart is capped at the subtotal', () => {
    expect(promoDiscountCents(350, { discount_type: 'fixed', discount_value: 5 })).toBe(350);
    expect(promoDiscountCents(1200, { discount_type: 'fixed', discount_value: 5 })).toBe(500);
  });
  it('no promo, or a non-positive one, gives nothing', () => {
    expect(promoDiscountCents(1000, null)).toBe(0);
    expect(promoDiscountCents(1000, { discount_type: 'fixed', discount_value: -3 })).toBe(0);
  });
});

describe('tax', () => {
  it('is 9.75% of the subtotal after promo, rounded half up', () => {
    expect(taxCents(1999)).toBe(195); // 194.90
    expect(taxCents(4000)).toBe(390);
    expect(taxCents(1234)).toBe(120); // 120.315
    expect(taxCents(0)).toBe(0);
  });
});

describe('delivery discount tiers', () => {
  const cases: [number, number][] = [
    [0, 0],
    [1999, 0],
    [2000, 299],
    [3999, 299],
    [4000, 599],
    [5999, 599],
    [6000, 899],
    [7499, 899],
  ];
  it.each(cases)('a $%s-cent cart gets a %s-cent delivery discount', (subtotal, discount) => {
    expect(deliveryDiscountCents(subtotal)).toBe(discount);
  });
  it('a $75.00 cart gets free delivery, and so does more', () => {
    expect(deliveryDiscountCents(7500)).toBe(FREE_DELIVERY);
    expect(deliveryDiscountCents(20000)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('next tier and upsell', () => {
  it('a $19.99 cart is one cent from saving $2.99', () => {
    expect(nextTierInfo(1999)).toEqual({ amountNeeded: 1, nextDiscount: 299, currentDiscount: 0, extraSavings: 299 });
    expect(upsellText(1999, english)).toBe('Add $0.01 more to save $3!');
  });
  it('a $20.00 cart is $20 from saving $5.99', () => {
    expect(nextTierInfo(2000)).toEqual({
      amountNeeded: 2000,
      nextDiscount: 599,
      currentDiscount: 299,
      extraSavings: 300,
    });
    expect(upsellText(2000, english)).toBe('Add $20.00 more to save $6!');
  });
  it('a $39.99 and a $40.00 cart', () => {
    expect(upsellText(3999, english)).toBe('Add $0.01 more to save $6!');
    expect(upsellText(4000, english)).toBe('');
    expect(nextTierInfo(4000)).toEqual({
      amountNeeded: 2000,
      nextDiscount: 899,
      currentDiscount: 599,
      extraSavings: 300,
    });
  });
  it('an empty cart needs $20.00', () => {
    expect(upsellText(0, english)).toBe('Add $20.00 more to save $3!');
  });
  it('$60 to $75 points at free delivery; $75 has no higher tier', () => {
    expect(nextTierInfo(7499)).toMatchObject({ amountNeeded: 1, nextDiscount: FREE_DELIVERY, currentDiscount: 899 });
    expect(upsellText(5999, english)).toBe('');
    expect(nextTierInfo(7500)).toBeNull();
  });
});

describe('delivery charge', () => {
  it('charges at least $10 before the discount', () => {
    expect(deliveryChargeCents('delivery', 495, 0)).toBe(1000);
    expect(deliveryChargeCents('delivery', 1250, 0)).toBe(1250);
    expect(deliveryChargeCents('delivery', 495, 299)).toBe(701);
  });
  it('is floored at zero, and zero for pickup or a free-delivery discount', () => {
    expect(deliveryChargeCents('delivery', 800, 1200)).toBe(0);
    expect(deliveryChargeCents('pickup', 1500, 0)).toBe(0);
    expect(deliveryChargeCents('delivery', 1500, FREE_DELIVERY)).toBe(0);
  });
  it('net delivery cost is the fee less the discount, never negative', () => {
    expect(netDeliveryCostCents(795, 299)).toBe(496);
    expect(netDeliveryCostCents(495, 599)).toBe(0);
    expect(netDeliveryCostCents(900, FREE_DELIVERY)).toBe(0);
  });
});

describe('tips', () => {
  it('a small cart caps each tip at its share of the subtotal', () => {
    // $8.00 subtotal, 2 miles: floors $2 / $3 / $4, caps $0.80 / $1.20 / $1.60
    expect(tipOptions(800, 2)).toEqual({ basic: 80, plus: 120, super: 160 });
  });
  it('a large cart nearby gets the per-order floors', () => {
    // $100 subtotal, 0.5 miles: floors $1 / $2 / $3 win over 0.5 / 0.75 / 1.00
    expect(tipOptions(10000, 0.5)).toEqual({ basic: 100, plus: 200, super: 300 });
  });
  it('a large cart far away pays per mile, rounded half up', () => {
    // 7.3 miles: $7.30 / $10.95 / $14.60, all under 10% / 15% / 20% of $200
    expect(tipOptions(20000, 7.3)).toEqual({ basic: 730, plus: 1095, super: 1460 });
    // 3.333 miles: 3.333 / 4.9995 -> 5.00 / 6.666 -> 6.67
    expect(tipOptions(20000, 3.333)).toEqual({ basic: 333, plus: 500, super: 667 });
  });
  it('a far delivery of a mid cart hits the percentage caps', () => {
    // $45.55, 9 miles: caps 4.555 -> 4.56, 6.8325 -> 6.83, 9.11
    expect(tipOptions(4555, 9)).toEqual({ basic: 456, plus: 683, super: 911 });
  });
});

describe('order total', () => {
  it('pickup: subtotal after promo plus tax, no delivery charge, no tip', () => {
    const totals = orderTotals({
      lines: [line(12.5, 2)],
      deliveryType: 'pickup',
      promo: { discount_type: 'percent', discount_value: 10 },
      deliveryFee: 700,
      tip: 300,
    });
    // 25.00 - 2.50 = 22.50; tax 2.19375 -> 2.19; total 24.69
    expect(totals).toMatchObject({
      subtotal: 2500,
      promoDiscount: 250,
      tax: 219,
      deliveryCharge: 0,
      tip: 0,
      total: 2469,
    });
  });
  it('delivery: the tier uses the subtotal before promo, tax the subtotal after', () => {
    const totals = orderTotals({
      lines: [line(21, 2)],
      deliveryType: 'delivery',
      promo: { discount_type: 'fixed', discount_value: 5 },
      deliveryFee: 795,
      tip: 420,
    });
    // subtotal 42.00 (tier 5.99), after promo 37.00, tax 3.6075 -> 3.61,
    // charge max(10, 7.95) - 5.99 = 4.01, tip 4.20: 37.00 + 3.61 + 4.01 + 4.20 = 48.82
    expect(totals).toMatchObject({
      subtotal: 4200,
      subtotalAfterPromo: 3700,
      tax: 361,
      deliveryDiscount: 599,
      deliveryCharge: 401,
      netDeliveryCost: 196,
      tip: 420,
      total: 4882,
    });
  });
  it('a $75 delivery has free delivery', () => {
    const totals = orderTotals({ lines: [line(75)], deliveryType: 'delivery', deliveryFee: 1500, tip: 0 });
    // 75.00 + 7.3125 -> 7.31 tax
    expect(totals).toMatchObject({ deliveryCharge: 0, tax: 731, total: 8231 });
  });
  it('a fixed promo larger than the cart leaves only the delivery charge', () => {
    const totals = orderTotals({
      lines: [line(3.5)],
      deliveryType: 'delivery',
      promo: { discount_type: 'fixed', discount_value: 5 },
      deliveryFee: 0,
      tip: 100,
    });
    expect(totals).toMatchObject({ promoDiscount: 350, tax: 0, deliveryCharge: 1000, total: 1100 });
  });
});

describe('fees said before any detail (junk-fee rules)', () => {
  it('the least delivery adds: the $10.00 minimum less the discount at each boundary', () => {
    expect(deliveryChargeFromCents(0)).toBe(1000);
    expect(deliveryChargeFromCents(1999)).toBe(1000);
    expect(deliveryChargeFromCents(2000)).toBe(701);
    expect(deliveryChargeFromCents(3999)).toBe(701);
    expect(deliveryChargeFromCents(4000)).toBe(401);
    expect(deliveryChargeFromCents(6000)).toBe(101);
    expect(deliveryChargeFromCents(7499)).toBe(101);
    expect(deliveryChargeFromCents(7500)).toBe(0);
    // What the order is then charged for a courier's quote at or under the minimum ($8.50).
    for (const subtotal of [1999, 2000, 4000, 6000, 7500])
      expect(deliveryChargeCents('delivery', 850, deliveryDiscountCents(subtotal))).toBe(
        deliveryChargeFromCents(subtotal),
      );
  });

  it("the cart's line for this subtotal, and the menu's line for any", () => {
    expect(feesText(2100, english)).toBe(
      'No fees for pickup. Delivery adds a fee of $7.01, more only if the courier charges more for your address.',
    );
    expect(feesText(7500, english)).toBe('No fees for pickup. Delivery is free for this order.');
    expect(feesSummary(english)).toBe(
      'No fees for pickup. Delivery fee: $10.00, or the courier’s quote if higher; $2.99 off orders from $20.00, ' +
        '$5.99 off from $40.00, $8.99 off from $60.00, free from $75.00. Tax is added at checkout; a tip is up to you.',
    );
  });
});

describe('loyalty reward (100 points = $5.00 off)', () => {
  it('comes off after the promo and before tax: $40.00 - 10% - $5.00 = $31.00, tax $3.02, total $34.02', () => {
    const totals = orderTotals({
      lines: [line(20, 2)],
      deliveryType: 'pickup',
      promo: { discount_type: 'percent', discount_value: 10 },
      redeemPoints: true,
    });
    expect(totals).toMatchObject({
      subtotal: 4000,
      promoDiscount: 400,
      loyaltyDiscount: 500,
      subtotalAfterPromo: 3100,
      tax: 302, // 3100 x 9.75% = 302.25
      total: 3402,
    });
  });

  it('never takes the order below zero: a $4.25 taco with the reward is $0.00, no tax', () => {
    expect(orderTotals({ lines: [line(4.25)], deliveryType: 'pickup', redeemPoints: true })).toMatchObject({
      loyaltyDiscount: 425,
      subtotalAfterPromo: 0,
      tax: 0,
      total: 0,
    });
  });

  it('at $5.00 it takes all; at $5.01 one cent is left and its tax rounds to nothing', () => {
    expect(orderTotals({ lines: [line(5)], deliveryType: 'pickup', redeemPoints: true })).toMatchObject({
      loyaltyDiscount: 500,
      total: 0,
    });
    expect(orderTotals({ lines: [line(5.01)], deliveryType: 'pickup', redeemPoints: true })).toMatchObject({
      loyaltyDiscount: 500,
      subtotalAfterPromo: 1,
      tax: 0, // 1 x 9.75% = 0.0975 cents
      total: 1,
    });
  });

  it("leaves delivery's discount tier on the subtotal before it: $40.00 still gets $5.99 off delivery", () => {
    const totals = orderTotals({
      lines: [line(20, 2)],
      deliveryType: 'delivery',
      deliveryFee: 1000,
      redeemPoints: true,
    });
    expect(totals).toMatchObject({ loyaltyDiscount: 500, deliveryDiscount: 599, deliveryCharge: 401 });
  });

  it('without the choice nothing comes off', () => {
    expect(orderTotals({ lines: [line(20, 2)], deliveryType: 'pickup' }).loyaltyDiscount).toBe(0);
  });
});
