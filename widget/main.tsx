/**
 * The widget's entry, the one script a page pastes, and its first paint: it works out the API's
 * origin from its own src, announces the stored cart's count (the page's cart bubble), fetches
 * the menu once and draws it into the shadow root of each <comal-order> (or [data-comal-order])
 * element, in slices that let the browser breathe between them, with the markup and styles of the
 * ordering app (widget/core/menu-view.tsx).
 *
 * The ordering app itself (widget/app/index.tsx, on preact/compat) is a lazy chunk: fetched once
 * the menu is drawn and the browser is idle, started on intent (a pointer down, focus or a key in
 * the widget, the cart opened from the page) and at once for any screen but the menu, a cart
 * handed over in the address or a link to an item. It takes over the nodes drawn here once the
 * category the page asked for is opened (before, it draws its own). A press made before it came
 * is made again once it has; 'Add' goes into the stored cart at once, so it is kept even if the
 * customer leaves first.
 */
import { render } from 'preact';
import type { StoreHoursResponse } from '../shared/api/schemas.ts';
import { MENU_FETCH_FAILED } from '../shared/api/messages.ts';
import { createTransport } from '../shared/api/transport.ts';
import { localStorageOf } from '../shared/auth-info.ts';
import { CLOSE_CART_EVENT, OPEN_CART_EVENT, TOGGLE_CART_EVENT, type ComalWindowApi } from '../shared/events.ts';
import { apiOriginOf } from './api-origin.ts';
import { handedOverCart } from './cart-handover.ts';
import { chunkFiles } from './chunk-files.ts';
import { createChunkLoader } from './chunk-loader.ts';
import { createFirstPaintCart, type FirstPaintCart } from './core/first-paint-cart.ts';
import { FirstPaintView, listedSections, pieceCount, type FirstPaint } from './core/menu-view.tsx';
import { afterNextFrame, yieldToBrowser, whenIdle } from './core/yielding.ts';
import { addHostFonts } from './host-fonts.ts';
import { localize, t, widgetLocale } from './i18n.ts';
import { initialCategoryOf, initialItemOf } from './initial-category.ts';
import { activateLocale, initialLocale } from './locale-choice.ts';
import { loadedMenuInTurns, menusRequest, type LoadedMenu } from './menu-loading.ts';
import { menuSections, openingCategory, type MenuSection } from './menu-sections.ts';
import { adoptableSheet, shadowRootOf, themeColour, type FallbackStyles } from './shadow-frame.tsx';
import { widgetStyles } from './styles.ts';
// Types only: the code stays in its chunk.
import type * as AppChunk from './app/index.tsx';

const script = document.currentScript as HTMLScriptElement | null;
const apiOrigin = apiOriginOf(script?.src, window.location.origin);
/** The nonce of the script tag that loaded the widget, read while it runs (after, it is gone). */
const nonce = script?.nonce ?? '';
const chunksUrl = `${apiOrigin}/widget/chunks`;
const onPartnerPage = apiOrigin !== window.location.origin;

const storage = localStorageOf(window);
const loader = createChunkLoader({ document, window, baseUrl: chunksUrl, files: chunkFiles });
/** The style sheet every shadow root adopts (null without constructable sheets: a <style> instead). */
let sheet: CSSStyleSheet | null = null;
let fallback: FallbackStyles | null = null;
// The widget shows once it can speak the customer's language (widget/locale-choice.ts).
const languageReady = activateLocale(initialLocale({ document, navigator, storage, onPartnerPage }), loader);
if (onPartnerPage)
  addHostFonts(document, typeof chunkFiles.font === 'string' ? `${chunksUrl}/${chunkFiles.font}` : null);

// The stored cart is read (and its count announced) in a task after the script's own, or at once
// if the page asks for its count first. It is kept before it is announced: a page that asks for
// the count when told of it gets this cart, not another.
let storedCart: FirstPaintCart | null = null;
function cart(): FirstPaintCart {
  if (storedCart) return storedCart;
  storedCart = createFirstPaintCart({ document, window, storage });
  storedCart.announce();
  return storedCart;
}
void yieldToBrowser().then(cart);

/** A press made before the app came, made again once it has. */
type Pending =
  { host: HTMLElement; control: Element; index: number } | { cart: keyof ComalWindowApi } | { toast: string };
const pending: Pending[] = [];

// window.Comal and the page's cart events until the app takes them over.
const cartCommand = (command: 'open' | 'close' | 'toggleCart') => () => {
  pending.push({ cart: command });
  wantApp();
};
const commands = { [OPEN_CART_EVENT]: cartCommand('open'), [CLOSE_CART_EVENT]: cartCommand('close') };
const onToggle = cartCommand('toggleCart');
for (const [event, listener] of Object.entries(commands)) document.addEventListener(event, listener);
document.addEventListener(TOGGLE_CART_EVENT, onToggle);
(window as Window & { Comal?: ComalWindowApi }).Comal = {
  open: commands[OPEN_CART_EVENT],
  close: commands[CLOSE_CART_EVENT],
  toggleCart: onToggle,
  cartQuantity: () => cart().quantity(),
};

// The menu and the store's hours, asked in tasks after the script's own (a first request costs the
// browser a while); drawn once the language is known.
const menus = yieldToBrowser().then(() => menusRequest(apiOrigin));
let menu: LoadedMenu | null = null;
let sections: MenuSection[] = [];
let failure: string | null = null;
let hours: StoreHoursResponse | null = null;
const menuReady = Promise.all([menus, languageReady])
  .then(async ([answer]) => {
    // The answer was parsed in this task; the menu is read from it in tasks of their own.
    await yieldToBrowser();
    const read = await loadedMenuInTurns(answer, yieldToBrowser);
    sections = menuSections(read.items);
    menu = read;
  })
  .catch((error: unknown) => {
    failure = localize(error instanceof Error && error.message ? error.message : MENU_FETCH_FAILED);
    // The app says it as a toast too, and asks again.
    wantApp();
  });
// As the API client's storeHours() asks it (the store notice's answer, in the widget's language).
void languageReady
  .then(yieldToBrowser)
  .then(() =>
    createTransport({ baseUrl: apiOrigin, localize, getLocale: widgetLocale }).request<StoreHoursResponse>(
      'GET',
      '/api/store-hours/',
    ),
  )
  .then(
    (answer) => {
      hours = answer;
      void menuReady.then(() => drawn.forEach(draw));
    },
    () => {},
  );

interface Drawn {
  shadow: ShadowRoot;
  root: HTMLElement;
  /** How many pieces of the menu are drawn (widget/core/menu-view.tsx; 0: none yet). */
  shown: number;
  /** Whether the category the page asked for is opened (or none was asked): the app taking over leaves it so. */
  opened: boolean;
  /** When the host was first drawn: what is served now is judged at that moment for every slice. */
  now: Date;
}
/** The hosts the first paint draws, until the app takes over. */
const drawn = new Map<HTMLElement, Drawn>();
/** The hosts on the page (mounted), in the order they came. */
const hosts = new Set<HTMLElement>();

let app: AppChunk.App | null = null;
let appLoading: Promise<void> | null = null;

const isMenu = (host: HTMLElement) => (host.getAttribute('mode') ?? 'order') === 'order';
/** A link to an item (its dialog is the app's) or a cart handed over in the address start the app at once. */
const needsAppAtOnce = () =>
  initialItemOf(window.location.href) !== null || (!onPartnerPage && handedOverCart(window) !== null);

function paintOf(host: HTMLElement, state: Pick<Drawn, 'shown' | 'now'>): FirstPaint {
  if (failure !== null) return { status: 'failed', message: failure };
  if (!menu) return { status: 'loading' };
  const opening = openingCategory(sections, initialCategoryOf(window.location.href, host));
  return { status: 'ready', menu, sections, opening, shown: state.shown, now: state.now };
}

function draw(state: Drawn, host: HTMLElement) {
  themeColour(host);
  render(
    <FirstPaintView
      paint={paintOf(host, state)}
      hours={hours}
      apiOrigin={apiOrigin}
      languageSwitch={onPartnerPage}
      launcher={host.getAttribute('layout') === 'launcher'}
      scrollPage={!onPartnerPage}
    />,
    state.root,
  );
}

/** How many pieces of the menu (a section's heading, an item) a slice draws before the browser gets a turn. */
const SLICE_PIECES = 2;
/**
 * The first pieces (the bar's two, the first heading and the items of a phone's first screen)
 * come one slice each: their first layout and paint cost the most (fonts looked up, form
 * controls built, photos decoded).
 */
const PIECES_ALONE = 6;

/**
 * Draws the host's menu: the bar above it, then a few pieces at a time, each slice a task of its
 * own, and opens the category the page asked for.
 */
async function drawMenu(host: HTMLElement, state: Drawn) {
  await menuReady;
  if (app || drawn.get(host) !== state) return;
  const paint = paintOf(host, state);
  if (paint.status !== 'ready') return draw(state, host);
  // The menu starts in a task of its own, with its bar's top alone. Each slice waits for the frame
  // that lays out the one before, so no frame lays out many.
  const slice = async (shown: number) => {
    await afterNextFrame();
    if (app || drawn.get(host) !== state) return false;
    state.shown = shown;
    draw(state, host);
    return true;
  };
  if (!(await slice(1))) return;
  const listed = listedSections(sections, paint.opening, !onPartnerPage);
  const total = pieceCount(listed);
  // On the restaurant's pages the slice after the bar's top reaches the opening category's first
  // item, to scroll there at once (the sections above it drawn in that one slice).
  const opening = paint.opening && !onPartnerPage ? listed.findIndex((s) => s.name === paint.opening) : -1;
  const reach = opening < 0 ? 0 : pieceCount(listed.slice(0, opening)) + 2;
  state.opened = !paint.opening;
  while (state.shown < total) {
    const step = state.shown < PIECES_ALONE ? 1 : SLICE_PIECES;
    if (!(await slice(Math.min(total, Math.max(state.shown + step, reach))))) return;
    if (!state.opened) openCategory(state, paint.opening!);
    state.opened = true;
  }
}

/** On the restaurant's pages, scrolls to the category; on a partner's, brings its button into view in the bar. */
function openCategory(state: Drawn, name: string) {
  const index = sections.findIndex((s) => s.name === name);
  if (!onPartnerPage) {
    state.shadow.getElementById?.(`comal-category-${index}`)?.scrollIntoView?.({ block: 'start' });
    return;
  }
  const bar = state.shadow.querySelector<HTMLElement>('.categories');
  const chip = bar?.children[index] as HTMLElement | undefined;
  if (bar && chip) bar.scrollLeft = chip.offsetLeft - bar.offsetLeft;
}

const INTENTS = ['pointerdown', 'focusin', 'keydown'] as const;
const CONTROLS = 'button, label, input';

/** A press before the app came: 'Add' goes into the cart now; anything else is made again later. */
function onPress(this: ShadowRoot, event: Event) {
  const control = (event.target as Element | null)?.closest?.(CONTROLS);
  const host = (this.host as HTMLElement).parentElement;
  if (app || !control || !host) return;
  // A label passes its click on to its box or field, whose own click is the one kept.
  if (control.localName === 'label' && control.querySelector('input')) return;
  // A box ticks at once, so the customer sees it took; the app, once come, renders it as its
  // state says (unticked) and takes the click again. Any other press waits for the app.
  if (!control.matches('input[type="checkbox"]')) event.preventDefault();
  const card = control.closest<HTMLElement>('[data-item]');
  const item = card && menu?.items.find((i) => i.id === card.dataset.item);
  if (item && control.matches('.actions > .add')) {
    cart().add(item);
    pending.push({ toast: t('menu.added', { name: item.name }) });
  } else pending.push({ host, control, index: [...this.querySelectorAll(CONTROLS)].indexOf(control) });
  wantApp();
}

function listen(shadow: ShadowRoot, on: boolean) {
  const method = on ? 'addEventListener' : 'removeEventListener';
  for (const type of INTENTS) shadow[method](type, wantApp, true);
  shadow[method]('click', onPress, true);
}

function mount(host: HTMLElement) {
  if (hosts.has(host) || !host.isConnected) return;
  hosts.add(host);
  if (app) return app.mount(host, false);
  const shadow = shadowRootOf(host, sheet, widgetLocale());
  if (fallback && !shadow.querySelector('style')) {
    const style = document.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = fallback.css;
    shadow.prepend(style);
  }
  if (!isMenu(host)) {
    // The app shows this screen; until it does, the widget says it is loading.
    if (!topLevel(shadow, 'status')) {
      const loading = document.createElement('p');
      loading.className = 'status';
      loading.setAttribute('role', 'status');
      loading.textContent = t('common.loading');
      shadow.append(loading);
    }
    return wantApp();
  }
  topLevel(shadow, 'status')?.remove();
  let root = topLevel(shadow, 'menu-root');
  if (!root) {
    root = document.createElement('div');
    root.className = 'menu-root';
    shadow.append(root);
  }
  const state: Drawn = { shadow, root, shown: 0, opened: false, now: new Date() };
  drawn.set(host, state);
  listen(shadow, true);
  draw(state, host);
  void drawMenu(host, state).then(prefetchApp);
  if (needsAppAtOnce()) wantApp();
}

/** The shadow root's own child of that class, if any. */
const topLevel = (shadow: ShadowRoot, name: string) =>
  [...shadow.children].find((child): child is HTMLElement => child.classList.contains(name));

function unmount(host: HTMLElement) {
  hosts.delete(host);
  if (app) return app.unmount(host);
  const state = drawn.get(host);
  if (!state) return;
  drawn.delete(host);
  listen(state.shadow, false);
  render(null, state.root);
}

/** Attributes changed: the host drawn again, or handed to the app if it now wants another screen. */
function redraw(host: HTMLElement) {
  if (app) return app.render(host);
  if (!hosts.has(host)) return;
  unmount(host);
  mount(host);
}

/** Once the menu is drawn and the browser idle: the app's file fetched (not run) for later. */
function prefetchApp() {
  const file = chunkFiles.app;
  if (app || appLoading || typeof file !== 'object') return;
  whenIdle(() => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = `${chunksUrl}/${file.js}`;
    document.head.append(link);
  });
}

/** Starts the app (once); a press waits for it. A failure is forgotten, so the next intent asks again. */
function wantApp() {
  appLoading ??= loader.load<typeof AppChunk>('app').then(
    ({ module }) => {
      void widgetReady.then(() => takeOver(module));
    },
    () => {
      appLoading = null;
    },
  );
}

function takeOver(module: typeof AppChunk) {
  for (const [event, listener] of Object.entries(commands)) document.removeEventListener(event, listener);
  document.removeEventListener(TOGGLE_CART_EVENT, onToggle);
  cart().stop();
  app = module.start({
    apiOrigin,
    onPartnerPage,
    loader,
    storage,
    sheet,
    fallback,
    menus,
    menu,
    hours,
    cart: cart().state(),
  });
  for (const host of hosts) {
    const state = drawn.get(host);
    drawn.delete(host);
    if (state) listen(state.shadow, false);
    // What was typed in the search box before the app came is searched for once it has.
    const search = state?.shadow.querySelector<HTMLInputElement>('.search input')?.value ?? '';
    // The app takes the drawn menu over once its category is opened; before, it draws its own.
    app.mount(host, Boolean(state && state.shown > 0 && state.opened));
    if (search && state) {
      const input = state.shadow.querySelector<HTMLInputElement>('.search input');
      if (input) {
        input.value = search;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }
  const comal = (window as Window & { Comal?: ComalWindowApi }).Comal;
  for (const press of pending.splice(0)) {
    if ('toast' in press) app.toast(press.toast);
    else if ('cart' in press) comal?.[press.cart]();
    else {
      const root = drawnRootOf(press.host);
      const control = press.control.isConnected ? press.control : root?.querySelectorAll(CONTROLS)[press.index];
      (control as HTMLElement | undefined)?.click();
    }
  }
}

const drawnRootOf = (host: HTMLElement) => (host.firstElementChild as HTMLElement | null)?.shadowRoot ?? null;

/**
 * The widget mounts once it speaks the page's language, in tasks after the script's own: one
 * parses the styles, the next draws, so none of them runs long.
 */
const widgetReady = languageReady
  .then(yieldToBrowser)
  .then(() => {
    sheet = adoptableSheet(widgetStyles);
    fallback = sheet ? null : { css: widgetStyles, nonce };
  })
  .then(yieldToBrowser);

/** The attributes a page may set on the element, also after the widget shows. */
const ATTRIBUTES = ['mode', 'category', 'section', 'layout', 'theme-color', 'data-debug'];

// <comal-order> as a custom element mounts whenever a page adds one, also after load (a
// partner's single-page app); [data-comal-order] elements mount once the page is parsed.
if (window.customElements && !window.customElements.get('comal-order')) {
  window.customElements.define(
    'comal-order',
    class extends HTMLElement {
      static observedAttributes = ATTRIBUTES;
      attributeChangedCallback() {
        redraw(this);
      }
      connectedCallback() {
        void widgetReady.then(() => mount(this));
      }
      disconnectedCallback() {
        // Moved within the page (disconnected, then connected again at once): keep it.
        queueMicrotask(() => !this.isConnected && unmount(this));
      }
    },
  );
}

function mountAll() {
  void widgetReady.then(() => document.querySelectorAll<HTMLElement>('comal-order, [data-comal-order]').forEach(mount));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
