/**
 * The owner's live settings in the admin area: the effective settings and which sections differ
 * from the file, saving one section whole, putting one back to the file's value, and the next 7
 * days' slots for the saved settings or a draft. Each change is recorded in the audit log (area
 * 'settings', the section's value before and after) in the transaction that makes it.
 *
 * Saved one section at a time: an owner changing the tip presets does not write back the hours a
 * second admin changed a minute ago from another screen, and each audit entry shows one part.
 */
import type { AdminSettings, PreviewRequest, SettingsPreview } from '../../shared/api/admin-settings.ts';
import {
  effectiveSettings,
  fileSettings,
  orderingHoursOf,
  SETTINGS_SECTIONS,
  withSection,
  type LiveSettings,
  type SettingsSection,
} from '../../shared/live-settings.ts';
import { instantToWallTime } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import { recordChange } from '../db/admin-audit.ts';
import { readLiveSettings, writeLiveSettings } from '../db/live-settings.ts';
import { LIVE_SETTINGS_CHANNEL } from '../db/notifications.ts';
import { changedHere } from '../db/watched.ts';
import { liveValues, storedOverrides } from './live-settings.ts';
import { offeredSlots, ORDER_TYPES } from './slot-offer.ts';
import type { Actor } from './staff-board.ts';

type Deps = Pick<AppDependencies, 'db' | 'clock' | 'slotCapacity'>;

/** How many days the preview shows: today and the next 6, in the restaurant's zone. */
export const PREVIEW_DAYS = 7;

export async function readAdminSettings(deps: Pick<Deps, 'db'>): Promise<AdminSettings> {
  const row = await readLiveSettings(deps.db);
  const overrides = storedOverrides(row.overrides);
  return {
    version: Number(row.version),
    updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    settings: effectiveSettings(overrides),
    defaults: fileSettings(),
    overridden: Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s, overrides[s] !== undefined])) as Record<
      SettingsSection,
      boolean
    >,
  };
}

/**
 * Stores `value` as the section's (or, with undefined, the file's again), audited; nothing is
 * written nor recorded when the effective value does not change.
 */
async function changeSection<S extends SettingsSection>(
  deps: Deps,
  section: S,
  value: LiveSettings[S] | undefined,
  by: Actor,
): Promise<AdminSettings> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const row = await readLiveSettings(tx, true);
    const overrides = storedOverrides(row.overrides);
    const next = withSection(overrides, section, value);
    const before = effectiveSettings(overrides)[section];
    const after = effectiveSettings(next)[section];
    const same = JSON.stringify(before) === JSON.stringify(after);
    if (same && (overrides[section] === undefined) === (next[section] === undefined)) return;
    await writeLiveSettings(tx, next, now);
    await recordChange(tx, {
      at: now,
      actor: by.email,
      area: 'settings',
      subject: section,
      before: auditRecord(before, overrides[section] !== undefined),
      after: auditRecord(after, next[section] !== undefined),
    });
  });
  changedHere(LIVE_SETTINGS_CHANNEL);
  return readAdminSettings(deps);
}

/**
 * A section as the audit log keeps it: its own fields (a weekday's hours, a holiday's date, a
 * tip preset), so the log shows each one that changed, and `source`: the file's default or the
 * owner's saved value. No section has a field of that name (a holiday's is a date).
 */
const auditRecord = (value: object, saved: boolean): Record<string, unknown> => ({
  ...value,
  source: saved ? 'saved in the admin area' : 'settings file',
});

export function saveSection<S extends SettingsSection>(
  deps: Deps,
  section: S,
  value: LiveSettings[S],
  by: Actor,
): Promise<AdminSettings> {
  return changeSection(deps, section, value, by);
}

export function resetSection(deps: Deps, section: SettingsSection, by: Actor): Promise<AdminSettings> {
  return changeSection(deps, section, undefined, by);
}

/**
 * The slots the widget offers today and on the next 6 days, per order type: the saved settings
 * with the draft's sections over them, through the same code as GET /api/store-hours/ (the
 * store's pause and busy switches, each slot's load and capacity, for the smallest order).
 */
export async function previewSlots(deps: Deps, request: PreviewRequest): Promise<SettingsPreview> {
  const now = deps.clock();
  const saved = await liveValues(deps.db);
  const settings = effectiveSettings({ ...saved.overrides, ...(request.draft ?? {}) });
  const hours = orderingHoursOf(settings);
  const { available } = await offeredSlots(deps, now, hours);
  const today = instantToWallTime(now, hours.timeZone).date;
  const days = Array.from({ length: PREVIEW_DAYS }, (_, i) => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, pickup: [] as string[], delivery: [] as string[] };
  });
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const type of ORDER_TYPES) {
    for (const slot of available[type].slots) {
      byDate.get(instantToWallTime(slot, hours.timeZone).date)?.[type].push(slot.toISOString());
    }
  }
  return { days };
}
