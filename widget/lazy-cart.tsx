/**
 * The page's cart dialog, from the cart chunk: fetched as soon as the cart holds a line or is
 * opened (whichever comes first), then shown whenever it is open. A chunk that cannot load is an
 * error toast and the cart closes, so the next open tries again.
 */
import type { CartStore } from './cart-store.ts';
import type { WidgetControls } from './comal-api.ts';
import { useLazyChunk } from './lazy-chunk.ts';
// Types only: the dialog's code stays in its chunk.
import type * as CartChunk from './cart/index.ts';

export type LoadCartChunk = () => Promise<typeof CartChunk>;

interface Props {
  store: CartStore;
  controls: WidgetControls;
  apiOrigin: string;
  load: LoadCartChunk;
}

export function LazyCart({ store, controls, apiOrigin, load }: Props) {
  const open = controls.cartOpen.value;
  const chunk = useLazyChunk(load, open || store.cart.value.items.length > 0, (message) => {
    controls.toasts.show(message, 'error');
    controls.api.close();
  });
  if (!chunk.module) return null;
  const { CartSidebar } = chunk.module;
  return (
    <CartSidebar
      cart={store.cart}
      pricing={store.pricing}
      open={controls.cartOpen}
      apiOrigin={apiOrigin}
      dispatch={store.dispatch}
    />
  );
}
