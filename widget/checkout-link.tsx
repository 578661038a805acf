/**
 * The way from the cart (or a hand-over screen) to one of the restaurant's own pages. On the
 * restaurant's top-level page, a plain link. On a partner's page or inside a frame (site builders
 * embed custom code in one, and our checkout refuses to be framed), the absolute address with the
 * cart in its fragment, opened at the top of the window; when the frame may not navigate the top
 * (a sandbox without allow-top-navigation), in a new tab; when that is blocked too, a link the
 * customer can open themselves.
 */
import { useState, type ReactNode } from 'react';
import type { CartState } from '../shared/cart.ts';
import { inFrame, restaurantPageHref } from './cart-handover.ts';
import { t } from './i18n.ts';

interface Props {
  apiOrigin: string;
  path: string;
  cart: CartState;
  children: ReactNode;
  /** 'checkout' (the default) looks like the cart's main button; a plain link otherwise. */
  className?: string;
}

export function CheckoutLink({ apiOrigin, path, cart, children, className = 'checkout' }: Props) {
  const [blocked, setBlocked] = useState(false);
  const framed = inFrame(window);
  const href = restaurantPageHref(apiOrigin, window.location.origin, path, cart, framed);
  if (blocked) {
    return (
      <p className="hand-over" role="status">
        {t('common.pageCannotOpenSite')}{' '}
        <a href={href} target="_blank" rel="noopener">
          {t('common.openCheckoutNewTab')}
        </a>
      </p>
    );
  }
  const leaveFrame = (event: { preventDefault(): void }) => {
    event.preventDefault();
    try {
      window.top!.location.href = href;
    } catch {
      if (!window.open(href, '_blank')) setBlocked(true);
    }
  };
  return (
    <a className={className} href={href} target={framed ? '_top' : undefined} onClick={framed ? leaveFrame : undefined}>
      {children}
    </a>
  );
}
