/**
 * What one device remembers for the board, in localStorage (nothing here is shared with other
 * tablets): the items struck done, per order line; whether this device prints each accepted
 * order (only the one next to the printer should); which orders it printed already, so a
 * reload does not print them again; and which problems on orders someone marked seen here, so
 * their alarm stays quiet through a reload. Without storage (a private window) it all lasts the visit.
 */
import { parseStruck, type StruckItems } from '../../../shared/staff-board.ts';

const STRUCK = 'comal:board-struck';
const AUTO_PRINT = 'comal:board-auto-print';
const PRINTED = 'comal:board-printed';
const SEEN_PROBLEMS = 'comal:board-problems-seen';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the board keeps it in memory for this visit.
  }
}

export const readStruck = (): StruckItems => parseStruck(read(STRUCK));
export const saveStruck = (struck: StruckItems) =>
  write(STRUCK, Object.keys(struck).length > 0 ? JSON.stringify(struck) : null);

export const readAutoPrint = () => read(AUTO_PRINT) === '1';
export const saveAutoPrint = (on: boolean) => write(AUTO_PRINT, on ? '1' : null);

/** A stored list of strings; anything malformed reads as none. */
function readSet(key: string): Set<string> {
  try {
    const ids = JSON.parse(read(key) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export const readPrinted = () => readSet(PRINTED);
export const savePrinted = (ids: ReadonlySet<string>) => write(PRINTED, JSON.stringify([...ids]));

/** The problems marked seen here, by their keys (shared/kitchen-clock.ts `problemKey`). */
export const readSeenProblems = () => readSet(SEEN_PROBLEMS);
export const saveSeenProblems = (keys: ReadonlySet<string>) =>
  write(SEEN_PROBLEMS, keys.size > 0 ? JSON.stringify([...keys]) : null);
