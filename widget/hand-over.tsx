/**
 * A checkout, account or sign-in screen placed on a partner's page: these happen on the
 * restaurant's own site (third-party cookies are blocked, and no card form goes on pages we do
 * not control), so the widget offers the way there, carrying the cart.
 */
import type { Signal } from '@preact/signals-react';
import type { MessageId } from '../shared/i18n/message.ts';
import type { CartState } from '../shared/cart.ts';
import { restaurant } from '../shared/restaurant.ts';
import { CheckoutLink } from './checkout-link.tsx';
import { ShadowFrame } from './shadow-frame.tsx';
import { t } from './i18n.ts';

/** The restaurant's page for each mode that does not run on a partner's page, and its link's words. */
export const RESTAURANT_PAGES: Record<string, { path: string; action: MessageId }> = {
  checkout: { path: '/checkout/', action: 'common.handOver.checkout' },
  account: { path: '/account/', action: 'common.handOver.account' },
  login: { path: '/login/', action: 'common.signIn' },
  register: { path: '/register/', action: 'common.handOver.register' },
  reset: { path: '/reset-password/', action: 'common.handOver.reset' },
  confirm: { path: '/confirmation-instruction/', action: 'common.handOver.confirm' },
};

export function HandOver({ mode, cart, apiOrigin }: { mode: string; cart: Signal<CartState>; apiOrigin: string }) {
  const page = RESTAURANT_PAGES[mode] ?? RESTAURANT_PAGES.checkout!;
  return (
    <ShadowFrame>
      <div className="hand-over">
        <p>{t('common.handOver.text', { restaurant: restaurant.name })}</p>
        <CheckoutLink apiOrigin={apiOrigin} path={page.path} cart={cart.value}>
          {t(page.action)}
        </CheckoutLink>
      </div>
    </ShadowFrame>
  );
}
