/** The store's pause switch: whether it takes orders now. */
import { Hono } from 'hono';
import { StaffStoreSchema } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { pauseStore, storeStatus } from '../../services/store-switches.ts';

/** Mounted behind `requireStaff(…, 'staff')`. */
export function staffStoreRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>()
    .get('/staff/store/', async (c) => c.json(await storeStatus(deps.db), 200, { 'Cache-Control': 'no-store' }))
    .post('/staff/store/', async (c) => {
      const { paused } = await readBody(c, StaffStoreSchema);
      return c.json(await pauseStore(deps, paused ?? false));
    });
}
