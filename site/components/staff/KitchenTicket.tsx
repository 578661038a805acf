import type { BoardOrder } from '../../../shared/api/staff.ts';
import { formatUsPhone } from '../../../shared/phone.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { addressText, dollars, orderTitle, timeText, whenText } from './order-text.ts';

/**
 * The paper ticket for the kitchen: hidden on screen, and the only thing printed (staff.css,
 * @media print) while it is on the page. Big type, items first, nothing the cooks do not need.
 */
export function KitchenTicket({ order }: { order: BoardOrder }) {
  const address = addressText(order);
  return (
    <section className="kitchen-ticket" aria-hidden="true">
      <p className="ticket-restaurant">{restaurant.name}</p>
      <h2>{orderTitle(order)}</h2>
      <p className="ticket-when">{whenText(order)}</p>
      {order.promised_at && <p>Promised for {timeText(order.promised_at)}</p>}
      <p>
        {order.name} · {formatUsPhone(order.phone)}
      </p>
      {address && <p>{address}</p>}
      <ol className="ticket-items">
        {order.items.map((item, index) => (
          <li key={index}>
            <span className="ticket-quantity">{item.quantity} ×</span> {item.name}
            {item.modifiers.length > 0 && (
              <ul>
                {item.modifiers.map((modifier, m) => (
                  <li key={m}>{modifier}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <p>Total {dollars(order.totals.total)} (paid)</p>
      {order.paid_at && <p>Paid {timeText(order.paid_at)}</p>}
    </section>
  );
}
