import { useState } from 'react';
import type { BoardOrder, OrderProblem } from '../../../shared/api/staff.ts';
import { clockText, dueTime, fireTime, problemKey, timerText, urgencyOf } from '../../../shared/kitchen-clock.ts';
import { formatUsPhone } from '../../../shared/phone.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { formatStoreTime } from '../../../shared/schedule.ts';
import {
  canMarkNoShow,
  canRecall,
  canRefund,
  nextMove,
  PROMISE_MINUTES,
  promiseIn,
  statusText,
  type ColumnId,
  type MoveTarget,
} from '../../../shared/staff-board.ts';
import {
  addressText,
  boardTime,
  cancelText,
  dollars,
  dueWord,
  modifierLines,
  PACE,
  PROBLEM_LABELS,
  refundText,
  timeText,
  typeText,
} from './order-text.ts';

/** What a ticket's buttons do; the board makes the calls. */
export interface TicketActions {
  select(order: BoardOrder): void;
  move(order: BoardOrder, to: MoveTarget): void;
  promise(order: BoardOrder, promisedAt: string): void;
  strike(order: BoardOrder, position: number): void;
  print(order: BoardOrder): void;
  cancel(order: BoardOrder): void;
  refund(order: BoardOrder): void;
  recall(order: BoardOrder): void;
  noShow(order: BoardOrder): void;
  /** Someone on this device has seen the problem: its alarm stops here. */
  seeProblem(order: BoardOrder, problem: OrderProblem): void;
}

interface Props {
  order: BoardOrder;
  /** The lane it sits in: Upcoming and Completed show less until opened. */
  column: ColumnId;
  now: number;
  /** Picked with the arrow keys or a tap. */
  selected: boolean;
  /** The one ticket the Tab key reaches (the others by the arrow keys). */
  tabbable: boolean;
  /** The positions of the lines struck done on this device. */
  struck: readonly number[];
  /** The problems marked seen on this device, by key (problemKey). */
  seenProblems: ReadonlySet<string>;
  /** A call for this order is in flight: its buttons wait. */
  busy: boolean;
  /** The server's sentence when the last call for this order failed. */
  error: string | undefined;
  actions: TicketActions;
}

/**
 * One order as the kitchen reads it: first, across the top, any problem that needs a person (the
 * courier not booked, the payment disputed), in words, with its Seen button; then number and name, pickup or delivery, when it is due, how long
 * it has waited (amber, then red, each with its word), the items with their choices under their
 * group's name, the customer's note, and the one move it takes next. The rest (phone, address,
 * total, printing, refunds, cancelling) opens from the order's name.
 */
export function OrderCard({
  order,
  column,
  now,
  selected,
  tabbable,
  struck,
  seenProblems,
  busy,
  error,
  actions,
}: Props) {
  const [open, setOpen] = useState(false);
  const move = nextMove(order);
  const id = order.order_id;
  const titleId = `ticket-${id}-title`;
  const detailsId = `ticket-${id}-details`;
  const problemsId = `ticket-${id}-problems`;
  const compact = column === 'upcoming' || column === 'completed';
  const bump = move && column !== 'upcoming' ? move : null;
  const urgency = urgencyOf(order, now, PACE);
  const strikeable = column === 'accepted';
  const stillOpen = order.status !== 'completed' && order.status !== 'cancelled';
  const classes = [
    'ticket',
    `status-${order.status}`,
    `urgency-${urgency?.level ?? 'none'}`,
    selected ? 'is-selected' : '',
    order.note ? 'has-note' : '',
    order.problems.length > 0 ? 'has-problem' : '',
  ];

  return (
    <article
      className={classes.filter(Boolean).join(' ')}
      data-order-id={id}
      // The board's arrow keys move the focus from ticket to ticket (one ticket in the Tab order),
      // and Enter moves the focused ticket on: a ticket is the board's unit of work, like a grid's cell.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={tabbable ? 0 : -1}
      aria-labelledby={titleId}
      aria-describedby={order.problems.length > 0 ? problemsId : undefined}
      aria-busy={busy}
      onFocus={() => actions.select(order)}
    >
      {order.problems.length > 0 && (
        <div id={problemsId} className="ticket-problems">
          {order.problems.map((problem) => {
            const label = PROBLEM_LABELS[problem.kind];
            const seen = seenProblems.has(problemKey(id, problem));
            return (
              <div key={problem.kind} className={`ticket-problem problem-${problem.kind}${seen ? ' is-seen' : ''}`}>
                <p className="ticket-problem-text">
                  <strong className="ticket-problem-label">{label}</strong>
                  <span className="visually-hidden">: </span>
                  <span className="ticket-problem-detail">{problem.detail}</span>
                </p>
                {seen ? (
                  <p className="ticket-problem-seen">Seen here</p>
                ) : (
                  <button
                    type="button"
                    className="ticket-problem-ack"
                    aria-label={`Seen: ${label.toLowerCase()}, order ${order.number}`}
                    onClick={() => actions.seeProblem(order, problem)}
                  >
                    Seen
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
      <div className="ticket-head">
        <h3 id={titleId} className="ticket-title">
          <button
            type="button"
            className="ticket-open"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            <span className="ticket-number">
              <span className="visually-hidden">Order </span>
              {order.number}
            </span>{' '}
            <span className="ticket-name">{order.name}</span>
          </button>
        </h3>
        {urgency && (
          <span className="ticket-timer" title={urgency.description}>
            <span className="visually-hidden">waited </span>
            <time>{timerText(urgency.waitedMs)}</time>
            {urgency.label && <strong className="ticket-urgency"> {urgency.label}</strong>}
          </span>
        )}
        {bump && (
          <button type="button" className="ticket-bump" disabled={busy} onClick={() => actions.move(order, bump.to)}>
            {bump.label}
            <span className="visually-hidden"> order {order.number}</span>
          </button>
        )}
        <p className="ticket-meta">
          <span>{typeText(order)}</span>
          {column === 'completed' ? (
            <span className="ticket-status">{statusText(order)}</span>
          ) : (
            <span>
              <span className="visually-hidden">{dueWord(order)} </span>
              {boardTime(dueTime(order), now)}
            </span>
          )}
          {column === 'upcoming' && <span className="ticket-fires">starts {boardTime(fireTime(order), now)}</span>}
        </p>
      </div>
      {order.alerted_at && stillOpen && (
        <p className="ticket-alerted">
          Nobody accepted it: texted the kitchen phone at {clockText(Date.parse(order.alerted_at), restaurant.timeZone)}
        </p>
      )}
      {(!compact || open) && (
        <ul className="ticket-items">
          {order.items.map((item) => {
            const done = struck.includes(item.position);
            const content = (
              <>
                <span className="ticket-line">
                  <strong>{item.quantity} ×</strong> {item.name}
                  {item.refunded_quantity > 0 && (
                    <span className="ticket-refunded"> ({item.refunded_quantity} refunded)</span>
                  )}
                </span>
                {modifierLines(item).map((line) => (
                  <span key={line} className="ticket-modifiers">
                    {line}
                  </span>
                ))}
              </>
            );
            return (
              <li key={item.position} className={done ? 'is-struck' : undefined}>
                {strikeable ? (
                  <button
                    type="button"
                    className="ticket-item"
                    aria-pressed={done}
                    onClick={() => actions.strike(order, item.position)}
                  >
                    {content}
                  </button>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ul>
      )}
      {order.note && (
        <p className="ticket-note">
          <strong>Note:</strong> {order.note}
        </p>
      )}
      {order.status === 'cancelled' && <p className="ticket-cancelled">{cancelText(order)}</p>}
      {order.refunds.map((refund) => (
        <p key={refund.id} className={`ticket-refund refund-${refund.status}`}>
          {refundText(refund)}
        </p>
      ))}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <div id={detailsId} className="ticket-details">
          <p>
            {statusText(order)} · <a href={`tel:${order.phone}`}>{formatUsPhone(order.phone)}</a>
          </p>
          {addressText(order) && <p>{addressText(order)}</p>}
          <p>
            Total {dollars(order.totals.total)}
            {order.paid_at && <> · paid {boardTime(order.paid_at, now)}</>}
          </p>
          {order.promised_at && <p className="ticket-promised">Promised for {timeText(order.promised_at)}</p>}
          <div className="ticket-actions">
            {column === 'upcoming' && move && (
              <button type="button" disabled={busy} onClick={() => actions.move(order, move.to)}>
                {move.label} now
              </button>
            )}
            {stillOpen && (
              <label className="ticket-promise">
                Promise time
                <select
                  disabled={busy}
                  value=""
                  onChange={(event) => {
                    const minutes = Number(event.currentTarget.value);
                    if (minutes > 0) actions.promise(order, promiseIn(new Date(now), minutes));
                  }}
                >
                  <option value="">Choose…</option>
                  {PROMISE_MINUTES.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      In {minutes} min (
                      {formatStoreTime(new Date(promiseIn(new Date(now), minutes))).replace(/^\w+ /, '')})
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="button" onClick={() => actions.print(order)}>
              Print
            </button>
            {canMarkNoShow(order) && (
              <button type="button" disabled={busy} onClick={() => actions.noShow(order)}>
                No-show
              </button>
            )}
            {canRecall(order) && (
              <button type="button" disabled={busy} onClick={() => actions.recall(order)}>
                Recall
              </button>
            )}
            {canRefund(order) && (
              <button type="button" disabled={busy} onClick={() => actions.refund(order)}>
                Refund
              </button>
            )}
            {(stillOpen || (order.status === 'cancelled' && !order.refunded)) && (
              <button type="button" className="staff-danger" disabled={busy} onClick={() => actions.cancel(order)}>
                {order.status === 'cancelled' ? 'Retry refund' : 'Cancel order'}
              </button>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
