/**
 * The one restaurant this deployment sells for. The site, the widget and the server all read it
 * from here, so its name, phone, address, hours and tax rate are written once.
 */
import { SALES_TAX_PERCENT, type DeliveryType } from './pricing.ts';

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

const everyDay = (opens: string, closes: string): DayHours => [{ opens, closes }];

const hours: Record<Weekday, DayHours> = {
  monday: everyDay('10:00', '21:00'),
  tuesday: everyDay('10:00', '21:00'),
  wednesday: everyDay('10:00', '21:00'),
  thursday: everyDay('10:00', '21:00'),
  friday: everyDay('10:00', '23:00'),
  saturday: everyDay('09:00', '23:00'),
  sunday: everyDay('09:00', '20:00'),
};

/** Couriers start at 11 and leave the last half hour before closing to the counter. */
const deliveryHours: Record<Weekday, DayHours> = {
  monday: everyDay('11:00', '20:30'),
  tuesday: everyDay('11:00', '20:30'),
  wednesday: everyDay('11:00', '20:30'),
  thursday: everyDay('11:00', '20:30'),
  friday: everyDay('11:00', '22:30'),
  saturday: everyDay('11:00', '22:30'),
  sunday: everyDay('11:00', '19:30'),
};

export const restaurant: Restaurant = {
  name: 'Taquería El Comal',
  menuName: 'Taquería El Comal',
  tagline: 'Handmade tortillas, slow-cooked meats and salsas made every morning in Chinatown, Los Angeles.',
  phone: '+12135550148',
  phoneDisplay: '(213) 555-0148',
  email: 'hola@elcomal.example',
  address: { street: '727 N Broadway', city: 'Los Angeles', state: 'CA', zip: '90012', country: 'US' },
  location: { lat: 34.0614, lng: -118.2385 },
  timeZone: 'America/Los_Angeles',
  hours,
  ordering: {
    timeZone: 'America/Los_Angeles',
    weekly: { pickup: hours, delivery: deliveryHours },
    holidays: {
      '2026-11-26': { pickup: [], delivery: [] },
      '2026-12-24': { pickup: everyDay('10:00', '15:00'), delivery: everyDay('11:00', '14:30') },
      '2026-12-25': { pickup: [], delivery: [] },
      '2026-12-31': { pickup: everyDay('10:00', '18:00'), delivery: everyDay('11:00', '17:30') },
      '2027-01-01': { pickup: [], delivery: [] },
    },
    leadMinutes: { pickup: 20, delivery: 45 },
    cateringLeadMinutes: 24 * 60,
    cateringCategory: 'Catering',
    slotMinutes: 15,
    horizonDays: 7,
  },
  taxPercent: SALES_TAX_PERCENT,
  siteUrl: 'https://elcomal.example',
  socials: {
    instagram: 'https://www.instagram.com/taqueriaelcomal/',
    facebook: 'https://www.facebook.com/taqueriaelcomal/',
  },
  delivery: {
    radiusMiles: 8,
    quoteValidMinutes: 20,
    feeTiers: [
      { upToMiles: 3, feeCents: 1000 },
      { upToMiles: 5, feeCents: 1200 },
      { upToMiles: 8, feeCents: 1400 },
    ],
  },
};

/** The site's navigation, the same links in the header and in the footer. */
export const siteNavigation: readonly { name: string; path: string }[] = [
  { name: 'Home', path: '/' },
  { name: 'About Us', path: '/about-us/' },
  { name: 'Menu', path: '/menu/' },
  { name: 'Catering', path: '/catering/' },
  { name: 'Family Meals', path: '/family-meals/' },
  { name: 'Taco Boxes', path: '/tacoboxes/' },
  { name: 'Contact Us', path: '/contact-us/' },
];
