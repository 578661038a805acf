/**
 * The cart as the browser keeps it between visits (localStorage): what is written, and what is
 * accepted back. Stored data may be from an older version or edited by hand, so it is read
 * field by field and anything unusable falls back to the empty cart's value.
 */
import { emptyCart, lineId, MAX_LINE_QUANTITY, type CartLine, type CartState } from './cart.ts';
import { toMenuItem } from './menu.ts';

export const CART_STORAGE_KEY = 'comal:cart';
const VERSION = 1;

export function serializeCart(cart: CartState): string {
  return JSON.stringify({ version: VERSION, cart });
}

/** The part of the browser's storage the cart uses. */
export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The cart kept in storage, or the empty cart when there is none or storage is blocked (private
 * mode, a partner's sandbox): the cart then lives in memory for this visit.
 */
export function readStoredCart(storage: CartStorage | null): CartState {
  try {
    return parseStoredCart(storage?.getItem(CART_STORAGE_KEY));
  } catch {
    return emptyCart;
  }
}

/** Keeps the cart for the next visit; full or blocked storage keeps nothing, and the cart still works now. */
export function storeCart(storage: CartStorage | null, cart: CartState): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, serializeCart(cart));
  } catch {
    // full or blocked storage
  }
}

export function parseStoredCart(text: string | null | undefined): CartState {
  if (!text) return emptyCart;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return emptyCart;
  }
  if (!isRecord(stored) || stored.version !== VERSION || !isRecord(stored.cart)) return emptyCart;
  const raw = stored.cart;
  const pick = <K extends keyof CartState>(key: K, valid: (value: unknown) => boolean): CartState[K] =>
    valid(raw[key]) ? (raw[key] as CartState[K]) : emptyCart[key];
  const isText = (v: unknown) => typeof v === 'string' && v.length <= 200;
  const isAmount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 10_000_000;
  const isCoordinate = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
  return {
    items: Array.isArray(raw.items)
      ? mergeLines(raw.items.map(toLine).filter((line): line is CartLine => line !== null))
      : [],
    deliveryFeeCents: pick('deliveryFeeCents', isAmount),
    deliveryQuoteId: pick('deliveryQuoteId', (v) => v === null || isText(v)),
    tipCents: pick('tipCents', isAmount),
    promoCode: pick('promoCode', isText),
    promoDiscount: pick(
      'promoDiscount',
      (v) =>
        v === null ||
        (isRecord(v) &&
          (v.discount_type === 'fixed' || v.discount_type === 'percent') &&
          typeof v.discount_value === 'number'),
    ),
    existingPoints: pick('existingPoints', isAmount),
    redeemPoints: pick('redeemPoints', (v) => typeof v === 'boolean'),
    deliveryType: pick('deliveryType', (v) => v === 'pickup' || v === 'delivery'),
    deliveryStreet: pick('deliveryStreet', isText),
    deliveryStreet2: pick('deliveryStreet2', isText),
    deliveryCity: pick('deliveryCity', isText),
    deliveryState: pick('deliveryState', isText),
    deliveryZip: pick('deliveryZip', isText),
    deliveryCountry: pick('deliveryCountry', (v) => isText(v) && (v as string).length > 0),
    deliveryLat: pick('deliveryLat', isCoordinate),
    deliveryLng: pick('deliveryLng', isCoordinate),
    distance: pick('distance', (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0),
  };
}

function toLine(entry: unknown): CartLine | null {
  if (!isRecord(entry) || !isRecord(entry.menuItem)) return null;
  const quantity = entry.quantity;
  if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
  const item = entry.menuItem;
  const menuItem = toMenuItem(
    item,
    typeof item.categoryName === 'string' ? item.categoryName : '',
    typeof item.subcategoryName === 'string' ? item.subcategoryName : undefined,
  );
  if (menuItem.id.startsWith('unknown:')) return null;
  if (typeof item.categoryKey === 'string') menuItem.categoryKey = item.categoryKey;
  const selectedModifiers = Array.isArray(entry.selectedModifiers)
    ? entry.selectedModifiers
        .filter(isRecord)
        .filter(
          (m) => typeof m.id === 'string' && typeof m.name === 'string' && typeof m.price === 'number' && m.price >= 0,
        )
        .map((m) => ({ id: m.id as string, name: m.name as string, price: m.price as number }))
    : [];
  return {
    id: lineId(
      menuItem.id,
      selectedModifiers.map((m) => m.id),
    ),
    menuItem,
    quantity: Math.min(MAX_LINE_QUANTITY, quantity as number),
    selectedModifiers,
  };
}

/** Lines with one identity become one line, as adding them to the cart would have done. */
function mergeLines(lines: CartLine[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const existing = merged.get(line.id);
    merged.set(
      line.id,
      existing ? { ...existing, quantity: Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity) } : line,
    );
  }
  return [...merged.values()];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
