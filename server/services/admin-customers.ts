/**
 * Customers as the owner looks them up in the admin area (shared/api/admin-customers.ts says who
 * counts as a customer and who as opted in): search, one customer's orders and points, adjusting
 * their points by hand with a reason, and the export of opted-in customers for marketing. An
 * adjustment and an export are each recorded in the audit log in the same transaction.
 */
import {
  CUSTOMER_LIST_LIMIT,
  CUSTOMER_SEARCH_LIMIT,
  EXPORT_COLUMNS,
  NO_SUCH_CUSTOMER,
  pointsBelowZero,
  type CustomerDetail,
  type CustomerSearchAnswer,
  type CustomerSummary,
  type PointsAdjustment,
} from '../../shared/api/admin-customers.ts';
import { formatUsPhone, normalizePhone } from '../../shared/phone.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { instantToWallTime } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import { recordChange } from '../db/admin-audit.ts';
import {
  customerSummary,
  optedInCustomers,
  ordersOfPhone,
  searchCustomers,
  type CustomerSummaryRow,
} from '../db/customers.ts';
import { adjustPoints, lockPhonePoints, phoneLedger, pointsFor } from '../db/loyalty.ts';
import { csvFile } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';
import type { Actor } from './staff-board.ts';

type Deps = Pick<AppDependencies, 'db' | 'clock'>;

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: CustomerSummaryRow): CustomerSummary {
  return {
    phone: row.phone,
    name: row.name,
    email: row.email,
    account: row.account,
    order_count: row.order_count,
    last_order_at: iso(row.last_order_at),
    points: row.points,
    opted_in: row.opted_in,
  };
}

/** A search that reads as part of a phone number ('(213) 555', '555-01'): its digits are looked for too. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** Customers whose name or email holds `q` (any case), or whose phone number holds its digits. */
export async function findCustomers(deps: Deps, q: string): Promise<CustomerSearchAnswer> {
  const digits = PHONE_LIKE.test(q) ? q.replace(/\D/g, '') : '';
  const rows = await searchCustomers(deps.db, {
    text: q,
    digits: digits.length >= 2 ? digits : null,
    limit: CUSTOMER_SEARCH_LIMIT + 1,
  });
  return { customers: rows.slice(0, CUSTOMER_SEARCH_LIMIT).map(summaryOf), more: rows.length > CUSTOMER_SEARCH_LIMIT };
}

/** The loyalty key a path names ('+12135550142', or typed any way); too long to be a number: none. */
function phoneKey(param: string): string | null {
  const text = param.trim();
  return text.length > 30 ? null : normalizePhone(text);
}

/** One customer: who, their newest paid orders and their newest ledger entries. 404 when unknown. */
export async function customerDetail(deps: Deps, phoneParam: string): Promise<CustomerDetail> {
  const phone = phoneKey(phoneParam);
  const summary = phone === null ? null : await customerSummary(deps.db, phone);
  if (!phone || !summary) throw new HttpError(404, NO_SUCH_CUSTOMER);
  const orders = await ordersOfPhone(deps.db, phone, CUSTOMER_LIST_LIMIT);
  const ledger = await phoneLedger(deps.db, phone, CUSTOMER_LIST_LIMIT);
  return {
    ...summaryOf(summary),
    orders: orders.map((order) => ({
      number: order.number,
      placed_at: iso(order.placed_at),
      status: order.status,
      total_cents: order.total_cents,
      items: order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
    })),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      at: iso(entry.at),
      kind: entry.kind,
      points: entry.points,
      order_number: entry.order_number,
      reason: entry.reason,
      by: entry.actor,
    })),
  };
}

/**
 * Adds `change` points (or takes them away) with a ledger entry saying who, when and why, under
 * the lock that spending the phone's points takes, so a checkout paying at the same moment sees
 * the balance before or after, never half. The balance never goes below 0 (409).
 */
export async function adjustCustomerPoints(
  deps: Deps,
  phoneParam: string,
  adjustment: PointsAdjustment,
  by: Actor,
): Promise<CustomerDetail> {
  const phone = phoneKey(phoneParam);
  if (!phone) throw new HttpError(404, NO_SUCH_CUSTOMER);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await lockPhonePoints(tx, phone);
    const customer = await customerSummary(tx, phone);
    if (!customer) throw new HttpError(404, NO_SUCH_CUSTOMER);
    const balance = customer.points;
    if (balance + adjustment.change < 0) throw new HttpError(409, pointsBelowZero(balance));
    await adjustPoints(tx, {
      phone,
      points: adjustment.change,
      reason: adjustment.reason,
      actor: by.email,
      email: customer.email,
      cognitoSub: customer.cognito_sub,
      at: now,
    });
    await recordChange(tx, {
      at: now,
      actor: by.email,
      area: 'customers',
      subject: phone,
      before: { points: balance },
      after: { points: await pointsFor(tx, phone), change: adjustment.change, reason: adjustment.reason },
    });
  });
  return customerDetail(deps, phone);
}

const restaurantDate = (instant: Date) => instantToWallTime(instant, restaurant.ordering.timeZone).date;

export interface CustomerExport {
  filename: string;
  /** UTF-8 CSV, starting with a byte order mark so spreadsheets read accented names right. */
  csv: string;
  rows: number;
}

/**
 * The customers who agreed to offers by text and email (and only they: see
 * shared/api/admin-customers.ts), for a marketing list: name, email, phone, orders and the
 * restaurant's date of their latest order. The export itself is recorded in the audit log: who
 * took it and how many rows it held.
 */
export async function exportOptedInCustomers(deps: Deps, by: Actor): Promise<CustomerExport> {
  const now = deps.clock();
  const rows = await deps.db.transaction(async (tx) => {
    const customers = await optedInCustomers(tx);
    await recordChange(tx, {
      at: now,
      actor: by.email,
      area: 'customers',
      subject: 'export',
      before: null,
      after: { rows: customers.length, opted_in_only: true },
    });
    return customers;
  });
  const csv = csvFile([
    EXPORT_COLUMNS,
    ...rows.map((row) => [
      row.name,
      row.email,
      formatUsPhone(row.phone),
      row.order_count,
      restaurantDate(new Date(row.last_order_at)),
    ]),
  ]);
  return { filename: `customers-opted-in-${restaurantDate(now)}.csv`, csv, rows: rows.length };
}
