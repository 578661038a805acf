import { describe, expect, it } from 'vitest';
import shippedSettings from '../../settings/restaurant.json';
import { cartReducer, cartTotals, emptyCart } from '../../shared/cart.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { percentOf } from '../../shared/money.ts';
import { orderTotals } from '../../shared/pricing.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { parseRestaurantSettings, type RestaurantSettings } from '../../shared/settings/schema.ts';
import { deliverySettings, promoCodeSettings, taxPercentSetting, themeSettings } from '../../shared/settings/values.ts';

/** The shipped settings with one change, as a fresh copy. */
function settingsWith(change: (settings: RestaurantSettings) => void): unknown {
  const settings = structuredClone(shippedSettings) as RestaurantSettings;
  change(settings);
  return settings;
}

describe('the restaurant settings file', () => {
  it('the shipped file is accepted as it is', () => {
    expect(parseRestaurantSettings(shippedSettings)).toEqual(shippedSettings);
  });

  it('the code reads the values of the shipped file', () => {
    const parsed = parseRestaurantSettings(shippedSettings);
    expect(taxPercentSetting).toBe(parsed.taxPercent);
    expect(deliverySettings).toEqual(parsed.delivery);
    expect(themeSettings).toEqual(parsed.theme);
    expect(promoCodeSettings).toEqual(parsed.promoCodes);
    expect(restaurant.taxPercent).toBe(9.75);
    expect(restaurant.ordering.weekly.pickup).toBe(restaurant.hours);
    expect(restaurant.ordering.timeZone).toBe('America/Los_Angeles');
  });

  it.each<[string, (settings: RestaurantSettings) => void, string]>([
    [
      'a delivery radius of 0',
      (s) => (s.delivery.radiusMiles = 0),
      'Restaurant settings: delivery.radiusMiles must be a number greater than 0.',
    ],
    [
      'a tax rate written as text',
      (s) => ((s as { taxPercent: unknown }).taxPercent = '9.75'),
      'Restaurant settings: taxPercent must be a number.',
    ],
    [
      'a tax rate over 100',
      (s) => (s.taxPercent = 975),
      'Restaurant settings: taxPercent must be a percentage from 0 to 100.',
    ],
    [
      'a fee in fractions of a cent',
      (s) => (s.delivery.feeTiers[1]!.feeCents = 12.5),
      'Restaurant settings: delivery.feeTiers[1].feeCents must be a whole number of cents.',
    ],
    [
      'discount tiers out of order',
      (s) => s.delivery.discountTiers.reverse(),
      'Restaurant settings: delivery.discountTiers must start with a tier from 0 cents.',
    ],
    [
      'a colour that is a name',
      (s) => (s.theme.action = 'brown'),
      "Restaurant settings: theme.action must be a colour like '#1b1b1b'.",
    ],
    [
      'an opening time past midnight',
      (s) => (s.restaurant.hours.monday[0]!.opens = '25:00'),
      "Restaurant settings: restaurant.hours.monday[0].opens must be a time like '09:30'.",
    ],
    [
      'an unknown time zone',
      (s) => (s.restaurant.timeZone = 'Mars/Olympus_Mons'),
      "Restaurant settings: restaurant.timeZone must be a time zone like 'America/Los_Angeles'.",
    ],
    [
      'a promo of an unknown kind',
      (s) => ((s.promoCodes[0] as { discountType: string }).discountType = 'free'),
      "Restaurant settings: promoCodes[0].discountType must be 'fixed' or 'percent'.",
    ],
    [
      'no maximum tip',
      (s) => delete (s.tips as Partial<RestaurantSettings['tips']>).maximumCents,
      'Restaurant settings: tips.maximumCents is missing.',
    ],
    [
      'a misspelt field',
      (s) => Object.assign(s.loyalty, { centsPerPonit: 100 }),
      'Restaurant settings: loyalty has a field it does not know: centsPerPonit.',
    ],
  ])('%s is refused with a sentence naming the field', (_label, change, message) => {
    expect(() => parseRestaurantSettings(settingsWith(change))).toThrow(new Error(message));
  });
});

describe('one tax rate for the cart and the server', () => {
  const bowl: MenuItem = {
    id: 'bowl',
    name: 'Bowl',
    description: '',
    base_price: 12.35,
    is_special: false,
    diet: [],
    spice_level: 0,
    clover_id: null,
    photo: null,
    categoryName: 'Bowls',
    modifier_groups: [],
  };

  it("the widget's cart total charges the tax the server's order total charges, at the settings' rate", () => {
    const cart = cartReducer(emptyCart, { type: 'addItem', menuItem: bowl, quantity: 3 });
    const widget = cartTotals(cart);
    // The server prices an order with the restaurant's rate (server/services/orders.ts).
    const server = orderTotals({ lines: cart.items, deliveryType: 'pickup', taxPercent: restaurant.taxPercent });
    expect(widget.tax).toBe(server.tax);
    expect(widget.total).toBe(server.total);
    expect(widget.tax).toBe(percentOf(3705, shippedSettings.taxPercent));
  });
});
