/**
 * The admin's live settings, under /api/staff/admin/settings/ (admins only): the effective
 * settings and which sections the owner has changed, saving or resetting one section, and the
 * next 7 days' slots for the saved settings or a draft. Every bad value is refused with one
 * sentence an owner can act on (exported below); browser code imports the types and the messages
 * only through the admin page's bundle.
 */
import { z } from 'zod';
import { SETTINGS_SECTIONS, TIP_PRESETS, type LiveSettings, type SettingsSection } from '../live-settings.ts';

const BODY_UNREADABLE = 'Some details are missing or not valid. Check the form and try again.';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const TYPE_NAMES = { pickup: 'Pickup', delivery: 'Delivery' } as const;

/** The most ranges one day may have per order type, and the most holidays kept. */
export const MAX_RANGES_PER_DAY = 4;
export const MAX_HOLIDAYS = 100;
export const MAX_FEE_TIERS = 10;

export const TIME_SHAPE = 'Give each time as HH:MM on the 24-hour clock, like 09:30 or 21:00.';
export const closesBeforeOpens = (where: string) =>
  `${where}: each time range must close after it opens (use 00:00 for midnight).`;
export const rangesOverlap = (where: string) => `${where}: the time ranges overlap. Join them or move one.`;
export const tooManyRanges = (where: string) => `${where}: at most ${MAX_RANGES_PER_DAY} time ranges a day.`;
export const notADate = (text: string) =>
  `"${text.slice(0, 20)}" is not a date. Give dates as YYYY-MM-DD, like 2026-12-24.`;
export const TOO_MANY_HOLIDAYS = `Keep at most ${MAX_HOLIDAYS} holidays and special days. Remove past ones first.`;
export const holidayChangesNothing = (date: string) =>
  `${date}: say whether pickup, delivery or both are closed or have special hours.`;
export const LEAD_RANGE = 'A lead time is a whole number of minutes from 1 to 720.';
export const RADIUS_RANGE = 'The delivery radius is from 0.5 to 50 miles.';
export const TIER_MILES_RANGE = 'A fee tier reaches from 0.1 to 50 miles.';
export const FEE_RANGE = 'A fee is from $0.00 to $100.00, in whole cents.';
export const TIERS_COUNT = `List from 1 to ${MAX_FEE_TIERS} fee tiers.`;
export const TIERS_ORDER = 'List the fee tiers nearest first, each reaching farther than the one before.';
export const TIERS_SHORT_OF_RADIUS =
  'The last fee tier must reach the delivery radius, or addresses near its edge would have no fee.';
export const TIP_AMOUNT_RANGE = 'A tip amount is from $0.00 to $100.00, in whole cents.';
export const TIP_CAP_RANGE = 'A tip cap is a whole percentage from 0 to 100.';
export const EARN_RATE_RANGE = 'Earn one point per $0.01 to $100.00 spent, in whole cents.';
export const noSuchSection = (section: string) =>
  `There is no settings section "${section}". The sections are ${SETTINGS_SECTIONS.join(', ')}.`;

const clock = z.string({ error: TIME_SHAPE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_SHAPE });
const range = z.object({ opens: clock, closes: clock }, { error: TIME_SHAPE });
const ranges = z.array(range, { error: TIME_SHAPE });

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes since midnight of the close; '00:00' is the midnight that ends the day. */
const closeMinutes = (hhmm: string) => (hhmm === '00:00' ? 24 * 60 : minutesOf(hhmm));

/** One day's ranges for one order type: each closing after it opens, none overlapping, at most a few. */
function checkDay(where: string, day: readonly { opens: string; closes: string }[], ctx: z.RefinementCtx): void {
  if (day.length > MAX_RANGES_PER_DAY) {
    ctx.addIssue({ code: 'custom', message: tooManyRanges(where) });
    return;
  }
  if (day.some((r) => closeMinutes(r.closes) <= minutesOf(r.opens))) {
    ctx.addIssue({ code: 'custom', message: closesBeforeOpens(where) });
    return;
  }
  const sorted = [...day].sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens));
  if (sorted.some((r, i) => i > 0 && minutesOf(r.opens) < closeMinutes(sorted[i - 1]!.closes)))
    ctx.addIssue({ code: 'custom', message: rangesOverlap(where) });
}

const week = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, ranges])) as Record<(typeof WEEKDAYS)[number], typeof ranges>,
  { error: BODY_UNREADABLE },
);

export const HoursSectionSchema = z
  .object({ pickup: week, delivery: week }, { error: BODY_UNREADABLE })
  .superRefine((hours, ctx) => {
    for (const type of ['pickup', 'delivery'] as const)
      for (const day of WEEKDAYS) checkDay(`${TYPE_NAMES[type]} on ${DAY_NAMES[day]}`, hours[type][day], ctx);
  });

const isRealDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

export const HolidaysSectionSchema = z
  .record(
    z.string(),
    z.object({ pickup: ranges.optional(), delivery: ranges.optional() }, { error: BODY_UNREADABLE }),
    { error: BODY_UNREADABLE },
  )
  .superRefine((holidays, ctx) => {
    const dates = Object.keys(holidays);
    if (dates.length > MAX_HOLIDAYS) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_HOLIDAYS });
      return;
    }
    const wrong = dates.find((date) => !isRealDate(date));
    if (wrong !== undefined) {
      ctx.addIssue({ code: 'custom', message: notADate(wrong) });
      return;
    }
    for (const date of dates.sort()) {
      const day = holidays[date]!;
      if (day.pickup === undefined && day.delivery === undefined)
        ctx.addIssue({ code: 'custom', message: holidayChangesNothing(date) });
      for (const type of ['pickup', 'delivery'] as const) {
        const hours = day[type];
        if (hours) checkDay(`${TYPE_NAMES[type]} on ${date}`, hours, ctx);
      }
    }
  });

const leadMinutes = z.int({ error: LEAD_RANGE }).min(1, { error: LEAD_RANGE }).max(720, { error: LEAD_RANGE });
export const LeadMinutesSectionSchema = z.object(
  { pickup: leadMinutes, delivery: leadMinutes },
  { error: BODY_UNREADABLE },
);

const money = (message: string) => z.int({ error: message }).min(0, { error: message }).max(10_000, { error: message });

export const DeliverySectionSchema = z
  .object(
    {
      radius_miles: z
        .number({ error: RADIUS_RANGE })
        .min(0.5, { error: RADIUS_RANGE })
        .max(50, { error: RADIUS_RANGE }),
      fee_tiers: z
        .array(
          z.object(
            {
              up_to_miles: z
                .number({ error: TIER_MILES_RANGE })
                .min(0.1, { error: TIER_MILES_RANGE })
                .max(50, { error: TIER_MILES_RANGE }),
              fee_cents: money(FEE_RANGE),
            },
            { error: BODY_UNREADABLE },
          ),
          { error: TIERS_COUNT },
        )
        .min(1, { error: TIERS_COUNT })
        .max(MAX_FEE_TIERS, { error: TIERS_COUNT })
        .refine((tiers) => tiers.every((tier, i) => i === 0 || tiers[i - 1]!.up_to_miles < tier.up_to_miles), {
          error: TIERS_ORDER,
        }),
      minimum_fee_cents: money(FEE_RANGE),
    },
    { error: BODY_UNREADABLE },
  )
  .refine(
    // Only when the tiers and the radius are themselves right (their own sentences come first).
    (delivery) => {
      const last = Array.isArray(delivery.fee_tiers) ? delivery.fee_tiers.at(-1)?.up_to_miles : undefined;
      return typeof last !== 'number' || typeof delivery.radius_miles !== 'number' || last >= delivery.radius_miles;
    },
    { error: TIERS_SHORT_OF_RADIUS },
  );

const tipPreset = z.object(
  {
    floor_cents: money(TIP_AMOUNT_RANGE),
    per_mile_cents: money(TIP_AMOUNT_RANGE),
    cap_percent: z.int({ error: TIP_CAP_RANGE }).min(0, { error: TIP_CAP_RANGE }).max(100, { error: TIP_CAP_RANGE }),
  },
  { error: BODY_UNREADABLE },
);
export const TipsSectionSchema = z.object(
  Object.fromEntries(TIP_PRESETS.map((name) => [name, tipPreset])) as Record<
    (typeof TIP_PRESETS)[number],
    typeof tipPreset
  >,
  { error: BODY_UNREADABLE },
);

export const LoyaltySectionSchema = z.object(
  {
    cents_per_point: z
      .int({ error: EARN_RATE_RANGE })
      .min(1, { error: EARN_RATE_RANGE })
      .max(10_000, { error: EARN_RATE_RANGE }),
  },
  { error: BODY_UNREADABLE },
);

/** Each section's check, by its name. */
export const SECTION_SCHEMAS = {
  hours: HoursSectionSchema,
  holidays: HolidaysSectionSchema,
  lead_minutes: LeadMinutesSectionSchema,
  delivery: DeliverySectionSchema,
  tips: TipsSectionSchema,
  loyalty: LoyaltySectionSchema,
} satisfies Record<SettingsSection, z.ZodType>;

export const LiveSettingsSchema = z.object(SECTION_SCHEMAS, { error: BODY_UNREADABLE });

/** Some sections, each whole: what is stored, and a preview's draft. */
export const SettingsOverridesSchema = z.object(
  {
    hours: HoursSectionSchema.optional(),
    holidays: HolidaysSectionSchema.optional(),
    lead_minutes: LeadMinutesSectionSchema.optional(),
    delivery: DeliverySectionSchema.optional(),
    tips: TipsSectionSchema.optional(),
    loyalty: LoyaltySectionSchema.optional(),
  },
  { error: BODY_UNREADABLE },
);

export const isSettingsSection = (value: string): value is SettingsSection =>
  (SETTINGS_SECTIONS as readonly string[]).includes(value);

/** PUT /api/staff/admin/settings/:section/: the section's new value, whole. */
export const saveSectionSchema = <S extends SettingsSection>(section: S) =>
  z.object({ value: SECTION_SCHEMAS[section] }, { error: BODY_UNREADABLE });

// ---------------------------------------------------------------------------------------------
// Answers

const anySection = z.record(z.string(), z.unknown());
/** The effective settings, the file's defaults and which sections the owner has changed. */
export const AdminSettingsSchema = z.object({
  /** Goes up by one with every save or reset. */
  version: z.int().min(0),
  /** When the owner last changed something; null while nothing was ever saved. */
  updated_at: z.string().nullable(),
  settings: z.object({
    hours: anySection,
    holidays: anySection,
    lead_minutes: anySection,
    delivery: anySection,
    tips: anySection,
    loyalty: anySection,
  }),
  defaults: z.object({
    hours: anySection,
    holidays: anySection,
    lead_minutes: anySection,
    delivery: anySection,
    tips: anySection,
    loyalty: anySection,
  }),
  overridden: z.object(
    Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s, z.boolean()])) as Record<SettingsSection, z.ZodBoolean>,
  ),
});
export type AdminSettings = Omit<z.infer<typeof AdminSettingsSchema>, 'settings' | 'defaults'> & {
  settings: LiveSettings;
  defaults: LiveSettings;
};

/** POST /api/staff/admin/settings/preview/: `draft` sections over the saved ones (none: the saved settings). */
export const PreviewRequestSchema = z.object({ draft: SettingsOverridesSchema.optional() }, { error: BODY_UNREADABLE });
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;

export const PreviewDaySchema = z.object({
  /** The restaurant's local date, 'YYYY-MM-DD'. */
  date: z.string(),
  /** The slots the widget offers that day, as instants, earliest first. */
  pickup: z.array(z.string()),
  delivery: z.array(z.string()),
});
export const SettingsPreviewSchema = z.object({
  /** Today and the next 6 days, in the restaurant's zone. */
  days: z.array(PreviewDaySchema),
});
export type SettingsPreview = z.infer<typeof SettingsPreviewSchema>;
