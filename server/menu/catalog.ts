/**
 * The menu as the API serves it and as pricing reads it. Implemented in server/menu/ (seeded or
 * synced rows in the database), held in memory and rebuilt when the menu changes.
 */
import type { MenuItem } from '../../shared/menu.ts';

export interface MenuSnapshot {
  /** The GET /api/menus/ body, already serialised, and its strong ETag. */
  json: string;
  etag: string;
  /** The same JSON compressed once per menu version, for browsers that accept it. */
  encoded: { br: Uint8Array; gzip: Uint8Array; identity: Uint8Array };
  /** Every item by id, with availability, for create-order's pricing and checks. */
  items: ReadonlyMap<string, CatalogItem>;
}

export interface CatalogItem extends MenuItem {
  available: boolean;
  /** Modifier ids that cannot be ordered now (sold out). */
  unavailableModifierIds: ReadonlySet<string>;
}

export interface MenuCatalog {
  /**
   * The current menu; cheap to call per request. `version`: the menu's version just read from the
   * database (db/committed-now.ts), so a change committed through another replica counts at once:
   * the menu kept is answered if it is of that version or newer, else it is read now.
   */
  snapshot(options?: { version?: bigint }): Promise<MenuSnapshot>;
  /** Tells the catalog the menu changed (also seen by other replicas through the database). */
  invalidate(): Promise<void>;
}
