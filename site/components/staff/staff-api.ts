/**
 * The board's calls to /api/staff/ (shared/api/staff.ts), from the restaurant's own site: same
 * origin, the CSRF token from the readable `csrftoken` cookie, the staff access token in
 * `Authorization: Bearer`. A failure is an ApiRequestError carrying the server's own sentence.
 */
import { ApiRequestError, readCsrfCookie, readJson, serverMessage } from '../../../shared/api/client.ts';
import { NETWORK_ERROR, REQUEST_FAILED } from '../../../shared/api/messages.ts';
import type { BoardAnswer, BoardOrder, MenuSyncAnswer, SoldOutAnswer, StaffMemberAnswer, StaffRoleName, StaffSessionAnswer } from '../../../shared/api/staff.ts';
import type { MoveTarget } from '../../../shared/staff-board.ts';

export interface StoreStatusAnswer {
  paused: boolean;
  paused_at: string | null;
}

/** POST /api/staff/members/: the member, whether they are new, and their one-time password link. */
export interface InviteAnswer {
  staff: StaffMemberAnswer;
  created: boolean;
  set_password_url: string;
  expires_at: string;
}

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
  cancel(token: string, orderId: string, reason: string): Promise<BoardOrder>;
  store(token: string): Promise<StoreStatusAnswer>;
  pause(token: string, paused: boolean): Promise<StoreStatusAnswer>;
  soldOutSwitches(token: string): Promise<SoldOutAnswer>;
  menuSync(token: string): Promise<MenuSyncAnswer>;
  invite(token: string, email: string, role: StaffRoleName): Promise<InviteAnswer>;
  syncMenu(token: string): Promise<MenuSyncAnswer>;
  setSoldOut(token: string, what: 'items' | 'modifiers', id: string, soldOut: boolean, until: 'end_of_day' | null): Promise<void>;
}

export function createStaffApi(fetcher: typeof fetch = (...args) => fetch(...args)): StaffApi {
  let csrfReady: Promise<void> | null = null;

  /** The CSRF cookie is set by GET /api/csrf/ once per page, before the first state-changing call. */
  function ensureCsrf(): Promise<void> {
    if (readCsrfCookie(() => document.cookie)) return Promise.resolve();
    csrfReady ??= fetcher('/api/csrf/', { credentials: 'same-origin' }).then(
      () => undefined,
      () => {
        csrfReady = null;
      },
    );
    return csrfReady;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (method === 'POST') {
      await ensureCsrf();
      const csrf = readCsrfCookie(() => document.cookie);
      if (csrf) headers['X-CSRFToken'] = csrf;
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetcher(`/api/staff/${path}`, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new ApiRequestError(0, NETWORK_ERROR, undefined, { cause: error });
    }
    const data = await readJson(response);
    if (!response.ok) throw new ApiRequestError(response.status, serverMessage(data) ?? REQUEST_FAILED, data);
    return data as T;
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
    setPassword: async (token, password) => (await call<{ message: string }>('POST', 'password/', null, { token, password })).message,
    me: (token) => call('GET', 'me/', token),
    board: (token) => call('GET', 'orders/', token),
    move: (token, orderId, to) => call('POST', `orders/${encodeURIComponent(orderId)}/move/`, token, { to }),
    promise: (token, orderId, promisedAt) => call('POST', `orders/${encodeURIComponent(orderId)}/promise/`, token, { promised_at: promisedAt }),
    cancel: (token, orderId, reason) => call('POST', `orders/${encodeURIComponent(orderId)}/cancel/`, token, { reason }),
    store: (token) => call('GET', 'store/', token),
    pause: (token, paused) => call('POST', 'store/', token, { paused }),
    soldOutSwitches: (token) => call('GET', 'menu/', token),
    menuSync: (token) => call('GET', 'menu/sync/', token),
    invite: (token, email, role) => call('POST', 'members/', token, { email, role }),
    syncMenu: (token) => call('POST', 'menu/sync/', token),
    async setSoldOut(token, what, id, soldOut, until) {
      await call('POST', `menu/${what}/${encodeURIComponent(id)}/sold-out/`, token, { sold_out: soldOut, until: soldOut ? until : null });
    },
  };
}
