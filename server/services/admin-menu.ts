/**
 * The menu as the owner edits it in the admin area, when the menu is ours (the embedded default):
 * categories, items, modifier groups and modifiers, their order, photos, and the whole menu in
 * and out as JSON or CSV. Every change holds the editor's lock, bumps the menu's version (so
 * GET /api/menus/ and create-order follow on every replica at once) and is recorded in the audit
 * log, all in one transaction. With Clover as the point-of-sale every change is refused
 * (MENU_MANAGED_IN_CLOVER): Clover's menu is changed in Clover and synced here.
 */
import { randomBytes } from 'node:crypto';
import {
  BASE_VERSION_NEEDED,
  CATEGORY_NOT_EMPTY,
  duplicateId,
  GROUP_ALREADY_ON_ITEM,
  MAX_ITEMS,
  MENU_CHANGED_SINCE_PREVIEW,
  MENU_MANAGED_IN_CLOVER,
  MenuFileSchema,
  MIN_OVER_MAX,
  TOO_MANY,
  unknownGroupInFile,
  unknownSubcategory,
  type EditorCategory,
  type EditorGroup,
  type EditorItem,
  type ImportApplied,
  type ImportChange,
  type ImportPreview,
  type ImportRequest,
  type MenuEditor,
  type MenuFile,
} from '../../shared/api/admin-menu.ts';
import { dietTagsOf } from '../../shared/diet.ts';
import { MENU_PHOTO_WIDTHS, menuPhotoUrl } from '../../shared/menu-photo.ts';
import { menuWindowsOf, type MenuWindow } from '../../shared/menu-windows.ts';
import type { AppDependencies } from '../dependencies.ts';
import { recordChange } from '../db/admin-audit.ts';
import type { Queryable } from '../db/database.ts';
import * as store from '../db/menu-editor.ts';
import type { EditorRows } from '../db/menu-editor.ts';
import { replaceMenuRows } from '../db/menu-replace.ts';
import { bumpMenuVersion, type MenuRows, type MenuTranslations } from '../db/menu-store.ts';
import { MENU_CHANNEL } from '../db/notifications.ts';
import { changedHere } from '../db/watched.ts';
import { readMenuSyncStatus, type MenuSyncNote } from '../db/menu-sync-status.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import { availableNow, menuFileFromCsv, menuFileOf, parseMenuJson } from './menu-file.ts';
import { resizePhoto } from './menu-photos.ts';
import { syncCloverMenu } from './menu-sync.ts';
import type { Actor } from './staff-board.ts';

type Deps = Pick<AppDependencies, 'db' | 'clock' | 'pos' | 'menu'>;

export const noSuchCategory = (id: string) => `There is no category ${id}.`;
export const noSuchItem = (id: string) => `There is no menu item ${id}.`;
export const noSuchGroup = (id: string) => `There is no modifier group ${id}.`;
export const noSuchModifier = (id: string) => `There is no modifier ${id}.`;
export const GROUP_NOT_ON_ITEM = 'The item does not offer that group.';

type Kind = 'category' | 'item' | 'group' | 'modifier' | 'subcategory';
interface Change {
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const newMenuId = (name: string, kind: string) =>
  `${
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || kind
  }-${randomBytes(3).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// The editor's view

function categoryView(rows: EditorRows, id: string): EditorCategory | null {
  const row = rows.categories.find((c) => c.id === id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    visible: row.visible,
    windows: menuWindowsOf(row.windows),
    subcategories: rows.subcategories.filter((s) => s.category_id === id).map((s) => ({ id: s.id, name: s.name })),
  };
}

function itemView(rows: EditorRows, id: string, now: Date): EditorItem | null {
  const row = rows.items.find((i) => i.id === id);
  if (!row) return null;
  return {
    id: row.id,
    category_id: row.category_id,
    subcategory_id: row.subcategory_id,
    name: row.name,
    description: row.description,
    price_cents: row.price_cents,
    photo: row.photo,
    diet: dietTagsOf(row.diet),
    spice_level: row.spice_level,
    available: availableNow(row, now),
    is_special: row.is_special,
    group_ids: rows.links
      .filter((link) => link.menu_item_id === id)
      .sort((a, b) => a.position - b.position)
      .map((link) => link.modifier_group_id),
  };
}

function groupView(rows: EditorRows, id: string, now: Date): EditorGroup | null {
  const row = rows.groups.find((g) => g.id === id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    min_required: row.min_required,
    max_allowed: row.max_allowed,
    force_popup: row.force_popup,
    modifiers: rows.modifiers
      .filter((m) => m.modifier_group_id === id)
      .sort(byPosition)
      .map((m) => ({ id: m.id, name: m.name, price_cents: m.price_cents, available: availableNow(m, now) })),
  };
}

function modifierView(rows: EditorRows, id: string, now: Date) {
  const row = rows.modifiers.find((m) => m.id === id);
  return row
    ? {
        id: row.id,
        group_id: row.modifier_group_id,
        name: row.name,
        price_cents: row.price_cents,
        available: availableNow(row, now),
      }
    : null;
}

function editorOf(rows: EditorRows, deps: Deps): MenuEditor {
  const now = deps.clock();
  return {
    provider: deps.pos ? 'clover' : 'demo',
    read_only: Boolean(deps.pos),
    version: rows.version,
    photo_widths: [...MENU_PHOTO_WIDTHS],
    categories: rows.categories.map((c) => categoryView(rows, c.id)!),
    items: rows.items.map((i) => itemView(rows, i.id, now)!),
    groups: rows.groups.map((g) => groupView(rows, g.id, now)!),
  };
}

export async function menuEditor(deps: Deps): Promise<MenuEditor> {
  return editorOf(await store.readEditorRows(deps.db), deps);
}

/**
 * One change to the menu: refused with Clover; else under the editor's lock, on rows read inside
 * the transaction, with the version bumped and each change recorded when anything changed.
 */
async function write(deps: Deps, by: Actor, work: (tx: Queryable, rows: EditorRows) => Promise<Change[]>) {
  if (deps.pos) throw new HttpError(409, MENU_MANAGED_IN_CLOVER);
  const at = deps.clock();
  await deps.db.transaction(async (tx) => {
    await store.lockMenuEditor(tx);
    const changes = await work(tx, await store.readEditorRows(tx));
    if (changes.length === 0) return;
    await bumpMenuVersion(tx);
    for (const change of changes) await recordChange(tx, { at, actor: by.email, area: 'menu', ...change });
  });
  changedHere(MENU_CHANNEL);
  return menuEditor(deps);
}

/** Reads the rows again inside the transaction after a write, for the audit's "after". */
const reread = (tx: Queryable) => store.readEditorRows(tx);

// ---------------------------------------------------------------------------------------------
// Categories

export function makeCategory(
  deps: Deps,
  body: { name: string; visible: boolean; windows: MenuWindow[] },
  by: Actor,
): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    if (rows.categories.length >= 100) throw new HttpError(422, TOO_MANY);
    const id = newMenuId(body.name, 'category');
    await store.insertCategory(tx, { id, ...body });
    return [{ subject: `category:${id}`, before: null, after: categoryView(await reread(tx), id) }];
  });
}

export function changeCategory(
  deps: Deps,
  id: string,
  body: { name?: string | undefined; visible?: boolean | undefined; windows?: MenuWindow[] | undefined },
  by: Actor,
): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = categoryView(rows, id);
    if (!before) throw new HttpError(404, noSuchCategory(id));
    const next = {
      id,
      name: body.name ?? before.name,
      visible: body.visible ?? before.visible,
      windows: body.windows ?? before.windows,
    };
    if (JSON.stringify({ ...before, ...next }) === JSON.stringify(before)) return [];
    await store.updateCategory(tx, next);
    return [{ subject: `category:${id}`, before, after: categoryView(await reread(tx), id) }];
  });
}

export function removeCategory(deps: Deps, id: string, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = categoryView(rows, id);
    if (!before) throw new HttpError(404, noSuchCategory(id));
    if (rows.items.some((item) => item.category_id === id)) throw new HttpError(409, CATEGORY_NOT_EMPTY);
    await store.deleteCategory(tx, id);
    return [{ subject: `category:${id}`, before, after: null }];
  });
}

// ---------------------------------------------------------------------------------------------
// Moving an entry among its siblings

type Move = { direction?: 'up' | 'down' | undefined; position?: number | undefined };

function moved(ids: readonly string[], id: string, move: Move): string[] | null {
  const from = ids.indexOf(id);
  const to =
    move.direction === 'up'
      ? from - 1
      : move.direction === 'down'
        ? from + 1
        : Math.min(move.position ?? from, ids.length - 1);
  if (to < 0 || to >= ids.length || to === from) return null;
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

export function moveEntry(deps: Deps, kind: 'category' | 'item' | 'modifier', id: string, move: Move, by: Actor) {
  return write(deps, by, async (tx, rows) => {
    let siblings: string[];
    if (kind === 'category') {
      if (!rows.categories.some((c) => c.id === id)) throw new HttpError(404, noSuchCategory(id));
      siblings = [...rows.categories].sort(byPosition).map((c) => c.id);
    } else if (kind === 'item') {
      const item = rows.items.find((i) => i.id === id);
      if (!item) throw new HttpError(404, noSuchItem(id));
      siblings = rows.items
        .filter((i) => i.category_id === item.category_id && i.subcategory_id === item.subcategory_id)
        .sort(byPosition)
        .map((i) => i.id);
    } else {
      const modifier = rows.modifiers.find((m) => m.id === id);
      if (!modifier) throw new HttpError(404, noSuchModifier(id));
      siblings = rows.modifiers
        .filter((m) => m.modifier_group_id === modifier.modifier_group_id)
        .sort(byPosition)
        .map((m) => m.id);
    }
    const order = moved(siblings, id, move);
    if (!order) return [];
    await store.setPositions(tx, kind, order);
    return [{ subject: `${kind}:${id}`, before: { order: siblings }, after: { order } }];
  });
}

// ---------------------------------------------------------------------------------------------
// Items

interface ItemFields {
  name: string;
  description: string;
  price_cents: number;
  diet: string[];
  spice_level: number;
  available: boolean;
  is_special: boolean;
}

export function makeItem(deps: Deps, body: ItemFields & { category_id: string }, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    if (!rows.categories.some((c) => c.id === body.category_id))
      throw new HttpError(422, noSuchCategory(body.category_id));
    if (rows.items.length >= MAX_ITEMS) throw new HttpError(422, TOO_MANY);
    const id = newMenuId(body.name, 'item');
    await store.insertItem(tx, { id, ...body });
    return [{ subject: `item:${id}`, before: null, after: itemView(await reread(tx), id, deps.clock()) }];
  });
}

export function changeItem(
  deps: Deps,
  id: string,
  body: Partial<ItemFields> & { category_id?: string | undefined },
  by: Actor,
): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const now = deps.clock();
    const before = itemView(rows, id, now);
    if (!before) throw new HttpError(404, noSuchItem(id));
    if (body.category_id !== undefined && !rows.categories.some((c) => c.id === body.category_id))
      throw new HttpError(422, noSuchCategory(body.category_id));
    const categoryId = body.category_id ?? before.category_id;
    const movedAway = categoryId !== before.category_id;
    const next = {
      id,
      category_id: categoryId,
      subcategory_id: movedAway ? null : before.subcategory_id,
      name: body.name ?? before.name,
      description: body.description ?? before.description,
      price_cents: body.price_cents ?? before.price_cents,
      diet: body.diet ?? before.diet,
      spice_level: body.spice_level ?? before.spice_level,
      available: body.available ?? before.available,
      is_special: body.is_special ?? before.is_special,
    };
    if (JSON.stringify({ ...before, ...next }) === JSON.stringify(before)) return [];
    await store.updateItem(tx, { ...next, availabilityChanged: next.available !== before.available, moved: movedAway });
    return [{ subject: `item:${id}`, before, after: itemView(await reread(tx), id, now) }];
  });
}

export function removeItem(deps: Deps, id: string, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = itemView(rows, id, deps.clock());
    if (!before) throw new HttpError(404, noSuchItem(id));
    await store.deleteItem(tx, id);
    return [{ subject: `item:${id}`, before, after: null }];
  });
}

/** Resizes the upload (before the transaction: it takes a moment), stores it, and shows it on the item. */
export async function setItemPhoto(deps: Deps, id: string, upload: Uint8Array, by: Actor): Promise<MenuEditor> {
  if (deps.pos) throw new HttpError(409, MENU_MANAGED_IN_CLOVER);
  if (!(await store.readEditorRows(deps.db)).items.some((i) => i.id === id)) throw new HttpError(404, noSuchItem(id));
  const photo = await resizePhoto(upload);
  return write(deps, by, async (tx, rows) => {
    const before = itemView(rows, id, deps.clock());
    if (!before) throw new HttpError(404, noSuchItem(id));
    await store.storePhotoVariants(tx, photo.id, photo.variants);
    const path = menuPhotoUrl(photo.id, Math.max(...MENU_PHOTO_WIDTHS), 'webp');
    if (before.photo === path) return [];
    await store.setItemPhoto(tx, id, path);
    return [{ subject: `item:${id}`, before: { photo: before.photo }, after: { photo: path } }];
  });
}

export function removeItemPhoto(deps: Deps, id: string, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = itemView(rows, id, deps.clock());
    if (!before) throw new HttpError(404, noSuchItem(id));
    if (before.photo === null) return [];
    await store.setItemPhoto(tx, id, null);
    return [{ subject: `item:${id}`, before: { photo: before.photo }, after: { photo: null } }];
  });
}

export function offerGroup(deps: Deps, itemId: string, groupId: string, offered: boolean, by: Actor) {
  return write(deps, by, async (tx, rows) => {
    const before = itemView(rows, itemId, deps.clock());
    if (!before) throw new HttpError(404, noSuchItem(itemId));
    if (!rows.groups.some((g) => g.id === groupId)) throw new HttpError(404, noSuchGroup(groupId));
    if (offered && !(await store.attachGroup(tx, itemId, groupId))) throw new HttpError(409, GROUP_ALREADY_ON_ITEM);
    if (!offered && !(await store.detachGroup(tx, itemId, groupId))) throw new HttpError(404, GROUP_NOT_ON_ITEM);
    const after = itemView(await reread(tx), itemId, deps.clock())!;
    return [
      { subject: `item:${itemId}`, before: { group_ids: before.group_ids }, after: { group_ids: after.group_ids } },
    ];
  });
}

/** One of the item's modifier groups moved up or down (or to a position): the order its dialog asks them in. */
export function moveItemGroup(deps: Deps, itemId: string, groupId: string, move: Move, by: Actor) {
  return write(deps, by, async (tx, rows) => {
    const before = itemView(rows, itemId, deps.clock());
    if (!before) throw new HttpError(404, noSuchItem(itemId));
    if (!before.group_ids.includes(groupId)) throw new HttpError(404, GROUP_NOT_ON_ITEM);
    const order = moved(before.group_ids, groupId, move);
    if (!order) return [];
    await store.setItemGroupPositions(tx, itemId, order);
    return [{ subject: `item:${itemId}`, before: { group_ids: before.group_ids }, after: { group_ids: order } }];
  });
}

// ---------------------------------------------------------------------------------------------
// Modifier groups and modifiers

interface GroupFields {
  name: string;
  min_required: number;
  max_allowed: number;
  force_popup: boolean;
}

export function makeGroup(deps: Deps, body: GroupFields, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    if (rows.groups.length >= 500) throw new HttpError(422, TOO_MANY);
    const id = newMenuId(body.name, 'group');
    await store.insertGroup(tx, { id, ...body });
    return [{ subject: `group:${id}`, before: null, after: groupView(await reread(tx), id, deps.clock()) }];
  });
}

export function changeGroup(deps: Deps, id: string, body: Partial<GroupFields>, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const now = deps.clock();
    const before = groupView(rows, id, now);
    if (!before) throw new HttpError(404, noSuchGroup(id));
    const next = {
      id,
      name: body.name ?? before.name,
      min_required: body.min_required ?? before.min_required,
      max_allowed: body.max_allowed ?? before.max_allowed,
      force_popup: body.force_popup ?? before.force_popup,
    };
    if (next.min_required > next.max_allowed) throw new HttpError(422, MIN_OVER_MAX);
    if (JSON.stringify({ ...before, ...next }) === JSON.stringify(before)) return [];
    await store.updateGroup(tx, next);
    return [{ subject: `group:${id}`, before, after: groupView(await reread(tx), id, now) }];
  });
}

export function removeGroup(deps: Deps, id: string, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = groupView(rows, id, deps.clock());
    if (!before) throw new HttpError(404, noSuchGroup(id));
    await store.deleteGroup(tx, id);
    return [{ subject: `group:${id}`, before, after: null }];
  });
}

interface ModifierFields {
  name: string;
  price_cents: number;
  available: boolean;
}

export function makeModifier(deps: Deps, groupId: string, body: ModifierFields, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    if (!rows.groups.some((g) => g.id === groupId)) throw new HttpError(404, noSuchGroup(groupId));
    if (rows.modifiers.filter((m) => m.modifier_group_id === groupId).length >= 100) throw new HttpError(422, TOO_MANY);
    const id = newMenuId(body.name, 'modifier');
    await store.insertModifier(tx, { id, modifier_group_id: groupId, ...body });
    return [{ subject: `modifier:${id}`, before: null, after: modifierView(await reread(tx), id, deps.clock()) }];
  });
}

export function changeModifier(deps: Deps, id: string, body: Partial<ModifierFields>, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const now = deps.clock();
    const before = modifierView(rows, id, now);
    if (!before) throw new HttpError(404, noSuchModifier(id));
    const next = {
      id,
      name: body.name ?? before.name,
      price_cents: body.price_cents ?? before.price_cents,
      available: body.available ?? before.available,
    };
    if (JSON.stringify({ ...before, ...next }) === JSON.stringify(before)) return [];
    await store.updateModifier(tx, { ...next, availabilityChanged: next.available !== before.available });
    return [{ subject: `modifier:${id}`, before, after: modifierView(await reread(tx), id, now) }];
  });
}

export function removeModifier(deps: Deps, id: string, by: Actor): Promise<MenuEditor> {
  return write(deps, by, async (tx, rows) => {
    const before = modifierView(rows, id, deps.clock());
    if (!before) throw new HttpError(404, noSuchModifier(id));
    await store.deleteModifier(tx, id);
    return [{ subject: `modifier:${id}`, before, after: null }];
  });
}

// ---------------------------------------------------------------------------------------------
// Export and import

export async function exportMenu(deps: Deps): Promise<MenuFile> {
  return menuFileOf(await store.readEditorRows(deps.db), deps.clock());
}

/** The import's file, read and checked: its own format, unique ids, every reference found. */
function importedFile(request: ImportRequest, rows: EditorRows, now: Date): MenuFile {
  const raw =
    request.format === 'json'
      ? parseMenuJson(request.content)
      : menuFileFromCsv(request.content, menuFileOf(rows, now));
  const file = parseWith(MenuFileSchema, raw);
  const unique = (ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw new HttpError(422, duplicateId(id));
      seen.add(id);
    }
  };
  const items = file.categories.flatMap((c) => c.items);
  if (items.length > MAX_ITEMS) throw new HttpError(422, TOO_MANY);
  unique(file.categories.map((c) => c.id));
  unique(file.categories.flatMap((c) => c.subcategories.map((s) => s.id)));
  unique(items.map((i) => i.id));
  unique(file.modifier_groups.map((g) => g.id));
  unique(file.modifier_groups.flatMap((g) => g.modifiers.map((m) => m.id)));
  const groups = new Set(file.modifier_groups.map((g) => g.id));
  for (const category of file.categories) {
    const subs = new Set(category.subcategories.map((s) => s.id));
    for (const item of category.items) {
      if (item.subcategory_id !== null && !subs.has(item.subcategory_id))
        throw new HttpError(422, unknownSubcategory(item.subcategory_id));
      const missing = item.modifier_groups.find((id) => !groups.has(id));
      if (missing) throw new HttpError(422, unknownGroupInFile(missing));
      if (new Set(item.modifier_groups).size !== item.modifier_groups.length)
        throw new HttpError(
          422,
          duplicateId(item.modifier_groups.find((id, i) => item.modifier_groups.indexOf(id) !== i)!),
        );
    }
  }
  return file;
}

type Entry = { kind: Kind; id: string; name: string; parent: string; fields: Record<string, unknown> };

/** Every entry of a menu file with the fields an import compares, and its place (`parent`), in file order. */
function entriesOf(file: MenuFile): Entry[] {
  const entries: Entry[] = [];
  for (const category of file.categories) {
    const { id, name, visible, windows } = category;
    entries.push({ kind: 'category', id, name, parent: 'menu', fields: { name, visible, windows } });
    for (const sub of category.subcategories) {
      entries.push({
        kind: 'subcategory',
        id: sub.id,
        name: sub.name,
        parent: id,
        fields: { name: sub.name, category: id },
      });
    }
    for (const item of category.items) {
      const { id: itemId, name: itemName, ...fields } = item;
      const parent = `${id}/${item.subcategory_id ?? ''}`;
      entries.push({
        kind: 'item',
        id: itemId,
        name: itemName,
        parent,
        fields: { name: itemName, ...fields, category: id },
      });
    }
  }
  for (const group of file.modifier_groups) {
    const { id, name, modifiers, ...fields } = group;
    entries.push({ kind: 'group', id, name, parent: 'groups', fields: { name, ...fields } });
    for (const modifier of modifiers) {
      const { id: modifierId, name: modifierName, ...rest } = modifier;
      entries.push({
        kind: 'modifier',
        id: modifierId,
        name: modifierName,
        parent: id,
        fields: { name: modifierName, ...rest, group: id },
      });
    }
  }
  return entries;
}

const KIND_ORDER: Record<Kind, number> = { category: 0, subcategory: 1, item: 2, group: 3, modifier: 4 };
const keyOf = (entry: { kind: Kind; id: string }) => `${entry.kind}:${entry.id}`;

/**
 * Each entry's rank among its siblings that both menus have, so an entry added or removed does
 * not count as moving the ones after it; groups have no order of their own.
 */
function ranks(entries: readonly Entry[], common: ReadonlySet<string>): Map<string, string> {
  const seen = new Map<string, number>();
  const rank = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind === 'group' || !common.has(keyOf(entry))) continue;
    const place = `${entry.kind}@${entry.parent}`;
    const n = seen.get(place) ?? 0;
    seen.set(place, n + 1);
    rank.set(keyOf(entry), `${place}#${n}`);
  }
  return rank;
}

function diff(current: MenuFile, next: MenuFile): ImportChange[] {
  const beforeList = entriesOf(current);
  const afterList = entriesOf(next);
  const before = new Map(beforeList.map((e) => [keyOf(e), e]));
  const after = new Map(afterList.map((e) => [keyOf(e), e]));
  const common = new Set([...after.keys()].filter((key) => before.has(key)));
  const rankBefore = ranks(beforeList, common);
  const rankAfter = ranks(afterList, common);
  const changes: ImportChange[] = [];
  for (const [key, entry] of after) {
    const was = before.get(key);
    if (!was) {
      changes.push({ action: 'add', kind: entry.kind, id: entry.id, name: entry.name, fields: [] });
      continue;
    }
    const fields = Object.keys(entry.fields).filter(
      (field) => JSON.stringify(entry.fields[field]) !== JSON.stringify(was.fields[field]),
    );
    if (rankBefore.get(key) !== rankAfter.get(key)) fields.push('position');
    if (fields.length > 0) changes.push({ action: 'change', kind: entry.kind, id: entry.id, name: entry.name, fields });
  }
  for (const [key, entry] of before) {
    if (!after.has(key))
      changes.push({ action: 'remove', kind: entry.kind, id: entry.id, name: entry.name, fields: [] });
  }
  const actionOrder = { remove: 0, change: 1, add: 2 };
  return changes.sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || actionOrder[a.action] - actionOrder[b.action],
  );
}

function counted(changes: ImportChange[]) {
  return {
    added: changes.filter((c) => c.action === 'add').length,
    changed: changes.filter((c) => c.action === 'change').length,
    removed: changes.filter((c) => c.action === 'remove').length,
    changes,
  };
}

export async function previewImport(deps: Deps, request: ImportRequest): Promise<ImportPreview> {
  if (deps.pos) throw new HttpError(409, MENU_MANAGED_IN_CLOVER);
  const now = deps.clock();
  const rows = await store.readEditorRows(deps.db);
  const file = importedFile(request, rows, now);
  return { base_version: rows.version, ...counted(diff(menuFileOf(rows, now), file)) };
}

/**
 * The menu tables' rows for a file: entries already on the menu keep what the file does not
 * carry (their Spanish words, their Clover id, a staff "sold out until" the file agrees with).
 */
function rowsOfFile(file: MenuFile, rows: EditorRows, now: Date): MenuRows {
  const translations = (list: readonly { id: string; translations: unknown }[], id: string) =>
    (list.find((row) => row.id === id)?.translations ?? {}) as MenuTranslations;
  /** What to hand replaceMenuRows so a "sold out until" the file agrees with stays. */
  const availability = (row: { available: boolean; sold_out_until: Date | null } | undefined, wanted: boolean) =>
    row && !wanted && !availableNow(row, now) && row.sold_out_until && new Date(row.sold_out_until) > now
      ? true
      : wanted;
  const menu: MenuRows = { categories: [], subcategories: [], items: [], groups: [], itemGroups: [], modifiers: [] };
  file.categories.forEach((category, position) => {
    menu.categories.push({
      id: category.id,
      name: category.name,
      position,
      translations: translations(rows.categories, category.id),
    });
    category.subcategories.forEach((sub, subPosition) =>
      menu.subcategories.push({
        id: sub.id,
        category_id: category.id,
        name: sub.name,
        position: subPosition,
        translations: translations(rows.subcategories, sub.id),
      }),
    );
    const places = new Map<string | null, number>();
    for (const item of category.items) {
      const rank = places.get(item.subcategory_id) ?? 0;
      places.set(item.subcategory_id, rank + 1);
      const existing = rows.items.find((row) => row.id === item.id);
      menu.items.push({
        id: item.id,
        category_id: category.id,
        subcategory_id: item.subcategory_id,
        name: item.name,
        description: item.description,
        price_cents: item.price_cents,
        is_special: item.is_special,
        clover_id: existing?.clover_id ?? null,
        photo: item.photo,
        available: availability(existing, item.available),
        position: rank,
        diet: item.diet,
        spice_level: item.spice_level,
        translations: translations(rows.items, item.id),
      });
      item.modifier_groups.forEach((groupId, groupPosition) =>
        menu.itemGroups.push({ menu_item_id: item.id, modifier_group_id: groupId, position: groupPosition }),
      );
    }
  });
  for (const group of file.modifier_groups) {
    menu.groups.push({
      id: group.id,
      name: group.name,
      force_popup: group.force_popup,
      min_required: group.min_required,
      max_allowed: group.max_allowed,
      translations: translations(rows.groups, group.id),
    });
    group.modifiers.forEach((modifier, position) =>
      menu.modifiers.push({
        id: modifier.id,
        modifier_group_id: group.id,
        name: modifier.name,
        price_cents: modifier.price_cents,
        available: availability(
          rows.modifiers.find((row) => row.id === modifier.id),
          modifier.available,
        ),
        position,
        translations: translations(rows.modifiers, modifier.id),
      }),
    );
  }
  return menu;
}

/** Writes what the preview of the same file at `base_version` showed; 409 when the menu changed since. */
export async function applyImport(deps: Deps, request: ImportRequest, by: Actor): Promise<ImportApplied> {
  if (deps.pos) throw new HttpError(409, MENU_MANAGED_IN_CLOVER);
  if (!request.base_version) throw new HttpError(422, BASE_VERSION_NEEDED);
  const now = deps.clock();
  let applied: ImportChange[] = [];
  await deps.db.transaction(async (tx) => {
    await store.lockMenuEditor(tx);
    const rows = await store.readEditorRows(tx);
    if (rows.version !== request.base_version) throw new HttpError(409, MENU_CHANGED_SINCE_PREVIEW);
    const file = importedFile(request, rows, now);
    const current = menuFileOf(rows, now);
    applied = diff(current, file);
    if (applied.length === 0) return;
    await replaceMenuRows(tx, rowsOfFile(file, rows, now), now);
    await store.setCategoryExtras(
      tx,
      file.categories.map((c) => ({ id: c.id, visible: c.visible, windows: c.windows })),
    );
    // Switched on by the file while staff had it sold out until later: on, now.
    const items = file.categories.flatMap((c) => c.items);
    const modifiers = file.modifier_groups.flatMap((g) => g.modifiers);
    await store.switchOn(
      tx,
      'item',
      items
        .filter((i) => i.available && rows.items.some((r) => r.id === i.id && !availableNow(r, now)))
        .map((i) => i.id),
    );
    await store.switchOn(
      tx,
      'modifier',
      modifiers
        .filter((m) => m.available && rows.modifiers.some((r) => r.id === m.id && !availableNow(r, now)))
        .map((m) => m.id),
    );
    await bumpMenuVersion(tx);
    const was = new Map(entriesOf(current).map((e) => [keyOf(e), e]));
    const now_ = new Map(entriesOf(file).map((e) => [keyOf(e), e]));
    for (const change of applied) {
      const key = `${change.kind}:${change.id}`;
      await recordChange(tx, {
        at: now,
        actor: by.email,
        area: 'menu',
        subject: key,
        before: was.has(key) ? { name: was.get(key)!.name, ...was.get(key)!.fields } : null,
        after: now_.has(key) ? { name: now_.get(key)!.name, ...now_.get(key)!.fields } : null,
      });
    }
  });
  changedHere(MENU_CHANNEL);
  const { changes: _changes, ...counts } = counted(applied);
  return { ...counts, changes: applied, menu: await menuEditor(deps) };
}

// ---------------------------------------------------------------------------------------------
// Clover

export const NO_CLOVER = 'The menu is edited here: there is no point-of-sale to sync with.';

export async function syncNow(deps: Deps): Promise<{
  ok: boolean;
  error: string | null;
  items: number;
  notes: MenuSyncNote[];
  warnings: string[];
  menu: MenuEditor;
}> {
  if (!deps.pos) throw new HttpError(409, NO_CLOVER);
  const result = await syncCloverMenu({ db: deps.db, clover: deps.pos, clock: deps.clock, menu: deps.menu });
  // The report of the menu served now: this sync's, or while it failed, the last good one's.
  const status = await readMenuSyncStatus(deps.db);
  return {
    ok: result.ok,
    error: result.ok ? null : result.error,
    items: result.ok ? result.items : 0,
    notes: status.last_notes,
    warnings: status.last_warnings,
    menu: await menuEditor(deps),
  };
}
