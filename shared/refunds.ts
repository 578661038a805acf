/**
 * What money goes back when staff refund part of an order, in integer cents, pure: the server
 * refunds with it and the board's refund dialog shows the same figure before anyone confirms.
 *
 * - A line's refund is its share of the item subtotal after the promo and the points reward, plus
 *   its share of the order's stored tax. Shares are split by largest remainder: each line's share
 *   of the discounted subtotal in proportion to its price, each line's share of the tax in
 *   proportion to that; within a line, each unit gets an equal part, the first units the odd
 *   cents. Refunding every unit of every line gives back exactly the discounted subtotal plus the
 *   tax: no cent lost or doubled, whatever order the refunds come in.
 * - Units of a line go back in order: the first refund of a line takes its first units, the next
 *   the units after them, so each unit is priced once.
 * - Tip and delivery charge come back only with the whole order (a cancel refunds everything not
 *   yet refunded) or inside an amount the staff type.
 * - A refund never takes the order past what was paid less what was already refunded, and a line
 *   gives back at most its quantity.
 * - The order keeps the loyalty points its remaining eligible subtotal earns: the discounted
 *   subtotal less the goods part of line refunds and less whole amounts refunded.
 */
import type { BoardOrder } from './api/staff.ts';
import { formatUSD, toCents, type Cents } from './money.ts';
import { pointsEarned } from './loyalty.ts';

interface RefundableLine {
  /** The line's position on the order (refunds name lines by it). */
  position: number;
  name: string;
  /** One unit with its modifiers. */
  unitPriceCents: Cents;
  quantity: number;
}

/** The order's stored money, in cents. */
interface RefundableMoney {
  subtotal: Cents;
  promoDiscount: Cents;
  loyaltyDiscount: Cents;
  tax: Cents;
  /** What was paid: the order's total. */
  total: Cents;
}

/** An order as refunds see it: its lines and its money. */
export interface RefundableOrder {
  number: number;
  lines: readonly RefundableLine[];
  money: RefundableMoney;
}

/** What was refunded before (refunds that did not fail: succeeded, or still pending at the provider). */
interface RefundedSoFar {
  /** Cents given back (or on their way). */
  cents: Cents;
  /** Units given back, by line position. */
  quantities: ReadonlyMap<number, number>;
  /** Cents refunded as typed amounts (they come off the points' eligible subtotal in full). */
  amountCents: Cents;
  /** The goods part (without tax) of line refunds. */
  goodsCents: Cents;
}

/** The board's order as these rules price it (the refund and cancel dialogs show what the server will do). */
export function refundableOf(order: BoardOrder): RefundableOrder {
  return {
    number: order.number,
    lines: order.items.map((item) => ({
      position: item.position,
      name: item.name,
      unitPriceCents: item.unit_price_cents ?? 0,
      quantity: item.quantity,
    })),
    money: {
      subtotal: toCents(order.totals.subtotal),
      promoDiscount: toCents(order.totals.promo_discount),
      loyaltyDiscount: toCents(order.totals.loyalty_discount),
      tax: toCents(order.totals.tax),
      total: toCents(order.totals.total),
    },
  };
}

export const NOTHING_REFUNDED: RefundedSoFar = { cents: 0, quantities: new Map(), amountCents: 0, goodsCents: 0 };

/**
 * Splits `total` (whole cents, not negative) in proportion to `weights` by largest remainder: the
 * parts add up to `total` exactly; a tie in remainders goes to the earlier weight. All weights
 * zero: equal parts.
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`Cannot allocate ${total} cents.`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? weights : weights.map(() => 1);
  const whole = BigInt(sum > 0 ? sum : weights.length);
  const exact = used.map((w) => BigInt(w) * BigInt(total));
  const parts = exact.map((e) => Number(e / whole));
  const remainders = exact.map((e, index) => ({ index, rest: e % whole }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** The item subtotal after the promo and the points reward: what tax and points are counted on. */
function discountedSubtotal(money: RefundableMoney): Cents {
  return Math.max(0, money.subtotal - money.promoDiscount - money.loyaltyDiscount);
}

interface LineShare {
  position: number;
  /** The line's part of the discounted subtotal. */
  goods: Cents;
  /** The line's part of the order's tax. */
  tax: Cents;
}

/** Each line's share of the discounted subtotal and of the tax (each adds up exactly). */
export function lineShares(order: Pick<RefundableOrder, 'lines' | 'money'>): LineShare[] {
  const goods = allocate(
    discountedSubtotal(order.money),
    order.lines.map((line) => line.unitPriceCents * line.quantity),
  );
  const tax = allocate(Math.max(0, order.money.tax), goods);
  return order.lines.map((line, index) => ({ position: line.position, goods: goods[index]!, tax: tax[index]! }));
}

/** Units [from, from + count) of a share split equally over `quantity` units, the first units taking the odd cents. */
export function unitsShare(share: Cents, quantity: number, from: number, count: number): Cents {
  const base = Math.floor(share / quantity);
  const extra = share - base * quantity;
  const withExtra = Math.max(0, Math.min(extra, from + count) - Math.min(extra, from));
  return base * count + withExtra;
}

interface PricedRefundLine {
  position: number;
  name: string;
  quantity: number;
  goods: Cents;
  tax: Cents;
  /** goods + tax. */
  amount: Cents;
}

export interface PricedRefund {
  lines: PricedRefundLine[];
  goods: Cents;
  tax: Cents;
  amount: Cents;
}

/** The staff's sentences when a refund cannot be made as asked (English: the board is). */
export const REFUND_SENTENCES = {
  noSuchLine: (number: number, position: number) =>
    `Order ${number} has no line ${position + 1}. Look at the order again and choose its items.`,
  lineTwice: (name: string) => `${name} is listed twice. List each item once, with how many to refund.`,
  tooMany: (number: number, name: string, left: number) =>
    left === 0
      ? `${name} on order ${number} was already refunded in full.`
      : `Only ${left} of ${name} on order ${number} ${left === 1 ? 'is' : 'are'} left to refund.`,
  overRefund: (number: number, asked: Cents, left: Cents) =>
    left === 0
      ? `Order ${number} was already refunded in full.`
      : `Only ${formatUSD(left)} of order ${number} is left to refund, less than ${formatUSD(asked)}.`,
  nothingToRefund: (number: number) =>
    `Those items came to $0.00 on order ${number} after its discounts: there is nothing to refund for them.`,
} as const;

export type RefundProblem = { status: 409 | 422; message: string };

/** What is left of the payment to refund. */
export function refundableCents(order: Pick<RefundableOrder, 'money'>, sofar: RefundedSoFar): Cents {
  return Math.max(0, order.money.total - sofar.cents);
}

/**
 * Prices refunding some units of some lines, after what was refunded before; a problem (422 for
 * a line the order does not have or named twice, 409 for more than is left) instead when it
 * cannot be made.
 */
export function priceLineRefund(
  order: RefundableOrder,
  sofar: RefundedSoFar,
  asked: readonly { position: number; quantity: number }[],
): PricedRefund | RefundProblem {
  const shares = lineShares(order);
  const seen = new Set<number>();
  const lines: PricedRefundLine[] = [];
  for (const { position, quantity } of asked) {
    const index = order.lines.findIndex((line) => line.position === position);
    const line = order.lines[index];
    if (!line) return { status: 422, message: REFUND_SENTENCES.noSuchLine(order.number, position) };
    if (seen.has(position)) return { status: 422, message: REFUND_SENTENCES.lineTwice(line.name) };
    seen.add(position);
    const before = sofar.quantities.get(position) ?? 0;
    const left = Math.max(0, line.quantity - before);
    if (quantity > left) return { status: 409, message: REFUND_SENTENCES.tooMany(order.number, line.name, left) };
    const share = shares[index]!;
    const goods = unitsShare(share.goods, line.quantity, before, quantity);
    const tax = unitsShare(share.tax, line.quantity, before, quantity);
    lines.push({ position, name: line.name, quantity, goods, tax, amount: goods + tax });
  }
  const goods = lines.reduce((sum, line) => sum + line.goods, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const amount = goods + tax;
  if (amount === 0) return { status: 409, message: REFUND_SENTENCES.nothingToRefund(order.number) };
  const left = refundableCents(order, sofar);
  if (amount > left) return { status: 409, message: REFUND_SENTENCES.overRefund(order.number, amount, left) };
  return { lines, goods, tax, amount };
}

/** Checks a typed amount against what is left: null when it can be refunded. */
export function amountRefundProblem(order: RefundableOrder, sofar: RefundedSoFar, amount: Cents): RefundProblem | null {
  const left = refundableCents(order, sofar);
  return amount > left ? { status: 409, message: REFUND_SENTENCES.overRefund(order.number, amount, left) } : null;
}

/** A refund as it was recorded (RefundAnswer has this shape). */
export interface RecordedRefund {
  amount_cents: Cents;
  lines: readonly { position: number; quantity: number }[];
  whole_order: boolean;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * What the refunds recorded so far gave back (oldest first; failed ones gave nothing): cents,
 * units per line, typed amounts, and the goods part of line refunds, found by pricing each line
 * refund again in turn (prices are a pure function of the order, so this is what they took).
 */
export function refundedSoFar(
  order: Pick<RefundableOrder, 'lines' | 'money'>,
  refunds: readonly RecordedRefund[],
): RefundedSoFar {
  const shares = lineShares(order);
  const quantities = new Map<number, number>();
  let cents = 0;
  let amountCents = 0;
  let goodsCents = 0;
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    cents += refund.amount_cents;
    if (refund.whole_order) continue;
    if (refund.lines.length === 0) {
      amountCents += refund.amount_cents;
      continue;
    }
    for (const { position, quantity } of refund.lines) {
      const index = order.lines.findIndex((line) => line.position === position);
      const line = order.lines[index];
      if (!line) continue;
      const before = quantities.get(position) ?? 0;
      goodsCents += unitsShare(shares[index]!.goods, line.quantity, before, quantity);
      quantities.set(position, before + quantity);
    }
  }
  return { cents, quantities, amountCents, goodsCents };
}

export function isRefundProblem(value: PricedRefund | RefundProblem): value is RefundProblem {
  return 'status' in value;
}

/**
 * The points an order keeps after its refunds: what its remaining eligible subtotal earns (the
 * discounted subtotal less the goods of line refunds and less amounts refunded), never more than
 * it earned; none once it is cancelled. Counted at the rate the order earned at (`centsPerPoint`;
 * the file's when not given), whatever the rate is today.
 */
export function pointsKept(
  order: Pick<RefundableOrder, 'money'>,
  sofar: Pick<RefundedSoFar, 'goodsCents' | 'amountCents'>,
  earned: number,
  cancelled: boolean,
  centsPerPoint?: number,
): number {
  if (cancelled) return 0;
  const eligible = Math.max(0, discountedSubtotal(order.money) - sofar.goodsCents - sofar.amountCents);
  return Math.min(earned, pointsEarned(eligible, 0, centsPerPoint));
}
