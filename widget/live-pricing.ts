/**
 * Every GET /api/store-hours/ answer carries the owner's live pricing (radius, fees, tip presets,
 * earn rate); the API client given to the widget hands it to the cart store as it comes, so the
 * first answer (the menu's store notice, or checkout's times) sets what the cart prices with.
 */
import type { ApiClient } from '../shared/api/client.ts';
import type { CartStore } from './cart-store.ts';

export function withLivePricing(api: ApiClient, store: Pick<CartStore, 'takePricing'>): ApiClient {
  return {
    ...api,
    storeHours: (...args) =>
      api.storeHours(...args).then((answer) => {
        store.takePricing(answer.pricing);
        return answer;
      }),
  };
}
