import { useId, useState } from 'react';
import type { BoardOrder, RefundReason, StaffCancelInput } from '../../../shared/api/staff.ts';
import { formatUSD } from '../../../shared/money.ts';
import { refundableCents, refundableOf, refundedSoFar } from '../../../shared/refunds.ts';
import { REASON_LABELS } from '../../../shared/staff-board.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { orderTitle } from './order-text.ts';

interface Props {
  order: BoardOrder;
  busy: boolean;
  error: string | undefined;
  onConfirm: (body: StaffCancelInput) => void;
  onClose: () => void;
}

/** The reason select (the presets) and the note; "Other" needs a note. The customer reads both. */
export function ReasonFields({
  reason,
  note,
  readOnly = false,
  onReason,
  onNote,
}: {
  reason: RefundReason | '';
  note: string;
  readOnly?: boolean;
  onReason: (reason: RefundReason | '') => void;
  onNote: (note: string) => void;
}) {
  const hint = useId();
  return (
    <>
      <label>
        Reason
        <select
          name="reason"
          required
          disabled={readOnly}
          value={reason}
          onChange={(e) => onReason(e.currentTarget.value as RefundReason | '')}
        >
          <option value="">Choose a reason</option>
          {(Object.keys(REASON_LABELS) as RefundReason[]).map((code) => (
            <option key={code} value={code}>
              {REASON_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {reason === 'other' ? 'Note for the customer (required for Other)' : 'Note for the customer (optional)'}
        <textarea
          name="note"
          required={reason === 'other'}
          maxLength={500}
          rows={3}
          value={note}
          readOnly={readOnly}
          aria-describedby={hint}
          onInput={(e) => onNote(e.currentTarget.value)}
        />
      </label>
      <p id={hint} className="field-hint">
        The customer gets the reason and this note by email and text, as plain text.
      </p>
    </>
  );
}

/** What a cancel gives back now: what is left to refund (shared/refunds.ts); a retry: the failed cancel refund. */
function leftToRefund(order: BoardOrder): number {
  const retry = order.refunds.find((refund) => refund.whole_order && refund.status === 'failed');
  if (order.status === 'cancelled' && retry) return retry.amount_cents;
  const refundable = refundableOf(order);
  return refundableCents(refundable, refundedSoFar(refundable, order.refunds));
}

/** Cancelling asks why (a preset, and a note the customer reads) and says what goes back to the card. */
export function CancelDialog({ order, busy, error, onConfirm, onClose }: Props) {
  const retry = order.status === 'cancelled';
  const [reason, setReason] = useState<RefundReason | ''>(order.cancel_reason ?? '');
  const [note, setNote] = useState(order.cancel_note ?? '');
  const left = leftToRefund(order);
  return (
    <ConfirmDialog
      id="cancel"
      title={retry ? `Retry the refund of ${orderTitle(order)}` : `Cancel ${orderTitle(order)}`}
      description={
        left > 0
          ? `${order.name} gets ${formatUSD(left)} back on their card.`
          : `${order.name} was refunded in full already; nothing more goes back.`
      }
      keepLabel="Keep the order"
      confirmLabel={retry ? 'Retry refund' : left > 0 ? `Cancel and refund ${formatUSD(left)}` : 'Cancel order'}
      busy={busy}
      error={error}
      onConfirm={() => {
        if (reason === '') return;
        const words = note.trim();
        onConfirm(words ? { reason, note: words } : { reason });
      }}
      onClose={onClose}
    >
      <ReasonFields reason={reason} note={note} readOnly={retry} onReason={setReason} onNote={setNote} />
    </ConfirmDialog>
  );
}
