/** Money back while an order stands: POST /api/staff/orders/:id/refunds/ (some items, or an amount). */
import { Hono } from 'hono';
import { StaffRefundSchema } from '../../../shared/api/staff.ts';
import type { AppDependencies } from '../../dependencies.ts';
import { readBody } from '../../http/errors.ts';
import { requiredIdempotencyKey } from '../../http/idempotency-key.ts';
import type { StaffEnv } from '../../http/staff.ts';
import { refundOrder } from '../../services/refunds.ts';

/**
 * Mounted behind `requireStaff(…, 'staff')`, like the board's other order calls. Each refund comes
 * with an `Idempotency-Key` (the refund dialog makes one when it opens and sends it with every
 * try), so a try sent again never gives the money back twice: a missing or malformed one is
 * refused (400) with create-order's sentence.
 */
export function staffRefundRoutes(deps: AppDependencies): Hono<StaffEnv> {
  return new Hono<StaffEnv>().post('/staff/orders/:id/refunds/', async (c) => {
    const idempotencyKey = requiredIdempotencyKey(c);
    const refund = await readBody(c, StaffRefundSchema);
    return c.json(await refundOrder(deps, c.req.param('id'), refund, c.var.staff, idempotencyKey));
  });
}
