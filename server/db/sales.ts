/**
 * SQL for the admin's sales report and its CSV (shared/api/admin-sales.ts says what counts). The
 * orders counted are paid (past pending_payment) and not cancelled, paid within a range of the
 * restaurant's dates; dates and hours are read in the restaurant's zone by PostgreSQL
 * (`paid_at at time zone $zone`), so a payment at 11:30 PM counts on that evening's date.
 */
import type { Queryable } from './database.ts';
import { GIVEN_BACK_SQL } from './refunds.ts';

/** A range of the restaurant's dates ('YYYY-MM-DD', both included) in its time zone (an IANA name). */
export interface SalesRange {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The counted orders as `counted`, each with its local payment time and what its refunds gave back
 * (GIVEN_BACK_SQL: gone through, or on their way).
 * Parameters: $1 first date, $2 last date, $3 the zone. The bounds are instants, so an index on
 * paid_at would serve them.
 */
const COUNTED = `
  counted as (
    select o.*, (o.paid_at at time zone $3) as local_paid,
           coalesce((select sum(r.amount_cents) from refunds r
                      where r.order_id = o.id and ${GIVEN_BACK_SQL}), 0) as refunded_cents
      from orders o
     where o.status not in ('pending_payment', 'cancelled')
       and o.paid_at >= ($1::date::timestamp at time zone $3)
       and o.paid_at < (($2::date + 1)::timestamp at time zone $3))`;

const params = (range: SalesRange) => [range.from, range.to, range.timeZone];

/** A line's price with its modifiers, for one unit (modifiers as the order stored them). */
const UNIT_WITH_MODIFIERS = `(l.unit_price_cents + case when jsonb_typeof(l.modifiers) = 'array'
  then coalesce((select sum(coalesce((m ->> 'price_cents')::int, 0)) from jsonb_array_elements(l.modifiers) m), 0)
  else 0 end)`;

export interface SalesTotalsRow {
  orders: number;
  revenue_cents: number;
  pickup_orders: number;
  pickup_revenue_cents: number;
  delivery_orders: number;
  delivery_revenue_cents: number;
  subtotal_cents: number;
  promo_discount_cents: number;
  loyalty_discount_cents: number;
  tax_cents: number;
  delivery_fees_cents: number;
  tips_cents: number;
  refunds_cents: number;
}

/** PostgreSQL's count and sum of integers come back as text from pg: every value here is a number. */
function numbers<T extends object>(row: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)])) as T;
}

export async function salesTotals(db: Queryable, range: SalesRange): Promise<SalesTotalsRow> {
  const [row] = await db.query(
    `with ${COUNTED}
     select count(*) as orders,
            coalesce(sum(total_cents), 0) as revenue_cents,
            count(*) filter (where delivery_type = 'pickup') as pickup_orders,
            coalesce(sum(total_cents) filter (where delivery_type = 'pickup'), 0) as pickup_revenue_cents,
            count(*) filter (where delivery_type = 'delivery') as delivery_orders,
            coalesce(sum(total_cents) filter (where delivery_type = 'delivery'), 0) as delivery_revenue_cents,
            coalesce(sum(subtotal_cents), 0) as subtotal_cents,
            coalesce(sum(promo_discount_cents), 0) as promo_discount_cents,
            coalesce(sum(loyalty_discount_cents), 0) as loyalty_discount_cents,
            coalesce(sum(tax_cents), 0) as tax_cents,
            coalesce(sum(delivery_charge_cents), 0) as delivery_fees_cents,
            coalesce(sum(tip_cents), 0) as tips_cents,
            coalesce(sum(refunded_cents), 0) as refunds_cents
       from counted`,
    params(range),
  );
  return numbers<SalesTotalsRow>(row!);
}

/** Orders and revenue per local date, only the dates that have orders. */
export async function salesByDay(
  db: Queryable,
  range: SalesRange,
): Promise<{ date: string; orders: number; revenue_cents: number }[]> {
  const rows = await db.query<{ date: string; orders: unknown; revenue_cents: unknown }>(
    `with ${COUNTED}
     select to_char(local_paid, 'YYYY-MM-DD') as date, count(*) as orders, sum(total_cents) as revenue_cents
       from counted group by 1 order by 1`,
    params(range),
  );
  return rows.map((row) => ({ date: row.date, orders: Number(row.orders), revenue_cents: Number(row.revenue_cents) }));
}

/** Orders per local hour of the day (0 to 23), only the hours that have orders. */
export async function salesByHour(db: Queryable, range: SalesRange): Promise<{ hour: number; orders: number }[]> {
  const rows = await db.query<{ hour: unknown; orders: unknown }>(
    `with ${COUNTED}
     select extract(hour from local_paid)::int as hour, count(*) as orders from counted group by 1 order by 1`,
    params(range),
  );
  return rows.map((row) => ({ hour: Number(row.hour), orders: Number(row.orders) }));
}

/**
 * The items sold most: units, then what their lines came to (unit price with modifiers times
 * quantity, before the order's discounts), by menu item under the name of its latest order.
 */
export async function topItems(
  db: Queryable,
  range: SalesRange,
  limit: number,
): Promise<{ name: string; quantity: number; revenue_cents: number }[]> {
  const rows = await db.query<{ item_name: string; units: unknown; line_cents: unknown }>(
    `with ${COUNTED}
     select (array_agg(l.name order by o.paid_at desc, o.number desc))[1] as item_name,
            sum(l.quantity) as units,
            sum(${UNIT_WITH_MODIFIERS} * l.quantity) as line_cents
       from counted o join order_lines l on l.order_id = o.id
      group by l.menu_item_id
      order by units desc, line_cents desc, item_name
      limit $4`,
    [...params(range), limit],
  );
  return rows.map((row) => ({
    name: row.item_name,
    quantity: Number(row.units),
    revenue_cents: Number(row.line_cents),
  }));
}

export async function countSalesOrders(db: Queryable, range: SalesRange): Promise<number> {
  const [row] = await db.query<{ orders: unknown }>(
    `with ${COUNTED} select count(*) as orders from counted`,
    params(range),
  );
  return Number(row!.orders);
}

/** One counted order as the CSV writes it, its lines in the order they were placed. */
export interface SalesOrderRow {
  number: number;
  /** 'YYYY-MM-DD HH:MM' on the restaurant's clock. */
  paid_local: string;
  delivery_type: 'pickup' | 'delivery';
  name: string;
  promo_code: string | null;
  subtotal_cents: number;
  promo_discount_cents: number;
  loyalty_discount_cents: number;
  tax_cents: number;
  delivery_fee_cents: number;
  tip_cents: number;
  total_cents: number;
  refunded_cents: number;
  lines: { name: string; quantity: number; modifiers: string[] }[];
}

/** The counted orders, in the order they were paid. */
export async function salesOrders(db: Queryable, range: SalesRange): Promise<SalesOrderRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `with ${COUNTED}
     select o.number, to_char(o.local_paid, 'YYYY-MM-DD HH24:MI') as paid_local, o.delivery_type, o.name, o.promo_code,
            o.subtotal_cents, o.promo_discount_cents, o.loyalty_discount_cents, o.tax_cents,
            o.delivery_charge_cents as delivery_fee_cents, o.tip_cents, o.total_cents, o.refunded_cents,
            (select json_agg(json_build_object(
                      'name', l.name, 'quantity', l.quantity,
                      'modifiers', case when jsonb_typeof(l.modifiers) = 'array'
                                        then (select coalesce(json_agg(m ->> 'name'), '[]'::json)
                                                from jsonb_array_elements(l.modifiers) m)
                                        else '[]'::json end)
                    order by l.position)
               from order_lines l where l.order_id = o.id) as lines
       from counted o
      order by o.paid_at, o.number`,
    params(range),
  );
  return rows.map((row) => {
    const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as unknown) : row.lines;
    return {
      number: Number(row.number),
      paid_local: String(row.paid_local),
      delivery_type: row.delivery_type as SalesOrderRow['delivery_type'],
      name: String(row.name),
      promo_code: (row.promo_code as string | null) ?? null,
      subtotal_cents: Number(row.subtotal_cents),
      promo_discount_cents: Number(row.promo_discount_cents),
      loyalty_discount_cents: Number(row.loyalty_discount_cents),
      tax_cents: Number(row.tax_cents),
      delivery_fee_cents: Number(row.delivery_fee_cents),
      tip_cents: Number(row.tip_cents),
      total_cents: Number(row.total_cents),
      refunded_cents: Number(row.refunded_cents),
      lines: ((lines ?? []) as { name: string; quantity: number; modifiers: (string | null)[] }[]).map((line) => ({
        name: line.name,
        quantity: Number(line.quantity),
        modifiers: (line.modifiers ?? []).filter((name): name is string => typeof name === 'string'),
      })),
    };
  });
}
