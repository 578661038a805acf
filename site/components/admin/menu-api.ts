/**
 * The menu editor's calls to /api/staff/admin/menu/ (shared/api/admin-menu.ts), on the admin's
 * `call`. Every change answers the whole editor menu, which the screen shows as it is.
 */
import type {
  CategoryChangeInput,
  CategoryCreateInput,
  GroupChangeInput,
  GroupCreateInput,
  ImportApplied,
  ImportPreview,
  ItemChangeInput,
  ItemCreateInput,
  MenuEditor,
  MenuSyncNow,
  ModifierChangeInput,
  ModifierCreateInput,
} from '../../../shared/api/admin-menu.ts';
import type { AdminCall } from './admin-api.ts';

export type Direction = 'up' | 'down';
export type ImportFormat = 'json' | 'csv';

export interface MenuApi {
  menu(): Promise<MenuEditor>;
  createCategory(body: CategoryCreateInput): Promise<MenuEditor>;
  changeCategory(id: string, body: CategoryChangeInput): Promise<MenuEditor>;
  removeCategory(id: string): Promise<MenuEditor>;
  move(kind: 'categories' | 'items' | 'modifiers', id: string, direction: Direction): Promise<MenuEditor>;
  createItem(body: ItemCreateInput): Promise<MenuEditor>;
  changeItem(id: string, body: ItemChangeInput): Promise<MenuEditor>;
  removeItem(id: string): Promise<MenuEditor>;
  uploadPhoto(id: string, photo: Blob): Promise<MenuEditor>;
  removePhoto(id: string): Promise<MenuEditor>;
  offerGroup(itemId: string, groupId: string, offered: boolean): Promise<MenuEditor>;
  /** Moves one of the item's groups up or down: the order its dialog asks them in. */
  moveItemGroup(itemId: string, groupId: string, direction: Direction): Promise<MenuEditor>;
  createGroup(body: GroupCreateInput): Promise<MenuEditor>;
  changeGroup(id: string, body: GroupChangeInput): Promise<MenuEditor>;
  removeGroup(id: string): Promise<MenuEditor>;
  createModifier(groupId: string, body: ModifierCreateInput): Promise<MenuEditor>;
  changeModifier(id: string, body: ModifierChangeInput): Promise<MenuEditor>;
  removeModifier(id: string): Promise<MenuEditor>;
  exportFile(format: ImportFormat): Promise<Blob>;
  previewImport(format: ImportFormat, content: string): Promise<ImportPreview>;
  applyImport(format: ImportFormat, content: string, baseVersion: string): Promise<ImportApplied>;
  syncNow(): Promise<MenuSyncNow>;
}

const at = (id: string) => encodeURIComponent(id);

export function createMenuApi(call: AdminCall): MenuApi {
  return {
    menu: () => call('GET', 'menu/'),
    createCategory: (body) => call('POST', 'menu/categories/', body),
    changeCategory: (id, body) => call('PATCH', `menu/categories/${at(id)}/`, body),
    removeCategory: (id) => call('DELETE', `menu/categories/${at(id)}/`),
    move: (kind, id, direction) => call('POST', `menu/${kind}/${at(id)}/move/`, { direction }),
    createItem: (body) => call('POST', 'menu/items/', body),
    changeItem: (id, body) => call('PATCH', `menu/items/${at(id)}/`, body),
    removeItem: (id) => call('DELETE', `menu/items/${at(id)}/`),
    uploadPhoto: (id, photo) => call('PUT', `menu/items/${at(id)}/photo/`, photo),
    removePhoto: (id) => call('DELETE', `menu/items/${at(id)}/photo/`),
    offerGroup: (itemId, groupId, offered) =>
      call(offered ? 'PUT' : 'DELETE', `menu/items/${at(itemId)}/groups/${at(groupId)}/`),
    moveItemGroup: (itemId, groupId, direction) =>
      call('POST', `menu/items/${at(itemId)}/groups/${at(groupId)}/move/`, { direction }),
    createGroup: (body) => call('POST', 'menu/groups/', body),
    changeGroup: (id, body) => call('PATCH', `menu/groups/${at(id)}/`, body),
    removeGroup: (id) => call('DELETE', `menu/groups/${at(id)}/`),
    createModifier: (groupId, body) => call('POST', `menu/groups/${at(groupId)}/modifiers/`, body),
    changeModifier: (id, body) => call('PATCH', `menu/modifiers/${at(id)}/`, body),
    removeModifier: (id) => call('DELETE', `menu/modifiers/${at(id)}/`),
    exportFile: (format) => call('GET', `menu/export.${format}`, undefined, 'file'),
    previewImport: (format, content) => call('POST', 'menu/import/preview/', { format, content }),
    applyImport: (format, content, baseVersion) =>
      call('POST', 'menu/import/apply/', { format, content, base_version: baseVersion }),
    syncNow: () => call('POST', 'menu/sync/'),
  };
}

/** What every part of the menu screen works with. */
export interface MenuPanelProps {
  menu: MenuEditor;
  api: MenuApi;
  readOnly: boolean;
  /** Runs a change; shows the menu it answers and says `said`, or the server's sentence. Answers whether it worked. */
  run: (work: () => Promise<MenuEditor>, said: string) => Promise<boolean>;
  /** Shows the menu a change answered, and says `said` (a form's change: its own alert shows a refusal). */
  show: (menu: MenuEditor, said: string) => void;
}
