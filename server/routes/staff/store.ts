/** The store's switches: the pause (timed or until turned back on), busy minutes and auto-accept. */
import { Hono } from 'hono';
import { StaffStoreSchema } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { changeStore, storeStatus } from '../../services/store-switches.ts';

/** Mounted behind `requireStaff(…, 'staff')`. */
export function staffStoreRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/store/', async (c) =>
      c.json(await storeStatus(deps.db, deps.clock()), 200, { 'Cache-Control': 'no-store' }),
    )
    .post('/staff/store/', async (c) => c.json(await changeStore(deps, await readBody(c, StaffStoreSchema))));
}
