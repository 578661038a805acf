/**
 * A checkout, account or sign-in screen placed on a partner's page: these happen on the
 * restaurant's own site (third-party cookies are blocked, and no card form goes on pages we do
 * not control), so the widget offers the way there, carrying the cart.
 */
import type { Signal } from '@preact/signals-react';
import type { CartState } from '../shared/cart.ts';
import { restaurant } from '../shared/restaurant.ts';
import { CheckoutLink } from './checkout-link.tsx';
import { ShadowFrame } from './shadow-frame.tsx';

/** The restaurant's page for each mode that does not run on a partner's page. */
export const RESTAURANT_PAGES: Record<string, { path: string; action: string }> = {
  checkout: { path: '/checkout/', action: 'Continue to checkout' },
  account: { path: '/account/', action: 'Go to your account' },
  login: { path: '/login/', action: 'Sign in' },
  register: { path: '/register/', action: 'Create an account' },
  reset: { path: '/reset-password/', action: 'Reset your password' },
  confirm: { path: '/confirmation-instruction/', action: 'Confirm your account' },
};

export function HandOver({ mode, cart, apiOrigin }: { mode: string; cart: Signal<CartState>; apiOrigin: string }) {
  const page = RESTAURANT_PAGES[mode] ?? RESTAURANT_PAGES.checkout!;
  return (
    <ShadowFrame>
      <div className="hand-over">
        <p>This happens on {restaurant.name}'s own site, where your cart goes with you.</p>
        <CheckoutLink apiOrigin={apiOrigin} path={page.path} cart={cart.value}>
          {page.action}
        </CheckoutLink>
      </div>
    </ShadowFrame>
  );
}
