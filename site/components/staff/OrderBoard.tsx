import { useEffect, useRef, useState } from 'react';
import type { BoardOrder } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import {
  applyEvent,
  badgedTitle,
  boardFromList,
  COLUMNS,
  ordersByColumn,
  replaceOrder,
  type BoardState,
  type MoveTarget,
} from '../../../shared/staff-board.ts';
import { openBoardStream, type StreamState } from './board-stream.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { KitchenTicket } from './KitchenTicket.tsx';
import { canPlay, playChime, unlockChime } from './new-order-chime.ts';
import { OrderCard } from './OrderCard.tsx';
import { SoldOutPanel } from './SoldOutPanel.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import type { StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';

export const BOARD_TITLE = 'Orders';

const STREAM_TEXT: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting… new orders will appear when the connection is back.',
};

interface Props {
  api: StaffApi;
  session: StaffSession;
  /** The page's title before the badge: 'Orders | Taquería El Comal'. */
  pageTitle: string;
}

/**
 * The kitchen's board: paid orders in four columns, live from the event stream, with a sound
 * and a count in the tab's title for each new one; the pause switch; the sold-out switches; and
 * for admins, adding members.
 */
export function OrderBoard({ api, session, pageTitle }: Props) {
  const [board, setBoardState] = useState<BoardState | null>(null);
  const current = useRef<BoardState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [paused, setPaused] = useState<boolean | null>(null);
  const [pauseError, setPauseError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cancelling, setCancelling] = useState<BoardOrder | null>(null);
  const [printing, setPrinting] = useState<BoardOrder | null>(null);
  const [view, setView] = useState<'orders' | 'sold-out' | 'team'>('orders');
  const [announcement, setAnnouncement] = useState('');
  const [soundOn, setSoundOn] = useState(canPlay());

  const setBoard = (state: BoardState) => {
    current.current = state;
    setBoardState(state);
  };

  useEffect(() => {
    let close = () => {};
    let left = false;
    session
      .run((token) => api.board(token))
      .then((answer) => {
        if (left) return;
        setBoard(boardFromList(answer.orders, answer.last_event_id));
        close = openBoardStream({
          token: () => session.token(),
          lastEventId: () => current.current!.lastEventId,
          onState: setStream,
          onOrder(eventId, order) {
            const { state, isNew } = applyEvent(current.current!, eventId, order);
            if (state === current.current) return;
            setBoard(state);
            if (isNew) {
              playChime();
              setAnnouncement(`New order ${order.number} from ${order.name}.`);
            }
          },
        });
      })
      .catch((failure: Error) => !left && setLoadError(failure.message));
    session
      .run((token) => api.store(token))
      .then(
        (status) => !left && setPaused(status.paused),
        (failure: Error) => !left && setPauseError(failure.message),
      );
    return () => {
      left = true;
      close();
    };
  }, [api, session]);

  const columns = board ? ordersByColumn([...board.orders.values()]) : null;
  const waiting = columns?.new.length ?? 0;
  useEffect(() => {
    document.title = badgedTitle(pageTitle, waiting);
  }, [pageTitle, waiting]);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  async function act(order: BoardOrder, call: (token: string) => Promise<BoardOrder>): Promise<boolean> {
    const id = order.order_id;
    setBusy((was) => new Set(was).add(id));
    setErrors((was) => {
      const rest = { ...was };
      delete rest[id];
      return rest;
    });
    try {
      const updated = await session.run(call);
      if (current.current) setBoard(replaceOrder(current.current, updated));
      return true;
    } catch (failure) {
      setErrors((was) => ({ ...was, [id]: (failure as Error).message }));
      return false;
    } finally {
      setBusy((was) => {
        const next = new Set(was);
        next.delete(id);
        return next;
      });
    }
  }

  const move = (order: BoardOrder, to: MoveTarget) => void act(order, (token) => api.move(token, order.order_id, to));
  const promise = (order: BoardOrder, at: string) => void act(order, (token) => api.promise(token, order.order_id, at));
  async function cancel(order: BoardOrder, reason: string) {
    if (await act(order, (token) => api.cancel(token, order.order_id, reason))) setCancelling(null);
  }

  async function togglePause() {
    if (paused === null) return;
    setPauseError(null);
    try {
      const status = await session.run((token) => api.pause(token, !paused));
      setPaused(status.paused);
    } catch (failure) {
      setPauseError((failure as Error).message);
    }
  }

  return (
    <div className={`staff-board${printing ? ' is-printing' : ''}`}>
      <header className="board-bar">
        <h1>{BOARD_TITLE}</h1>
        <p className={`stream-state stream-${stream}`} role="status">
          {STREAM_TEXT[stream]}
        </p>
        <nav className="board-views" aria-label="Board">
          <button type="button" aria-pressed={view === 'orders'} onClick={() => setView('orders')}>
            Orders{waiting > 0 ? ` (${waiting} new)` : ''}
          </button>
          <button type="button" aria-pressed={view === 'sold-out'} onClick={() => setView('sold-out')}>
            Sold out
          </button>
          {session.member.role === 'admin' && (
            <button type="button" aria-pressed={view === 'team'} onClick={() => setView('team')}>
              Team
            </button>
          )}
        </nav>
        <button
          type="button"
          role="switch"
          aria-checked={paused === true}
          disabled={paused === null}
          className={`pause-switch${paused ? ' is-paused' : ''}`}
          onClick={() => void togglePause()}
        >
          Pause online ordering
        </button>
        {!soundOn && (
          <button type="button" onClick={() => void unlockChime().then(setSoundOn)}>
            Turn on sound
          </button>
        )}
        <button type="button" onClick={() => void session.signOut()}>
          Sign out {session.member.email}
        </button>
      </header>
      {paused && (
        <p className="paused-banner" role="status">
          Online ordering is paused: customers cannot order for as soon as possible. Orders scheduled for later still
          come in.
        </p>
      )}
      {pauseError && (
        <p className="staff-error" role="alert">
          {pauseError}
        </p>
      )}
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
      {view === 'sold-out' ? (
        <SoldOutPanel api={api} session={session} />
      ) : view === 'team' ? (
        <TeamPanel api={api} session={session} />
      ) : !columns ? (
        <p role={loadError ? 'alert' : 'status'}>{loadError ?? LOADING}</p>
      ) : (
        <div className="board-columns">
          {COLUMNS.map((column) => (
            <section
              key={column.id}
              className={`board-column column-${column.id}`}
              aria-labelledby={`column-${column.id}`}
            >
              <h2 id={`column-${column.id}`}>
                {column.title} <span className="column-count">{columns[column.id].length}</span>
              </h2>
              {columns[column.id].length === 0 && <p className="column-empty">No orders.</p>}
              {columns[column.id].map((order) => (
                <OrderCard
                  key={order.order_id}
                  order={order}
                  busy={busy.has(order.order_id)}
                  error={errors[order.order_id]}
                  onMove={move}
                  onPromise={promise}
                  onPrint={setPrinting}
                  onCancel={setCancelling}
                />
              ))}
            </section>
          ))}
        </div>
      )}
      {cancelling && (
        <CancelDialog
          order={board?.orders.get(cancelling.order_id) ?? cancelling}
          busy={busy.has(cancelling.order_id)}
          error={errors[cancelling.order_id]}
          onConfirm={(reason) => void cancel(cancelling, reason)}
          onClose={() => setCancelling(null)}
        />
      )}
      {printing && <KitchenTicket order={printing} />}
    </div>
  );
}
