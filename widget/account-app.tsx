/**
 * The widget's account and sign-in screens (modes login, register, reset, confirm, account),
 * which live in the account chunk.
 */
import type { ApiClient } from '../shared/api/client.ts';
import type { AuthStore } from './auth-store.ts';
import type { CartStore } from './cart-store.ts';
import type { ChunkLoader } from './chunk-loader.ts';
import { LazyPart } from './lazy-part.tsx';
import { ShadowFrame } from './shadow-frame.tsx';
// Types only: the code stays in its chunk.
import type * as AccountChunk from './account/index.ts';
import type { AccountMode } from './account/account-context.ts';

interface Props {
  mode: AccountMode;
  section: string | null;
  store: CartStore;
  auth: AuthStore;
  api: ApiClient;
  apiOrigin: string;
  loader: ChunkLoader;
}

export function AccountApp(context: Props) {
  return (
    <ShadowFrame>
      <LazyPart<typeof AccountChunk>
        chunk="account"
        loader={context.loader}
        render={({ AccountScreen }) => (
          <AccountScreen
            context={{ ...context, search: window.location.search, navigate: (url) => window.location.assign(url) }}
          />
        )}
      />
    </ShadowFrame>
  );
}
