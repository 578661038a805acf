/**
 * The settings the owner changes while the restaurant is open (the admin area's Settings screen):
 * ordering hours per order type and weekday, holidays and special days, lead times, the courier's
 * radius and fees, the tip presets and the loyalty earn rate. The file (settings/restaurant.json)
 * gives the defaults; the database keeps the owner's overrides, one whole section at a time, and
 * the effective settings are the defaults overlaid by them. Pure: the server reads the overrides,
 * the widget gets the effective pricing part in the public store-hours answer.
 *
 * The wire's words (snake_case) are the document's; `orderingHoursOf` and `pricingOf` turn it into
 * what shared/schedule.ts and shared/pricing.ts take as parameters.
 */
import type { DeliveryFeeTier } from './delivery-fee.ts';
import type { Cents } from './money.ts';
import type { DeliveryType } from './pricing.ts';
import { restaurant, type DayHours, type OrderingHours, type Weekday } from './restaurant.ts';
import { deliverySettings, loyaltySettings, tipSettings } from './settings/values.ts';

/** The parts the owner saves and resets one at a time. */
export const SETTINGS_SECTIONS = ['hours', 'holidays', 'lead_minutes', 'delivery', 'tips', 'loyalty'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const TIP_PRESETS = ['basic', 'plus', 'super'] as const;
export type TipPresetName = (typeof TIP_PRESETS)[number];

export interface TipPresetSetting {
  /** The least this tip suggests, whatever the distance. */
  floor_cents: Cents;
  /** What it suggests per mile driven. */
  per_mile_cents: Cents;
  /** It never suggests more than this share of the item subtotal. */
  cap_percent: number;
}

export interface LiveSettings {
  /** Ordering hours per order type and weekday (pickup follows the doors). */
  hours: Record<DeliveryType, Record<Weekday, DayHours>>;
  /** Local dates whose hours replace the weekday's, per order type; [] is closed, a type not named keeps its weekday. */
  holidays: Record<string, Partial<Record<DeliveryType, DayHours>>>;
  /** Minutes from ordering to the food being ready. */
  lead_minutes: Record<DeliveryType, number>;
  delivery: {
    radius_miles: number;
    /** Nearest first: a distance pays the fee of the smallest tier that reaches it. */
    fee_tiers: { up_to_miles: number; fee_cents: Cents }[];
    /** The delivery charge never starts below this, before the restaurant's discount. */
    minimum_fee_cents: Cents;
  };
  tips: Record<TipPresetName, TipPresetSetting>;
  loyalty: {
    /** A paid order earns one point per this many cents of its subtotal after discounts. */
    cents_per_point: number;
  };
}

/** What the owner has saved: the sections that differ from the file, each whole. */
export type SettingsOverrides = Partial<LiveSettings>;

/** The file's values, as the document words them (a function, so a bundle that never asks keeps none of them). */
export function fileSettings(): LiveSettings {
  const ordering = restaurant.ordering;
  return {
    hours: { pickup: ordering.weekly.pickup, delivery: ordering.weekly.delivery },
    holidays: ordering.holidays,
    lead_minutes: { pickup: ordering.leadMinutes.pickup, delivery: ordering.leadMinutes.delivery },
    delivery: {
      radius_miles: deliverySettings.radiusMiles,
      fee_tiers: deliverySettings.feeTiers.map((tier) => ({ up_to_miles: tier.upToMiles, fee_cents: tier.feeCents })),
      minimum_fee_cents: deliverySettings.minimumFeeCents,
    },
    tips: {
      basic: tipPresetOf(tipSettings.basic),
      plus: tipPresetOf(tipSettings.plus),
      super: tipPresetOf(tipSettings.super),
    },
    loyalty: { cents_per_point: loyaltySettings.centsPerPoint },
  };
}

function tipPresetOf(preset: { floorCents: number; perMileCents: number; capPercent: number }): TipPresetSetting {
  return { floor_cents: preset.floorCents, per_mile_cents: preset.perMileCents, cap_percent: preset.capPercent };
}

/** The defaults overlaid by the overrides, section by section (a section saved replaces the file's whole). */
export function effectiveSettings(overrides: SettingsOverrides, defaults: LiveSettings = fileSettings()): LiveSettings {
  const merged = { ...defaults };
  for (const section of SETTINGS_SECTIONS) {
    const value = overrides[section];
    if (value !== undefined) (merged as Record<SettingsSection, unknown>)[section] = value;
  }
  return merged;
}

/** The overrides with one section set (or, with `undefined`, back to the file's). */
export function withSection<S extends SettingsSection>(
  overrides: SettingsOverrides,
  section: S,
  value: LiveSettings[S] | undefined,
): SettingsOverrides {
  const next: SettingsOverrides = { ...overrides };
  if (value === undefined) delete next[section];
  else next[section] = value;
  return next;
}

/** The hours shared/schedule.ts reads, with the live hours, holidays and lead times. */
export function orderingHoursOf(
  live: Pick<LiveSettings, 'hours' | 'holidays' | 'lead_minutes'>,
  base: OrderingHours = restaurant.ordering,
): OrderingHours {
  return {
    ...base,
    weekly: { pickup: live.hours.pickup, delivery: live.hours.delivery },
    holidays: live.holidays,
    leadMinutes: { pickup: live.lead_minutes.pickup, delivery: live.lead_minutes.delivery },
  };
}

/** The pricing part of the settings, as shared/pricing.ts and shared/loyalty.ts take it. */
export interface LivePricing {
  radiusMiles: number;
  feeTiers: readonly DeliveryFeeTier[];
  minimumFeeCents: Cents;
  tips: Record<TipPresetName, { floorCents: Cents; perMileCents: Cents; capPercent: number }>;
  centsPerPoint: number;
}

/** What the public store-hours answer carries of the live settings (shared/api/schemas.ts `pricing`). */
export type PricingSettings = Pick<LiveSettings, 'delivery' | 'tips' | 'loyalty'>;

export function pricingSettingsOf(live: LiveSettings): PricingSettings {
  return { delivery: live.delivery, tips: live.tips, loyalty: live.loyalty };
}

export function pricingOf(live: PricingSettings): LivePricing {
  const tip = (preset: TipPresetSetting) => ({
    floorCents: preset.floor_cents,
    perMileCents: preset.per_mile_cents,
    capPercent: preset.cap_percent,
  });
  return {
    radiusMiles: live.delivery.radius_miles,
    feeTiers: live.delivery.fee_tiers.map((tier) => ({ upToMiles: tier.up_to_miles, feeCents: tier.fee_cents })),
    minimumFeeCents: live.delivery.minimum_fee_cents,
    tips: { basic: tip(live.tips.basic), plus: tip(live.tips.plus), super: tip(live.tips.super) },
    centsPerPoint: live.loyalty.cents_per_point,
  };
}

/** The file's pricing, what the widget shows until the server's answer arrives. */
export const FILE_PRICING: LivePricing = {
  radiusMiles: deliverySettings.radiusMiles,
  feeTiers: deliverySettings.feeTiers,
  minimumFeeCents: deliverySettings.minimumFeeCents,
  tips: { basic: tipSettings.basic, plus: tipSettings.plus, super: tipSettings.super },
  centsPerPoint: loyaltySettings.centsPerPoint,
};

/** 'pickup hours', 'holidays and special days', as the audit log and the screen name a section. */
export const SECTION_NAMES: Record<SettingsSection, string> = {
  hours: 'Ordering hours',
  holidays: 'Holidays and special days',
  lead_minutes: 'Lead times',
  delivery: 'Delivery radius and fees',
  tips: 'Tip presets',
  loyalty: 'Loyalty earn rate',
};
