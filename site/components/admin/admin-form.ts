/**
 * What the admin's forms type, read the way the server wants it: dollars to whole cents, a blank
 * limit to none, a local date and time in the restaurant's zone to an instant, and back.
 */
import { formatUSD, toCents } from '../../../shared/money.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { instantToWallTime, wallTimeToInstant } from '../../../shared/schedule.ts';

const ZONE = restaurant.ordering.timeZone;

/** '4.50', '$4.5', '12' to cents; NaN unless a non-negative amount with at most two decimals. */
export function dollarsToCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(cleaned)) return Number.NaN;
  return toCents(cleaned);
}

/** Cents as a form shows them: 450 -> '4.50'. */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A whole number, or null for a blank field. Anything else is -1, which no limit allows, so the
 * server refuses it with the field's own sentence (NaN would travel as null: no limit at all).
 */
export function wholeOrNone(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : -1;
}

/** An <input type="datetime-local"> value, read in the restaurant's zone; null when blank. */
export function localToInstant(value: string): string | null {
  if (!value) return null;
  const [date, time] = value.split('T');
  return wallTimeToInstant(date!, time!.slice(0, 5), ZONE).toISOString();
}

/** An instant as an <input type="datetime-local"> value in the restaurant's zone. */
export function instantToLocal(iso: string | null): string {
  if (!iso) return '';
  const wall = instantToWallTime(new Date(iso), ZONE);
  return `${wall.date}T${wall.time}`;
}

/** An instant as the owner reads it: 'Nov 20, 2026, 11:00 AM'. */
export function when(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(
    new Date(iso),
  );
}

export const money = (cents: number) => formatUSD(cents);
