/**
 * The Customers screen's calls (shared/api/admin-customers.ts): search, one customer, adjusting
 * their points, and the opted-in export as a CSV file (a Blob, fetched with the admin's token like
 * every admin call, never a token in a link). Types only from the schemas: the screen loads no zod.
 */
import type { CustomerDetail, CustomerSearchAnswer, PointsAdjustment } from '../../../shared/api/admin-customers.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { instantToWallTime } from '../../../shared/schedule.ts';
import type { AdminCall } from './admin-api.ts';

export interface CustomersApi {
  search(q: string): Promise<CustomerSearchAnswer>;
  customer(phone: string): Promise<CustomerDetail>;
  adjustPoints(phone: string, adjustment: PointsAdjustment): Promise<CustomerDetail>;
  exportOptedIn(): Promise<Blob>;
}

const customerPath = (phone: string) => `customers/${encodeURIComponent(phone)}/`;

export function createCustomersApi(call: AdminCall): CustomersApi {
  return {
    search: (q) => call<CustomerSearchAnswer>('GET', `customers/?${new URLSearchParams({ q }).toString()}`),
    customer: (phone) => call<CustomerDetail>('GET', customerPath(phone)),
    adjustPoints: (phone, adjustment) => call<CustomerDetail>('POST', `${customerPath(phone)}points/`, adjustment),
    exportOptedIn: () => call<Blob>('GET', 'customers/export.csv', undefined, 'file'),
  };
}

/** The export's file name as the server names it: the restaurant's date today. */
export const exportFileName = (now = new Date()) =>
  `customers-opted-in-${instantToWallTime(now, restaurant.ordering.timeZone).date}.csv`;

/** How many customers a CSV export holds: its rows less the header (no cell holds a line break). */
export const exportRows = (csv: string) => csv.split('\r\n').filter((line) => line.trim() !== '').length - 1;

/** The points field's text (how many, without a sign: the form says add or take away) as a whole number; else NaN. */
export function pointsChange(text: string): number {
  const cleaned = text.trim().replace(/,/g, '');
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
