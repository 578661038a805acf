/**
 * The widget's own toasts (not the page shell's toast area): short notes such as 'Added
 * Taco de Asada to cart' or the menu's error, top right inside the shadow root, so they show on
 * a partner's page too, each closing after 5000 ms. Read out politely by screen readers.
 */
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
  };
}

export function ToastRegion({ toasts }: { toasts: Toasts }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.list.value.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
