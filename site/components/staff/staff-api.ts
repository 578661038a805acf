/**
 * The board's calls to /api/staff/ (shared/api/staff.ts), from the restaurant's own site, through
 * the same transport as the widget's client (shared/api/transport.ts): the CSRF token from the
 * readable `csrftoken` cookie, the staff access token in `Authorization: Bearer`. A failure is an
 * ApiRequestError carrying the server's own sentence.
 */
import { ApiRequestError, createTransport, readCsrfCookie } from '../../../shared/api/transport.ts';
import type {
  BoardAnswer,
  BoardOrder,
  InviteAnswer,
  MenuSyncAnswer,
  SoldOutAnswer,
  StaffCancelInput,
  StaffMemberAnswer,
  StaffRefundInput,
  StaffRoleName,
  StaffSessionAnswer,
  StaffStoreInput,
  StaffTeamAnswer,
  StaffTeamMember,
  StaffUndoInput,
  StoreStatusAnswer,
} from '../../../shared/api/staff.ts';
import type { MoveTarget } from '../../../shared/staff-board.ts';

export interface StaffApi {
  login(email: string, password: string): Promise<StaffSessionAnswer>;
  /** A new session from the refresh cookie; null when there is none (sign in again). */
  refresh(): Promise<StaffSessionAnswer | null>;
  signout(): Promise<void>;
  setPassword(token: string, password: string): Promise<string>;
  me(token: string): Promise<StaffMemberAnswer>;
  board(token: string): Promise<BoardAnswer>;
  move(token: string, orderId: string, to: MoveTarget): Promise<BoardOrder>;
  promise(token: string, orderId: string, promisedAt: string): Promise<BoardOrder>;
  /** Takes back the move `eventId` names (BoardOrder.undo.event_id), refused once someone moved the order since. */
  undo(token: string, orderId: string, eventId: string): Promise<BoardOrder>;
  /** Brings a completed order back to the pass. */
  recall(token: string, orderId: string): Promise<BoardOrder>;
  /** Closes a pickup nobody came for. */
  noShow(token: string, orderId: string): Promise<BoardOrder>;
  /** Cancels the order with a reason (and a note), giving back everything not refunded yet; again: retries a failed refund. */
  cancel(token: string, orderId: string, body: StaffCancelInput): Promise<BoardOrder>;
  /**
   * Gives back some items or an amount while the order stands. The refund dialog's body carries
   * its Idempotency-Key (KeyedRefund), sent as that header: a try sent again refunds once.
   */
  refund(token: string, orderId: string, body: KeyedRefund): Promise<BoardOrder>;
  store(token: string): Promise<StoreStatusAnswer>;
  /** The pause, busy and auto-accept switches: the fields sent change. */
  setStore(token: string, change: StaffStoreInput): Promise<StoreStatusAnswer>;
  soldOutSwitches(token: string): Promise<SoldOutAnswer>;
  menuSync(token: string): Promise<MenuSyncAnswer>;
  invite(token: string, email: string, role: StaffRoleName): Promise<InviteAnswer>;
  team(token: string): Promise<StaffTeamAnswer>;
  changeRole(token: string, memberId: string, role: StaffRoleName): Promise<StaffTeamMember>;
  removeMember(token: string, memberId: string): Promise<void>;
  syncMenu(token: string): Promise<MenuSyncAnswer>;
  setSoldOut(
    token: string,
    what: 'items' | 'modifiers',
    id: string,
    soldOut: boolean,
    until: 'end_of_day' | null,
  ): Promise<void>;
}

/** A refund as the refund dialog sends it: with the key it made when it opened. */
export type KeyedRefund = StaffRefundInput & { idempotencyKey: string };

export function createStaffApi(fetcher: typeof fetch = (...args) => fetch(...args)): StaffApi {
  const readCookie = () => document.cookie;
  const transport = createTransport({ baseUrl: '', fetch: fetcher, readCookie });

  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<T> {
    // The CSRF cookie comes from GET /api/csrf/, asked before the first state-changing call.
    if (method !== 'GET' && !readCsrfCookie(readCookie)) await transport.csrf();
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    return transport.request<T>(method, `/api/staff/${path}`, { body, headers });
  }

  return {
    login: (email, password) => call('POST', 'login/', null, { email, password }),
    async refresh() {
      try {
        return await call<StaffSessionAnswer>('POST', 'refresh/', null);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
    async signout() {
      await call('POST', 'signout/', null).catch(() => undefined);
    },
    setPassword: async (token, password) =>
      (await call<{ message: string }>('POST', 'password/', null, { token, password })).message,
    me: (token) => call('GET', 'me/', token),
    board: (token) => call('GET', 'orders/', token),
    move: (token, orderId, to) => call('POST', `orders/${encodeURIComponent(orderId)}/move/`, token, { to }),
    promise: (token, orderId, promisedAt) =>
      call('POST', `orders/${encodeURIComponent(orderId)}/promise/`, token, { promised_at: promisedAt }),
    cancel: (token, orderId, body) => call('POST', `orders/${encodeURIComponent(orderId)}/cancel/`, token, body),
    async refund(token, orderId, body) {
      // As call() does, with the dialog's key moved from the body to its header.
      const { idempotencyKey, ...refund } = body;
      if (!readCsrfCookie(readCookie)) await transport.csrf();
      const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': idempotencyKey };
      return transport.request<BoardOrder>('POST', `/api/staff/orders/${encodeURIComponent(orderId)}/refunds/`, {
        body: refund,
        headers,
      });
    },
    undo: (token, orderId, eventId) =>
      call('POST', `orders/${encodeURIComponent(orderId)}/undo/`, token, {
        event_id: eventId,
      } satisfies StaffUndoInput),
    recall: (token, orderId) => call('POST', `orders/${encodeURIComponent(orderId)}/recall/`, token),
    noShow: (token, orderId) => call('POST', `orders/${encodeURIComponent(orderId)}/no-show/`, token),
    store: (token) => call('GET', 'store/', token),
    setStore: (token, change) => call('POST', 'store/', token, change),
    soldOutSwitches: (token) => call('GET', 'menu/', token),
    menuSync: (token) => call('GET', 'menu/sync/', token),
    invite: (token, email, role) => call('POST', 'members/', token, { email, role }),
    team: (token) => call('GET', 'members/', token),
    changeRole: (token, memberId, role) => call('PATCH', `members/${encodeURIComponent(memberId)}/`, token, { role }),
    async removeMember(token, memberId) {
      await call('DELETE', `members/${encodeURIComponent(memberId)}/`, token);
    },
    syncMenu: (token) => call('POST', 'menu/sync/', token),
    async setSoldOut(token, what, id, soldOut, until) {
      await call('POST', `menu/${what}/${encodeURIComponent(id)}/sold-out/`, token, {
        sold_out: soldOut,
        until: soldOut ? until : null,
      });
    },
  };
}
