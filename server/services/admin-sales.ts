/**
 * Sales at a glance for the owner (shared/api/admin-sales.ts says which orders count and what each
 * figure is): the range asked for, read in the restaurant's zone, the report over it, and the
 * CSV of its orders.
 */
import {
  addDays,
  daysIn,
  SALES_DEFAULT_DAYS,
  SALES_MAX_DAYS,
  SALES_RANGE_BACKWARDS,
  SALES_RANGE_TOO_LONG,
  type SalesQuery,
  type SalesReport,
} from '../../shared/api/admin-sales.ts';
import { dollarsText, roundHalfUp } from '../../shared/money.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { instantToWallTime } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import {
  countSalesOrders,
  salesByDay,
  salesByHour,
  salesOrders,
  salesTotals,
  topItems,
  type SalesOrderRow,
  type SalesRange,
} from '../db/sales.ts';
import { csvFile } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';

type Deps = Pick<AppDependencies, 'db' | 'clock'>;

/** How many items the report ranks. */
export const TOP_ITEMS = 10;
/** The most orders one CSV file holds. */
export const SALES_CSV_MAX_ORDERS = 50_000;
export const csvTooLarge = (orders: number) =>
  `These dates hold ${orders.toLocaleString('en-US')} orders, more than the ${SALES_CSV_MAX_ORDERS.toLocaleString('en-US')} one file can hold. Choose fewer days.`;

/** The range asked for, its missing ends filled in (a week ending today); 400 when it runs backwards or is too long. */
export function salesRange(query: SalesQuery, now: Date, timeZone = restaurant.ordering.timeZone): SalesRange {
  const today = instantToWallTime(now, timeZone).date;
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - SALES_DEFAULT_DAYS);
  if (from > to) throw new HttpError(400, SALES_RANGE_BACKWARDS);
  if (daysIn(from, to) > SALES_MAX_DAYS) throw new HttpError(400, SALES_RANGE_TOO_LONG);
  return { from, to, timeZone };
}

export async function salesReport(deps: Deps, query: SalesQuery): Promise<SalesReport> {
  const now = deps.clock();
  const range = salesRange(query, now);
  const [totals, byDay, byHour, items] = await Promise.all([
    salesTotals(deps.db, range),
    salesByDay(deps.db, range),
    salesByHour(deps.db, range),
    topItems(deps.db, range, TOP_ITEMS),
  ]);
  const dayOf = new Map(byDay.map((day) => [day.date, day]));
  const hourOf = new Map(byHour.map((hour) => [hour.hour, hour.orders]));
  const days: SalesReport['days'] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    days.push({ date, orders: dayOf.get(date)?.orders ?? 0, revenue_cents: dayOf.get(date)?.revenue_cents ?? 0 });
  }
  return {
    from: range.from,
    to: range.to,
    today: instantToWallTime(now, range.timeZone).date,
    time_zone: range.timeZone,
    totals: {
      orders: totals.orders,
      revenue_cents: totals.revenue_cents,
      average_ticket_cents: totals.orders === 0 ? 0 : roundHalfUp(totals.revenue_cents / totals.orders),
      pickup: { orders: totals.pickup_orders, revenue_cents: totals.pickup_revenue_cents },
      delivery: { orders: totals.delivery_orders, revenue_cents: totals.delivery_revenue_cents },
      subtotal_cents: totals.subtotal_cents,
      promo_discount_cents: totals.promo_discount_cents,
      loyalty_discount_cents: totals.loyalty_discount_cents,
      tax_cents: totals.tax_cents,
      delivery_fees_cents: totals.delivery_fees_cents,
      tips_cents: totals.tips_cents,
      refunds_cents: totals.refunds_cents,
      net_cents: totals.revenue_cents - totals.refunds_cents,
    },
    days,
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: hourOf.get(hour) ?? 0 })),
    top_items: items,
  };
}

// ---------------------------------------------------------------------------------------------
// The CSV (RFC 4180, UTF-8): one row per counted order, in the order they were paid, so a
// spreadsheet sums any column and gets the report's figure. Money is dollars with two decimals
// (12.34), no currency sign. On every row:
//   Subtotal - Promo discount - Loyalty discount + Tax + Delivery fee + Tip = Total
//   Total - Refunded = Net
// Columns: Order (its number), Paid at (the restaurant's clock, 'YYYY-MM-DD HH:MM', its zone in
// the heading), Type (pickup or delivery), Customer (the name given), Items ('2 x Taco; 1 x
// Torta (Aguacate)'), Subtotal, Promo code, Promo discount, Loyalty discount, Tax, Delivery fee
// (what the customer paid for it), Tip, Total, Refunded (refunds given back or on their way), Net. No totals row:
// it would be summed with the rest.

function itemsText(lines: SalesOrderRow['lines']): string {
  return lines
    .map((line) => `${line.quantity} x ${line.name}${line.modifiers.length ? ` (${line.modifiers.join(', ')})` : ''}`)
    .join('; ');
}

function csvRow(order: SalesOrderRow): string[] {
  return [
    String(order.number),
    order.paid_local,
    order.delivery_type,
    order.name,
    itemsText(order.lines),
    dollarsText(order.subtotal_cents),
    order.promo_code ?? '',
    dollarsText(order.promo_discount_cents),
    dollarsText(order.loyalty_discount_cents),
    dollarsText(order.tax_cents),
    dollarsText(order.delivery_fee_cents),
    dollarsText(order.tip_cents),
    dollarsText(order.total_cents),
    dollarsText(order.refunded_cents),
    dollarsText(order.total_cents - order.refunded_cents),
  ];
}

export interface SalesCsv {
  filename: string;
  /** The file, starting with a byte order mark so spreadsheets read it as UTF-8. */
  text: string;
}

export async function salesCsv(deps: Deps, query: SalesQuery): Promise<SalesCsv> {
  const range = salesRange(query, deps.clock());
  const count = await countSalesOrders(deps.db, range);
  if (count > SALES_CSV_MAX_ORDERS) throw new HttpError(422, csvTooLarge(count));
  const heading = [
    'Order',
    `Paid at (${range.timeZone})`,
    'Type',
    'Customer',
    'Items',
    'Subtotal',
    'Promo code',
    'Promo discount',
    'Loyalty discount',
    'Tax',
    'Delivery fee',
    'Tip',
    'Total',
    'Refunded',
    'Net',
  ];
  const rows = (await salesOrders(deps.db, range)).map(csvRow);
  return { filename: `sales-${range.from}-to-${range.to}.csv`, text: csvFile([heading, ...rows]) };
}
