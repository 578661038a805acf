import type { BoardOrder } from '../../../shared/api/staff.ts';
import { formatUsPhone } from '../../../shared/phone.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { addressText, dueText, modifierLines, orderTitle, PROBLEM_LABELS, timeText, typeText } from './order-text.ts';

/**
 * The paper ticket for the kitchen: hidden on screen, and the only thing printed (staff.css,
 * @media print) while it is on the page, sized for 80 mm thermal paper (72 mm printed). Big type,
 * any open problem boxed under the number (no colour on paper: the words carry it), the items, the
 * choices under their group's name, the note, nothing the cooks do not need.
 */
export function KitchenTicket({ order, now }: { order: BoardOrder; now: number }) {
  const address = addressText(order);
  return (
    <section className="kitchen-ticket" aria-hidden="true">
      <p className="ticket-restaurant">{restaurant.name}</p>
      <h2>{orderTitle(order)}</h2>
      {order.problems.map((problem) => (
        <p key={problem.kind} className="ticket-print-problem">
          <strong>{PROBLEM_LABELS[problem.kind].toUpperCase()}:</strong> {problem.detail}
        </p>
      ))}
      <p className="ticket-when">
        {typeText(order).toUpperCase()} · {dueText(order, now)}
      </p>
      <p>{order.name}</p>
      <ol className="ticket-items">
        {order.items.map((item) => (
          <li key={item.position}>
            <span className="ticket-quantity">{item.quantity} ×</span> {item.name}
            {modifierLines(item).length > 0 && (
              <ul>
                {modifierLines(item).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {order.note && <p className="ticket-print-note">NOTE: {order.note}</p>}
      <p>{formatUsPhone(order.phone)}</p>
      {address && <p>{address}</p>}
      {order.paid_at && <p>Paid {timeText(order.paid_at)}</p>}
    </section>
  );
}
