/** What the entry hands the checkout chunk: the page's cart, the API, and ways to move on. */
import type { ApiClient } from '../../shared/api/client.ts';
import type { CartStore } from '../cart-store.ts';
import type { ChunkLoader } from '../chunk-loader.ts';

export interface CheckoutContext {
  store: CartStore;
  api: ApiClient;
  loader: ChunkLoader;
  storage: Storage | null;
  openCart(): void;
  /** Goes to another page (location.assign in the browser). */
  navigate(url: string): void;
}
