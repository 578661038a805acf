/**
 * Opening hours and the address as the pages print them, from shared/restaurant.ts (the one place
 * the restaurant's facts are written). The hours come in either language: the `...In(locale)`
 * functions.
 */
import { restaurant, type DayHours, type Weekday } from '../../../shared/restaurant.ts';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../../shared/i18n/locale.ts';
import { translator } from '../../../shared/i18n/translator.ts';

type WeekdayNames = { key: Weekday; label: string; short: string };

export const WEEKDAYS: WeekdayNames[] = [
  { key: 'monday', label: 'Monday', short: 'Mon' },
  { key: 'tuesday', label: 'Tuesday', short: 'Tue' },
  { key: 'wednesday', label: 'Wednesday', short: 'Wed' },
  { key: 'thursday', label: 'Thursday', short: 'Thu' },
  { key: 'friday', label: 'Friday', short: 'Fri' },
  { key: 'saturday', label: 'Saturday', short: 'Sat' },
  { key: 'sunday', label: 'Sunday', short: 'Sun' },
];

/** A day name standing on its own (a table row, the start of a label): 'lunes' -> 'Lunes'. */
const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The weekdays, Monday first, named in a language ('Monday'/'Mon', 'Lunes'/'Lun'). */
export function weekdaysIn(locale: Locale = DEFAULT_LOCALE): WeekdayNames[] {
  if (locale === DEFAULT_LOCALE) return WEEKDAYS;
  const long = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return WEEKDAYS.map((day, index) => {
    const date = new Date(Date.UTC(2024, 0, 1 + index));
    return { key: day.key, label: capitalized(long.format(date)), short: capitalized(short.format(date)) };
  });
}

/**
 * A 24-hour 'HH:MM' as a US clock time: '21:00' -> '9:00 PM', '00:30' -> '12:30 AM'; in Spanish
 * '9:00 p.m.'.
 */
export function clockTime(hhmm: string, locale: Locale = DEFAULT_LOCALE): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (locale !== DEFAULT_LOCALE) {
    const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    return time.format(new Date(Date.UTC(2024, 0, 1, h, m)));
  }
  const suffix = h >= 12 && h < 24 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** One day's hours: '10:00 AM – 9:00 PM', several ranges joined, or 'Closed' (in `locale`). */
export function hoursText(day: DayHours, locale: Locale = DEFAULT_LOCALE): string {
  if (day.length === 0) return translator(locale)('common.closed');
  return day.map((range) => `${clockTime(range.opens, locale)} – ${clockTime(range.closes, locale)}`).join(', ');
}

/** Every weekday with its hours, Monday first, in a language. */
export function weeklyHoursIn(locale: Locale = DEFAULT_LOCALE) {
  return weekdaysIn(locale).map((day) => ({ ...day, hours: hoursText(restaurant.hours[day.key], locale) }));
}

/**
 * Runs of days with the same hours, in a language: [{ days: 'Mon – Thu', label: 'Monday to
 * Thursday', hours: '10:00 AM – 9:00 PM' }, ...].
 */
export function groupedHoursIn(locale: Locale = DEFAULT_LOCALE): { days: string; label: string; hours: string }[] {
  const t = translator(locale);
  const week = weeklyHoursIn(locale);
  return week
    .reduce<{ first: (typeof week)[number]; last: (typeof week)[number]; hours: string }[]>((runs, day) => {
      const run = runs.at(-1);
      if (run && run.hours === day.hours) run.last = day;
      else runs.push({ first: day, last: day, hours: day.hours });
      return runs;
    }, [])
    .map((run) => ({
      days: run.first === run.last ? run.first.short : `${run.first.short} – ${run.last.short}`,
      label:
        run.first === run.last
          ? run.first.label
          : capitalized(
              t('site.hours.dayRange', {
                first: run.first.label,
                // Mid-sentence a Spanish day name is lower case: 'Lunes a jueves'.
                last: locale === DEFAULT_LOCALE ? run.last.label : run.last.label.toLocaleLowerCase(),
              }),
            ),
      hours: run.hours,
    }));
}

const { address } = restaurant;

/** '727 N Broadway, Los Angeles, CA 90012' */
export const addressLine = `${address.street}, ${address.city}, ${address.state} ${address.zip}`;

/** Directions in Google Maps (opened in a new tab; no embedded map). */
export const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}`;

export const telHref = `tel:${restaurant.phone}`;
export const mailHref = `mailto:${restaurant.email}`;
