import { useEffect, useState } from 'react';
import {
  CART_CHANGED_EVENT,
  TOGGLE_CART_EVENT,
  type CartChangedDetail,
  type ComalWindowApi,
} from '../../../shared/events.ts';
import { IslandBoundary } from './IslandBoundary.tsx';

/** The header's cart button on /order/: the number of items, and a click opens or closes the cart. */
export interface CartBubbleProps {
  locale: string;
  /** 'Cart, # items' in the page's language, per plural form (site/i18n.ts pluralForms). */
  label: { one: string; other: string };
}

function CartBubbleButton({ locale, label: forms }: CartBubbleProps) {
  const [quantity, setQuantity] = useState(0);

  useEffect(() => {
    // The widget may have announced its cart before this island woke up.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the server's HTML says 0; the widget's count is known only in the browser
    setQuantity((window as { Comal?: Partial<ComalWindowApi> }).Comal?.cartQuantity?.() ?? 0);
    const onChange = (event: Event) => setQuantity((event as CustomEvent<CartChangedDetail>).detail.quantity);
    document.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => document.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);

  const label = forms[new Intl.PluralRules(locale).select(quantity) === 'one' ? 'one' : 'other'].replace(
    '#',
    String(quantity),
  );
  return (
    <button
      type="button"
      className="cart-bubble"
      aria-label={label}
      onClick={() => document.dispatchEvent(new CustomEvent(TOGGLE_CART_EVENT))}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 2-1.5L21 7H6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.6" fill="currentColor" />
        <circle cx="17" cy="20" r="1.6" fill="currentColor" />
      </svg>
      <span className="cart-count" aria-hidden="true">
        {quantity}
      </span>
    </button>
  );
}

export default function CartBubble(props: CartBubbleProps) {
  return (
    <IslandBoundary>
      <CartBubbleButton {...props} />
    </IslandBoundary>
  );
}
