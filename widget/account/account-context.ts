/** What the entry hands the account chunk: the mode, the API, the signed-in customer, the cart, and a way to move on. */
import type { ApiClient } from '../../shared/api/client.ts';
import type { AuthStore } from '../auth-store.ts';
import type { CartStore } from '../cart-store.ts';
import type { ChunkLoader } from '../chunk-loader.ts';

export type AccountMode = 'login' | 'register' | 'reset' | 'confirm' | 'account';

export interface AccountContext {
  mode: AccountMode;
  /** The host's section attribute: 'payment-methods' on /payment/. */
  section: string | null;
  api: ApiClient;
  auth: AuthStore;
  store: CartStore;
  /** Loads the Stripe chunk for saving a card with Stripe. */
  loader: ChunkLoader;
  /** Where the menu comes from (restoring a saved cart or reordering). */
  apiOrigin: string;
  /** The page's query string (?token=, ?next=). */
  search: string;
  /** Goes to another page (location.assign in the browser). */
  navigate: (url: string) => void;
}
