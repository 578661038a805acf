/**
 * SQL for the admin's Customers screen: customers as phone numbers with paid orders (checkouts
 * never paid are left out), found by name, email or phone digits, with what shared/api/admin-
 * customers.ts says of each (latest order's name and email, account, orders, points, consent to
 * offers), and one customer's orders.
 */
import type { OrderStatus } from './orders.ts';
import type { Queryable } from './database.ts';

export interface CustomerSummaryRow {
  phone: string;
  name: string;
  email: string;
  /** The account that placed the latest order, if it was placed signed in. */
  cognito_sub: string | null;
  account: boolean;
  order_count: number;
  last_order_at: Date;
  points: number;
  opted_in: boolean;
}

const PLACED = `status <> 'pending_payment'`;

/**
 * Each customer among `found` (a query answering phone numbers): their paid orders counted, the
 * latest one (by when it was made) giving name, email, account and the time it was paid; their
 * balance as pointsFor (server/db/loyalty.ts) reckons it; opted in when that order ticked the
 * offers box and no checkout made since left it unticked. Newest latest order first.
 */
function summaries(found: string, where = 'true'): string {
  return `
    with found as (${found}),
    people as (
      select o.phone, count(*)::int as order_count, bool_or(o.cognito_sub is not null) as signed_in
        from orders o join found f on f.phone = o.phone
       where o.${PLACED}
       group by o.phone
    ),
    summed as (
      select p.phone, p.order_count, latest.name, latest.email, latest.cognito_sub,
             latest.placed_at as last_order_at, latest.created_at as latest_made, latest.number as latest_number,
             (p.signed_in or exists (select 1 from customers a where a.phone = p.phone)) as account,
             greatest(0, coalesce((select sum(g.points) from loyalty_ledger g where g.phone = p.phone), 0))::int as points,
             (latest.marketing_opt_in and not exists (
                select 1 from orders later
                 where later.phone = p.phone and later.created_at > latest.created_at and not later.marketing_opt_in
             )) as opted_in
        from people p
        cross join lateral (
          select o.name, o.email, o.cognito_sub, o.marketing_opt_in, o.created_at, o.number,
                 coalesce(o.paid_at, o.created_at) as placed_at
            from orders o
           where o.phone = p.phone and o.${PLACED}
           order by o.created_at desc, o.number desc
           limit 1
        ) latest
    )
    select phone, name, email, cognito_sub, account, order_count, last_order_at, points, opted_in
      from summed
     where ${where}
     order by latest_made desc, latest_number desc`;
}

const LIKE_SPECIAL = /[\\%_]/g;

/** `text` as a LIKE pattern matching it anywhere. */
export const containing = (text: string) => `%${text.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`;

/**
 * Customers with a paid order whose name or email holds `text` (any case), or whose phone's digits
 * hold `digits` (when given); at most `limit`, newest latest order first.
 */
export async function searchCustomers(
  db: Queryable,
  search: { text: string; digits: string | null; limit: number },
): Promise<CustomerSummaryRow[]> {
  return db.query<CustomerSummaryRow>(
    `${summaries(
      `select distinct phone from orders
        where ${PLACED}
          and (name ilike $1 or email ilike $1
               or ($2::text is not null and regexp_replace(phone, '\\D', '', 'g') like $2))`,
    )} limit $3`,
    [containing(search.text), search.digits === null ? null : containing(search.digits), search.limit],
  );
}

/** The customer of this phone number, or null when it has no paid order. */
export async function customerSummary(db: Queryable, phone: string): Promise<CustomerSummaryRow | null> {
  const [row] = await db.query<CustomerSummaryRow>(summaries(`select $1::text as phone`), [phone]);
  return row ?? null;
}

/** Every opted-in customer, newest latest order first (the export; no limit: it is the whole list). */
export async function optedInCustomers(db: Queryable): Promise<CustomerSummaryRow[]> {
  return db.query<CustomerSummaryRow>(summaries(`select distinct phone from orders where ${PLACED}`, 'opted_in'));
}

export interface CustomerOrderRow {
  number: number;
  placed_at: Date;
  status: Exclude<OrderStatus, 'pending_payment'>;
  total_cents: number;
  /** Each line, in order: quantity and name. */
  lines: { quantity: number; name: string }[];
}

/** The phone's newest `limit` paid orders, newest first, with their lines. */
export async function ordersOfPhone(db: Queryable, phone: string, limit: number): Promise<CustomerOrderRow[]> {
  const rows = await db.query<Omit<CustomerOrderRow, 'number' | 'lines'> & { number: unknown; lines: unknown }>(
    `select o.number, coalesce(o.paid_at, o.created_at) as placed_at, o.status, o.total_cents,
            coalesce((select json_agg(json_build_object('quantity', l.quantity, 'name', l.name) order by l.position)
                        from order_lines l where l.order_id = o.id), '[]'::json) as lines
       from orders o
      where o.phone = $1 and o.${PLACED}
      order by o.created_at desc, o.number desc
      limit $2`,
    [phone, limit],
  );
  return rows.map((row) => ({
    ...row,
    number: Number(row.number),
    lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as CustomerOrderRow['lines'],
  }));
}
