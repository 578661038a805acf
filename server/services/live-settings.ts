/**
 * The live settings a request prices and schedules with: the file's defaults overlaid by the
 * owner's saved sections (shared/live-settings.ts). Kept in memory per database and rebuilt only
 * when live_settings.version moved: every call reads that version (one primary-key query), so a
 * change saved through any replica reaches all of them on their next request.
 */
import { SECTION_SCHEMAS } from '../../shared/api/admin-settings.ts';
import {
  effectiveSettings,
  orderingHoursOf,
  pricingOf,
  SETTINGS_SECTIONS,
  type LivePricing,
  type LiveSettings,
  type SettingsOverrides,
} from '../../shared/live-settings.ts';
import type { OrderingHours } from '../../shared/restaurant.ts';
import type { Queryable } from '../db/database.ts';
import { liveSettingsVersion, readLiveSettings } from '../db/live-settings.ts';
import { log } from '../logger.ts';

/** The effective settings and the two shapes the shared rules take them in. */
export interface LiveValues {
  version: string;
  settings: LiveSettings;
  overrides: SettingsOverrides;
  /** For shared/schedule.ts: live hours, holidays and lead times. */
  hours: OrderingHours;
  /** For shared/pricing.ts and shared/loyalty.ts: live radius, fees, tips, earn rate. */
  pricing: LivePricing;
}

const cache = new WeakMap<Queryable, LiveValues>();

/** The stored sections that still pass today's checks; one that does not is left to the file (and logged). */
export function storedOverrides(raw: Record<string, unknown>): SettingsOverrides {
  const overrides: Record<string, unknown> = {};
  for (const section of SETTINGS_SECTIONS) {
    if (raw[section] === undefined) continue;
    const checked = SECTION_SCHEMAS[section].safeParse(raw[section]);
    if (checked.success) overrides[section] = checked.data;
    else log.warn({ section, message: checked.error.issues[0]?.message }, 'stored live setting ignored');
  }
  return overrides;
}

export function liveValuesOf(version: string, overrides: SettingsOverrides): LiveValues {
  const settings = effectiveSettings(overrides);
  return { version, settings, overrides, hours: orderingHoursOf(settings), pricing: pricingOf(settings) };
}

/** The live settings now, for `db` (deps.db): cached until the stored version moves. */
export async function liveValues(db: Queryable): Promise<LiveValues> {
  const version = await liveSettingsVersion(db);
  const cached = cache.get(db);
  if (cached?.version === version) return cached;
  const row = await readLiveSettings(db);
  const values = liveValuesOf(row.version, storedOverrides(row.overrides));
  // Two requests racing past a change: the newer version wins.
  const current = cache.get(db);
  if (!current || BigInt(current.version) <= BigInt(values.version)) cache.set(db, values);
  return values;
}
