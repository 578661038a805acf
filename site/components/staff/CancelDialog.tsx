import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BoardOrder } from '../../../shared/api/staff.ts';
import { dollars, orderTitle } from './order-text.ts';

interface Props {
  order: BoardOrder;
  busy: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}

/** Cancelling asks why (the customer is told) and says the payment goes back. A modal dialog: Escape closes it. */
export function CancelDialog({ order, busy, error, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState(order.cancel_reason ?? '');

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onConfirm(reason);
  }

  const retry = order.status === 'cancelled';
  return (
    <dialog ref={dialog} className="cancel-dialog" aria-labelledby="cancel-title" onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id="cancel-title">{retry ? `Retry the refund of ${orderTitle(order)}` : `Cancel ${orderTitle(order)}`}</h2>
        <p>
          {order.name} gets {dollars(order.totals.total)} back on their card.
        </p>
        <label>
          Reason
          <textarea name="reason" required maxLength={500} rows={3} value={reason} readOnly={retry} onInput={(e) => setReason(e.currentTarget.value)} />
        </label>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Keep the order
          </button>
          <button type="submit" className="staff-danger" disabled={busy}>
            {retry ? 'Retry refund' : 'Cancel and refund'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
