/**
 * The whole menu as a file and back: the JSON export (MenuFileSchema), the CSV export (one row
 * per item, CSV_COLUMNS in shared/api/admin-menu.ts), and reading either for an import. Reading
 * a CSV undoes the export's formula guard (a leading ' before = + - @), so an exported file
 * imports unchanged.
 */
import {
  CSV_COLUMNS,
  csvHeaderMissing,
  csvRowProblem,
  NOT_MENU_JSON,
  unknownGroupInCsv,
  WINDOW_TIME_SHAPE,
  WINDOW_UNKNOWN_DAY,
  type MenuFile,
  type MenuFileInput,
} from '../../shared/api/admin-menu.ts';
import { dietTagsOf } from '../../shared/diet.ts';
import { dollarsText } from '../../shared/money.ts';
import { menuWindowsOf, WINDOW_DAYS, type MenuWindow } from '../../shared/menu-windows.ts';
import type { Weekday } from '../../shared/restaurant.ts';
import type { EditorRows } from '../db/menu-editor.ts';
import { HttpError } from '../http/errors.ts';

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether an item or modifier can be ordered now: switched on, or its staff "sold out until" has passed. */
export const availableNow = (row: { available: boolean; sold_out_until: Date | null }, now: Date) =>
  row.available || (row.sold_out_until !== null && new Date(row.sold_out_until).getTime() <= now.getTime());

/** The menu as the JSON export writes it. */
export function menuFileOf(rows: EditorRows, now: Date): MenuFile {
  const groupsOf = new Map<string, string[]>();
  for (const link of [...rows.links].sort((a, b) => a.position - b.position)) {
    groupsOf.set(link.menu_item_id, [...(groupsOf.get(link.menu_item_id) ?? []), link.modifier_group_id]);
  }
  return {
    format: 'comal-menu',
    categories: [...rows.categories].sort(byPosition).map((category) => {
      const subcategories = rows.subcategories.filter((s) => s.category_id === category.id).sort(byPosition);
      const inPlace = (subId: string | null) =>
        rows.items
          .filter((item) => item.category_id === category.id && placeOf(item, subcategories) === subId)
          .sort(byPosition);
      const items = [null, ...subcategories.map((s) => s.id)].flatMap(inPlace);
      return {
        id: category.id,
        name: category.name,
        visible: category.visible,
        windows: menuWindowsOf(category.windows),
        subcategories: subcategories.map((s) => ({ id: s.id, name: s.name })),
        items: items.map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          price_cents: item.price_cents,
          subcategory_id: placeOf(item, subcategories),
          photo: item.photo,
          diet: dietTagsOf(item.diet),
          spice_level: item.spice_level,
          available: availableNow(item, now),
          is_special: item.is_special,
          modifier_groups: groupsOf.get(item.id) ?? [],
        })),
      };
    }),
    modifier_groups: rows.groups.map((group) => ({
      id: group.id,
      name: group.name,
      min_required: group.min_required,
      max_allowed: group.max_allowed,
      force_popup: group.force_popup,
      modifiers: rows.modifiers
        .filter((m) => m.modifier_group_id === group.id)
        .sort(byPosition)
        .map((m) => ({ id: m.id, name: m.name, price_cents: m.price_cents, available: availableNow(m, now) })),
    })),
  };
}

/** An item's subcategory when it belongs to the item's category, else null (it sits in the category). */
function placeOf(item: { subcategory_id: string | null }, subcategories: readonly { id: string }[]): string | null {
  return item.subcategory_id !== null && subcategories.some((s) => s.id === item.subcategory_id)
    ? item.subcategory_id
    : null;
}

const SHORT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Windows as the CSV writes them: 'mon-fri 11:00-15:00; sat sun 10:00-14:00'. */
export function windowsCell(windows: readonly MenuWindow[]): string {
  return windows
    .map((window) => {
      const indexes = window.days.map((day) => WINDOW_DAYS.indexOf(day));
      const run = indexes.length > 2 && indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
      const days = run
        ? `${SHORT_DAYS[indexes[0]!]}-${SHORT_DAYS[indexes.at(-1)!]}`
        : indexes.map((index) => SHORT_DAYS[index]).join(' ');
      return `${days} ${window.from}-${window.to}`;
    })
    .join('; ');
}

/** The CSV export's rows, the header first. */
export function menuCsvRows(file: MenuFile): string[][] {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const category of file.categories) {
    const categoryCells = [category.id, category.name, yesNo(category.visible), windowsCell(category.windows)];
    const subName = new Map(category.subcategories.map((s) => [s.id, s.name]));
    const written = new Set<string | null>();
    const place = (subId: string | null) => (subId === null ? ['', ''] : [subId, subName.get(subId) ?? '']);
    for (const item of category.items) {
      written.add(item.subcategory_id);
      rows.push([
        ...categoryCells,
        ...place(item.subcategory_id),
        item.id,
        item.name,
        item.description,
        dollarsText(item.price_cents),
        item.diet.join('; '),
        String(item.spice_level),
        yesNo(item.available),
        yesNo(item.is_special),
        item.photo ?? '',
        item.modifier_groups.join('; '),
      ]);
    }
    // A category, or a subcategory, with no item still gets a row.
    if (category.items.length === 0) rows.push([...categoryCells, ...Array<string>(12).fill('')]);
    for (const sub of category.subcategories) {
      if (!written.has(sub.id)) rows.push([...categoryCells, sub.id, sub.name, ...Array<string>(10).fill('')]);
    }
  }
  return rows;
}

/** RFC 4180 CSV text as rows of cells (a byte order mark first is skipped). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((c) => c.trim() !== ''));
}

/** A cell as typed: the export's guard against formulas (a ' before = + - @, a tab or a return) taken off. */
const cellText = (value: string | undefined) => {
  const text = value ?? '';
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

const slug = (text: string, fallback: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48) || fallback;

function readYesNo(text: string, fallback: boolean, row: number, column: string): boolean {
  const word = text.trim().toLowerCase();
  if (word === '') return fallback;
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  if (['no', 'n', 'false', '0'].includes(word)) return false;
  throw new HttpError(422, csvRowProblem(row, `${column} is yes or no.`));
}

function readWindows(text: string, row: number): unknown[] {
  if (text.trim() === '') return [];
  return text.split(';').map((part) => {
    const words = part
      .trim()
      .toLowerCase()
      .split(/[\s,]+/);
    const times = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(words.pop() ?? '');
    if (!times) throw new HttpError(422, csvRowProblem(row, WINDOW_TIME_SHAPE));
    const pad = (clock: string) => clock.padStart(5, '0');
    const days = new Set<Weekday>();
    for (const word of words.length > 0 ? words : ['mon-sun']) {
      const [first, last = first] = word.split('-');
      const from = SHORT_DAYS.indexOf(first as (typeof SHORT_DAYS)[number]);
      const to = SHORT_DAYS.indexOf(last as (typeof SHORT_DAYS)[number]);
      if (from < 0 || to < from) throw new HttpError(422, csvRowProblem(row, WINDOW_UNKNOWN_DAY));
      for (let index = from; index <= to; index++) days.add(WINDOW_DAYS[index]!);
    }
    return { days: [...days], from: pad(times[1]!), to: pad(times[2]!) };
  });
}

function readPrice(text: string, row: number): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned))
    throw new HttpError(422, csvRowProblem(row, 'A price is in dollars, like 4.25.'));
  const [dollars, cents = '0'] = cleaned.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/**
 * A CSV import read as a menu file. The groups are the current menu's (a CSV never changes them);
 * an id left blank is found by name among the current entries, else made from the name.
 */
export function menuFileFromCsv(text: string, current: MenuFile): MenuFileInput {
  const [header, ...lines] = parseCsv(text);
  const columns = (header ?? []).map((name) => cellText(name).trim().toLowerCase());
  const at = Object.fromEntries(
    CSV_COLUMNS.map((column) => {
      const index = columns.indexOf(column);
      if (index < 0 && column !== 'category_windows' && column !== 'subcategory_id' && column !== 'photo')
        throw new HttpError(422, csvHeaderMissing(column));
      return [column, index];
    }),
  ) as Record<(typeof CSV_COLUMNS)[number], number>;
  const groups = new Set(current.modifier_groups.map((g) => g.id));
  const taken = new Set<string>();
  const uniqueId = (base: string) => {
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  };
  const categories = new Map<
    string,
    NonNullable<MenuFileInput['categories']>[number] & { subs: Map<string, string> }
  >();
  lines.forEach((cells, index) => {
    const row = index + 2;
    const cell = (column: (typeof CSV_COLUMNS)[number]) => (at[column] >= 0 ? cellText(cells[at[column]]) : '').trim();
    const categoryName = cell('category');
    const existingCategory = current.categories.find((c) => c.name === categoryName);
    const categoryId = cell('category_id') || existingCategory?.id || slug(categoryName, 'category');
    let category = categories.get(categoryId);
    if (!category) {
      category = {
        id: categoryId,
        name: categoryName,
        visible: readYesNo(cell('category_visible'), true, row, 'category_visible'),
        windows: readWindows(cell('category_windows'), row) as MenuFileInput['categories'][number]['windows'],
        subcategories: [],
        items: [],
        subs: new Map(),
      };
      categories.set(categoryId, category);
    }
    let subcategoryId: string | null = null;
    const subName = cell('subcategory');
    if (subName || cell('subcategory_id')) {
      const existing = current.categories
        .find((c) => c.id === categoryId)
        ?.subcategories.find((s) => s.name === subName);
      subcategoryId = cell('subcategory_id') || existing?.id || slug(`${categoryId}-${subName}`, 'subcategory');
      if (!category.subs.has(subcategoryId)) {
        category.subs.set(subcategoryId, subName);
        category.subcategories!.push({ id: subcategoryId, name: subName });
      }
    }
    const name = cell('name');
    if (name === '' && cell('item_id') === '') return;
    const existingItem = current.categories.flatMap((c) => c.items).find((item) => item.name === name);
    const modifierGroups = cell('modifier_groups')
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean);
    for (const id of modifierGroups) {
      if (!groups.has(id)) throw new HttpError(422, csvRowProblem(row, unknownGroupInCsv(id)));
    }
    const spice = cell('spice_level');
    category.items.push({
      id:
        cell('item_id') ||
        (existingItem && !taken.has(existingItem.id) ? existingItem.id : uniqueId(slug(name, 'item'))),
      name,
      description: cell('description'),
      price_cents: readPrice(cell('price'), row),
      subcategory_id: subcategoryId,
      photo: cell('photo') || null,
      diet: cell('diet')
        .split(';')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean) as MenuFile['categories'][number]['items'][number]['diet'],
      spice_level: spice === '' ? 0 : /^\d+$/.test(spice) ? Number(spice) : -1,
      available: readYesNo(cell('available'), true, row, 'available'),
      is_special: readYesNo(cell('special'), false, row, 'special'),
      modifier_groups: modifierGroups,
    });
    taken.add(category.items.at(-1)!.id);
  });
  return {
    format: 'comal-menu',
    categories: [...categories.values()].map(({ subs: _subs, ...category }) => category),
    modifier_groups: current.modifier_groups,
  };
}

/** A JSON import's text as a value; not JSON at all is refused with the file's sentence. */
export function parseMenuJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(422, NOT_MENU_JSON);
  }
}
