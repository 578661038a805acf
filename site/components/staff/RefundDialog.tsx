import { useId, useState } from 'react';
import type { BoardOrder, RefundReason } from '../../../shared/api/staff.ts';
import { formatUSD, toCents } from '../../../shared/money.ts';
import {
  amountRefundProblem,
  isRefundProblem,
  priceLineRefund,
  refundableCents,
  refundableOf,
  refundedSoFar,
} from '../../../shared/refunds.ts';
import { ReasonFields } from './CancelDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { orderTitle } from './order-text.ts';
import type { KeyedRefund } from './staff-api.ts';

interface Props {
  order: BoardOrder;
  busy: boolean;
  error?: string | undefined;
  /** The refund, with the dialog's Idempotency-Key (the same on every try of this dialog). */
  onConfirm: (body: KeyedRefund) => void;
  onClose: () => void;
}

/** Typed dollars ('4.50', '$4.5') to cents; NaN unless a positive amount with at most two decimals. */
function typedCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(cleaned)) return Number.NaN;
  const cents = toCents(cleaned);
  return cents > 0 ? cents : Number.NaN;
}

/**
 * Money back while the order stands: some items (how many of each; the exact amount shows as
 * they are chosen, priced with their share of the discounts and their tax) or an amount typed,
 * with a reason and a note the customer reads.
 */
export function RefundDialog({ order, busy, error, onConfirm, onClose }: Props) {
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key for this dialog: a try sent again (a timeout, a second click) is the same refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const ids = useId();

  const refundable = refundableOf(order);
  const sofar = refundedSoFar(refundable, order.refunds);
  const left = refundableCents(refundable, sofar);
  const chosen = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([position, quantity]) => ({ position: Number(position), quantity }));

  let amount: number | null = null;
  let check: string | null = null;
  if (mode === 'lines') {
    if (chosen.length > 0) {
      const priced = priceLineRefund(refundable, sofar, chosen);
      if (isRefundProblem(priced)) check = priced.message;
      else amount = priced.amount;
    }
  } else if (amountText.trim() !== '') {
    const cents = typedCents(amountText);
    if (Number.isNaN(cents)) check = 'Type the amount in dollars and cents, like 4.50.';
    else {
      const over = amountRefundProblem(refundable, sofar, cents);
      if (over) check = over.message;
      else amount = cents;
    }
  }

  function confirm() {
    if (reason === '') return;
    if (amount === null) {
      setProblem(check ?? (mode === 'lines' ? 'Choose at least one item to refund.' : 'Type the amount to refund.'));
      return;
    }
    setProblem(null);
    const words = note.trim();
    const base = words ? { reason, note: words, idempotencyKey } : { reason, idempotencyKey };
    onConfirm(mode === 'lines' ? { ...base, lines: chosen } : { ...base, amount_cents: amount });
  }

  return (
    <ConfirmDialog
      id="refund"
      title={`Refund part of ${orderTitle(order)}`}
      description={`${order.name} gets the money back on their card. ${formatUSD(left)} of ${formatUSD(refundable.money.total)} is left to refund.`}
      keepLabel="Close"
      confirmLabel={amount === null ? 'Refund' : `Refund ${formatUSD(amount)}`}
      busy={busy}
      error={problem ?? error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset>
        <legend>Refund</legend>
        <label>
          <input
            type="radio"
            name="refund-mode"
            value="lines"
            checked={mode === 'lines'}
            onChange={() => setMode('lines')}
          />{' '}
          Items
        </label>
        <label>
          <input
            type="radio"
            name="refund-mode"
            value="amount"
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
          />{' '}
          An amount
        </label>
      </fieldset>
      {mode === 'lines' ? (
        <fieldset className="refund-lines">
          <legend>How many of each item</legend>
          {order.items.map((item) => {
            const already = sofar.quantities.get(item.position) ?? 0;
            const itemLeft = Math.max(0, item.quantity - already);
            const inputId = `${ids}-line-${item.position}`;
            return (
              <div key={item.position} className="refund-line">
                <label htmlFor={inputId}>
                  {item.name}{' '}
                  <span className="refund-line-left">
                    ({itemLeft} of {item.quantity} left to refund)
                  </span>
                </label>
                <input
                  id={inputId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={itemLeft}
                  step={1}
                  disabled={itemLeft === 0}
                  value={quantities[item.position] ?? 0}
                  onInput={(e) => {
                    const value = Math.max(0, Math.min(itemLeft, Math.floor(Number(e.currentTarget.value) || 0)));
                    setQuantities((current) => ({ ...current, [item.position]: value }));
                  }}
                />
              </div>
            );
          })}
        </fieldset>
      ) : (
        <label>
          Amount in dollars
          <input
            type="text"
            inputMode="decimal"
            name="amount"
            autoComplete="off"
            required
            placeholder="4.50"
            value={amountText}
            onInput={(e) => setAmountText(e.currentTarget.value)}
          />
        </label>
      )}
      <p className="refund-amount" role="status" aria-live="polite">
        {check ?? (amount === null ? 'Nothing chosen yet.' : `${formatUSD(amount)} goes back to the card.`)}
      </p>
      <ReasonFields reason={reason} note={note} onReason={setReason} onNote={setNote} />
    </ConfirmDialog>
  );
}
