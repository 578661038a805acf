import type { BoardOrder } from '../../../shared/api/staff.ts';
import { nextMove, PROMISE_MINUTES, promiseIn, STATUS_LABELS, type MoveTarget } from '../../../shared/staff-board.ts';
import { formatUsPhone } from '../../../shared/phone.ts';
import { formatStoreTime } from '../../../shared/schedule.ts';
import { addressText, dollars, orderTitle, timeText, whenText } from './order-text.ts';

interface Props {
  order: BoardOrder;
  /** A call for this order is in flight: its buttons wait. */
  busy: boolean;
  /** The server's sentence when the last call for this order failed. */
  error: string | undefined;
  onMove: (order: BoardOrder, to: MoveTarget) => void;
  onPromise: (order: BoardOrder, promisedAt: string) => void;
  onPrint: (order: BoardOrder) => void;
  onCancel: (order: BoardOrder) => void;
}

/** One order on the board: who, what, when, and the buttons that move it along. */
export function OrderCard({ order, busy, error, onMove, onPromise, onPrint, onCancel }: Props) {
  const move = nextMove(order);
  const open = order.status !== 'completed' && order.status !== 'cancelled';
  const titleId = `order-${order.order_id}-title`;
  const address = addressText(order);
  return (
    <article className={`order-card status-${order.status}`} aria-labelledby={titleId} aria-busy={busy}>
      <header className="order-card-head">
        <h3 id={titleId}>{orderTitle(order)}</h3>
        <span className="order-status-label">{STATUS_LABELS[order.status]}</span>
      </header>
      <p className="order-who">
        {order.name} · <a href={`tel:${order.phone}`}>{formatUsPhone(order.phone)}</a>
      </p>
      <p className="order-when">{whenText(order)}</p>
      {address && <p className="order-address">{address}</p>}
      <ul className="order-items">
        {order.items.map((item, index) => (
          <li key={index}>
            <strong>{item.quantity} ×</strong> {item.name}
            {item.modifiers.length > 0 && <span className="order-modifiers"> ({item.modifiers.join(', ')})</span>}
          </li>
        ))}
      </ul>
      <p className="order-total">
        Total {dollars(order.totals.total)}
        {order.paid_at && <span> · paid {timeText(order.paid_at)}</span>}
      </p>
      {order.promised_at && <p className="order-promised">Promised for {timeText(order.promised_at)}</p>}
      {order.status === 'cancelled' && (
        <p className="order-cancelled">
          Cancelled: {order.cancel_reason}. {order.refunded ? 'Refunded.' : 'Not refunded yet.'}
        </p>
      )}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="order-actions">
        {move && (
          <button type="button" className="staff-primary" disabled={busy} onClick={() => onMove(order, move.to)}>
            {move.label}
          </button>
        )}
        {open && (
          <label className="order-promise">
            Promise time
            <select
              disabled={busy}
              value=""
              onChange={(event) => {
                const minutes = Number(event.currentTarget.value);
                if (minutes > 0) onPromise(order, promiseIn(new Date(), minutes));
              }}
            >
              <option value="">Choose…</option>
              {PROMISE_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  In {minutes} min ({formatStoreTime(new Date(promiseIn(new Date(), minutes))).replace(/^\w+ /, '')})
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={() => onPrint(order)}>
          Print ticket
        </button>
        {(open || (order.status === 'cancelled' && !order.refunded)) && (
          <button type="button" className="staff-danger" disabled={busy} onClick={() => onCancel(order)}>
            {order.status === 'cancelled' ? 'Retry refund' : 'Cancel order'}
          </button>
        )}
      </div>
    </article>
  );
}
