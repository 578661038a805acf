/**
 * The widget's entry, the one script a page pastes: it works out the API's origin from its own
 * src, keeps the cart (widget/cart-store.ts), exposes window.Comal, and renders the ordering
 * app into the shadow root of each <comal-order> (or [data-comal-order]) element, so the host
 * page's CSS cannot reach it.
 */
import { createRoot, type Root } from 'react-dom/client';
import root from 'react-shadow';
import { LOADING } from '../shared/api/messages.ts';
import { apiOriginOf } from './api-origin.ts';
import { createCartStore } from './cart-store.ts';
import { installComalApi } from './comal-api.ts';

// react-shadow types every tag as optional; div is always there.
const ShadowDiv = root.div!;
const styles = `:host{display:block;font-family:system-ui,sans-serif;color:#1b1b1b}`;
// One stable list: react-shadow re-attaches the shadow root when it gets a new array.
const NO_SHEETS: CSSStyleSheet[] = [];

const script = document.currentScript as HTMLScriptElement | null;
export const apiOrigin = apiOriginOf(script?.src, window.location.origin);

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const store = createCartStore({ document, window, storage: localStorageOrNull() });
installComalApi({ window, document }, store);

function Widget() {
  return (
    <ShadowDiv styleSheets={NO_SHEETS}>
      <style>{styles}</style>
      <p role="status">{LOADING}</p>
    </ShadowDiv>
  );
}

const mounted = new WeakMap<HTMLElement, Root>();

function mount(host: HTMLElement) {
  if (mounted.has(host)) return;
  const reactRoot = createRoot(host);
  mounted.set(host, reactRoot);
  reactRoot.render(<Widget />);
}

function mountAll() {
  document.querySelectorAll<HTMLElement>('comal-order, [data-comal-order]').forEach(mount);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
