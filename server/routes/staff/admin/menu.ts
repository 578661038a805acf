/**
 * The admin's menu editor under /api/staff/admin/menu/: the menu as the editor sees it, changes to
 * categories, items, modifier groups and modifiers, moves, photos, export and import, and "sync
 * now" with Clover. Every change answers the whole editor menu; with Clover every change is 409.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../../http/body-limit.ts';
import {
  CategoryChangeSchema,
  CategoryCreateSchema,
  GroupChangeSchema,
  GroupCreateSchema,
  IMPORT_MAX_CHARS,
  IMPORT_TOO_LARGE,
  ImportRequestSchema,
  ItemChangeSchema,
  ItemCreateSchema,
  MENU_MANAGED_IN_CLOVER,
  ModifierChangeSchema,
  ModifierCreateSchema,
  MoveSchema,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
} from '../../../../shared/api/admin-menu.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { HttpError, readBody } from '../../../http/errors.ts';
import { csvFile } from '../../../http/csv.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import * as editor from '../../../services/admin-menu.ts';
import { menuCsvRows } from '../../../services/menu-file.ts';

/**
 * Calls whose body may be larger than the API's usual limit (app.ts leaves them to the limits
 * here): a photo, an import of a whole menu.
 */
export const LARGE_BODY_PATH = /^\/api\/staff\/admin\/menu\/(items\/[^/]+\/photo|import\/(preview|apply))\/$/;

const noStore = { 'Cache-Control': 'no-store' };

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminMenuRoutes(deps: AppDependencies): Hono<StaffEnv> {
  const by = (c: Context<StaffEnv>) => c.var.staff;
  const id = (c: Context) => c.req.param('id')!;
  const photoLimit = bodyLimit(PHOTO_MAX_BYTES, PHOTO_TOO_LARGE);
  // JSON-escaped text may be a little longer than the file itself.
  const importLimit = bodyLimit(IMPORT_MAX_CHARS * 2 + 1024, IMPORT_TOO_LARGE);
  return (
    new Hono<StaffEnv>()
      .get('/staff/admin/menu/', async (c) => c.json(await editor.menuEditor(deps), 200, noStore))
      .get('/staff/admin/menu/export.json', async (c) => {
        const file = await editor.exportMenu(deps);
        return c.body(`${JSON.stringify(file, null, 2)}\n`, 200, {
          ...noStore,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': 'attachment; filename="menu.json"',
        });
      })
      .get('/staff/admin/menu/export.csv', async (c) => {
        const file = await editor.exportMenu(deps);
        return c.body(csvFile(menuCsvRows(file)), 200, {
          ...noStore,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="menu.csv"',
        });
      })
      .post('/staff/admin/menu/sync/', async (c) => c.json(await editor.syncNow(deps)))
      // Clover's menu is changed in Clover: every change here says so, before reading anything.
      .on(['POST', 'PATCH', 'PUT', 'DELETE'], '/staff/admin/menu/*', async (c, next) => {
        if (deps.pos) throw new HttpError(409, MENU_MANAGED_IN_CLOVER);
        await next();
      })
      .post('/staff/admin/menu/import/preview/', importLimit, async (c) =>
        c.json(await editor.previewImport(deps, await readBody(c, ImportRequestSchema))),
      )
      .post('/staff/admin/menu/import/apply/', importLimit, async (c) =>
        c.json(await editor.applyImport(deps, await readBody(c, ImportRequestSchema), by(c))),
      )
      .post('/staff/admin/menu/categories/', async (c) =>
        c.json(await editor.makeCategory(deps, await readBody(c, CategoryCreateSchema), by(c)), 201),
      )
      .patch('/staff/admin/menu/categories/:id/', async (c) =>
        c.json(await editor.changeCategory(deps, id(c), await readBody(c, CategoryChangeSchema), by(c))),
      )
      .delete('/staff/admin/menu/categories/:id/', async (c) => c.json(await editor.removeCategory(deps, id(c), by(c))))
      .post('/staff/admin/menu/categories/:id/move/', async (c) =>
        c.json(await editor.moveEntry(deps, 'category', id(c), await readBody(c, MoveSchema), by(c))),
      )
      .post('/staff/admin/menu/items/', async (c) =>
        c.json(await editor.makeItem(deps, await readBody(c, ItemCreateSchema), by(c)), 201),
      )
      .patch('/staff/admin/menu/items/:id/', async (c) =>
        c.json(await editor.changeItem(deps, id(c), await readBody(c, ItemChangeSchema), by(c))),
      )
      .delete('/staff/admin/menu/items/:id/', async (c) => c.json(await editor.removeItem(deps, id(c), by(c))))
      .post('/staff/admin/menu/items/:id/move/', async (c) =>
        c.json(await editor.moveEntry(deps, 'item', id(c), await readBody(c, MoveSchema), by(c))),
      )
      // The photo is the request's body itself (Content-Type image/…), at most PHOTO_MAX_BYTES.
      .put('/staff/admin/menu/items/:id/photo/', photoLimit, async (c) => {
        const upload = new Uint8Array(await c.req.arrayBuffer());
        return c.json(await editor.setItemPhoto(deps, id(c), upload, by(c)));
      })
      .delete('/staff/admin/menu/items/:id/photo/', async (c) =>
        c.json(await editor.removeItemPhoto(deps, id(c), by(c))),
      )
      .put('/staff/admin/menu/items/:id/groups/:group/', async (c) =>
        c.json(await editor.offerGroup(deps, id(c), c.req.param('group'), true, by(c))),
      )
      .delete('/staff/admin/menu/items/:id/groups/:group/', async (c) =>
        c.json(await editor.offerGroup(deps, id(c), c.req.param('group'), false, by(c))),
      )
      .post('/staff/admin/menu/items/:id/groups/:group/move/', async (c) =>
        c.json(await editor.moveItemGroup(deps, id(c), c.req.param('group'), await readBody(c, MoveSchema), by(c))),
      )
      .post('/staff/admin/menu/groups/', async (c) =>
        c.json(await editor.makeGroup(deps, await readBody(c, GroupCreateSchema), by(c)), 201),
      )
      .patch('/staff/admin/menu/groups/:id/', async (c) =>
        c.json(await editor.changeGroup(deps, id(c), await readBody(c, GroupChangeSchema), by(c))),
      )
      .delete('/staff/admin/menu/groups/:id/', async (c) => c.json(await editor.removeGroup(deps, id(c), by(c))))
      .post('/staff/admin/menu/groups/:id/modifiers/', async (c) =>
        c.json(await editor.makeModifier(deps, id(c), await readBody(c, ModifierCreateSchema), by(c)), 201),
      )
      .patch('/staff/admin/menu/modifiers/:id/', async (c) =>
        c.json(await editor.changeModifier(deps, id(c), await readBody(c, ModifierChangeSchema), by(c))),
      )
      .delete('/staff/admin/menu/modifiers/:id/', async (c) => c.json(await editor.removeModifier(deps, id(c), by(c))))
      .post('/staff/admin/menu/modifiers/:id/move/', async (c) =>
        c.json(await editor.moveEntry(deps, 'modifier', id(c), await readBody(c, MoveSchema), by(c))),
      )
  );
}
