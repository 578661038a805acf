/**
 * The restaurant's settings as the code reads them, part by part (`settings/restaurant.json`).
 * The server checks the file at start and the builds check it before building
 * (shared/settings/schema.ts), so the values here are trusted without zod, which keeps zod out of
 * the widget bundle; importing only the parts a module needs lets the bundler leave the rest out.
 */
import {
  delivery as deliveryJson,
  loyalty as loyaltyJson,
  ordering as orderingJson,
  promoCodes as promoCodesJson,
  restaurant as restaurantJson,
  taxPercent as taxPercentJson,
  theme as themeJson,
  tips as tipsJson,
} from '../../settings/restaurant.json';
import type { RestaurantSettings } from './schema.ts';

export const identitySettings: RestaurantSettings['restaurant'] = restaurantJson;
export const orderingSettings = orderingJson as RestaurantSettings['ordering'];
export const taxPercentSetting: RestaurantSettings['taxPercent'] = taxPercentJson;
export const deliverySettings = deliveryJson as RestaurantSettings['delivery'];
export const tipSettings: RestaurantSettings['tips'] = tipsJson;
export const loyaltySettings: RestaurantSettings['loyalty'] = loyaltyJson;
export const themeSettings: RestaurantSettings['theme'] = themeJson;
export const promoCodeSettings = promoCodesJson as RestaurantSettings['promoCodes'];
