/** The menu from the staff side: what is sold out, the sold-out switches, and the sync with the point-of-sale. */
import { Hono } from 'hono';
import { StaffSoldOutSchema, type MenuSyncAnswer, type SoldOutAnswer } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { readMenuSyncStatus } from '../../db/menu-sync-status.ts';
import { soldOutOverview } from '../../db/sold-out.ts';
import { HttpError, readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { syncCloverMenu } from '../../services/menu-sync.ts';
import { setSoldOut } from '../../services/staff-board.ts';

export const NOTHING_TO_SYNC = 'The menu comes from the demo data: there is no point-of-sale to sync with.';

async function menuSyncAnswer({ db, pos }: Pick<AppDependencies, 'db' | 'pos'>): Promise<MenuSyncAnswer> {
  const status = await readMenuSyncStatus(db);
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return {
    source: pos ? 'clover' : 'demo',
    last_success_at: iso(status.last_success_at),
    last_error: status.last_error,
    last_error_at: iso(status.last_error_at),
    notes: pos ? status.last_notes : [],
    warnings: pos ? status.last_warnings : [],
  };
}

/** Mounted behind `requireStaff(…, 'staff')`. */
export function staffMenuRoutes(deps: AppDependencies): Hono<StaffEnv> {
  const { db, clock } = deps;
  return new Hono<StaffEnv>()
    .get('/staff/menu/', async (c) => {
      const answer: SoldOutAnswer = await soldOutOverview(db, clock());
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/staff/menu/sync/', async (c) => c.json(await menuSyncAnswer(deps), 200, { 'Cache-Control': 'no-store' }))
    .post('/staff/menu/sync/', async (c) => {
      if (!deps.pos) throw new HttpError(409, NOTHING_TO_SYNC);
      await syncCloverMenu({ db, clover: deps.pos, clock, menu: deps.menu });
      return c.json(await menuSyncAnswer(deps));
    })
    .post('/staff/menu/items/:id/sold-out/', async (c) => {
      const { sold_out, until } = await readBody(c, StaffSoldOutSchema);
      return c.json(await setSoldOut(deps, 'item', c.req.param('id'), sold_out, until));
    })
    .post('/staff/menu/modifiers/:id/sold-out/', async (c) => {
      const { sold_out, until } = await readBody(c, StaffSoldOutSchema);
      return c.json(await setSoldOut(deps, 'modifier', c.req.param('id'), sold_out, until));
    });
}
