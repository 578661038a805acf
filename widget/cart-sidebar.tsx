/**
 * The cart sidebar, open or closed: opened and closed through
 * window.Comal and the comal:*-cart events, it lists the lines with their choices, a quantity
 * stepper (0 removes the line) and a remove button, then the totals shared/pricing computes for
 * the server too, the delivery upsell, and the way to checkout. Focus moves into it when it
 * opens and back where it was when it closes; Escape closes it.
 */
import { useEffect, useRef } from 'react';
import type { Signal } from '@preact/signals-react';
import type { CartAction, CartLine, CartState } from '../shared/cart.ts';
import { formatUSD } from '../shared/money.ts';
import { linePriceCents } from '../shared/pricing.ts';
import { restaurantPageHref } from './cart-handover.ts';
import { OrderTotals } from './order-totals.tsx';

interface Props {
  cart: Signal<CartState>;
  open: Signal<boolean>;
  apiOrigin: string;
  dispatch: (action: CartAction) => void;
}

export function CartSidebar({ cart, open, apiOrigin, dispatch }: Props) {
  const isOpen = open.value;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    const before = (root?.activeElement ?? document.activeElement) as HTMLElement | null;
    panel.current?.focus();
    // On document, so Escape closes it wherever focus has gone meanwhile.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') open.value = false;
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (before && before.isConnected) before.focus();
    };
  }, [isOpen, open]);

  if (!isOpen) return null;
  const state = cart.value;
  // eslint-disable-next-line react-hooks/immutability -- `open` is a signal: setting its value is how the cart closes.
  const close = () => void (open.value = false);
  // From the cart as it is now, so two quick taps count twice even before the next render.
  const step = (lineId: string, by: number) => {
    const line = cart.peek().items.find((l) => l.id === lineId);
    if (line) dispatch({ type: 'setQuantity', lineId, quantity: line.quantity + by });
  };

  return (
    <div className="cart-layer">
      <div className="cart-backdrop" aria-hidden="true" onClick={close} />
      <div ref={panel} className="cart" role="dialog" aria-label="Your cart" tabIndex={-1}>
        <div className="cart-head">
          <h2>Your cart</h2>
          <button type="button" className="icon" aria-label="Close cart" onClick={close}>
            ×
          </button>
        </div>
        {state.items.length === 0 ? (
          <p className="cart-empty">Your cart is empty.</p>
        ) : (
          <>
            <ul className="lines">
              {state.items.map((line) => (
                <Line key={line.id} line={line} step={step} dispatch={dispatch} />
              ))}
            </ul>
            <OrderTotals state={state} />
            <a className="checkout" href={restaurantPageHref(apiOrigin, window.location.origin, '/checkout/', state)}>
              Checkout
            </a>
          </>
        )}
      </div>
    </div>
  );
}

interface LineProps {
  line: CartLine;
  step: (lineId: string, by: number) => void;
  dispatch: (action: CartAction) => void;
}

function Line({ line, step, dispatch }: LineProps) {
  const name = line.menuItem.name;
  return (
    <li className="line">
      <div className="line-text">
        <span className="line-name">{name}</span>
        {line.selectedModifiers.length > 0 && (
          <span className="modifiers">{line.selectedModifiers.map((m) => m.name).join(', ')}</span>
        )}
        <span className="line-price">{formatUSD(linePriceCents(line))}</span>
      </div>
      <div className="stepper">
        <button type="button" aria-label={`Decrease quantity of ${name}`} onClick={() => step(line.id, -1)}>
          −
        </button>
        <output className="quantity" aria-label={`Quantity of ${name}`}>
          {line.quantity}
        </output>
        <button type="button" aria-label={`Increase quantity of ${name}`} onClick={() => step(line.id, 1)}>
          +
        </button>
        <button
          type="button"
          className="remove"
          aria-label={`Remove ${name}`}
          onClick={() => dispatch({ type: 'removeItem', lineId: line.id })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
