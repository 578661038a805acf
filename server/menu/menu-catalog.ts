/**
 * The menu catalog over the menu tables: builds the GET /api/menus/ answer from the rows, keeps
 * it in memory serialised once with its ETag, and rebuilds only when menu_state.version moved.
 * A change is announced on MENU_CHANNEL when it commits (db/menu-store.ts), to every replica, and
 * heard through the process's one LISTEN (db/watched.ts):
 * while this process listens, a snapshot read after the last announcement is served from memory
 * without asking the database; while it cannot listen (the connection is lost, or the database
 * cannot), every call reads the version (one primary-key query), as it does until the first read.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { flattenMenu } from '../../shared/menu.ts';
import { menuWindowsOf } from '../../shared/menu-windows.ts';
import { dietTagsOf, spiceLevelOf } from '../../shared/diet.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { dollarsText } from '../../shared/money.ts';
import type { Database } from '../db/database.ts';
import { MENU_CHANNEL } from '../db/notifications.ts';
import { changedHere, watched } from '../db/watched.ts';
import { bumpMenuVersion, menuVersion, readMenu, type MenuItemRow, type VersionedMenuRows } from '../db/menu-store.ts';
import type {
  MenuAnswer,
  MenuAnswerGroup,
  MenuAnswerItem,
  MenuAnswerTranslations,
} from '../../shared/api/menu-answer.ts';
import type { CatalogItem, MenuCatalog, MenuSnapshot } from './catalog.ts';

interface BuiltSnapshot {
  version: bigint;
  snapshot: MenuSnapshot;
  /** When something sold out until a time comes back, so the snapshot must be built again. */
  staleAt: Date | null;
}

const isStale = (built: BuiltSnapshot, now: Date) => built.staleAt !== null && built.staleAt.getTime() <= now.getTime();

/** `clock` says when items sold out until a time (end of the local day) come back. */
export function createMenuCatalog(db: Database, clock: () => Date = () => new Date()): MenuCatalog {
  let current: BuiltSnapshot | undefined;
  let building: Promise<BuiltSnapshot> | undefined;

  /** One rebuild at a time: callers arriving while one runs share its promise. */
  function rebuild(): Promise<BuiltSnapshot> {
    building ??= readMenu(db, clock())
      .then((rows) => {
        // Builds never overlap, so the one finishing last read the newest rows.
        current = { version: BigInt(rows.version), snapshot: snapshotOf(rows), staleAt: rows.nextChange };
        return current;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  async function checked(): Promise<BuiltSnapshot> {
    const version = BigInt(await menuVersion(db));
    if (current?.version === version && !isStale(current, clock())) return current;
    const built = await rebuild();
    if (built.version >= version && !isStale(built, clock())) return built;
    // The rebuild we joined had read the menu before the change we saw: read it once more.
    return rebuild();
  }

  // Kept while nothing was announced, until something sold out until a time comes back.
  const menu = watched(db, MENU_CHANNEL, checked, (built) => !isStale(built, clock()));
  return {
    async snapshot(options) {
      const version = options?.version;
      const read =
        version === undefined ? undefined : { isCurrent: (built: BuiltSnapshot) => built.version >= version };
      return (await menu.get(read)).snapshot;
    },
    async invalidate() {
      await bumpMenuVersion(db);
      changedHere(MENU_CHANNEL);
    },
  };
}

/** The menus answer (one menu, the restaurant's) serialised, its ETag and the items by id. */
export function snapshotOf(rows: VersionedMenuRows): MenuSnapshot {
  const menus = [menuAnswerOf(rows)];
  const json = JSON.stringify(menus);
  const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;

  const items = new Map<string, CatalogItem>();
  for (const item of flattenMenu(menus[0]!)) {
    const unavailableModifierIds = new Set(
      item.modifier_groups.flatMap((group) => group.modifiers.filter((m) => m.available === false).map((m) => m.id)),
    );
    items.set(item.id, { ...item, available: item.available !== false, unavailableModifierIds });
  }
  const encoded = {
    br: brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(json, { level: 9 }),
    identity: Buffer.from(json),
  };
  return { json, etag, encoded, items };
}

/** The restaurant's menu as the API sends it, from the rows in their display order. */
export function menuAnswerOf(rows: VersionedMenuRows): MenuAnswer {
  const modifiersByGroup = groupBy(rows.modifiers, (m) => m.modifier_group_id);
  const groups = new Map<string, MenuAnswerGroup>(
    rows.groups.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        force_popup: g.force_popup,
        min_required: g.min_required,
        max_allowed: g.max_allowed,
        translations: translationsOf(g.translations, ['name']),
        modifiers: (modifiersByGroup.get(g.id) ?? []).map((m) => ({
          id: m.id,
          name: m.name,
          price: dollarsText(m.price_cents),
          available: m.available,
          translations: translationsOf(m.translations, ['name']),
        })),
      },
    ]),
  );
  const groupsByItem = groupBy(rows.itemGroups, (link) => link.menu_item_id);
  const answerItem = (item: MenuItemRow): MenuAnswerItem => ({
    id: item.id,
    name: item.name,
    description: item.description,
    base_price: dollarsText(item.price_cents),
    is_special: item.is_special,
    clover_id: item.clover_id,
    photo: item.photo,
    available: item.available,
    diet: dietTagsOf(item.diet),
    spice_level: spiceLevelOf(item.spice_level),
    translations: translationsOf(item.translations, ['name', 'description']),
    modifier_groups: (groupsByItem.get(item.id) ?? []).flatMap((link) => {
      const group = groups.get(link.modifier_group_id);
      return group ? [group] : [];
    }),
  });

  const subcategoriesByCategory = groupBy(rows.subcategories, (s) => s.category_id);
  const subcategoryIds = new Set(rows.subcategories.map((s) => `${s.category_id}\u0000${s.id}`));
  // An item sits in its subcategory when that subcategory belongs to the item's category,
  // otherwise directly in its category.
  const itemsByPlace = groupBy(rows.items, (item) =>
    item.subcategory_id !== null && subcategoryIds.has(`${item.category_id}\u0000${item.subcategory_id}`)
      ? `sub\u0000${item.subcategory_id}`
      : `cat\u0000${item.category_id}`,
  );

  return {
    name: restaurant.menuName,
    // A hidden category is not on the menu: not shown, not orderable.
    categories: rows.categories
      .filter((category) => category.visible !== false)
      .map((category) => ({
        name: category.name,
        translations: translationsOf(category.translations, ['name']),
        windows: menuWindowsOf(typeof category.windows === 'string' ? JSON.parse(category.windows) : category.windows),
        menu_items: (itemsByPlace.get(`cat\u0000${category.id}`) ?? []).map(answerItem),
        subcategories: (subcategoriesByCategory.get(category.id) ?? []).map((sub) => ({
          name: sub.name,
          translations: translationsOf(sub.translations, ['name']),
          menu_items: (itemsByPlace.get(`sub\u0000${sub.id}`) ?? []).map(answerItem),
        })),
      })),
  };
}

/**
 * An entry's stored translations as the API sends them: only Spanish, only the fields the entry
 * has (`fields`), only words that are there (trimmed, not empty); `{}` when none is left. The
 * column is read as stored, so anything else in it (another language, a number) is left out.
 */
function translationsOf(stored: unknown, fields: readonly ('name' | 'description')[]): MenuAnswerTranslations {
  const es = isRecord(stored) ? stored.es : undefined;
  if (!isRecord(es)) return {};
  const words: { name?: string; description?: string } = {};
  for (const field of fields) {
    const text = es[field];
    if (typeof text === 'string' && text.trim() !== '') words[field] = text.trim();
  }
  return Object.keys(words).length > 0 ? { es: words } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function groupBy<T>(values: readonly T[], key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const k = key(value);
    const list = groups.get(k);
    if (list) list.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}
