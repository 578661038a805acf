// When a category is served (shared/menu-windows.ts): in the restaurant's zone, from inclusive,
// to exclusive, only on its days; and how a person reads the windows.
import { describe, expect, it } from 'vitest';
import { menuWindowsOf, servedAt, windowsText } from '../../shared/menu-windows.ts';

const ZONE = 'America/Los_Angeles';
const LUNCH = [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const, from: '11:00', to: '15:00' }];
const lunch = LUNCH.map((w) => ({ ...w, days: [...w.days] }));

describe('servedAt', () => {
  it('is always true with no window', () => {
    expect(servedAt([], new Date('2026-11-22T03:00:00Z'), ZONE)).toBe(true);
    expect(servedAt(undefined, new Date('2026-11-22T03:00:00Z'), ZONE)).toBe(true);
  });
  it('opens at its from, closes at its to, on its days, in the restaurant’s zone', () => {
    // Friday 2026-11-20, PST (UTC-8).
    expect(servedAt(lunch, new Date('2026-11-20T18:59:00Z'), ZONE)).toBe(false);
    expect(servedAt(lunch, new Date('2026-11-20T19:00:00Z'), ZONE)).toBe(true);
    expect(servedAt(lunch, new Date('2026-11-20T22:59:00Z'), ZONE)).toBe(true);
    expect(servedAt(lunch, new Date('2026-11-20T23:00:00Z'), ZONE)).toBe(false);
    // Saturday noon.
    expect(servedAt(lunch, new Date('2026-11-21T20:00:00Z'), ZONE)).toBe(false);
  });
});

describe('windowsText and menuWindowsOf', () => {
  it('says a run of days as a range, every day as the times alone', () => {
    expect(windowsText(lunch)).toBe('Mon–Fri 11:00–15:00');
    expect(windowsText([{ days: ['saturday', 'sunday'], from: '08:00', to: '11:00' }])).toBe('Sat, Sun 08:00–11:00');
    expect(
      windowsText([
        {
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          from: '17:00',
          to: '22:00',
        },
      ]),
    ).toBe('17:00–22:00');
    expect(windowsText(lunch, 'es-MX')).toMatch(/^lun.*vie.* 11:00–15:00$/);
  });
  it('keeps only well-formed windows from a stored value', () => {
    expect(
      menuWindowsOf([
        ...lunch,
        { days: ['friday'], from: '15:00', to: '11:00' },
        { days: ['someday'], from: '09:00', to: '10:00' },
        'nonsense',
      ]),
    ).toEqual(lunch);
    expect(menuWindowsOf('nope')).toEqual([]);
  });
});
