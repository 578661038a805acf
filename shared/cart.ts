/**
 * The cart as a pure reducer, with no DOM or storage. Amounts are integer cents; the promo
 * is kept as its rule, so the discount always follows the current subtotal.
 */
import type { Cents } from './money.ts';
import type { MenuItem, Modifier } from './menu.ts';
import {
  orderTotals,
  tipOptions,
  subtotalCents,
  type DeliveryType,
  type OrderTotalsCents,
  type PromoRule,
  type TipPresets,
} from './pricing.ts';
import { restaurant } from './restaurant.ts';
import { canRedeem } from './loyalty.ts';

export const MAX_LINE_QUANTITY = 99;
export const DEFAULT_COUNTRY = 'US';

export interface CartLine {
  /** The menu item id plus the sorted ids of the chosen modifiers. */
  id: string;
  menuItem: MenuItem;
  quantity: number;
  selectedModifiers: Modifier[];
}

export interface DeliveryAddress {
  deliveryStreet: string;
  deliveryStreet2: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryZip: string;
  deliveryCountry: string;
}

export interface CartState extends DeliveryAddress {
  items: CartLine[];
  deliveryFeeCents: Cents;
  deliveryQuoteId: string | null;
  tipCents: Cents;
  promoCode: string;
  /** The accepted promo's rule (a rule despite the name); null when none applies. */
  promoDiscount: PromoRule | null;
  existingPoints: number;
  /** Whether the customer chose to spend points on the reward (shared/loyalty.ts). */
  redeemPoints: boolean;
  deliveryType: DeliveryType;
  deliveryLat: number | null;
  deliveryLng: number | null;
  distance: number;
}

export const emptyCart: CartState = Object.freeze({
  items: [],
  deliveryFeeCents: 0,
  deliveryQuoteId: null,
  tipCents: 0,
  promoCode: '',
  promoDiscount: null,
  existingPoints: 0,
  redeemPoints: false,
  deliveryType: 'pickup',
  deliveryStreet: '',
  deliveryStreet2: '',
  deliveryCity: '',
  deliveryState: '',
  deliveryZip: '',
  deliveryCountry: DEFAULT_COUNTRY,
  deliveryLat: null,
  deliveryLng: null,
  distance: 0,
});

export type CartAction =
  | { type: 'addItem'; menuItem: MenuItem; quantity?: number; selectedModifiers?: Modifier[] }
  | { type: 'setQuantity'; lineId: string; quantity: number }
  | { type: 'removeItem'; lineId: string }
  | { type: 'clear' }
  | { type: 'setDeliveryType'; deliveryType: DeliveryType }
  | { type: 'setAddress'; address: Partial<DeliveryAddress> }
  | { type: 'setDeliveryQuote'; quoteId: string | null; feeCents: Cents }
  | { type: 'setCoordinates'; lat: number | null; lng: number | null }
  /** `tips`: the live tip presets (settings' when absent); the tip becomes the basic one for the distance. */
  | { type: 'setDistance'; distance: number; tips?: TipPresets }
  | { type: 'setTip'; tipCents: Cents }
  | { type: 'applyPromo'; code: string; rule: PromoRule }
  | { type: 'rejectPromo' }
  | { type: 'setExistingPoints'; points: number }
  | { type: 'setRedeemPoints'; redeem: boolean };

/** A line's identity: the item id and the sorted modifier ids, so the same choice merges. */
export function lineId(menuItemId: string, modifierIds: readonly string[]): string {
  return [menuItemId, ...[...modifierIds].sort()].join('|');
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'addItem': {
      const quantity = wholeQuantity(action.quantity ?? 1);
      if (quantity <= 0) return state;
      const modifiers = action.selectedModifiers ?? [];
      const id = lineId(
        action.menuItem.id,
        modifiers.map((m) => m.id),
      );
      const existing = state.items.find((line) => line.id === id);
      const items = existing
        ? state.items.map((line) =>
            line.id === id ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + quantity) } : line,
          )
        : [
            ...state.items,
            {
              id,
              menuItem: action.menuItem,
              quantity: Math.min(MAX_LINE_QUANTITY, quantity),
              selectedModifiers: modifiers,
            },
          ];
      return { ...state, items };
    }
    case 'setQuantity': {
      const quantity = wholeQuantity(action.quantity);
      if (quantity <= 0) return { ...state, items: state.items.filter((line) => line.id !== action.lineId) };
      return {
        ...state,
        items: state.items.map((line) =>
          line.id === action.lineId ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, quantity) } : line,
        ),
      };
    }
    case 'removeItem':
      return { ...state, items: state.items.filter((line) => line.id !== action.lineId) };
    case 'clear':
      return {
        ...state,
        items: [],
        deliveryFeeCents: 0,
        deliveryQuoteId: null,
        tipCents: 0,
        promoDiscount: null,
        redeemPoints: false,
      };
    case 'setDeliveryType':
      return { ...state, deliveryType: action.deliveryType };
    case 'setAddress':
      return { ...state, ...action.address };
    case 'setDeliveryQuote':
      return { ...state, deliveryQuoteId: action.quoteId, deliveryFeeCents: Math.max(0, action.feeCents) };
    case 'setCoordinates':
      return { ...state, deliveryLat: action.lat, deliveryLng: action.lng };
    case 'setDistance': {
      const distance = Number.isFinite(action.distance) && action.distance > 0 ? action.distance : 0;
      return { ...state, distance, tipCents: tipOptions(subtotalCents(state.items), distance, action.tips).basic };
    }
    case 'setTip':
      return { ...state, tipCents: Math.max(0, Math.round(action.tipCents)) };
    case 'applyPromo':
      return { ...state, promoCode: action.code, promoDiscount: action.rule };
    case 'rejectPromo':
      return { ...state, promoCode: '', promoDiscount: null };
    case 'setExistingPoints': {
      // A balance that no longer buys the reward (another phone number, say) ends the choice.
      const existingPoints = Math.max(0, action.points);
      return { ...state, existingPoints, redeemPoints: state.redeemPoints && canRedeem(existingPoints) };
    }
    case 'setRedeemPoints':
      return { ...state, redeemPoints: action.redeem && canRedeem(state.existingPoints) };
  }
}

/** How many items are in the cart (the header bubble's number). */
export function cartQuantity(state: Pick<CartState, 'items'>): number {
  return state.items.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart's money, as shared/pricing computes it for the server too. */
export function cartTotals(state: CartState, taxPercent?: number, minimumFeeCents?: Cents): OrderTotalsCents {
  return orderTotals({
    lines: state.items,
    deliveryType: state.deliveryType,
    promo: state.promoDiscount,
    deliveryFee: state.deliveryFeeCents,
    tip: state.tipCents,
    redeemPoints: state.redeemPoints && canRedeem(state.existingPoints),
    // The rate the server charges, unless the caller names another.
    taxPercent: taxPercent ?? restaurant.taxPercent,
    // The owner's live minimum delivery fee (the public store-hours answer), as create-order charges it.
    ...(minimumFeeCents !== undefined ? { minimumFeeCents } : {}),
  });
}

function wholeQuantity(quantity: number): number {
  return Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
}
