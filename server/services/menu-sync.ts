/**
 * Keeps the menu tables in step with Clover. A sync reads everything first (categories, items,
 * modifier groups) and maps it; only when all of that worked does it replace the menu, in one
 * transaction that also bumps the menu's version. Any failure leaves the last good menu served
 * as it was and records 'Failed to fetch Clover menu.' (the sentence the widget shows when the menu fails) with the cause, and
 * the time of the last good sync stays. `startMenuSyncSchedule` runs it now and every 15 minutes.
 * A good sync stores its notes with the menu (what Clover sells that the online menu leaves out or
 * changes, and why: clover-menu.ts) and its warnings about the whole menu (Clover refusing the
 * items' online-ordering settings), so the status every replica answers says so.
 * Staff "sold out until" decisions on rows still on the menu survive a sync (menu-replace.ts).
 */
import type { Database } from '../db/database.ts';
import { replaceMenuRows } from '../db/menu-replace.ts';
import { bumpMenuVersion, lockMenuWrites } from '../db/menu-store.ts';
import { recordMenuSyncFailure, recordMenuSyncSuccess, type MenuSyncNote } from '../db/menu-sync-status.ts';
import type { CloverClient } from '../providers/menu/clover-client.ts';
import { cloverMenu } from '../providers/menu/clover-menu.ts';
import { log } from '../logger.ts';

export const MENU_SYNC_FAILED = 'Failed to fetch Clover menu.';
const WITHOUT_ONLINE_SETTINGS =
  "so the Register's Hidden flag decides which items show online, and no item shows a description";

/**
 * The sync's warning when Clover refuses the items' online-ordering settings (their online switch
 * and description, clover-menu.ts) for good: 401 or 403 when the app's token lacks that permission.
 */
export function onlineSettingsRefused(status: number): string {
  return status === 401 || status === 403
    ? `Clover refused this token the items' online-ordering settings (the app lacks that permission), ${WITHOUT_ONLINE_SETTINGS}. Grant the permission in Clover to set both item by item.`
    : `Clover answered HTTP ${status} when asked for the items' online-ordering settings, ${WITHOUT_ONLINE_SETTINGS}.`;
}
export const MENU_SYNC_EVERY_MS = 15 * 60_000;
const SOURCE = 'clover';
/** Serialises two replicas syncing into one PostgreSQL at the same moment. */
const MENU_SYNC_LOCK = 72_413_010;

export interface MenuSyncDeps {
  db: Database;
  clover: Pick<CloverClient, 'categories' | 'items' | 'modifierGroups'>;
  clock: () => Date;
  /** The menu catalog, told when the menu changed (the version bump tells other replicas). */
  menu?: { invalidate(): Promise<void> } | undefined;
}

export type MenuSyncResult =
  | {
      ok: true;
      at: Date;
      categories: number;
      items: number;
      modifierGroups: number;
      modifiers: number;
      notes: MenuSyncNote[];
      warnings: string[];
    }
  | { ok: false; at: Date; error: typeof MENU_SYNC_FAILED; detail: string };

export async function syncCloverMenu(deps: MenuSyncDeps): Promise<MenuSyncResult> {
  const { db, clover, clock } = deps;
  const at = clock();
  try {
    // One after the other, in this order: kinder to Clover's rate limits than three at once.
    const categories = await clover.categories();
    const { items, menuAttributesRefusedWith: refused } = await clover.items();
    const modifierGroups = await clover.modifierGroups();
    const { rows, notes } = cloverMenu({ categories, items, modifierGroups });
    const warnings = refused === null ? [] : [onlineSettingsRefused(refused)];
    await db.transaction(async (tx) => {
      await lockMenuWrites(tx, MENU_SYNC_LOCK);
      await replaceMenuRows(tx, rows, at);
      await bumpMenuVersion(tx);
      await recordMenuSyncSuccess(tx, SOURCE, at, notes, warnings);
    });
    await deps.menu?.invalidate();
    return {
      ok: true,
      at,
      categories: rows.categories.length,
      items: rows.items.length,
      modifierGroups: rows.groups.length,
      modifiers: rows.modifiers.length,
      notes,
      warnings,
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    log.error({ detail }, MENU_SYNC_FAILED);
    await recordMenuSyncFailure(db, SOURCE, MENU_SYNC_FAILED, detail, at).catch((recordError: unknown) =>
      log.error({ err: recordError }, 'could not record the menu sync failure'),
    );
    return { ok: false, at, error: MENU_SYNC_FAILED, detail };
  }
}

export interface MenuSyncSchedule {
  /** Milliseconds between syncs; default 15 minutes. */
  everyMs?: number;
  /** Sync once right away as well; default true. */
  runNow?: boolean;
  /** Told of each sync's outcome (logging, tests). */
  onResult?: (result: MenuSyncResult) => void;
  /** Counts each sync as work under way, so shutdown waits for it before closing the database. */
  track?: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * Syncs on a timer that does not keep the process alive; a sync still running when the next is
 * due is not doubled. Answers the function that stops it.
 */
export function startMenuSyncSchedule(deps: MenuSyncDeps, options: MenuSyncSchedule = {}): () => void {
  let running = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = true;
    const sync = syncCloverMenu(deps);
    void (options.track ? options.track(sync) : sync)
      .then((result) => options.onResult?.(result))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, options.everyMs ?? MENU_SYNC_EVERY_MS);
  timer.unref();
  if (options.runNow ?? true) run();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
