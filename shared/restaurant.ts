/**
 * The one restaurant this deployment sells for, as the site, the widget and the server read it.
 * Its values (name, phone, address, hours, ordering hours, tax rate, delivery area) are written
 * once, in settings/restaurant.json; pickup orders follow the doors' hours, in the restaurant's zone.
 */
import type { MessageId } from './i18n/message.ts';
import type { Locale } from './i18n/locale.ts';
import type { DeliveryType } from './pricing.ts';
import { deliverySettings, identitySettings, orderingSettings, taxPercentSetting } from './settings/values.ts';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/**
 * Opening hours of one day, as 24-hour 'HH:MM' local wall times in the restaurant's time zone; an
 * empty list means closed. A range whose `closes` is at or before its `opens` ends on the next
 * day: { opens: '18:00', closes: '02:00' } is 6 PM to 2 AM, and closes: '00:00' is midnight.
 */
export type DayHours = { opens: string; closes: string }[];

/** When online orders are taken, per order type (shared/schedule.ts reads it). */
export interface OrderingHours {
  /** An IANA zone; every 'HH:MM' and holiday date below is wall time there. */
  timeZone: string;
  weekly: Record<DeliveryType, Record<Weekday, DayHours>>;
  /**
   * Local dates ('YYYY-MM-DD') whose hours replace the weekday's: an empty list is closed all day.
   * An order type not named keeps its weekday hours.
   */
  holidays: Record<string, Partial<Record<DeliveryType, DayHours>>>;
  /** Minutes from ordering to the food being ready, the least a slot or an ASAP order allows. */
  leadMinutes: Record<DeliveryType, number>;
  /** Catering needs this much notice, whatever the order type. */
  cateringLeadMinutes: number;
  /** Items of this menu category are catering. */
  cateringCategory: string;
  /** Slots fall on multiples of this many minutes of local time. */
  slotMinutes: number;
  /** The latest slot is at most this many days (of 24 hours) from now. */
  horizonDays: number;
}

export interface Restaurant {
  name: string;
  /** The menu's name in the point-of-sale system; the widget picks this menu. */
  menuName: string;
  tagline: string;
  /** The tagline in each language the site speaks. */
  taglines: Record<Locale, string>;
  phone: string;
  phoneDisplay: string;
  email: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  location: { lat: number; lng: number };
  timeZone: string;
  /** The doors' opening hours, as the site prints them; pickup orders follow them. */
  hours: Record<Weekday, DayHours>;
  ordering: OrderingHours;
  taxPercent: number;
  siteUrl: string;
  socials: { instagram: string; facebook: string };
  /**
   * The in-house courier: where it goes and what it charges. A distance pays the fee of the
   * smallest tier that reaches it; beyond `radiusMiles` the courier refuses. Fees start at the $10
   * minimum delivery charge (max(10, fee) in pricing), so the estimate a customer sees is what
   * delivery costs before the restaurant's discount, and a longer trip costs more.
   */
  delivery: {
    radiusMiles: number;
    /** How long a delivery estimate holds before the customer must ask again. */
    quoteValidMinutes: number;
    feeTiers: readonly { upToMiles: number; feeCents: number }[];
  };
}

// Each value named, not spread, so a bundle keeps only the ones its code reads.
const { hours, timeZone } = identitySettings;
export const restaurant: Restaurant = {
  name: identitySettings.name,
  menuName: identitySettings.menuName,
  tagline: identitySettings.tagline,
  taglines: { en: identitySettings.tagline, es: identitySettings.taglineEs ?? identitySettings.tagline },
  phone: identitySettings.phone,
  phoneDisplay: identitySettings.phoneDisplay,
  email: identitySettings.email,
  address: identitySettings.address,
  location: identitySettings.location,
  timeZone,
  hours,
  ordering: {
    timeZone,
    weekly: { pickup: hours, delivery: orderingSettings.deliveryHours },
    holidays: orderingSettings.holidays,
    leadMinutes: orderingSettings.leadMinutes,
    cateringLeadMinutes: orderingSettings.cateringLeadMinutes,
    cateringCategory: orderingSettings.cateringCategory,
    slotMinutes: orderingSettings.slotMinutes,
    horizonDays: orderingSettings.horizonDays,
  },
  taxPercent: taxPercentSetting,
  siteUrl: identitySettings.siteUrl,
  socials: identitySettings.socials,
  delivery: {
    radiusMiles: deliverySettings.radiusMiles,
    quoteValidMinutes: deliverySettings.quoteValidMinutes,
    feeTiers: deliverySettings.feeTiers,
  },
};

/** The site's navigation, the same links in the header and in the footer. */
export const siteNavigation: readonly { label: MessageId; path: string }[] = [
  { label: 'site.nav.home', path: '/' },
  { label: 'site.nav.about', path: '/about-us/' },
  { label: 'site.nav.menu', path: '/menu/' },
  { label: 'site.nav.catering', path: '/catering/' },
  { label: 'site.nav.familyMeals', path: '/family-meals/' },
  { label: 'site.nav.tacoBoxes', path: '/tacoboxes/' },
  { label: 'site.nav.contact', path: '/contact-us/' },
];
