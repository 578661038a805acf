/**
 * The one restaurant this deployment sells for. The site, the widget and the server all read it
 * from here, so its name, phone, address, hours and tax rate are written once.
 */
import { SALES_TAX_PERCENT } from './pricing.ts';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** Opening hours of one day, as 24-hour 'HH:MM' local times; an empty list means closed. */
export type DayHours = { opens: string; closes: string }[];

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
  hours: Record<Weekday, DayHours>;
  taxPercent: number;
  siteUrl: string;
  socials: { instagram: string; facebook: string };
  /**
   * The in-house courier: where it goes and what it charges. A distance pays the fee of the
   * smallest tier that reaches it; beyond `radiusMiles` the courier refuses. Fees start at the $10
   * that spec section 9 charges at least (max(10, fee)), so the estimate a customer sees is what
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
  hours: {
    monday: everyDay('10:00', '21:00'),
    tuesday: everyDay('10:00', '21:00'),
    wednesday: everyDay('10:00', '21:00'),
    thursday: everyDay('10:00', '21:00'),
    friday: everyDay('10:00', '23:00'),
    saturday: everyDay('09:00', '23:00'),
    sunday: everyDay('09:00', '20:00'),
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

/** The site's navigation, in the header and the footer (spec section 2). */
export const siteNavigation: readonly { name: string; path: string }[] = [
  { name: 'Home', path: '/' },
  { name: 'About Us', path: '/about-us/' },
  { name: 'Menu', path: '/menu/' },
  { name: 'Catering', path: '/catering/' },
  { name: 'Family Meals', path: '/family-meals/' },
  { name: 'Taco Boxes', path: '/tacoboxes/' },
  { name: 'Contact Us', path: '/contact-us/' },
];
