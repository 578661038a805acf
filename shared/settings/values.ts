/**
 * The restaurant's settings as the code reads them, part by part (`settings/restaurant.json`).
 * The server checks the file at start and the builds check it before building
 * (shared/settings/schema.ts), so the values here are trusted without zod, which keeps zod out of
 * the widget bundle. The widget build writes each value read by its path (`tipSettings.maximumCents`)
 * as a constant, under the names below (rollup.config.mjs lists them), so the bundle keeps only what
 * the widget reads. A namespace import, so a part missing from the file is the check's to report.
 */
import * as settingsJson from '../../settings/restaurant.json';
import type { RestaurantSettings } from './schema.ts';

export const identitySettings: RestaurantSettings['restaurant'] = settingsJson.restaurant;
export const orderingSettings = settingsJson.ordering as RestaurantSettings['ordering'];
export const kitchenSettings: RestaurantSettings['kitchen'] = settingsJson.kitchen;
export const taxPercentSetting: RestaurantSettings['taxPercent'] = settingsJson.taxPercent;
export const deliverySettings = settingsJson.delivery as RestaurantSettings['delivery'];
export const tipSettings: RestaurantSettings['tips'] = settingsJson.tips;
export const loyaltySettings: RestaurantSettings['loyalty'] = settingsJson.loyalty;
export const themeSettings: RestaurantSettings['theme'] = settingsJson.theme;
export const promoCodeSettings = settingsJson.promoCodes as RestaurantSettings['promoCodes'];
