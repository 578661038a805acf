/**
 * The widget's entry, the one script a page pastes: it works out the API's origin from its own
 * src, keeps the cart (widget/cart-store.ts), exposes window.Comal, and renders the ordering
 * app into the shadow root of each <comal-order> (or [data-comal-order]) element, so the host
 * page's CSS cannot reach it.
 */
import { createRoot, type Root } from 'react-dom/client';
import { LOADING } from '../shared/api/messages.ts';
import { apiOriginOf } from './api-origin.ts';
import { createCartStore } from './cart-store.ts';
import { installComalApi } from './comal-api.ts';
import { initialCategoryOf } from './initial-category.ts';
import { OrderingApp } from './ordering-app.tsx';
import { ShadowFrame } from './shadow-frame.tsx';

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
const controls = installComalApi({ window, document }, store);

const mounted = new WeakMap<HTMLElement, Root>();

function mount(host: HTMLElement) {
  if (mounted.has(host)) return;
  const reactRoot = createRoot(host);
  mounted.set(host, reactRoot);
  const mode = host.getAttribute('mode') ?? 'order';
  reactRoot.render(
    mode === 'order' ? (
      <OrderingApp
        store={store}
        controls={controls}
        apiOrigin={apiOrigin}
        initialCategory={initialCategoryOf(window.location.href, host)}
      />
    ) : (
      // The other modes (checkout, account, sign-in) come in later changes.
      <ShadowFrame>
        <p className="status" role="status">
          {LOADING}
        </p>
      </ShadowFrame>
    ),
  );
}

function mountAll() {
  document.querySelectorAll<HTMLElement>('comal-order, [data-comal-order]').forEach(mount);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
