/**
 * The live settings a request prices and schedules with: the file's defaults overlaid by the
 * owner's saved sections (shared/live-settings.ts). Kept in memory per database while the process
 * hears their changes, and rebuilt only when live_settings.version moved.
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
import type { Database, Queryable } from '../db/database.ts';
import { liveSettingsVersion, readLiveSettings } from '../db/live-settings.ts';
import { LIVE_SETTINGS_CHANNEL } from '../db/notifications.ts';
import { watchedPer, type ReadOptions } from '../db/watched.ts';
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

/** The live settings as `db` holds them now, read when the stored version moved. */
async function readLiveValues(db: Queryable, cached: LiveValues | undefined): Promise<LiveValues> {
  const version = await liveSettingsVersion(db);
  if (cached?.version === version) return cached;
  const row = await readLiveSettings(db);
  return liveValuesOf(row.version, storedOverrides(row.overrides));
}

/**
 * The live settings now, for `db` (deps.db): from memory while this process hears their changes
 * (db/watched.ts) or, given `isCurrent`, when it says they are of the version just read; else
 * checked by their version (one primary-key query) and rebuilt only when it moved.
 */
export const liveValues: (db: Database, options?: ReadOptions<LiveValues>) => Promise<LiveValues> = watchedPer(
  LIVE_SETTINGS_CHANNEL,
  (db) => {
    let last: LiveValues | undefined;
    return async () => {
      const values = await readLiveValues(db, last);
      // Two requests racing past a change: the newer version is the one compared next time.
      if (!last || BigInt(last.version) <= BigInt(values.version)) last = values;
      return values;
    };
  },
);
