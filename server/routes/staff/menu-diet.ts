/** Editing an item's diet tags from the staff side (admins). */
import { Hono } from 'hono';
import { StaffItemDietSchema } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { setItemDiet } from '../../services/menu-diet.ts';

/** Mounted behind `requireStaff(…, 'admin')`. */
export function staffMenuDietRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>().put('/staff/menu/items/:id/diet/', async (c) =>
    c.json(await setItemDiet(deps, c.req.param('id'), await readBody(c, StaffItemDietSchema))),
  );
}
