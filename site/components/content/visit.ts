/**
 * Opening hours and the address as the pages print them, from shared/restaurant.ts (the one place
 * the restaurant's facts are written).
 */
import { restaurant, type DayHours, type Weekday } from '../../../shared/restaurant.ts';

export const WEEKDAYS: { key: Weekday; label: string; short: string }[] = [
  { key: 'monday', label: 'Monday', short: 'Mon' },
  { key: 'tuesday', label: 'Tuesday', short: 'Tue' },
  { key: 'wednesday', label: 'Wednesday', short: 'Wed' },
  { key: 'thursday', label: 'Thursday', short: 'Thu' },
  { key: 'friday', label: 'Friday', short: 'Fri' },
  { key: 'saturday', label: 'Saturday', short: 'Sat' },
  { key: 'sunday', label: 'Sunday', short: 'Sun' },
];

/** A 24-hour 'HH:MM' as a US clock time: '21:00' -> '9:00 PM', '00:30' -> '12:30 AM'. */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 && h < 24 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** One day's hours: '10:00 AM – 9:00 PM', several ranges joined, or 'Closed'. */
export function hoursText(day: DayHours): string {
  if (day.length === 0) return 'Closed';
  return day.map((range) => `${clockTime(range.opens)} – ${clockTime(range.closes)}`).join(', ');
}

/** Every weekday with its hours, Monday first. */
export const weeklyHours = WEEKDAYS.map((day) => ({ ...day, hours: hoursText(restaurant.hours[day.key]) }));

/** Runs of days with the same hours: [{ days: 'Mon – Thu', hours: '10:00 AM – 9:00 PM' }, ...]. */
export const groupedHours: { days: string; label: string; hours: string }[] = weeklyHours
  .reduce<{ first: (typeof weeklyHours)[number]; last: (typeof weeklyHours)[number]; hours: string }[]>((runs, day) => {
    const run = runs.at(-1);
    if (run && run.hours === day.hours) run.last = day;
    else runs.push({ first: day, last: day, hours: day.hours });
    return runs;
  }, [])
  .map((run) => ({
    days: run.first === run.last ? run.first.short : `${run.first.short} – ${run.last.short}`,
    label: run.first === run.last ? run.first.label : `${run.first.label} to ${run.last.label}`,
    hours: run.hours,
  }));

const { address } = restaurant;

/** '727 N Broadway, Los Angeles, CA 90012' */
export const addressLine = `${address.street}, ${address.city}, ${address.state} ${address.zip}`;

/** Directions in Google Maps (opened in a new tab; no embedded map). */
export const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}`;

export const telHref = `tel:${restaurant.phone}`;
export const mailHref = `mailto:${restaurant.email}`;
