import { useEffect, useMemo, useRef, useState } from 'react';
import type { BoardOrder, StaffCancelInput, StaffStoreInput, StoreStatusAnswer } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import {
  ALARM_MEMORY,
  alarmSounded,
  alarmStep,
  allDayCounts,
  chimeMemoryAt,
  chimeStep,
  keepSeen,
  problemKey,
  type AlarmMemory,
  type ChimeMemory,
} from '../../../shared/kitchen-clock.ts';
import { kitchenSettings } from '../../../shared/settings/values.ts';
import {
  applyEvent,
  badgedTitle,
  boardFromList,
  COLUMNS,
  keepStruck,
  nextMove,
  offersUndo,
  ordersByColumn,
  pickTicket,
  replaceOrder,
  statusText,
  toggleStruck,
  type BoardState,
  type Columns,
  type MoveTarget,
  type OwnMove,
  type StruckItems,
} from '../../../shared/staff-board.ts';
import { BarMenu } from './BarMenu.tsx';
import {
  readAutoPrint,
  readPrinted,
  readSeenProblems,
  readStruck,
  saveAutoPrint,
  savePrinted,
  saveSeenProblems,
  saveStruck,
} from './board-device.ts';
import { openBoardStream, type StreamState } from './board-stream.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { HelpDialog } from './HelpDialog.tsx';
import { KitchenTicket } from './KitchenTicket.tsx';
import { playAlarm, playChime, soundState, unlockChime, watchSound, type SoundState } from './new-order-chime.ts';
import { OrderCard, type TicketActions } from './OrderCard.tsx';
import { attentionLine, attentionText, PROBLEM_LABELS } from './order-text.ts';
import { RefundDialog } from './RefundDialog.tsx';
import { SoldOutPanel } from './SoldOutPanel.tsx';
import { StoreSwitches, storeBanners, storeLabel } from './StoreSwitches.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import type { KeyedRefund, StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';

export const BOARD_TITLE = 'Orders';

const STREAM_TEXT: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Offline',
};

/** How often the store switches are read again (another tablet may flip them; a timed pause ends). */
const STORE_EVERY_MS = 30_000;

interface Props {
  api: StaffApi;
  session: StaffSession;
  /** The page's title before the badge: 'Orders | Taquería El Comal'. */
  pageTitle: string;
}

/** The time now, moving on every `everyMs`: the tickets' timers and the lanes follow it. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** An open problem on the board, with its order: the alarm's and the strip's unit. */
interface OpenProblem {
  key: string;
  order: BoardOrder;
  problem: BoardOrder['problems'][number];
}

/** The open problems on the board, oldest first. */
function openProblems(orders: Iterable<BoardOrder>): OpenProblem[] {
  const open: OpenProblem[] = [];
  for (const order of orders) {
    for (const problem of order.problems) open.push({ key: problemKey(order.order_id, problem), order, problem });
  }
  return open.sort((a, b) => Date.parse(a.problem.opened_at) - Date.parse(b.problem.opened_at));
}

/** Keys typed into a field, or with a modifier, are not the board's. */
function typing(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  return Boolean(target?.closest('input, textarea, select, [contenteditable="true"]'));
}

/**
 * The kitchen's board: paid orders in lanes (New, Accepted, Ready, Completed, and Upcoming for
 * scheduled orders not due to start), live from the event stream, with a sound for each new one
 * repeated until someone accepts it, the line's all-day counts, keyboard shortcuts, the store's
 * pace switches, printing, refunds; the sold-out switches; and for admins, the team. A problem on
 * an order (the courier not booked, the payment disputed) shows across the top of its ticket and
 * in a strip over the lanes that jumps to it, and sounds its own alarm at once and every 30 s
 * until someone marks it seen on this device.
 */
export function OrderBoard({ api, session, pageTitle }: Props) {
  const [board, setBoardState] = useState<BoardState | null>(null);
  const current = useRef<BoardState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [store, setStore] = useState<StoreStatusAnswer | null>(null);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [storePending, setStorePending] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The order whose cancel or refund dialog is open, by id (the dialog shows it as the board has it now). */
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [printQueue, setPrintQueue] = useState<readonly { key: number; order: BoardOrder }[]>([]);
  const printKey = useRef(0);
  const [view, setView] = useState<'orders' | 'sold-out' | 'team'>('orders');
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const [sound, setSound] = useState<SoundState>(() => soundState());
  const [selected, setSelected] = useState<string | null>(null);
  const focusSelected = useRef(false);
  const [struck, setStruck] = useState<StruckItems>(() => readStruck());
  const [seenProblems, setSeenProblems] = useState<ReadonlySet<string>>(() => readSeenProblems());
  const [autoPrint, setAutoPrint] = useState(() => readAutoPrint());
  /** This board's latest move it may take back: the undo bar and the U key. */
  const [lastMove, setLastMove] = useState<(OwnMove & { orderId: string; text: string }) | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const chime = useRef<ChimeMemory | null>(null);
  const alarm = useRef<AlarmMemory>(ALARM_MEMORY);
  const printed = useRef<Set<string> | null>(null);
  const now = useNow(1000);

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
            const state = applyEvent(current.current!, eventId, order);
            if (state !== current.current) setBoard(state);
          },
        });
      })
      .catch((failure: Error) => !left && setLoadError(failure.message));
    return () => {
      left = true;
      close();
    };
  }, [api, session]);

  // The store switches, now and every half minute.
  useEffect(() => {
    let left = false;
    const read = () =>
      session
        .run((token) => api.store(token))
        .then(
          (status) => !left && setStore(status),
          (failure: Error) => !left && setStoreError(failure.message),
        );
    void read();
    const timer = setInterval(() => void read(), STORE_EVERY_MS);
    return () => {
      left = true;
      clearInterval(timer);
    };
  }, [api, session]);

  const columns: Columns | null = useMemo(
    () => (board ? ordersByColumn([...board.orders.values()], now) : null),
    [board, now],
  );
  const waiting = columns?.new.length ?? 0;
  const problems = useMemo(() => (board ? openProblems(board.orders.values()) : []), [board]);
  /** The open problems nobody marked seen here, for the alarm when the sound turns on. */
  const unseenNow = useRef<string[]>([]);
  unseenNow.current = problems.map((open) => open.key).filter((key) => !seenProblems.has(key));
  /** The orders in New and in Accepted now, for the sound's first chime. */
  const lanesNow = useRef<{ waiting: string[]; working: string[] }>({ waiting: [], working: [] });
  lanesNow.current = {
    waiting: columns?.new.map((order) => order.order_id) ?? [],
    working: columns?.accepted.map((order) => order.order_id) ?? [],
  };
  const unlocking = useRef<Promise<void> | null>(null);
  useEffect(() => {
    document.title = badgedTitle(pageTitle, waiting);
  }, [pageTitle, waiting]);

  // Turning the sound on: the orders already waiting sound at once, so the kitchen hears it works
  // (and they count as heard: the repeat follows 30 s later); so do the problems not marked seen.
  const turnOnSound = useRef(() => {
    unlocking.current ??= (async () => {
      const before = soundState();
      const state = await unlockChime();
      setSound(state);
      if (before === 'on' || state !== 'on') return;
      const { waiting, working } = lanesNow.current;
      const chimed = waiting.length > 0 && playChime();
      if (chimed && chime.current) {
        chime.current = { heard: new Set([...chime.current.heard, ...waiting, ...working]), lastAt: Date.now() };
      }
      const unseen = unseenNow.current;
      if (unseen.length > 0 && playAlarm(chimed)) alarm.current = alarmSounded(alarm.current, unseen, Date.now());
    })().finally(() => {
      unlocking.current = null;
    });
    return unlocking.current;
  }).current;

  // The sound: off until it works; any tap or key on the page turns it on.
  useEffect(() => {
    const stop = watchSound(setSound);
    const wake = () => {
      if (soundState() === 'off') void turnOnSound();
    };
    document.addEventListener('pointerdown', wake);
    document.addEventListener('keydown', wake);
    return () => {
      stop();
      document.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', wake);
    };
  }, [turnOnSound]);

  // Each look at the board: a new order sounds (and repeats while it waits), a new problem sounds
  // its alarm (and repeats until marked seen here); with auto-print on, each order reaching
  // Accepted prints once on this device. The look reads the clock afresh: `now` is the last tick's
  // time, late by a second or more on a busy tablet, and a sound counted from it would repeat early.
  useEffect(() => {
    if (!board || !columns) return;
    const at = Date.now();
    const waitingIds = columns.new.map((order) => order.order_id);
    const workingIds = columns.accepted.map((order) => order.order_id);
    chime.current ??= chimeMemoryAt([...waitingIds, ...workingIds], at);
    const step = chimeStep(
      chime.current,
      { waiting: waitingIds, working: workingIds, onBoard: new Set(board.orders.keys()) },
      at,
      kitchenSettings.repeatChimeSeconds * 1000,
    );
    chime.current = step.memory;
    const chimed = step.chime ? playChime() : false;
    const alarmed = alarmStep(
      alarm.current,
      problems.map((open) => open.key),
      seenProblems,
      at,
      kitchenSettings.repeatChimeSeconds * 1000,
    );
    alarm.current = alarmed.memory;
    if (alarmed.alarm) playAlarm(chimed);
    const said = [
      ...step.arrived
        .map((id) => board.orders.get(id)!)
        .map((order) => `New order ${order.number} from ${order.name}.`),
      ...problems
        .filter((open) => alarmed.arrived.includes(open.key))
        .map(
          ({ order, problem }) =>
            `Order ${order.number} from ${order.name}: ${PROBLEM_LABELS[problem.kind].toLowerCase()}. ${problem.detail}`,
        ),
    ];
    if (said.length > 0) setAnnouncement(said.join(' '));
    if (!printed.current) {
      // At load, what is already accepted counts as printed: a reload prints nothing twice.
      printed.current = readPrinted();
      if (autoPrint) for (const id of workingIds) printed.current.add(id);
    }
    if (autoPrint) {
      const fresh = columns.accepted.filter((order) => !printed.current!.has(order.order_id));
      if (fresh.length > 0) {
        for (const order of fresh) printed.current.add(order.order_id);
        const kept = [...printed.current].filter((id) => board.orders.has(id));
        printed.current = new Set(kept);
        savePrinted(printed.current);
        enqueuePrint(fresh);
      }
    }
  }, [board, columns, now, autoPrint, problems, seenProblems]);

  // Struck items stay with this device, for orders still on the board; problems marked seen, while open.
  useEffect(() => {
    if (!board) return;
    const kept = keepStruck(struck, new Set(board.orders.keys()));
    saveStruck(kept);
  }, [board, struck]);
  useEffect(() => {
    if (!board) return;
    const open = problems.map((problem) => problem.key);
    saveSeenProblems(keepSeen(seenProblems, open));
  }, [board, problems, seenProblems]);

  function enqueuePrint(orders: readonly BoardOrder[]) {
    const added = orders.map((order) => ({ key: (printKey.current += 1), order }));
    setPrintQueue((queue) => [...queue, ...added]);
  }
  const printing = printQueue[0] ?? null;
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrintQueue((queue) => queue.slice(1));
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  // A ticket picked with the keys takes the focus (it may have moved lanes).
  useEffect(() => {
    if (!focusSelected.current || !selected) return;
    focusSelected.current = false;
    const ticket = document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(selected)}"]`);
    ticket?.focus();
  });

  async function act(order: BoardOrder, call: (token: string) => Promise<BoardOrder>): Promise<BoardOrder | null> {
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
      return updated;
    } catch (failure) {
      setErrors((was) => ({ ...was, [id]: (failure as Error).message }));
      return null;
    } finally {
      setBusy((was) => {
        const next = new Set(was);
        next.delete(id);
        return next;
      });
    }
  }

  /**
   * A move the board can take back for 30 seconds: remembered, with its order event, for the undo
   * bar and the U key (the undo names that event, so it never takes back someone else's later move).
   */
  async function undoableMove(order: BoardOrder, call: (token: string) => Promise<BoardOrder>) {
    const updated = await act(order, call);
    if (!updated) return;
    const text = `Order ${updated.number}: ${statusText(updated)}.`;
    const eventId = updated.undo?.event_id;
    setLastMove(eventId ? { orderId: updated.order_id, text, eventId, at: Date.now() } : null);
    setNotice(text);
  }

  const move = (order: BoardOrder, to: MoveTarget) =>
    void undoableMove(order, (token) => api.move(token, order.order_id, to));

  async function undo() {
    const order = lastMove ? current.current?.orders.get(lastMove.orderId) : undefined;
    if (!order || !lastMove || !offersUndo(order, lastMove, Date.now())) {
      setNotice('Nothing to undo.');
      return;
    }
    const { eventId } = lastMove;
    const updated = await act(order, (token) => api.undo(token, order.order_id, eventId));
    if (!updated) return;
    setLastMove(null);
    setNotice(`Undone: order ${updated.number} is back to ${statusText(updated).toLowerCase()}.`);
  }

  /** Picks the order's ticket and moves the focus to it, in whichever lane (the browser scrolls it into view). */
  function jumpTo(orderId: string) {
    setView('orders');
    focusSelected.current = true;
    setSelected(orderId);
  }

  const actions: TicketActions = {
    select: (order) => setSelected(order.order_id),
    move,
    promise: (order, at) => void act(order, (token) => api.promise(token, order.order_id, at)),
    strike: (order, position) => setStruck((was) => toggleStruck(was, order.order_id, position)),
    print: (order) => enqueuePrint([order]),
    cancel: (order) => setCancelling(order.order_id),
    refund: (order) => setRefunding(order.order_id),
    recall: (order) => void undoableMove(order, (token) => api.recall(token, order.order_id)),
    noShow: (order) => void undoableMove(order, (token) => api.noShow(token, order.order_id)),
    seeProblem(order, problem) {
      setSeenProblems((was) => new Set(was).add(problemKey(order.order_id, problem)));
      // The button goes: the focus stays on its ticket.
      jumpTo(order.order_id);
    },
  };

  async function cancel(order: BoardOrder, body: StaffCancelInput) {
    if (await act(order, (token) => api.cancel(token, order.order_id, body))) setCancelling(null);
  }
  async function refund(order: BoardOrder, body: KeyedRefund) {
    if (await act(order, (token) => api.refund(token, order.order_id, body))) setRefunding(null);
  }

  async function changeStore(change: StaffStoreInput) {
    setStorePending(true);
    setStoreError(null);
    try {
      setStore(await session.run((token) => api.setStore(token, change)));
    } catch (failure) {
      setStoreError((failure as Error).message);
    } finally {
      setStorePending(false);
    }
  }

  function toggleAutoPrint() {
    const on = !autoPrint;
    // Turned on: it prints what is accepted from now on, not everything on the board.
    if (on && columns) {
      printed.current ??= readPrinted();
      for (const order of columns.accepted) printed.current.add(order.order_id);
      savePrinted(printed.current);
    }
    saveAutoPrint(on);
    setAutoPrint(on);
  }

  // The keys: arrows pick, Enter moves on, U undoes, P prints, ? helps.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (event) => {
    if (view !== 'orders' || !columns || typing(event) || document.querySelector('dialog[open]')) return;
    const target = event.target as HTMLElement;
    const onTicket = target === document.body || target.matches('article[data-order-id]');
    const picked = selected ? current.current?.orders.get(selected) : undefined;
    switch (event.key) {
      case 'ArrowUp':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (!onTicket && !target.closest('.board-columns')) return;
        const next = pickTicket(columns, selected, event.key);
        if (!next) return;
        event.preventDefault();
        focusSelected.current = true;
        setSelected(next);
        return;
      }
      case 'Enter': {
        if (!onTicket || !picked) return;
        const to = nextMove(picked);
        if (!to) return;
        event.preventDefault();
        // The pick stays in the lane: the ticket that takes this one's place, so Enter works down a lane.
        const lane = Object.values(columns).find((list) => list.some((o) => o.order_id === picked.order_id)) ?? [];
        const at = lane.findIndex((o) => o.order_id === picked.order_id);
        const stay = lane[at + 1] ?? lane[at - 1] ?? picked;
        focusSelected.current = true;
        setSelected(stay.order_id);
        move(picked, to.to);
        return;
      }
      case 'u':
      case 'U':
        event.preventDefault();
        void undo();
        return;
      case 'p':
      case 'P':
        if (!picked) return;
        event.preventDefault();
        actions.print(picked);
        return;
      case '?':
        event.preventDefault();
        setHelpOpen(true);
        return;
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const undoOrder = lastMove ? board?.orders.get(lastMove.orderId) : undefined;
  const undoable = lastMove && undoOrder && offersUndo(undoOrder, lastMove, now) ? lastMove : null;
  const cancellingOrder = cancelling ? board?.orders.get(cancelling) : undefined;
  const refundingOrder = refunding ? board?.orders.get(refunding) : undefined;
  const allDay = columns ? allDayCounts([...columns.new, ...columns.accepted]) : [];
  /** The orders with an open problem, the oldest problem first. */
  const attention = [...new Map(problems.map((open) => [open.order.order_id, open.order])).values()];
  const firstTicket = columns ? COLUMNS.map((c) => columns[c.id][0]).find(Boolean) : undefined;
  const tabStop = selected && board?.orders.has(selected) ? selected : firstTicket?.order_id;

  /**
   * What the line makes in all, in one row that scrolls sideways inside itself when long (so
   * keyboards reach it too): in the bar on a tablet, under it on a phone (CSS shows one).
   */
  const allDayStrip = (className: string, id: string) => (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <section className={className} aria-labelledby={id} tabIndex={0}>
      <h2 id={id}>All day</h2>
      {allDay.length === 0 ? (
        <p>Nothing to make.</p>
      ) : (
        <ul>
          {allDay.map(({ name, count }) => (
            <li key={name}>
              <strong>{count}</strong> {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className={`staff-board view-${view}${printing ? ' is-printing' : ''}`}>
      <header className="board-bar">
        <h1>{BOARD_TITLE}</h1>
        <p className={`stream-state stream-${stream}`} role="status">
          {STREAM_TEXT[stream]}
        </p>
        {view === 'orders' && columns && allDayStrip('all-day in-bar', 'all-day-bar')}
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
        <BarMenu
          id="store-switches"
          title="Store switches"
          className={store?.paused ? 'is-paused' : store?.busy_minutes ? 'is-busy' : undefined}
          label={<>Store: {storeLabel(store)}</>}
        >
          {store && (
            <StoreSwitches status={store} pending={storePending} now={now} onChange={(c) => void changeStore(c)} />
          )}
          {!store && !storeError && <p role="status">{LOADING}</p>}
          {storeError && (
            <p className="staff-error" role="alert">
              {storeError}
            </p>
          )}
        </BarMenu>
        <BarMenu id="device-menu" title="This device" label="Menu">
          <button
            type="button"
            role="switch"
            aria-checked={autoPrint}
            className="board-switch"
            onClick={toggleAutoPrint}
          >
            Print each accepted order on this device
          </button>
          <button type="button" onClick={() => setHelpOpen(true)}>
            Keyboard shortcuts (?)
          </button>
          <button type="button" onClick={() => void session.signOut()}>
            Sign out {session.member.email}
          </button>
        </BarMenu>
      </header>
      {storeBanners(store, now).map((text) => (
        <p key={text} className="board-banner" role="status">
          {text}
        </p>
      ))}
      {attention.length > 0 && (
        <section className="board-attention" aria-labelledby="board-attention-title">
          <h2 id="board-attention-title">{attentionText(attention.length)}:</h2>
          <ul>
            {attention.map((order) => (
              <li key={order.order_id}>
                <button type="button" onClick={() => jumpTo(order.order_id)}>
                  {attentionLine(order)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {notice}
      </p>
      {view === 'sold-out' ? (
        <SoldOutPanel api={api} session={session} />
      ) : view === 'team' ? (
        <TeamPanel api={api} session={session} />
      ) : !columns ? (
        <p role={loadError ? 'alert' : 'status'}>{loadError ?? LOADING}</p>
      ) : (
        <>
          {allDayStrip('all-day below-bar', 'all-day-below')}
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
                <div className="column-tickets">
                  {columns[column.id].length === 0 && <p className="column-empty">No orders.</p>}
                  {columns[column.id].map((order) => (
                    <OrderCard
                      key={order.order_id}
                      order={order}
                      column={column.id}
                      now={now}
                      selected={order.order_id === selected}
                      tabbable={order.order_id === tabStop}
                      struck={struck[order.order_id] ?? []}
                      seenProblems={seenProblems}
                      busy={busy.has(order.order_id)}
                      error={errors[order.order_id]}
                      actions={actions}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </>
      )}
      <div className="board-alerts">
        {undoable && (
          <div className="undo-bar">
            <span>{undoable.text}</span>
            <button type="button" onClick={() => void undo()}>
              Undo (U)
            </button>
          </div>
        )}
        {stream === 'reconnecting' && (
          <p className="disconnected-banner" role="alert">
            Disconnected: new orders will not show until the connection is back. Reconnecting…
          </p>
        )}
        {sound === 'off' && (
          <button type="button" className="sound-off" onClick={() => void turnOnSound()}>
            Sound is off: tap to turn on
          </button>
        )}
        {sound === 'unsupported' && (
          <p className="sound-off" role="alert">
            This browser cannot play sounds: new orders arrive silently. Use another browser for the kitchen.
          </p>
        )}
      </div>
      {cancellingOrder && (
        <CancelDialog
          order={cancellingOrder}
          busy={busy.has(cancellingOrder.order_id)}
          error={errors[cancellingOrder.order_id]}
          onConfirm={(body: StaffCancelInput) => void cancel(cancellingOrder, body)}
          onClose={() => setCancelling(null)}
        />
      )}
      {refundingOrder && (
        <RefundDialog
          order={refundingOrder}
          busy={busy.has(refundingOrder.order_id)}
          error={errors[refundingOrder.order_id]}
          onConfirm={(body) => void refund(refundingOrder, body)}
          onClose={() => setRefunding(null)}
        />
      )}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      {printing && <KitchenTicket order={printing.order} now={now} />}
    </div>
  );
}
