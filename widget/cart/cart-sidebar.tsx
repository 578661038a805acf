/**
 * The cart sidebar, open or closed: opened and closed through
 * window.Comal and the comal:*-cart events, it lists the lines with their choices, a quantity
 * stepper (0 removes the line) and a remove button, then the totals shared/pricing computes for
 * the server too, the delivery upsell, and the way to checkout. A modal <dialog> in the browser's
 * top layer (nothing on a partner's page covers or clips it): focus moves into it when it opens
 * and back where it was when it closes; Escape or a click beside it closes it.
 */
import { useEffect, useRef } from 'react';
import type { Signal } from '@preact/signals-react';
import type { CartAction, CartLine, CartState } from '../../shared/cart.ts';
import type { LivePricing } from '../../shared/live-settings.ts';
import { formatUSD } from '../../shared/money.ts';
import { linePriceCents } from '../../shared/pricing.ts';
import { accountEntryIn } from '../../shared/account-entry.ts';
import { CheckoutLink } from '../checkout-link.tsx';
import { showModal } from '../modal.ts';
import { OrderTotals } from '../order-totals.tsx';
import { t } from '../i18n.ts';

interface Props {
  cart: Signal<CartState>;
  /** The owner's live pricing (the cart store's). */
  pricing: Signal<LivePricing>;
  open: Signal<boolean>;
  apiOrigin: string;
  dispatch: (action: CartAction) => void;
}

export function CartSidebar({ cart, pricing, open, apiOrigin, dispatch }: Props) {
  const isOpen = open.value;
  const panel = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const dialog = panel.current;
    const root = dialog?.getRootNode() as Document | ShadowRoot | undefined;
    const before = (root?.activeElement ?? document.activeElement) as HTMLElement | null;
    showModal(dialog);
    dialog?.focus();
    // On document, so Escape closes it wherever focus has gone meanwhile.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') open.value = false;
    };
    // A click on the backdrop reaches the <dialog> itself (the panel fills the rest): it closes.
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) open.value = false;
    };
    document.addEventListener('keydown', onKeyDown);
    dialog?.addEventListener('click', onBackdrop);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      dialog?.removeEventListener('click', onBackdrop);
      if (dialog?.open) dialog.close();
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
    <dialog
      ref={panel}
      className="cart"
      aria-label={t('cart.yourCart')}
      tabIndex={-1}
      // Escape is handled above; the browser's own closing would leave the signal open.
      onCancel={(event) => event.preventDefault()}
    >
      <div className="panel">
        <div className="cart-head">
          <h2>{t('cart.yourCart')}</h2>
          <button type="button" className="icon" aria-label={t('cart.closeCart')} onClick={close}>
            ×
          </button>
        </div>
        {state.items.length === 0 ? (
          <p className="cart-empty">{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="lines">
              {state.items.map((line) => (
                <Line key={line.id} line={line} step={step} dispatch={dispatch} />
              ))}
            </ul>
            <OrderTotals state={state} pricing={pricing.value} />
            <CheckoutLink apiOrigin={apiOrigin} path="/checkout/" cart={state}>
              {t('cart.checkout')}
            </CheckoutLink>
          </>
        )}
        <AccountLine apiOrigin={apiOrigin} cart={state} />
      </div>
    </dialog>
  );
}

/**
 * The way to the customer's account from the cart: signed in (on the restaurant's pages), their
 * name and a link; else a sign-in link that takes the cart along, from a partner's page too.
 */
function AccountLine({ apiOrigin, cart }: { apiOrigin: string; cart: CartState }) {
  const entry = accountEntryIn(window);
  return (
    <p className="account-line">
      {entry.signedIn ? (
        <>
          {entry.firstName ? t('cart.signedInAs', { name: entry.firstName }) : t('cart.signedIn')}{' '}
          <CheckoutLink apiOrigin={apiOrigin} path="/account/" cart={cart} className="">
            {t('cart.yourAccount')}
          </CheckoutLink>
        </>
      ) : (
        <>
          <CheckoutLink apiOrigin={apiOrigin} path="/login/" cart={cart} className="">
            {t('common.signIn')}
          </CheckoutLink>{' '}
          {t('cart.signInReason')}
        </>
      )}
    </p>
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
        <button type="button" aria-label={t('cart.decreaseQuantityOf', { name })} onClick={() => step(line.id, -1)}>
          −
        </button>
        <output className="quantity" aria-label={t('cart.quantityOf', { name })}>
          {line.quantity}
        </output>
        <button type="button" aria-label={t('cart.increaseQuantityOf', { name })} onClick={() => step(line.id, 1)}>
          +
        </button>
        <button
          type="button"
          className="remove"
          aria-label={t('cart.removeItem', { name })}
          onClick={() => dispatch({ type: 'removeItem', lineId: line.id })}
        >
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}
