/**
 * The widget's own toasts (not the page shell's toast area): short notes such as 'Added
 * Taco de Asada to cart' or the menu's error, top right inside the shadow root, so they show on
 * a partner's page too, each closing after 5000 ms. Read out politely by screen readers. The
 * region is a popover in the browser's top layer, raised again with each new toast, so neither a
 * partner's sticky header nor a dialog opened since covers it.
 */
import { useLayoutEffect, useRef } from 'react';
import { signal, type Signal } from '@preact/signals-react';
import { TOAST_DURATION_MS } from '../shared/storefront.ts';

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'success' | 'error';
}

export interface Toasts {
  list: Signal<Toast[]>;
  show(message: string, kind?: Toast['kind']): void;
  /** Takes every toast away at once (the cart opening over them). */
  clear(): void;
}

export function createToasts(durationMs: number = TOAST_DURATION_MS): Toasts {
  const list = signal<Toast[]>([]);
  let next = 0;
  return {
    list,
    show(message, kind = 'info') {
      const toast = { id: ++next, message, kind };
      list.value = [...list.value, toast];
      setTimeout(() => {
        list.value = list.value.filter((t) => t !== toast);
      }, durationMs);
    },
    clear() {
      list.value = [];
    },
  };
}

export function ToastRegion({ toasts }: { toasts: Toasts }) {
  const region = useRef<HTMLDivElement>(null);
  const list = toasts.list.value;
  const newest = list.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [newest]);
  return (
    <div ref={region} popover="manual" className="toasts" role="status" aria-live="polite">
      {list.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
