/**
 * The sales screen's calls (shared/api/admin-sales.ts): the report over a range of the
 * restaurant's dates, and the same range's orders as a CSV file (a Blob, fetched with the admin's
 * token like every admin call). Also the range picker's date arithmetic, kept here so the screen
 * loads no schema code.
 */
import type { SalesReport } from '../../../shared/api/admin-sales.ts';
import type { AdminCall } from './admin-api.ts';

export interface SalesRangeInput {
  /** 'YYYY-MM-DD'; blank or absent: the server's default (a week ending today). */
  from?: string | undefined;
  to?: string | undefined;
}

export interface SalesApi {
  report(range: SalesRangeInput): Promise<SalesReport>;
  ordersCsv(range: { from: string; to: string }): Promise<Blob>;
}

function query(range: SalesRangeInput): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createSalesApi(call: AdminCall): SalesApi {
  return {
    report: (range) => call<SalesReport>('GET', `sales/${query(range)}`),
    ordersCsv: (range) => call<Blob>('GET', `sales/orders.csv${query(range)}`, undefined, 'file'),
  };
}

/** The date `days` after (before, when negative) a date 'YYYY-MM-DD'. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The range picker's quick choices, each ending on the restaurant's today. */
export const PRESETS = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
] as const;

export const presetRange = (today: string, days: number) => ({ from: shiftDate(today, 1 - days), to: today });

/** The file's name for a range, as the server names it. */
export const csvFileName = (range: { from: string; to: string }) => `sales-${range.from}-to-${range.to}.csv`;
