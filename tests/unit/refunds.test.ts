/**
 * Refunds' money (shared/refunds.ts), to the cent at each boundary: a line's share of the
 * discounted subtotal and of the tax, split by largest remainder so refunding every line gives
 * back exactly what the items cost after discounts plus the tax; units of a line in order; never
 * more than was paid less what went back; the points an order keeps; the board's order priced by
 * the same rules; the refund text's note cut between whole characters.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../shared/i18n/translator.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { moneyBackText } from '../../server/services/order-texts.ts';
import type { BoardOrder } from '../../shared/api/staff.ts';
import { taxCents } from '../../shared/pricing.ts';
import {
  allocate,
  amountRefundProblem,
  isRefundProblem,
  lineShares,
  NOTHING_REFUNDED,
  pointsKept,
  priceLineRefund,
  REFUND_SENTENCES,
  refundableCents,
  refundableOf,
  refundedSoFar,
  unitsShare,
  type PricedRefund,
  type RecordedRefund,
  type RefundableOrder,
  type RefundProblem,
} from '../../shared/refunds.ts';

/** An order priced as create-order prices it (tax 9.75% of the discounted subtotal), pickup: total = discounted + tax. */
function order(
  lines: [name: string, unitPriceCents: number, quantity: number][],
  discounts: { promo?: number; loyalty?: number; tip?: number } = {},
): RefundableOrder {
  const subtotal = lines.reduce((sum, [, price, quantity]) => sum + price * quantity, 0);
  const promoDiscount = discounts.promo ?? 0;
  const loyaltyDiscount = discounts.loyalty ?? 0;
  const tax = taxCents(subtotal - promoDiscount - loyaltyDiscount, 9.75);
  return {
    number: 1042,
    lines: lines.map(([name, unitPriceCents, quantity], position) => ({ position, name, unitPriceCents, quantity })),
    money: {
      subtotal,
      promoDiscount,
      loyaltyDiscount,
      tax,
      total: subtotal - promoDiscount - loyaltyDiscount + tax + (discounts.tip ?? 0),
    },
  };
}

const priced = (result: PricedRefund | RefundProblem): PricedRefund => {
  if (isRefundProblem(result)) throw new Error(result.message);
  return result;
};
const refunded = (amount: number, lines: { position: number; quantity: number }[] = []): RecordedRefund => ({
  amount_cents: amount,
  lines,
  whole_order: false,
  status: 'succeeded',
});

describe('largest remainder', () => {
  it('splits exactly, the odd cents to the largest remainders, ties to the first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(232, [1200, 850, 325])).toEqual([117, 83, 32]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
    expect(allocate(5, [])).toEqual([]);
  });

  it('a unit share: equal parts, the first units take the odd cents', () => {
    // 146 over 3 units: 49, 49, 48.
    expect(unitsShare(146, 3, 0, 2)).toBe(98);
    expect(unitsShare(146, 3, 2, 1)).toBe(48);
    expect(unitsShare(146, 3, 0, 3)).toBe(146);
    expect(unitsShare(146, 3, 1, 1)).toBe(49);
  });
});

describe('refunding lines', () => {
  // $12.00 + $8.50 + $3.25 = $23.75; tax 9.75% = 231.5625 -> $2.32; total $26.07.
  const three = order([
    ['Torta', 1200, 1],
    ['Agua fresca', 850, 1],
    ['Churro', 325, 1],
  ]);

  it('one item of three: its price and its share of the tax, $8.50 + $0.83 = $9.33', () => {
    expect(three.money.tax).toBe(232);
    // Tax shares 117.22, 83.03, 31.75 -> 117, 83, 31 and the odd cent to the churro's .75.
    expect(lineShares(three)).toEqual([
      { position: 0, goods: 1200, tax: 117 },
      { position: 1, goods: 850, tax: 83 },
      { position: 2, goods: 325, tax: 32 },
    ]);
    const refund = priced(priceLineRefund(three, NOTHING_REFUNDED, [{ position: 1, quantity: 1 }]));
    expect(refund).toEqual({
      lines: [{ position: 1, name: 'Agua fresca', quantity: 1, goods: 850, tax: 83, amount: 933 }],
      goods: 850,
      tax: 83,
      amount: 933,
    });
  });

  it('every line, one at a time, gives back the whole payment to the cent and then nothing more', () => {
    const refunds: RecordedRefund[] = [];
    let total = 0;
    for (const position of [2, 0, 1]) {
      const refund = priced(priceLineRefund(three, refundedSoFar(three, refunds), [{ position, quantity: 1 }]));
      refunds.push(refunded(refund.amount, [{ position, quantity: 1 }]));
      total += refund.amount;
    }
    expect(refunds.map((r) => r.amount_cents)).toEqual([357, 1317, 933]);
    expect(total).toBe(2607);
    expect(total).toBe(three.money.total);
    expect(priceLineRefund(three, refundedSoFar(three, refunds), [{ position: 0, quantity: 1 }])).toEqual({
      status: 409,
      message: 'Torta on order 1042 was already refunded in full.',
    });
  });

  it('a quantity of 2 out of 3: the first two units with the odd tax cents, then the last', () => {
    // 3 x $4.99 + $10.00 = $24.97; tax 243.4575 -> $2.43, shared 146 / 97.
    const tacos = order([
      ['Taco al pastor', 499, 3],
      ['Horchata', 1000, 1],
    ]);
    expect(lineShares(tacos)).toEqual([
      { position: 0, goods: 1497, tax: 146 },
      { position: 1, goods: 1000, tax: 97 },
    ]);
    const two = priced(priceLineRefund(tacos, NOTHING_REFUNDED, [{ position: 0, quantity: 2 }]));
    expect(two.amount).toBe(998 + 98);
    const sofar = refundedSoFar(tacos, [refunded(two.amount, [{ position: 0, quantity: 2 }])]);
    expect(sofar.quantities.get(0)).toBe(2);
    const last = priced(priceLineRefund(tacos, sofar, [{ position: 0, quantity: 1 }]));
    expect(last.amount).toBe(499 + 48);
    expect(two.amount + last.amount).toBe(1497 + 146);
    expect(priceLineRefund(tacos, sofar, [{ position: 0, quantity: 2 }])).toEqual({
      status: 409,
      message: 'Only 1 of Taco al pastor on order 1042 is left to refund.',
    });
  });

  it('with a promo: each line gives back its price less its share of the discount, plus tax', () => {
    // $15.00 + 2 x $9.00 = $33.00, 10% off = $3.30 -> $29.70; tax 289.575 -> $2.90; total $32.60.
    const promo = order(
      [
        ['Enchiladas', 1500, 1],
        ['Sope', 900, 2],
      ],
      { promo: 330 },
    );
    expect(lineShares(promo)).toEqual([
      { position: 0, goods: 1350, tax: 132 },
      { position: 1, goods: 1620, tax: 158 },
    ]);
    const sope = priced(priceLineRefund(promo, NOTHING_REFUNDED, [{ position: 1, quantity: 1 }]));
    expect(sope.amount).toBe(810 + 79);
  });

  it('with a points reward: the discount is shared too, the last line takes what remains', () => {
    // 3 x $10.99 = $32.97 less $5.00 = $27.97 (932.33 each: 933, 932, 932); tax 272.7075 -> $2.73 (91 each).
    const loyal = order(
      [
        ['Burrito', 1099, 1],
        ['Quesadilla', 1099, 1],
        ['Tostada', 1099, 1],
      ],
      { loyalty: 500 },
    );
    expect(loyal.money.total).toBe(3070);
    expect(lineShares(loyal)).toEqual([
      { position: 0, goods: 933, tax: 91 },
      { position: 1, goods: 932, tax: 91 },
      { position: 2, goods: 932, tax: 91 },
    ]);
    const refunds: RecordedRefund[] = [];
    for (const position of [0, 1, 2]) {
      const refund = priced(priceLineRefund(loyal, refundedSoFar(loyal, refunds), [{ position, quantity: 1 }]));
      refunds.push(refunded(refund.amount, [{ position, quantity: 1 }]));
    }
    expect(refunds.map((r) => r.amount_cents)).toEqual([1024, 1023, 1023]);
    expect(refunds.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(3070);
  });

  it('several lines at once add up, and a line named twice or not on the order is refused', () => {
    const refund = priced(
      priceLineRefund(three, NOTHING_REFUNDED, [
        { position: 0, quantity: 1 },
        { position: 2, quantity: 1 },
      ]),
    );
    expect(refund.amount).toBe(1317 + 357);
    expect(
      priceLineRefund(three, NOTHING_REFUNDED, [
        { position: 0, quantity: 1 },
        { position: 0, quantity: 1 },
      ]),
    ).toEqual({ status: 422, message: REFUND_SENTENCES.lineTwice('Torta') });
    expect(priceLineRefund(three, NOTHING_REFUNDED, [{ position: 3, quantity: 1 }])).toEqual({
      status: 422,
      message: 'Order 1042 has no line 4. Look at the order again and choose its items.',
    });
  });

  it('a failed refund gave nothing back: its units and cents are still refundable', () => {
    const failed: RecordedRefund = { ...refunded(933, [{ position: 1, quantity: 1 }]), status: 'failed' };
    expect(refundedSoFar(three, [failed])).toEqual(NOTHING_REFUNDED);
    expect(priced(priceLineRefund(three, refundedSoFar(three, [failed]), [{ position: 1, quantity: 1 }])).amount).toBe(
      933,
    );
  });
});

describe('never more than was paid', () => {
  // $27.97 + tax $2.73 + a $4.00 tip = $34.70 (a delivery's tip comes back only in an amount or a cancel).
  const tipped = order(
    [
      ['Burrito', 1099, 1],
      ['Quesadilla', 1099, 1],
      ['Tostada', 1099, 1],
    ],
    { loyalty: 500, tip: 400 },
  );

  it('an amount up to what is left, not a cent more', () => {
    expect(amountRefundProblem(tipped, NOTHING_REFUNDED, 3470)).toBeNull();
    expect(amountRefundProblem(tipped, NOTHING_REFUNDED, 3471)).toEqual({
      status: 409,
      message: 'Only $34.70 of order 1042 is left to refund, less than $34.71.',
    });
  });

  it('lines after an amount: refused once they would pass what is left', () => {
    const sofar = refundedSoFar(tipped, [refunded(2400)]);
    expect(sofar.cents).toBe(2400);
    expect(priced(priceLineRefund(tipped, sofar, [{ position: 0, quantity: 1 }])).amount).toBe(1024);
    const after = refundedSoFar(tipped, [refunded(2400), refunded(1024, [{ position: 0, quantity: 1 }])]);
    expect(priceLineRefund(tipped, after, [{ position: 1, quantity: 1 }])).toEqual({
      status: 409,
      message: 'Only $0.46 of order 1042 is left to refund, less than $10.23.',
    });
    expect(amountRefundProblem(tipped, after, 46)).toBeNull();
    expect(
      amountRefundProblem(tipped, refundedSoFar(tipped, [refunded(2400), refunded(1024), refunded(46)]), 1),
    ).toEqual({ status: 409, message: 'Order 1042 was already refunded in full.' });
  });

  it('items a promo made free give nothing back', () => {
    const free = order([['Salsa', 100, 1]], { promo: 100 });
    expect(priceLineRefund(free, NOTHING_REFUNDED, [{ position: 0, quantity: 1 }])).toEqual({
      status: 409,
      message: REFUND_SENTENCES.nothingToRefund(1042),
    });
  });
});

describe('the points an order keeps', () => {
  const loyal = order(
    [
      ['Burrito', 1099, 1],
      ['Quesadilla', 1099, 1],
      ['Tostada', 1099, 1],
    ],
    { loyalty: 500 },
  );

  it('what its remaining eligible subtotal earns: $27.97 earned 27, less the burrito ($9.33) keeps 18', () => {
    expect(pointsKept(loyal, NOTHING_REFUNDED, 27, false)).toBe(27);
    const sofar = refundedSoFar(loyal, [refunded(1024, [{ position: 0, quantity: 1 }])]);
    expect(sofar.goodsCents).toBe(933);
    expect(pointsKept(loyal, sofar, 27, false)).toBe(18);
  });

  it('an amount comes off in full; a cancel keeps none; never more than earned', () => {
    expect(pointsKept(loyal, refundedSoFar(loyal, [refunded(798)]), 27, false)).toBe(19);
    expect(pointsKept(loyal, refundedSoFar(loyal, [refunded(797)]), 27, false)).toBe(20);
    expect(pointsKept(loyal, NOTHING_REFUNDED, 27, true)).toBe(0);
    expect(pointsKept(loyal, NOTHING_REFUNDED, 5, false)).toBe(5);
  });
});

describe("the refund's text", () => {
  const text = (note: string) =>
    moneyBackText(
      { number: 1042, locale: 'en' },
      {
        kind: 'refunded',
        amountCents: 200,
        lines: [],
        reason: 'other',
        note,
        pointsTakenBack: 0,
        pointsGivenBack: 0,
      },
    );
  const said = (note: string) =>
    `${restaurant.name}: we refunded $2.00 of order 1042. Why: another reason (${note}). ${translator('en')('sms.stopSentence')}`;

  it('cuts a long note at 120 characters between whole ones: an emoji at the cut is never split', () => {
    // The taco would straddle the cut (its two halves at 119 and 120): it goes whole.
    const straddling = text(`${'a'.repeat(118)}🌮 and the salsa was too hot`);
    expect(straddling).toBe(said(`${'a'.repeat(118)}…`));
    // No lone half of a surrogate pair is left in the text.
    expect(straddling).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // Just before the cut it stays, whole.
    expect(text(`${'a'.repeat(117)}🌮 and the salsa was too hot`)).toBe(said(`${'a'.repeat(117)}🌮…`));
    // Short notes, and ASCII ones at the cut, as before.
    expect(text('Sorry 🌮')).toBe(said('Sorry 🌮'));
    expect(text('b'.repeat(120))).toBe(said('b'.repeat(120)));
    expect(text('b'.repeat(121))).toBe(said(`${'b'.repeat(119)}…`));
  });
});

describe("the board's order", () => {
  it('is priced by the same rules: left to refund counts every refund that did not fail, pending ones too', () => {
    const refund = (amount: number, status: RecordedRefund['status'], lines: RecordedRefund['lines'] = []) => ({
      amount_cents: amount,
      lines,
      whole_order: false,
      status,
    });
    const board = {
      number: 1042,
      items: [
        { position: 0, name: 'Torta', unit_price_cents: 1200, quantity: 1 },
        { position: 1, name: 'Agua fresca', unit_price_cents: 850, quantity: 2 },
      ],
      totals: {
        subtotal: 29,
        promo_discount: 0,
        loyalty_discount: 0,
        tax: 2.83,
        delivery_charge: 0,
        tip: 0,
        total: 31.83,
      },
      refunds: [
        refund(933, 'succeeded', [{ position: 1, quantity: 1 }]),
        refund(500, 'pending'),
        refund(700, 'failed'),
      ],
    } as unknown as BoardOrder;
    const refundable = refundableOf(board);
    expect(refundable).toEqual({
      number: 1042,
      lines: [
        { position: 0, name: 'Torta', unitPriceCents: 1200, quantity: 1 },
        { position: 1, name: 'Agua fresca', unitPriceCents: 850, quantity: 2 },
      ],
      money: { subtotal: 2900, promoDiscount: 0, loyaltyDiscount: 0, tax: 283, total: 3183 },
    });
    const sofar = refundedSoFar(refundable, board.refunds);
    expect(sofar.cents).toBe(1433);
    expect(sofar.quantities.get(1)).toBe(1);
    expect(refundableCents(refundable, sofar)).toBe(3183 - 1433);
  });
});
