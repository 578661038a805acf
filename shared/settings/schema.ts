/**
 * The shape of the restaurant's settings (`settings/restaurant.json`) and the one check the server
 * and the builds run on them. A bad value is refused with one sentence that names the field and
 * what is wrong: 'Restaurant settings: delivery.radiusMiles must be a number greater than 0.'
 *
 * Browser code must only `import type` from here, so zod never lands in the widget bundle; it reads
 * the values through shared/settings/values.ts, which the server and the builds have checked.
 */
import { z } from 'zod';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A check's sentence, except for a missing field, which the parse says 'is missing' of. */
const unlessMissing = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : message;

const text = z.string().trim().min(1, { error: 'must not be empty' });
const positive = z.number().positive({ error: 'must be a number greater than 0' });
const cents = z
  .int({ error: unlessMissing('must be a whole number of cents') })
  .min(0, { error: 'must be 0 or more cents' });
const percent = z.number().min(0, { error: 'must be a percentage from 0 to 100' }).max(100, {
  error: 'must be a percentage from 0 to 100',
});
const wholeMinutes = z.int({ error: unlessMissing('must be a whole number of minutes') }).positive({
  error: 'must be a whole number of minutes greater than 0',
});
/** A 24-hour local wall time, 'HH:MM'. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a time like '09:30'" });
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, { error: "must be a colour like '#1b1b1b'" });
const instant = z.iso.datetime({ error: unlessMissing("must be a date and time like '2025-06-01T07:00:00Z'") });

/** One day's open ranges; a range whose `closes` is at or before its `opens` ends on the next day. */
const dayHours = z.array(z.strictObject({ opens: clock, closes: clock }));
const weekHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<(typeof WEEKDAYS)[number], typeof dayHours>,
);

const tipPreset = z.strictObject({
  /** The least this tip suggests, whatever the distance. */
  floorCents: cents,
  /** What it suggests per mile driven. */
  perMileCents: cents,
  /** It never suggests more than this share of the item subtotal. */
  capPercent: percent,
});

export const restaurantSettingsSchema = z.strictObject({
  /** Who and where the restaurant is; the doors' opening hours, which pickup orders follow. */
  restaurant: z.strictObject({
    name: text,
    /** The menu's name in the point-of-sale system; the widget picks this menu. */
    menuName: text,
    tagline: text,
    /** The tagline in Spanish, for the Spanish pages (the English one when absent). */
    taglineEs: text.optional(),
    /** E.164, '+12135550148'. */
    phone: z.string().regex(/^\+[1-9]\d{7,14}$/, { error: "must be a phone number like '+12135550148'" }),
    phoneDisplay: text,
    email: z.email({ error: unlessMissing('must be an email address') }),
    address: z.strictObject({ street: text, city: text, state: text, zip: text, country: text }),
    location: z.strictObject({
      lat: z.number().min(-90, { error: 'must be a latitude' }).max(90, { error: 'must be a latitude' }),
      lng: z.number().min(-180, { error: 'must be a longitude' }).max(180, { error: 'must be a longitude' }),
    }),
    /** An IANA zone; every wall time and holiday date in these settings is local time there. */
    timeZone: z.string().refine(isTimeZone, { error: "must be a time zone like 'America/Los_Angeles'" }),
    siteUrl: z.url({ protocol: /^https?$/, error: unlessMissing('must be an http or https address') }),
    socials: z.strictObject({
      instagram: z.url({ error: unlessMissing('must be an address') }),
      facebook: z.url({ error: unlessMissing('must be an address') }),
    }),
    hours: weekHours,
  }),
  ordering: z.strictObject({
    /** Couriers' hours; pickup orders follow the doors' hours. */
    deliveryHours: weekHours,
    /** Local dates whose hours replace the weekday's, per order type; an empty list is closed. */
    holidays: z.record(
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like '2026-12-24'" }),
      z.strictObject({ pickup: dayHours.optional(), delivery: dayHours.optional() }),
    ),
    /** Minutes from ordering to the food being ready, the least a slot or an ASAP order allows. */
    leadMinutes: z.strictObject({ pickup: wholeMinutes, delivery: wholeMinutes }),
    cateringLeadMinutes: wholeMinutes,
    /** Items of this menu category are catering. */
    cateringCategory: text,
    /** Slots fall on multiples of this many minutes of local time. */
    slotMinutes: wholeMinutes,
    /** The latest slot is at most this many days (of 24 hours) from now. */
    horizonDays: z.int({ error: unlessMissing('must be a whole number of days') }).positive({
      error: 'must be a whole number of days greater than 0',
    }),
  }),
  /**
   * The kitchen's pace and its board: how long food takes, how much one slot may hold, the busy
   * switch's choices and when an order nobody accepts is texted to the restaurant's phone.
   */
  kitchen: z.strictObject({
    /** Minutes the kitchen needs to make an order: a scheduled order reaches New this long before it is due, and a ticket turns amber when it has waited this long. */
    prepMinutes: wholeMinutes,
    /** The most one slot (ordering.slotMinutes of ready times) may hold, ASAP and scheduled alike; a full slot is not offered. */
    slotCapacity: z.strictObject({
      orders: z.int({ error: unlessMissing('must be a whole number of orders') }).positive({
        error: 'must be a whole number of orders greater than 0',
      }),
      /** Item subtotals of the slot's orders added up, in cents. */
      subtotalCents: z.int({ error: unlessMissing('must be a whole number of cents') }).positive({
        error: 'must be a whole number of cents greater than 0',
      }),
    }),
    /** The busy switch's choices: minutes added to every lead time and delivery estimate while it is on. */
    busyMinutes: z
      .array(wholeMinutes)
      .min(1, { error: 'must list at least one choice' })
      .refine(
        ascending((minutes: number) => minutes),
        { error: 'must list the choices shortest first' },
      ),
    /** The pause switch's choices, in minutes (the board also offers "until I turn it back on"). */
    pauseMinutes: z
      .array(wholeMinutes)
      .min(1, { error: 'must list at least one choice' })
      .refine(
        ascending((minutes: number) => minutes),
        { error: 'must list the choices shortest first' },
      ),
    /** A new order's sound repeats this often until someone accepts it. */
    repeatChimeSeconds: z.int({ error: unlessMissing('must be a whole number of seconds') }).positive({
      error: 'must be a whole number of seconds greater than 0',
    }),
    /** An order nobody has accepted this long after it reached New is texted to alertPhone. */
    alertAfterMinutes: wholeMinutes,
    /** E.164, '+12135550148': the phone the kitchen keeps by the pass. */
    alertPhone: z.string().regex(/^\+[1-9]\d{7,14}$/, { error: "must be a phone number like '+12135550148'" }),
    /** Whether a paid order is accepted by itself (the board's switch starts from this). */
    autoAccept: z.boolean({ error: 'must be true or false' }),
  }),
  /** Sales tax on the item subtotal after the promo. */
  taxPercent: percent,
  delivery: z.strictObject({
    /** Beyond this distance the courier refuses. */
    radiusMiles: positive,
    /** How long a delivery estimate holds before the customer must ask again. */
    quoteValidMinutes: wholeMinutes,
    /** A distance pays the fee of the smallest tier that reaches it, nearest tier first. */
    feeTiers: z
      .array(z.strictObject({ upToMiles: positive, feeCents: cents }))
      .min(1, { error: 'must list at least one tier' })
      .refine(
        ascending((tier: { upToMiles: number }) => tier.upToMiles),
        { error: 'must list the tiers nearest first' },
      ),
    /** The delivery charge never starts below this fee, before the restaurant's discount. */
    minimumFeeCents: cents,
    /** The restaurant's delivery discount by item subtotal, lowest first; 'free' takes the whole fee off. */
    discountTiers: z
      .array(
        z.strictObject({
          fromCents: cents,
          discountCents: z.union([cents, z.literal('free')], {
            error: unlessMissing("must be a whole number of cents or 'free'"),
          }),
        }),
      )
      .min(1, { error: 'must list at least one tier' })
      .refine((tiers) => tiers[0]?.fromCents === 0, { error: 'must start with a tier from 0 cents' })
      .refine(
        ascending((tier: { fromCents: number }) => tier.fromCents),
        { error: 'must list the tiers lowest first' },
      ),
    /** Below this item subtotal the cart says what the next discount tier would save. */
    upsellBelowCents: cents,
  }),
  /** The three suggested delivery tips: max(floor, per mile x miles), capped at a share of the subtotal. */
  tips: z.strictObject({
    basic: tipPreset,
    plus: tipPreset,
    super: tipPreset,
    /** The largest tip an order may carry. */
    maximumCents: cents,
  }),
  /** A paid order earns one point per this many cents of its subtotal after the promo. */
  loyalty: z.strictObject({
    centsPerPoint: z.int({ error: unlessMissing('must be a whole number of cents') }).positive({
      error: 'must be a whole number of cents greater than 0',
    }),
    /** What points buy at checkout: `points` of them take `discountCents` off the order (one reward per order). */
    reward: z.strictObject({
      points: z.int({ error: unlessMissing('must be a whole number of points') }).positive({
        error: 'must be a whole number of points greater than 0',
      }),
      discountCents: z.int({ error: unlessMissing('must be a whole number of cents') }).positive({
        error: 'must be a whole number of cents greater than 0',
      }),
    }),
  }),
  /**
   * Colours by role. ink: text; paper: the site's background; accent: the site's red (links,
   * buttons, the widget's 'Closed' badge); action: the widget's buttons and chosen options, darker
   * so white text on it stays readable on any partner's page; highlight and fresh: the site's
   * marigold and agave; muted: secondary text; focus: the widget's focus ring.
   */
  theme: z.strictObject({
    ink: colour,
    paper: colour,
    accent: colour,
    action: colour,
    highlight: colour,
    fresh: colour,
    muted: colour,
    focus: colour,
  }),
  /** The demo promo codes the embedded database starts with. */
  promoCodes: z.array(
    z.strictObject({
      code: z.string().regex(/^[A-Z0-9]+$/, { error: 'must be capital letters and digits' }),
      discountType: z.enum(['fixed', 'percent'], { error: unlessMissing("must be 'fixed' or 'percent'") }),
      /** Dollars off for 'fixed', a percentage for 'percent'. */
      discountValue: positive,
      startsAt: instant.nullable(),
      expiresAt: instant.nullable(),
      minSubtotalCents: cents,
      perCustomerLimit: z.int().positive().nullable(),
      totalLimit: z.int().positive().nullable(),
      description: text,
    }),
  ),
});

export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

/**
 * The settings `raw` holds, checked. A bad value throws an Error whose message names the first
 * wrong field and what is wrong with it.
 */
export function parseRestaurantSettings(raw: unknown): RestaurantSettings {
  const result = restaurantSettingsSchema.safeParse(raw, { error: describeIssue });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`Restaurant settings: ${fieldPath(issue.path) || 'the file'} ${issue.message}.`);
}

/** 'delivery.feeTiers[1].feeCents' */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** Sentences for the checks that carry no message of their own. */
function describeIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is missing';
      return issue.expected === 'int' ? 'must be a whole number' : `must be ${article(issue.expected)}`;
    case 'too_small':
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return `has a field it does not know: ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

function article(kind: string): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

function ascending<T>(key: (item: T) => number) {
  return (items: readonly T[]) => items.every((item, i) => i === 0 || key(items[i - 1]!) < key(item));
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
