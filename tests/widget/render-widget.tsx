/**
 * Renders the real ordering app on the preact build, in happy-dom, on the origin of a local
 * menu server, with the page's real cart store and window.Comal; and small helpers to read and
 * drive what it shows inside its shadow root.
 */
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../../shared/api/client.ts';
import { createCartStore, type CartStore } from '../../widget/cart-store.ts';
import { installComalApi, type WidgetControls } from '../../widget/comal-api.ts';
import { initialCategoryOf } from '../../widget/initial-category.ts';
import { OrderingApp } from '../../widget/ordering-app.tsx';
import { shadowRootOf } from '../../widget/shadow-frame.tsx';
import type { MenuServer } from '../support/menu-server.ts';

export interface RenderedWidget {
  host: HTMLElement;
  store: CartStore;
  controls: WidgetControls;
  shadow(): ShadowRoot;
  unmount(): void;
}

/** Mounts as the app chunk does (widget/app/index.tsx), into the host's shadow root; `path` is the page's address, `category` the host's attribute. */
export function renderWidget(server: MenuServer, options: { category?: string; path?: string } = {}): RenderedWidget {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}${options.path ?? '/order/'}`,
  );
  localStorage.clear();
  const host = document.createElement('comal-order');
  if (options.category) host.setAttribute('category', options.category);
  document.body.append(host);
  const store = createCartStore({ document, window, storage: localStorage });
  const controls = installComalApi({ window, document }, store);
  const root = createRoot(shadowRootOf(host, null, 'en'));
  root.render(
    <OrderingApp
      store={store}
      controls={controls}
      api={createApiClient({ baseUrl: server.origin })}
      apiOrigin={server.origin}
      initialCategory={initialCategoryOf(window.location.href, host)}
      // The item chunk's module itself; the chunk loader's own tests load built chunks.
      loadItemChunk={() => import('../../widget/item/index.ts')}
      loadCartChunk={() => import('../../widget/cart/index.ts')}
    />,
  );
  return {
    host,
    store,
    controls,
    shadow() {
      const shadow = host.firstElementChild?.shadowRoot;
      if (!shadow) throw new Error('The widget has no shadow root yet');
      return shadow;
    },
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}

/** The button whose accessible name (aria-label, else text) is `name`. */
export function button(root: ParentNode, name: string): HTMLButtonElement | null {
  return (
    [...root.querySelectorAll('button')].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
    ) ?? null
  );
}

/** The text of each item of the menu, by name. */
export function itemNames(root: ParentNode): string[] {
  return [...root.querySelectorAll('.item-name')].map((h) => h.firstChild?.textContent ?? '');
}

/** The totals of the cart dialog as label -> amount. */
export function totalsOf(dialog: ParentNode): Record<string, string> {
  return Object.fromEntries(
    [...dialog.querySelectorAll('.total-row')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]),
  );
}

/** Types into an input as a person does: the value, then an input event. */
export function typeInto(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
