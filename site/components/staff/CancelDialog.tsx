import { useState } from 'react';
import type { BoardOrder } from '../../../shared/api/staff.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { dollars, orderTitle } from './order-text.ts';

interface Props {
  order: BoardOrder;
  busy: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Cancelling asks why (the customer is told) and says the payment goes back. */
export function CancelDialog({ order, busy, error, onConfirm, onClose }: Props) {
  const [reason, setReason] = useState(order.cancel_reason ?? '');
  const retry = order.status === 'cancelled';
  return (
    <ConfirmDialog
      id="cancel"
      title={retry ? `Retry the refund of ${orderTitle(order)}` : `Cancel ${orderTitle(order)}`}
      description={`${order.name} gets ${dollars(order.totals.total)} back on their card.`}
      keepLabel="Keep the order"
      confirmLabel={retry ? 'Retry refund' : 'Cancel and refund'}
      busy={busy}
      error={error}
      onConfirm={() => onConfirm(reason)}
      onClose={onClose}
    >
      <label>
        Reason
        <textarea
          name="reason"
          required
          maxLength={500}
          rows={3}
          value={reason}
          readOnly={retry}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </label>
    </ConfirmDialog>
  );
}
