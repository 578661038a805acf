/**
 * The ordering app, inside the widget's shadow root: the menu (loading, failed or ready to
 * browse; a failure is also an error toast), whether the restaurant is closed, and, when this is
 * the page's first widget, the page's one item dialog, cart and toasts (comal-api.ts), all working
 * on the one cart store of the page. With `layout="launcher"` it is a compact button that opens
 * the menu in a dialog. With `data-debug`, the console says why the menu failed.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../shared/api/client.ts';
import type { StoreHoursResponse } from '../shared/api/schemas.ts';
import type { Locale } from '../shared/i18n/locale.ts';
import type { MenuItem } from '../shared/menu.ts';
import type { CartStore } from './cart-store.ts';
import { useOwnsOverlays, type WidgetControls } from './comal-api.ts';
import { MenuBrowser } from './menu-browser.tsx';
import { showModal } from './modal.ts';
import { t } from './i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useMenu } from './use-menu.ts';
import { LazyCart, type LoadCartChunk } from './lazy-cart.tsx';
import { useLazyChunk } from './lazy-chunk.ts';
import { ShadowFrame } from './shadow-frame.tsx';
import { StoreNotice } from './store-notice.tsx';
import { ToastRegion } from './toasts.tsx';
// Types only: the dialog's code stays in its chunk.
import type * as ItemChunk from './item/index.ts';

export interface OrderingAppProps {
  store: CartStore;
  controls: WidgetControls;
  api: ApiClient;
  apiOrigin: string;
  initialCategory: string | null;
  /** The item a link opens (`?item=ID`). */
  initialItem?: string | null;
  /** Whether the opening category may scroll the page (only the restaurant's own pages). */
  scrollPage?: boolean;
  /** 'launcher': a button that opens the menu in a dialog; else the menu inline. */
  layout?: string | null;
  debug?: boolean;
  /** The item chunk (the item dialog): from the chunk loader on a page, directly in tests. */
  loadItemChunk: () => Promise<typeof ItemChunk>;
  /** The cart chunk (the cart dialog), likewise. */
  loadCartChunk: LoadCartChunk;
  /** The language switch, on a partner's page (the restaurant's own pages have the site's). */
  onLocale?: (locale: Locale) => void;
  /**
   * The first paint drew this menu and opened its category already: the app takes over its
   * nodes as they are, with the store-hours answer the first paint had.
   */
  resumed?: { hours: StoreHoursResponse | null } | null;
}

export function OrderingApp(props: OrderingAppProps) {
  const { store, controls, apiOrigin } = props;
  const ownsOverlays = useOwnsOverlays(controls);
  const choosing = controls.choosing.value;
  const itemChunk = useLazyChunk(props.loadItemChunk, Boolean(choosing), (message) => {
    controls.toasts.show(message, 'error');
    controls.choose(null);
  });
  const onAdded = (item: MenuItem) => controls.toasts.show(t('menu.added', { name: item.name }), 'success');
  return (
    <ShadowFrame>
      {/* Reaching for an item (pointer down, or focus from the keyboard) fetches the dialog's chunk. */}
      <div className="menu-root" onPointerDownCapture={itemChunk.want} onFocusCapture={itemChunk.want}>
        {props.onLocale && <LanguageSwitch onLocale={props.onLocale} />}
        {props.layout === 'launcher' ? <Launcher {...props} /> : <Menu {...props} />}
      </div>
      {ownsOverlays && choosing && itemChunk.module && (
        <itemChunk.module.ItemDialog
          key={choosing.item.id}
          item={choosing.item}
          soldOutModifiers={choosing.soldOutModifiers}
          opener={choosing.opener}
          dispatch={store.dispatch}
          onAdded={onAdded}
          onClose={() => controls.choose(null)}
        />
      )}
      {ownsOverlays && <LazyCart store={store} controls={controls} apiOrigin={apiOrigin} load={props.loadCartChunk} />}
      {ownsOverlays && <ToastRegion toasts={controls.toasts} />}
    </ShadowFrame>
  );
}

function Menu({
  store,
  controls,
  api,
  apiOrigin,
  initialCategory,
  initialItem,
  scrollPage = true,
  debug,
  resumed = null,
}: OrderingAppProps) {
  const menu = useMenu(apiOrigin);
  const failed = menu.status === 'failed' ? menu.message : null;
  useEffect(() => {
    if (!failed) return;
    controls.toasts.show(failed, 'error');
    if (debug) console.warn(`[Comal] The menu did not load from ${apiOrigin}/api/menus/: ${failed}`);
  }, [failed, controls.toasts, debug, apiOrigin]);
  const onAdded = (item: MenuItem) => controls.toasts.show(t('menu.added', { name: item.name }), 'success');
  return (
    <>
      {menu.status === 'loading' && (
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      )}
      {menu.status === 'failed' && (
        <p className="error" role="alert">
          {menu.message}
        </p>
      )}
      {menu.status === 'ready' && (
        <MenuBrowser
          menu={menu.menu}
          apiOrigin={apiOrigin}
          initialCategory={initialCategory}
          initialItem={initialItem ?? null}
          scrollPage={scrollPage}
          resumed={resumed !== null}
          dispatch={store.dispatch}
          minimumFeeCents={store.pricing.value.minimumFeeCents}
          onAdded={onAdded}
          onCustomize={(item, opener) =>
            controls.choose({ item, opener, soldOutModifiers: menu.menu.soldOutModifiers })
          }
        />
      )}
      {menu.status === 'ready' && <StoreNotice api={api} initial={resumed?.hours ?? null} />}
    </>
  );
}

/** A compact button that opens the menu in a modal dialog (the browser's top layer). */
function Launcher(props: OrderingAppProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const modal = dialog.current;
    const opener = button.current;
    if (!open || !modal) return;
    showModal(modal);
    return () => {
      if (modal.open) modal.close();
      opener?.focus();
    };
  }, [open]);
  return (
    <>
      <button ref={button} type="button" className="add launcher" onClick={() => setOpen(true)}>
        {t('menu.orderOnline')}
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="menu-dialog"
          aria-label={t('menu.menu')}
          onCancel={(event) => {
            event.preventDefault();
            setOpen(false);
          }}
        >
          <div className="panel">
            <div className="cart-head">
              <button type="button" className="cart-open" onClick={() => props.controls.api.open()}>
                {t('menu.viewCart')}
              </button>
              <button type="button" className="icon" aria-label={t('common.closeMenu')} onClick={() => setOpen(false)}>
                ×
              </button>
            </div>
            <Menu {...props} scrollPage={false} />
          </div>
        </dialog>
      )}
    </>
  );
}
