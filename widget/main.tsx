/**
 * The widget's entry, the one script a page pastes: it works out the API's origin from its own
 * src, keeps the cart (widget/cart-store.ts), exposes window.Comal, adds its font to the page,
 * and renders into the shadow root of each <comal-order> (or [data-comal-order]) element, so the
 * host page's CSS cannot reach it. The mode attribute picks the screen: the menu and cart
 * (order, the default), checkout, the paid order (congratulations), or the account and sign-in
 * screens (account, login, register, reset, confirm); checkout's and the account's code are lazy
 * chunks. Who is signed in lives here (widget/auth-store.ts), its token handed to the API client.
 * On a partner's page, checkout, account and sign-in screens hand over to the restaurant's own
 * pages with the cart.
 */
import { Fragment } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../shared/i18n/locale.ts';
import { createApiClient } from '../shared/api/client.ts';
import { localStorageOf } from '../shared/auth-info.ts';
import { AccountApp } from './account-app.tsx';
import { apiOriginOf } from './api-origin.ts';
import { createAuthStore } from './auth-store.ts';
import { forgetHandedOverCart, handedOverCart } from './cart-handover.ts';
import { createCartStore } from './cart-store.ts';
import { withLivePricing } from './live-pricing.ts';
import { CheckoutApp, ConfirmationApp } from './checkout-app.tsx';
import { chunkFiles } from './chunk-files.ts';
import { createChunkLoader } from './chunk-loader.ts';
import { HandOver, RESTAURANT_PAGES } from './hand-over.tsx';
import { installComalApi } from './comal-api.ts';
import { addHostFonts } from './host-fonts.ts';
import { initialCategoryOf, initialItemOf } from './initial-category.ts';
import { OrderingApp } from './ordering-app.tsx';
import { loadMenu } from './menu-loading.ts';
import { shareRuntime } from './shared-runtime.ts';
import { localize, t, widgetLocale } from './i18n.ts';
import { activateLocale, initialLocale, rememberLocale } from './locale-choice.ts';
// Types only: the code stays in its chunk.
import type * as HandoverChunk from './handover/index.ts';
import type * as ItemChunk from './item/index.ts';
import type * as CartChunk from './cart/index.ts';

const script = document.currentScript as HTMLScriptElement | null;
export const apiOrigin = apiOriginOf(script?.src, window.location.origin);
const chunksUrl = `${apiOrigin}/widget/chunks`;
const onPartnerPage = apiOrigin !== window.location.origin;

shareRuntime(window);
const storage = localStorageOf(window);
const store = createCartStore({ document, window, storage });
const controls = installComalApi({ window, document }, store);
const loader = createChunkLoader({ document, window, baseUrl: chunksUrl, files: chunkFiles });
// The widget shows once it can speak the customer's language (widget/locale-choice.ts).
const languageReady = activateLocale(initialLocale({ document, navigator, storage, onPartnerPage }), loader);

/** The widget's language switch (on a partner's page): remembered, and every widget speaks it. */
async function switchLocale(locale: Locale): Promise<void> {
  rememberLocale(storage, locale);
  await activateLocale(locale, loader);
  hosts.forEach(render);
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
if (onPartnerPage)
  addHostFonts(document, typeof chunkFiles.font === 'string' ? `${chunksUrl}/${chunkFiles.font}` : null);

const mounted = new WeakMap<HTMLElement, Root>();
const hosts = new Set<HTMLElement>();
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

/** The attributes a page may set on the element, also after the widget shows. */
const ATTRIBUTES = ['mode', 'category', 'section', 'layout', 'theme-color', 'data-debug'];

function render(host: HTMLElement) {
  // The action colour: a CSS colour in hex only, set through the CSSOM (a CSP allows that).
  const colour = host.getAttribute('theme-color')?.trim() ?? '';
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour)) host.style.setProperty('--comal-action', colour);
  else host.style.removeProperty('--comal-action');
  // A new language renders each screen afresh, in its words.
  mounted.get(host)?.render(<Fragment key={widgetLocale()}>{screenFor(host)}</Fragment>);
}

function mount(host: HTMLElement) {
  if (mounted.has(host) || !host.isConnected) return;
  mounted.set(host, createRoot(host));
  hosts.add(host);
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
  render(host);
}

function unmount(host: HTMLElement) {
  mounted.get(host)?.unmount();
  mounted.delete(host);
  hosts.delete(host);
}

// <comal-order> as a custom element mounts whenever a page adds one, also after load (a
// partner's single-page app); [data-comal-order] elements mount once the page is parsed.
if (window.customElements && !window.customElements.get('comal-order')) {
  window.customElements.define(
    'comal-order',
    class extends HTMLElement {
      static observedAttributes = ATTRIBUTES;
      attributeChangedCallback() {
        render(this);
      }
      connectedCallback() {
        void languageReady.then(() => mount(this));
      }
      disconnectedCallback() {
        // Moved within the page (disconnected, then connected again at once): keep it.
        queueMicrotask(() => !this.isConnected && unmount(this));
      }
    },
  );
}

function mountAll() {
  void languageReady.then(() =>
    document.querySelectorAll<HTMLElement>('comal-order, [data-comal-order]').forEach(mount),
  );
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
