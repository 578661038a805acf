/**
 * /account/: the customer's orders (number, date, items, total, status), each with 'Reorder',
 * the saved carts with 'Restore' and 'Delete', and 'Sign out'. Restoring or reordering fills the
 * cart and goes to /order/, unless something was left out: then it says so first.
 */
import { LOADING } from '../../shared/api/messages.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OrderSummary, SavedCart } from '../../shared/api/schemas.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import type { ItemToRestore } from '../../shared/saved-cart.ts';
import { useAuth } from '../auth-context.tsx';
import type { AccountContext } from './account-context.ts';
import { restoreIntoCart } from './restore.ts';
import { messageOf } from './use-action.ts';
import { useList, type ListState } from './use-list.ts';

export const REORDER_FAILED = 'We could not reorder this order. Try again.';
export const DELETE_CART_FAILED = 'We could not delete this cart. Try again.';
const ORDER_PAGE = '/order/';

function orderNumber(order: OrderSummary): string {
  return order.number ? `Order #${order.number}` : 'Order';
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function statusText(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quantityText(items: readonly { quantity: number }[]): string {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export function SignInFirst({ next, what }: { next: string; what: string }) {
  return (
    <div className="account-card">
      <h1>Your account</h1>
      <p>Sign in to see {what}.</p>
      <a className="primary-link" href={`/login/?next=${encodeURIComponent(next)}`}>
        Sign in
      </a>
      <p className="account-links">
        New here? <a href="/register/">Create an account</a>
      </p>
    </div>
  );
}

function ListStatus<T>({ state, empty }: { state: ListState<T>; empty: string }) {
  if (state.status === 'loading')
    return (
      <p className="status" role="status">
        {LOADING}
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
        {LOADING}
      </p>
    );
  if (!sub) return <SignInFirst next="/account/" what="your orders and saved carts" />;

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
    const left =
      missing > 0
        ? `${missing} ${missing === 1 ? 'item is' : 'items are'} no longer on the menu and ${missing === 1 ? 'was' : 'were'} left out.`
        : '';
    const text = [serverMessage, left].filter(Boolean).join(' ');
    if (text) setNotice({ text, error: false, cart: true });
    else navigate(ORDER_PAGE);
  }

  const reorder = (order: OrderSummary) =>
    act(`reorder-${order.id}`, async () => {
      const answer = await api.reorderOrder(order.id, sub);
      if (!answer) throw new Error(REORDER_FAILED);
      await fill(answer.items, answer.message);
    });
  const restore = (cart: SavedCart) => act(`restore-${cart.id}`, () => fill(cart.items));
  const remove = (cart: SavedCart) =>
    act(`delete-${cart.id}`, async () => {
      if (!(await api.deleteSavedCart(cart.id))) throw new Error(DELETE_CART_FAILED);
      setNotice({ text: `Deleted “${cart.name}”.`, error: false, cart: false });
      carts.reload();
    });

  return (
    <div className="account">
      <div className="account-head">
        <h1>Your account</h1>
        <p>Signed in as {auth.info?.email}.</p>
        <p className="account-links">
          <a href="/payment/">Payment methods</a>
          <a href="/order/">Order food</a>
        </p>
        <button type="button" className="secondary" onClick={() => void auth.signOut()}>
          Sign out
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
            <a className="primary-link" href={ORDER_PAGE}>
              Go to your cart
            </a>
          )}
        </div>
      )}
      <section className="account-section" aria-labelledby="orders-title">
        <h2 id="orders-title" ref={ordersHeading} tabIndex={-1}>
          Your orders
        </h2>
        <ListStatus state={orders.state} empty="No orders yet." />
        {orders.state.status === 'ready' && orders.state.items.length > 0 && (
          <ul className="account-list">
            {orders.state.items.map((order) => {
              const id = `order-${order.id}`;
              return (
                <li key={order.id} className="account-item">
                  <h3 id={id}>{orderNumber(order)}</h3>
                  <p className="meta">
                    {when(order.created_at)} · {order.delivery_type === 'delivery' ? 'Delivery' : 'Pickup'} ·{' '}
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
                  <p className="order-total">Total {formatUSD(toCents(order.totals.total))}</p>
                  <button
                    type="button"
                    aria-describedby={id}
                    disabled={Boolean(busy)}
                    aria-busy={busy === `reorder-${order.id}` || undefined}
                    onClick={() => void reorder(order)}
                  >
                    Reorder
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="account-section" aria-labelledby="carts-title">
        <h2 id="carts-title" ref={cartsHeading} tabIndex={-1}>
          Saved carts
        </h2>
        <ListStatus state={carts.state} empty="No saved carts yet. Save one at checkout." />
        {carts.state.status === 'ready' && carts.state.items.length > 0 && (
          <ul className="account-list">
            {carts.state.items.map((cart) => {
              const id = `cart-${cart.id}`;
              return (
                <li key={cart.id} className="account-item">
                  <h3 id={id}>{cart.name}</h3>
                  <p className="meta">
                    {quantityText(cart.items)}
                    {cart.created_at ? ` · saved ${when(cart.created_at)}` : ''}
                  </p>
                  <div className="actions">
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={Boolean(busy)}
                      onClick={() => void restore(cart)}
                    >
                      Restore
                    </button>
                    <button
                      type="button"
                      aria-describedby={id}
                      disabled={Boolean(busy)}
                      onClick={() => void remove(cart)}
                    >
                      Delete
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
