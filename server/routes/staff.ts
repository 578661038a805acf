/**
 * The staff side under /api/staff/: sign-in (login, refresh, signout, password from a one-time
 * link), admins managing the team (add, list, change a role, remove), the live board (orders, moves, promised times, cancel with
 * refund, and the event stream), the pause switch and the menu's sold-out switches.
 *
 * Every call but login/refresh/signout/password checks the caller with http/staff.ts: no or a bad
 * token is 401, a customer's token is 403, a staff member on an admin call is 403.
 *
 * GET /api/staff/events/ is Server-Sent Events. A browser's EventSource cannot send an
 * Authorization header, so this one route also takes the staff access token as `?access_token=`.
 * The token lives 15 minutes and the stream ends when it expires (the board then reconnects
 * with a fresh token, carrying `?last_event_id=`, so it misses nothing), and within a few seconds
 * of its session ending (sign-out) or its member being removed; the request log records paths
 * without their query, so the token is not written there.
 */
import { Hono, type Context } from 'hono';
import {
  StaffCancelSchema,
  StaffInviteSchema,
  StaffLoginSchema,
  StaffMoveSchema,
  StaffPromiseSchema,
  StaffRoleChangeSchema,
  StaffSetPasswordSchema,
  StaffSoldOutSchema,
  StaffStoreSchema,
  type BoardAnswer,
  type MenuSyncAnswer,
  type SoldOutAnswer,
} from '../../shared/api/staff.ts';
import type { AppDependencies } from '../dependencies.ts';
import { createStaffAuth, inviteStaff, liveStaff, STAFF_PASSWORD_SET, staffSessionAnswer } from '../auth/staff-auth.ts';
import { readMenuSyncStatus } from '../db/menu-sync-status.ts';
import { soldOutOverview } from '../db/sold-out.ts';
import { syncCloverMenu } from '../services/menu-sync.ts';
import { latestOrderEventId, orderEventsAfter } from '../db/order-events.ts';
import { clientAddress } from '../http/client-address.ts';
import { readBody } from '../http/errors.ts';
import { eventStream } from '../http/event-stream.ts';
import { HttpError } from '../http/errors.ts';
import { clearStaffRefreshCookie, readStaffRefreshCookie, setStaffRefreshCookie, STAFF_SESSION_ENDED, staffMember } from '../http/staff.ts';
import {
  boardOrder,
  boardOrders,
  cancelOrder,
  moveOnBoard,
  pauseStore,
  promiseOrder,
  setSoldOut,
  storeStatus,
} from '../services/staff-board.ts';
import { changeRole, listTeam, removeMember } from '../services/staff-team.ts';

/** How often the event stream looks for new events in the database. */
export const EVENT_POLL_MS = 250;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;
/** How often the event stream checks that its session is still live and its member still here. */
export const SESSION_CHECK_MS = 2_000;

export const NOTHING_TO_SYNC = 'The menu comes from the demo data: there is no point-of-sale to sync with.';

async function menuSyncAnswer({ db, pos }: Pick<AppDependencies, 'db' | 'pos'>): Promise<MenuSyncAnswer> {
  const status = await readMenuSyncStatus(db);
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return { source: pos ? 'clover' : 'demo', last_success_at: iso(status.last_success_at), last_error: status.last_error, last_error_at: iso(status.last_error_at) };
}

export function staffRoutes(deps: AppDependencies): Hono {
  const { db, settings, clock } = deps;
  const staff = createStaffAuth({ db, secret: settings.secret, clock });
  const auths = { staff, customers: deps.auth };
  const member = (c: Context, need: 'staff' | 'admin' = 'staff') => staffMember(c, auths, need);

  return new Hono()
    .post('/staff/login/', async (c) => {
      const { email, password } = await readBody(c, StaffLoginSchema);
      const session = await staff.signIn(email, password, clientAddress(c, settings.trustProxy));
      setStaffRefreshCookie(c, session.refreshToken, settings);
      return c.json(staffSessionAnswer(session));
    })
    .post('/staff/refresh/', async (c) => {
      const token = readStaffRefreshCookie(c);
      const session = token ? await staff.refresh(token) : null;
      if (!session) {
        clearStaffRefreshCookie(c, settings);
        throw new HttpError(401, STAFF_SESSION_ENDED);
      }
      setStaffRefreshCookie(c, session.refreshToken, settings);
      return c.json(staffSessionAnswer(session));
    })
    .post('/staff/signout/', async (c) => {
      const token = readStaffRefreshCookie(c);
      if (token) await staff.signOut(token);
      clearStaffRefreshCookie(c, settings);
      return c.body(null, 204);
    })
    .post('/staff/password/', async (c) => {
      const { token, password } = await readBody(c, StaffSetPasswordSchema);
      await staff.setPassword(token, password);
      clearStaffRefreshCookie(c, settings);
      return c.json({ message: STAFF_PASSWORD_SET });
    })
    .get('/staff/me/', async (c) => {
      const { id, email, role } = await member(c);
      return c.json({ id, email, role });
    })
    .post('/staff/members/', async (c) => {
      await member(c, 'admin');
      const { email, role } = await readBody(c, StaffInviteSchema);
      const invite = await inviteStaff(db, { email, role, origin: settings.publicOrigin, now: clock() });
      return c.json(
        { staff: invite.member, created: invite.created, set_password_url: invite.url, expires_at: invite.expiresAt.toISOString() },
        invite.created ? 201 : 200,
      );
    })
    .get('/staff/members/', async (c) => {
      await member(c, 'admin');
      return c.json(await listTeam(db), 200, { 'Cache-Control': 'no-store' });
    })
    .patch('/staff/members/:id/', async (c) => {
      await member(c, 'admin');
      const { role } = await readBody(c, StaffRoleChangeSchema);
      return c.json(await changeRole(db, c.req.param('id'), role));
    })
    .delete('/staff/members/:id/', async (c) => {
      await member(c, 'admin');
      await removeMember(db, c.req.param('id'));
      return c.body(null, 204);
    })
    .get('/staff/orders/', async (c) => {
      await member(c);
      // The cursor is read before the orders: an event that lands between the two is replayed
      // by the stream opened from it (applying an order twice changes nothing), never lost.
      const lastEventId = await latestOrderEventId(db);
      const answer: BoardAnswer = { orders: await boardOrders(db, clock()), last_event_id: lastEventId };
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/staff/orders/:id/', async (c) => {
      await member(c);
      const order = await boardOrder(db, c.req.param('id'));
      if (!order || order.status === 'pending_payment') throw new HttpError(404, 'There is no such order.');
      return c.json(order, 200, { 'Cache-Control': 'no-store' });
    })
    .post('/staff/orders/:id/move/', async (c) => {
      const by = await member(c);
      const { to, promised_at } = await readBody(c, StaffMoveSchema);
      return c.json(await moveOnBoard(deps, c.req.param('id'), to, by, promised_at ? new Date(promised_at) : undefined));
    })
    .post('/staff/orders/:id/promise/', async (c) => {
      const by = await member(c);
      const { promised_at } = await readBody(c, StaffPromiseSchema);
      return c.json(await promiseOrder(deps, c.req.param('id'), new Date(promised_at), by));
    })
    .post('/staff/orders/:id/cancel/', async (c) => {
      const by = await member(c);
      const { reason } = await readBody(c, StaffCancelSchema);
      return c.json(await cancelOrder(deps, c.req.param('id'), reason, by));
    })
    .get('/staff/store/', async (c) => {
      await member(c);
      return c.json(await storeStatus(db), 200, { 'Cache-Control': 'no-store' });
    })
    .post('/staff/store/', async (c) => {
      await member(c);
      const { paused } = await readBody(c, StaffStoreSchema);
      return c.json(await pauseStore(deps, paused));
    })
    .get('/staff/menu/', async (c) => {
      await member(c);
      const answer: SoldOutAnswer = await soldOutOverview(db, clock());
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/staff/menu/sync/', async (c) => {
      await member(c);
      return c.json(await menuSyncAnswer(deps), 200, { 'Cache-Control': 'no-store' });
    })
    .post('/staff/menu/sync/', async (c) => {
      await member(c);
      if (!deps.pos) throw new HttpError(409, NOTHING_TO_SYNC);
      await syncCloverMenu({ db, clover: deps.pos, clock, menu: deps.menu });
      return c.json(await menuSyncAnswer(deps));
    })
    .post('/staff/menu/items/:id/sold-out/', async (c) => {
      await member(c);
      const { sold_out, until } = await readBody(c, StaffSoldOutSchema);
      return c.json(await setSoldOut(deps, 'item', c.req.param('id'), sold_out, until));
    })
    .post('/staff/menu/modifiers/:id/sold-out/', async (c) => {
      await member(c);
      const { sold_out, until } = await readBody(c, StaffSoldOutSchema);
      return c.json(await setSoldOut(deps, 'modifier', c.req.param('id'), sold_out, until));
    })
    .get('/staff/events/', async (c) => {
      const who = await staffMember(c, auths, 'staff', { tokenInQuery: true });
      const asked = c.req.header('Last-Event-ID') ?? c.req.query('last_event_id');
      let cursor = asked && /^\d{1,18}$/.test(asked.trim()) ? asked.trim() : await latestOrderEventId(db);
      return eventStream(c, deps, async (stream) => {
        let open = true;
        stream.onAbort(() => {
          open = false;
        });
        await stream.write(`retry: 2000\n: connected\n\n`);
        let lastWrite = Date.now();
        let lastCheck = Date.now();
        try {
          while (open && clock().getTime() < who.expiresAt.getTime()) {
            // Signed out or removed since the stream opened: it ends, and the board's reconnect is refused.
            if (Date.now() - lastCheck >= SESSION_CHECK_MS) {
              lastCheck = Date.now();
              if (!(await liveStaff(db, who))) break;
            }
            const events = await orderEventsAfter(db, cursor);
            for (const event of events) {
              if (!open) break;
              const order = await boardOrder(db, event.order_id);
              if (order) await stream.writeSSE({ id: event.id, event: 'order', data: JSON.stringify(order) });
              cursor = event.id;
              lastWrite = Date.now();
            }
            if (events.length > 0) continue;
            if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
              await stream.write(': keep-alive\n\n');
              lastWrite = Date.now();
            }
            await stream.sleep(EVENT_POLL_MS);
          }
        } catch (error) {
          if (open) console.error(JSON.stringify({ level: 'error', message: `staff event stream stopped: ${(error as Error).message}` }));
        }
      });
    });
}
