/** What the entry hands the checkout chunk: the page's cart, the API, who is signed in, and ways to move on. */
import type { ApiClient } from '../../shared/api/client.ts';
import type { AuthStore } from '../auth-store.ts';
import type { CartStore } from '../cart-store.ts';
import type { ChunkLoader } from '../chunk-loader.ts';

export interface CheckoutContext {
  store: CartStore;
  api: ApiClient;
  /** Who is signed in: their details prefill the form, their token and cognito_sub make the order theirs. */
  auth: AuthStore;
  loader: ChunkLoader;
  storage: Storage | null;
  openCart: () => void;
  /** Goes to another page (location.assign in the browser). */
  navigate: (url: string) => void;
}
