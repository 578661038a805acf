/**
 * /account/: the customer's orders (number, date, items, total, status), each with 'Reorder',
 * the saved carts with 'Restore' and 'Delete', and 'Sign out'. Restoring or reordering fills the
 * cart and goes to /order/, unless something was left out: then it says so first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OrderSummary, SavedCart } from '../../shared/api/schemas.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import type { ItemToRestore } from '../../shared/saved-cart.ts';
import { useAuth } from '../auth-context.tsx';
import { sitePath, t, widgetIntlLocale } from '../i18n.ts';
import type { AccountContext } from './account-context.ts';
import { restoreIntoCart } from './restore.ts';
import { messageOf } from './use-action.ts';
import { useList, type ListState } from './use-list.ts';

const ORDER_PAGE = '/order/';

function orderNumber(order: OrderSummary): string {
  return order.number ? t('account.orderNumber', { number: order.number }) : t('account.order');
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(widgetIntlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** An order's status as the customer reads it; one the widget does not know reads as the server spells it. */
function statusText(status: string): string {
  switch (status) {
    case 'pending_payment':
      return t('account.status.pendingPayment');
    case 'paid':
      return t('account.status.paid');
    case 'accepted':
      return t('account.status.accepted');
    case 'ready':
      return t('account.status.ready');
    case 'out_for_delivery':
      return t('account.status.outForDelivery');
    case 'completed':
      return t('account.status.completed');
    case 'cancelled':
      return t('account.status.cancelled');
  }
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quantityText(items: readonly { quantity: number }[]): string {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return t('account.itemCount', { count });
}

/** Asks a signed-out visitor to sign in first; `text` says what for. */
export function SignInFirst({ next, text }: { next: string; text: string }) {
  return (
    <div className="account-card">
      <h1>{t('account.yourAccount')}</h1>
      <p>{text}</p>
      <a className="primary-link" href={`${sitePath('/login/')}?next=${encodeURIComponent(next)}`}>
        {t('common.signIn')}
      </a>
      <p className="account-links">
        {t('account.newHere')} <a href={sitePath('/register/')}>{t('common.handOver.register')}</a>
      </p>
    </div>
  );
}

function ListStatus<T>({ state, empty }: { state: ListState<T>; empty: string }) {
  if (state.status === 'loading')
    return (
      <p className="status" role="status">
        {t('common.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  return state.items.length === 0 ? <p className="empty">{empty}</p> : null;
}

export function AccountPage({ context }: { context: AccountContext }) {
  const { api, store, apiOrigin, navigate } = context;
  const auth = useAuth();
  const sub = auth.info?.cognitoSub ?? null;
  const ready = !auth.starting && Boolean(sub);
  const orders = useList<OrderSummary>(useMemo(() => (ready ? () => api.listOrders(sub) : null), [api, sub, ready]));
  const carts = useList<SavedCart>(useMemo(() => (ready ? () => api.listSavedCarts(sub) : null), [api, sub, ready]));
  const [busy, setBusy] = useState('');
  const [notice, setNotice] = useState<{ text: string; error: boolean; cart: boolean } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  // /account/#orders and /account/#saved-carts (the header's account list) open at that section
  // once both lists are in, so nothing above it moves afterwards.
  const ordersHeading = useRef<HTMLHeadingElement>(null);
  const cartsHeading = useRef<HTMLHeadingElement>(null);
  const listsIn = orders.state.status !== 'loading' && carts.state.status !== 'loading';
  useEffect(() => {
    if (!listsIn) return;
    const heading = { '#orders': ordersHeading, '#saved-carts': cartsHeading }[window.location.hash]?.current;
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  }, [listsIn]);

  if (auth.starting)
    return (
      <p className="status" role="status">
        {t('common.loading')}
      </p>
    );
  if (!sub) return <SignInFirst next="/account/" text={t('account.signInToSeeOrders')} />;

  async function act(key: string, action: () => Promise<void>) {
    if (busy) return;
    setBusy(key);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ text: messageOf(error), error: true, cart: false });
    } finally {
      setBusy('');
    }
  }

  async function fill(items: readonly ItemToRestore[], serverMessage?: string) {
    const missing = await restoreIntoCart(store, apiOrigin, items);
    const left = missing > 0 ? t('account.leftOut', { count: missing }) : '';
    const text = [serverMessage, left].filter(Boolean).join(' ');
    if (text) setNotice({ text, error: false, cart: true });
    else navigate(sitePath(ORDER_PAGE));
  }

  const reorder = (order: OrderSummary) =>
    act(`reorder-${order.id}`, async () => {
      const answer = await api.reorderOrder(order.id, sub);
      if (!answer) throw new Error(t('account.reorderFailed'));
      await fill(answer.items, answer.message);
    });
  const restore = (cart: SavedCart) => act(`restore-${cart.id}`, () => fill(cart.items));
  const remove = (cart: SavedCart) =>
    act(`delete-${cart.id}`, async () => {
      if (!(await api.deleteSavedCart(cart.id))) throw new Error(t('account.deleteCartFailed'));
      setNotice({ text: t('account.deletedCart', { name: cart.name }), error: false, cart: false });
      carts.reload();
    });

  return (
    <div className="account">
      <div className="account-head">
        <h1>{t('account.yourAccount')}</h1>
        <p>{t('account.signedInAs', { email: auth.info?.email ?? '' })}</p>
        <p className="account-links">
          <a href={sitePath('/payment/')}>{t('account.paymentMethods')}</a>
          <a href={sitePath('/order/')}>{t('account.orderFood')}</a>
        </p>
        <button type="button" className="secondary" onClick={() => void auth.signOut()}>
          {t('account.signOut')}
        </button>
      </div>
      {notice && (
        <div
          ref={noticeRef}
          className={notice.error ? 'error' : 'notice'}
          role={notice.error ? 'alert' : 'status'}
          tabIndex={-1}
        >
          <p>{notice.text}</p>
          {notice.cart && (
            <a className="primary-link" href={sitePath(ORDER_PAGE)}>
              {t('account.goToCart')}
            </a>
          )}
        </div>
      )}
      <section className="account-section" aria-labelledby="orders-title">
        <h2 id="orders-title" ref={ordersHeading} tabIndex={-1}>
          {t('account.yourOrders')}
        </h2>
        <ListStatus state={orders.state} empty={t('account.noOrders')} />
        {orders.state.status === 'ready' && orders.state.items.length > 0 && (
          <ul className="account-list">
            {orders.state.items.map((order) => {
              const id = `order-${order.id}`;
              return (
                <li key={order.id} className="account-item">
                  <h3 id={id}>{orderNumber(order)}</h3>
                  <p className="meta">
                    {when(order.created_at)} ·{' '}
                    {order.delivery_type === 'delivery' ? t('account.delivery') : t('account.pickup')} ·{' '}
                    <span className="order-status">{statusText(order.status)}</span>
                  </p>
                  <ul className="order-items">
                    {order.items.map((item, index) => (
                      <li key={index}>
                        {item.quantity} × {item.name}
                        {item.modifiers.length > 0 && (
                          <span className="modifiers"> ({item.modifiers.map((m) => m.name).join(', ')})</span>
                        )}
                      </li>
                    ))}
                  </ul>
                  <p className="order-total">
                    {t('account.orderTotal', { amount: formatUSD(toCents(order.totals.total)) })}
                  </p>
                  <button
                    type="button"
                    aria-describedby={id}
                    disabled={Boolean(busy)}
                    aria-busy={busy === `reorder-${order.id}` || undefined}
                    onClick={() => void reorder(order)}
                  >
                    {t('account.reorder')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="account-section" aria-labelledby="carts-title">
        <h2 id="carts-title" ref={cartsHeading} tabIndex={-1}>
          {t('account.savedCarts')}
        </h2>
        <ListStatus state={carts.state} empty={t('account.noSavedCarts')} />
        {carts.state.status === 'ready' && carts.state.items.length > 0 && (
          <ul className="account-list">
            {carts.state.items.map((cart) => {
              const id = `cart-${cart.id}`;
              return (
                <li key={cart.id} className="account-item">
                  <h3 id={id}>{cart.name}</h3>
                  <p className="meta">
                    {quantityText(cart.items)}
                    {cart.created_at ? ` · ${t('account.savedOn', { date: when(cart.created_at) })}` : ''}
                  </p>
                  <div className="actions">
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={Boolean(busy)}
                      onClick={() => void restore(cart)}
                    >
                      {t('account.restore')}
                    </button>
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={Boolean(busy)}
                      onClick={() => void remove(cart)}
                    >
                      {t('account.delete')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
