/**
 * Sales at a glance in the owner's admin area (admins only: 401 to strangers, 403 to staff):
 * GET /api/staff/admin/sales/?from=&to= (the report, JSON) and
 * GET /api/staff/admin/sales/orders.csv?from=&to= (the orders of the same range, one per row).
 *
 * Which orders count: paid ones (past pending_payment) that were not cancelled, on the
 * restaurant's own date and hour of their payment (restaurant.ordering.timeZone). Every figure of
 * the report is a sum over exactly those orders, so the CSV's columns add up to it to the cent:
 * - revenue: what the customers paid, the orders' totals (items after discounts, tax, delivery,
 *   tips); refunds: what was given back of those orders (refunds gone through or, taken by Stripe,
 *   on their way, whenever they were made); net: revenue less refunds. A cancelled order is left out whole, its money and its
 *   refund alike.
 * - delivery fees: what customers paid for delivery (the fee after the restaurant's discount).
 * - top items: units sold and what their lines came to (with modifiers, before the order's
 *   discounts), by menu item, under the name it had on its latest order.
 *
 * Schemas for the server and the admin page alike (browser code imports the types only).
 */
import { z } from 'zod';

/** The longest range one report or file covers, in days (a leap year). */
export const SALES_MAX_DAYS = 366;
/** A range's length when only its end is given (or neither): a week ending that day. */
export const SALES_DEFAULT_DAYS = 7;

export const SALES_DATE_SHAPE = 'Give each date as YYYY-MM-DD, like 2026-11-20.';
export const SALES_RANGE_BACKWARDS = 'The first date must be on or before the last date.';
export const SALES_RANGE_TOO_LONG = `Choose a range of at most ${SALES_MAX_DAYS} days.`;

/** Whether `text` is a real calendar date 'YYYY-MM-DD' (years 1970 to 9999). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (y < 1970) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The date `days` after (or before, when negative) a date 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How many days a range holds, both ends included: daysIn('2026-11-14', '2026-11-20') = 7. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const date = z.string({ error: SALES_DATE_SHAPE }).refine(isCalendarDate, { error: SALES_DATE_SHAPE });

/**
 * The query of both calls. Dates are the restaurant's, both included. Left out: `to` is today,
 * `from` is six days before `to` (a week).
 */
export const SalesQuerySchema = z.object({ from: date.optional(), to: date.optional() });
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

const cents = z.int();
const count = z.int().min(0);

export const SalesTotalsSchema = z.object({
  orders: count,
  /** The orders' totals: what customers paid. */
  revenue_cents: cents,
  /** Revenue over orders, rounded half up to the cent (0 without orders). */
  average_ticket_cents: cents,
  pickup: z.object({ orders: count, revenue_cents: cents }),
  delivery: z.object({ orders: count, revenue_cents: cents }),
  /** The items before any discount. */
  subtotal_cents: cents,
  promo_discount_cents: cents,
  loyalty_discount_cents: cents,
  tax_cents: cents,
  /** What customers paid for delivery (after the restaurant's delivery discount). */
  delivery_fees_cents: cents,
  tips_cents: cents,
  /** Succeeded refunds of these orders. */
  refunds_cents: cents,
  /** Revenue less refunds. */
  net_cents: cents,
});
export type SalesTotals = z.infer<typeof SalesTotalsSchema>;

export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The restaurant's date now, for the range picker's presets. */
  today: z.string(),
  time_zone: z.string(),
  totals: SalesTotalsSchema,
  /** Every date of the range, oldest first, days without orders included. */
  days: z.array(z.object({ date: z.string(), orders: count, revenue_cents: cents })),
  /** The 24 hours of the day, 0 to 23, by the hour the orders were paid. */
  hours: z.array(z.object({ hour: z.int().min(0).max(23), orders: count })),
  /** The ten items sold most (units), then by what they brought in. */
  top_items: z.array(z.object({ name: z.string(), quantity: count, revenue_cents: cents })),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
