/**
 * The widget's screens that live in the checkout chunk: the checkout itself (with the cart
 * sidebar, so the header's bubble still opens it) and the order on /congratulations/.
 */
import type { ApiClient } from '../shared/api/client.ts';
import { LazyCart, type LoadCartChunk } from './lazy-cart.tsx';
import type { AuthStore } from './auth-store.ts';
import type { CartStore } from './cart-store.ts';
import type { ChunkLoader } from './chunk-loader.ts';
import { useOwnsOverlays, type WidgetControls } from './comal-api.ts';
import { t } from './i18n.ts';
import { LazyPart } from './lazy-part.tsx';
import { ShadowFrame } from './shadow-frame.tsx';
// Types only: the code stays in its chunk.
import type * as CheckoutChunk from './checkout/index.ts';

interface Props {
  store: CartStore;
  controls: WidgetControls;
  api: ApiClient;
  auth: AuthStore;
  apiOrigin: string;
  loader: ChunkLoader;
  storage: Storage | null;
  loadCartChunk: LoadCartChunk;
}

/** What a cart brought from a partner's page lost on the way, until the customer dismisses it. */
function HandoverNotice({ controls }: { controls: WidgetControls }) {
  const handover = controls.handover.value;
  if (!Array.isArray(handover) || handover.length === 0) return null;
  return (
    <div className="error" role="alert">
      {handover.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
      <button type="button" onClick={() => controls.setHandover(null)}>
        {t('common.dismiss')}
      </button>
    </div>
  );
}

export function CheckoutApp({ store, controls, api, auth, apiOrigin, loader, storage, loadCartChunk }: Props) {
  const ownsOverlays = useOwnsOverlays(controls);
  if (controls.handover.value === 'pending') {
    return (
      <ShadowFrame>
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      </ShadowFrame>
    );
  }
  return (
    <ShadowFrame>
      <HandoverNotice controls={controls} />
      <LazyPart<typeof CheckoutChunk>
        chunk="checkout"
        loader={loader}
        render={({ CheckoutScreen }) => (
          <CheckoutScreen
            context={{
              store,
              api,
              auth,
              loader,
              storage,
              openCart: () => controls.api.open(),
              navigate: (url) => window.location.assign(url),
            }}
          />
        )}
      />
      {ownsOverlays && <LazyCart store={store} controls={controls} apiOrigin={apiOrigin} load={loadCartChunk} />}
    </ShadowFrame>
  );
}

export function ConfirmationApp({
  api,
  apiOrigin,
  loader,
  orderId,
}: {
  api: ApiClient;
  apiOrigin: string;
  loader: ChunkLoader;
  orderId: string | null;
}) {
  return (
    <ShadowFrame>
      <LazyPart<typeof CheckoutChunk>
        chunk="checkout"
        loader={loader}
        render={({ OrderConfirmation }) => <OrderConfirmation api={api} apiOrigin={apiOrigin} orderId={orderId} />}
      />
    </ShadowFrame>
  );
}
