/**
 * The ordering app, a lazy chunk the first paint (widget/main.tsx) starts on intent, or at once
 * for every screen but the menu: it keeps the cart (widget/cart-store.ts), exposes window.Comal,
 * and renders into the shadow root of each <comal-order> (or [data-comal-order]) element, taking
 * over the nodes the first paint drew. The mode attribute picks the screen: the menu and cart
 * (order, the default), checkout, the paid order (congratulations), or the account and sign-in
 * screens (account, login, register, reset, confirm); checkout's and the account's code are lazy
 * chunks of their own. Who is signed in lives here (widget/auth-store.ts), its token handed to
 * the API client. On a partner's page, checkout, account and sign-in screens hand over to the
 * restaurant's own pages with the cart.
 */
import { render, type ComponentChild } from 'preact';
import { Fragment } from 'react';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import type { CartState } from '../../shared/cart.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { createApiClient } from '../../shared/api/client.ts';
import { AccountApp } from '../account-app.tsx';
import { createAuthStore } from '../auth-store.ts';
import { forgetHandedOverCart, handedOverCart } from '../cart-handover.ts';
import { createCartStore } from '../cart-store.ts';
import { withLivePricing } from '../live-pricing.ts';
import { CheckoutApp, ConfirmationApp } from '../checkout-app.tsx';
import type { ChunkLoader } from '../chunk-loader.ts';
import { HandOver, RESTAURANT_PAGES } from '../hand-over.tsx';
import { installComalApi } from '../comal-api.ts';
import { initialCategoryOf, initialItemOf } from '../initial-category.ts';
import { OrderingApp } from '../ordering-app.tsx';
import { loadMenu, seedMenu, type LoadedMenu } from '../menu-loading.ts';
import { setFallbackStyles, shadowRootOf, themeColour, type FallbackStyles } from '../shadow-frame.tsx';
import { shareRuntime } from '../shared-runtime.ts';
import { localize, t, widgetLocale } from '../i18n.ts';
import { activateLocale, rememberLocale } from '../locale-choice.ts';
// Types only: the code stays in its chunk.
import type * as HandoverChunk from '../handover/index.ts';
import type * as ItemChunk from '../item/index.ts';
import type * as CartChunk from '../cart/index.ts';

/** What the first paint hands the app: where things are, and what it already has. */
export interface AppContext {
  apiOrigin: string;
  onPartnerPage: boolean;
  loader: ChunkLoader;
  storage: Storage | null;
  /** The widget's style sheet every shadow root adopts; null without constructable sheets. */
  sheet: CSSStyleSheet | null;
  fallback: FallbackStyles | null;
  /** GET /api/menus/ as the first paint asked it, and the menu it drew from the answer. */
  menus: Promise<unknown>;
  menu: LoadedMenu | null;
  /** The store-hours answer the first paint showed its notice from, if it came. */
  hours: StoreHoursResponse | null;
  /** The cart as the first paint left it (items it added go to storage too, unless storage is blocked). */
  cart: CartState;
}

export interface App {
  /** Shows the host's screen; `resumed`: the first paint drew its menu, which the app takes over as it is. */
  mount(host: HTMLElement, resumed: boolean): void;
  /** Shows the host's screen again (an attribute changed). */
  render(host: HTMLElement): void;
  unmount(host: HTMLElement): void;
  /** A message to the customer in the page's toasts (an item the first paint added to the cart). */
  toast(text: string): void;
}

export function start(context: AppContext): App {
  const { apiOrigin, onPartnerPage, loader, storage } = context;
  shareRuntime(window);
  setFallbackStyles(context.fallback);
  seedMenu(apiOrigin, context.menus, context.menu);
  const store = createCartStore({ document, window, storage });
  // Storage refused the first paint's additions: the cart it kept in memory comes along.
  if (store.cart.peek().items.length === 0 && context.cart.items.length > 0) store.replace(context.cart);
  if (context.hours) store.takePricing(context.hours.pricing);
  const controls = installComalApi({ window, document }, store);

  /** The widget's language switch (on a partner's page): remembered, and every widget speaks it. */
  async function switchLocale(locale: Locale): Promise<void> {
    rememberLocale(storage, locale);
    await activateLocale(locale, loader);
    resumed.clear();
    mounted.forEach((_root, host) => show(host));
  }
  // A cart carried over from a partner's page (only ever to the restaurant's own pages), by ids:
  // the handover chunk rebuilds it from the live menu, and the page says what it could not keep.
  // The address keeps it until then, so a reload meanwhile does not lose it.
  const handedOver = onPartnerPage ? null : handedOverCart(window);
  if (handedOver !== null) {
    controls.setHandover('pending');
    loader
      .load<typeof HandoverChunk>('handover')
      .then(({ module }) => module.receiveHandover(handedOver, () => loadMenu(apiOrigin), store.cart.peek()))
      .then(
        ({ cart, problems }) => {
          if (cart.items.length > 0) store.replace(cart);
          controls.setHandover(problems);
        },
        // When the handed-over cart could not be rebuilt (the menu or the chunk did not load).
        () => controls.setHandover([t('common.handoverFailed')]),
      )
      .finally(() => forgetHandedOverCart(window));
  }
  const readCookie = () => document.cookie;
  const api = withLivePricing(
    createApiClient({
      baseUrl: apiOrigin,
      readCookie,
      getAccessToken: () => auth.token.peek(),
      getLocale: widgetLocale,
      localize,
    }),
    store,
  );
  const auth = createAuthStore({
    api,
    storage,
    navigate: (url) => window.location.assign(url),
    hasCsrfToken: () => /(^|;\s*)csrftoken=/.test(readCookie()),
    hasSession: () => /(^|;\s*)comal_signed_in=1/.test(readCookie()),
  });
  // The silent refresh (on the restaurant's own pages: a partner's page has no session).
  if (!onPartnerPage) {
    void auth.start();
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && auth.resume());
  } else auth.starting.value = false;

  /** Each mounted host's shadow root. */
  const mounted = new Map<HTMLElement, ShadowRoot>();
  /** The hosts whose first paint the app has not rendered over yet. */
  const resumed = new Set<HTMLElement>();
  const loadItemChunk = () => loader.load<typeof ItemChunk>('item').then(({ module }) => module);
  const loadCartChunk = () => loader.load<typeof CartChunk>('cart').then(({ module }) => module);

  function screenFor(host: HTMLElement) {
    const mode = host.getAttribute('mode') ?? 'order';
    if (onPartnerPage && mode in RESTAURANT_PAGES)
      return <HandOver mode={mode} cart={store.cart} apiOrigin={apiOrigin} />;
    switch (mode) {
      default: // 'order'
        return (
          <OrderingApp
            store={store}
            controls={controls}
            api={api}
            apiOrigin={apiOrigin}
            initialCategory={initialCategoryOf(window.location.href, host)}
            initialItem={initialItemOf(window.location.href)}
            scrollPage={!onPartnerPage}
            layout={host.getAttribute('layout')}
            debug={host.hasAttribute('data-debug')}
            loadItemChunk={loadItemChunk}
            loadCartChunk={loadCartChunk}
            onLocale={onPartnerPage ? (locale) => void switchLocale(locale) : undefined}
            resumed={resumed.has(host) ? { hours: context.hours } : null}
          />
        );
      case 'checkout':
        return (
          <CheckoutApp
            store={store}
            controls={controls}
            api={api}
            auth={auth}
            apiOrigin={apiOrigin}
            loader={loader}
            storage={storage}
            loadCartChunk={loadCartChunk}
          />
        );
      case 'congratulations':
        return (
          <ConfirmationApp
            api={api}
            apiOrigin={apiOrigin}
            loader={loader}
            orderId={new URL(window.location.href).searchParams.get('order')}
          />
        );
      case 'account':
      case 'login':
      case 'register':
      case 'reset':
      case 'confirm':
        return (
          <AccountApp
            mode={mode}
            section={host.getAttribute('section')}
            store={store}
            auth={auth}
            api={api}
            apiOrigin={apiOrigin}
            loader={loader}
          />
        );
    }
  }

  function show(host: HTMLElement) {
    const root = mounted.get(host);
    themeColour(host);
    shadowRootOf(host, context.sheet, widgetLocale());
    // A new language renders each screen afresh, in its words. The first render takes over the
    // first paint's nodes when it was handed a drawn menu (preact reuses the elements a root
    // already holds), so nothing flashes and focus stays where it was.
    if (root) render((<Fragment key={widgetLocale()}>{screenFor(host)}</Fragment>) as ComponentChild, root);
  }

  return {
    mount(host, wasDrawn) {
      if (mounted.has(host) || !host.isConnected) return;
      const root = shadowRootOf(host, context.sheet, widgetLocale());
      mounted.set(host, root);
      if (wasDrawn) resumed.add(host);
      // The app renders over the first paint's menu once that menu is drawn and its category
      // opened (`wasDrawn`); anything else the first paint drew (a loading line, a menu still
      // short of its category) goes.
      for (const child of [...root.children])
        if (child.localName !== 'style' && !(wasDrawn && child.classList.contains('menu-root'))) child.remove();
      if (host.hasAttribute('data-debug')) {
        let framed = false;
        try {
          framed = window.top !== window.self;
        } catch {
          framed = true;
        }
        console.info(
          `[Comal] mode ${host.getAttribute('mode') ?? 'order'}, API ${apiOrigin}, page ${window.location.origin}` +
            `${onPartnerPage ? ' (a partner page: its origin must be in the server’s EMBED_ORIGINS)' : ''}` +
            `${framed ? ', inside a frame: checkout opens at the top or in a new tab' : ''}`,
        );
      }
      show(host);
    },
    render(host) {
      resumed.delete(host);
      show(host);
    },
    unmount(host) {
      const root = mounted.get(host);
      if (root) render(null, root);
      mounted.delete(host);
      resumed.delete(host);
    },
    toast: (text) => controls.toasts.show(text, 'success'),
  };
}
