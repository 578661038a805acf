/**
 * The settings screen's calls (shared/api/admin-settings.ts): the effective settings, saving or
 * resetting one section, the 7-day preview. Also how the screen writes a day's hours as text
 * ('10:00-15:00, 17:00-21:00', blank for closed) and reads it back; text that is not hours is
 * sent as it is typed, for the server to refuse with its own sentence. No schema code here.
 */
import type { AdminSettings, SettingsPreview } from '../../../shared/api/admin-settings.ts';
import type { LiveSettings, SettingsOverrides, SettingsSection } from '../../../shared/live-settings.ts';
import type { DayHours } from '../../../shared/restaurant.ts';
import type { AdminCall } from './admin-api.ts';

export interface SettingsApi {
  read(): Promise<AdminSettings>;
  save<S extends SettingsSection>(section: S, value: LiveSettings[S]): Promise<AdminSettings>;
  reset(section: SettingsSection): Promise<AdminSettings>;
  /** The next 7 days' slots: the saved settings, with `draft`'s sections over them when given. */
  preview(draft?: SettingsOverrides): Promise<SettingsPreview>;
}

export function createSettingsApi(call: AdminCall): SettingsApi {
  return {
    read: () => call<AdminSettings>('GET', 'settings/'),
    save: (section, value) => call<AdminSettings>('PUT', `settings/${section}/`, { value }),
    reset: (section) => call<AdminSettings>('DELETE', `settings/${section}/`),
    preview: (draft) => call<SettingsPreview>('POST', 'settings/preview/', draft ? { draft } : {}),
  };
}

/** A day's ranges as the screen shows them: '10:00-21:00, 22:00-23:30'; '' when closed. */
export const hoursText = (day: DayHours) => day.map((range) => `${range.opens}-${range.closes}`).join(', ');

/**
 * '10:00-15:00, 17:00-21:00' (a dash or an en dash, commas or semicolons between ranges; '9:30'
 * reads as '09:30') as ranges; blank or 'closed' is closed. A piece that is not a range is sent as
 * its text, which the server refuses with the sentence that says how to write a time.
 */
export function parseHoursText(text: string): DayHours {
  const trimmed = text.trim();
  if (trimmed === '' || /^closed$/i.test(trimmed)) return [];
  return trimmed.split(/[,;]/).map((piece) => {
    const match = /^\s*(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})\s*$/.exec(piece);
    if (!match) return { opens: piece.trim(), closes: '' };
    const [, h1, m1, h2, m2] = match;
    return { opens: `${h1!.padStart(2, '0')}:${m1}`, closes: `${h2!.padStart(2, '0')}:${m2}` };
  });
}

/** A number a field holds; NaN (sent as null) for anything else, so the server says what it wants. */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
