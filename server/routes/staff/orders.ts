/**
 * The live board's orders: the list, one order, moving, undoing the latest move (30 s), recalling
 * a completed order, a pickup nobody came for, promising and cancelling (with refund).
 */
import { Hono, type Context } from 'hono';
import {
  StaffCancelSchema,
  StaffMoveSchema,
  StaffPromiseSchema,
  StaffUndoSchema,
  type BoardAnswer,
} from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { latestOrderEventId } from '../../db/order-events.ts';
import { HttpError, NOT_JSON, parseWith, readBody } from '../../http/errors.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { cancelOrder } from '../../services/order-cancel.ts';
import {
  boardOrder,
  boardOrders,
  markNoShow,
  moveOnBoard,
  promiseOrder,
  recallOrder,
  undoMove,
} from '../../services/staff-board.ts';

/** The undo's body, which may be left out (no body: the order's latest move, whoever made it). */
async function undoBody(c: Context) {
  const text = await c.req.text();
  if (text.trim() === '') return parseWith(StaffUndoSchema, {});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, NOT_JSON);
  }
  return parseWith(StaffUndoSchema, body);
}

/** Mounted behind `requireStaff(…, 'staff')`. */
export function staffOrderRoutes(deps: AppDependencies): Hono<StaffEnv> {
  const { db, clock } = deps;
  return new Hono<StaffEnv>()
    .get('/staff/orders/', async (c) => {
      // The cursor is read before the orders: an event that lands between the two is replayed
      // by the stream opened from it (applying an order twice changes nothing), never lost.
      const lastEventId = await latestOrderEventId(db);
      const answer: BoardAnswer = { orders: await boardOrders(db, clock()), last_event_id: lastEventId };
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/staff/orders/:id/', async (c) => {
      const order = await boardOrder(db, c.req.param('id'), clock());
      if (!order || order.status === 'pending_payment') throw new HttpError(404, 'There is no such order.');
      return c.json(order, 200, { 'Cache-Control': 'no-store' });
    })
    .post('/staff/orders/:id/move/', async (c) => {
      const { to, promised_at } = await readBody(c, StaffMoveSchema);
      return c.json(
        await moveOnBoard(deps, c.req.param('id'), to, c.var.staff, promised_at ? new Date(promised_at) : undefined),
      );
    })
    .post('/staff/orders/:id/undo/', async (c) => {
      const { event_id } = await undoBody(c);
      return c.json(await undoMove(deps, c.req.param('id'), c.var.staff, event_id));
    })
    .post('/staff/orders/:id/recall/', async (c) => c.json(await recallOrder(deps, c.req.param('id'), c.var.staff)))
    .post('/staff/orders/:id/no-show/', async (c) => c.json(await markNoShow(deps, c.req.param('id'), c.var.staff)))
    .post('/staff/orders/:id/promise/', async (c) => {
      const { promised_at } = await readBody(c, StaffPromiseSchema);
      return c.json(await promiseOrder(deps, c.req.param('id'), new Date(promised_at), c.var.staff));
    })
    .post('/staff/orders/:id/cancel/', async (c) => {
      const { reason, note } = await readBody(c, StaffCancelSchema);
      return c.json(await cancelOrder(deps, c.req.param('id'), { reason, note }, c.var.staff));
    });
}
