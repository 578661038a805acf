/** The admin's live settings: read them, save or reset one section, preview the next 7 days' slots. */
import { Hono } from 'hono';
import {
  isSettingsSection,
  noSuchSection,
  PreviewRequestSchema,
  saveSectionSchema,
} from '../../../../shared/api/admin-settings.ts';
import type { AppDependencies } from '../../../dependencies.ts';
import { HttpError, readBody } from '../../../http/errors.ts';
import type { StaffEnv } from '../../../http/staff.ts';
import { previewSlots, readAdminSettings, resetSection, saveSection } from '../../../services/admin-settings.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

function sectionOf(name: string) {
  if (!isSettingsSection(name)) throw new HttpError(404, noSuchSection(name));
  return name;
}

/** Mounted behind `requireStaff(…, 'admin')`. */
export function adminSettingsRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/admin/settings/', async (c) => c.json(await readAdminSettings(deps), 200, NO_STORE))
    .post('/staff/admin/settings/preview/', async (c) =>
      c.json(await previewSlots(deps, await readBody(c, PreviewRequestSchema)), 200, NO_STORE),
    )
    .put('/staff/admin/settings/:section/', async (c) => {
      const section = sectionOf(c.req.param('section'));
      const { value } = await readBody(c, saveSectionSchema(section));
      return c.json(await saveSection(deps, section, value, c.var.staff), 200, NO_STORE);
    })
    .delete('/staff/admin/settings/:section/', async (c) =>
      c.json(await resetSection(deps, sectionOf(c.req.param('section')), c.var.staff), 200, NO_STORE),
    );
}
