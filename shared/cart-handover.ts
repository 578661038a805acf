/**
 * The cart a partner's page hands to the restaurant's own checkout in the link's fragment. It
 * carries ids and quantities only, `{"v":2,"l":[["taco-asada",2,["mod-corn"]]]}`, never a name or
 * a price: a link anyone can write must not decide what the checkout shows. The restaurant's page
 * rebuilds each line from the live menu and says, in a sentence, whatever it could not keep.
 */
import type { Translate } from './i18n/message.ts';
import { cartReducer, emptyCart, MAX_LINE_QUANTITY, type CartLine, type CartState } from './cart.ts';
import type { MenuItem, Modifier } from './menu.ts';
import { isChoiceComplete } from './modifier-choice.ts';

/** One line as handed over: the item's id, how many, the chosen modifiers' ids. */
export interface HandedOverLine {
  itemId: string;
  quantity: number;
  modifierIds: string[];
}

/** More lines than any cart needs: a longer fragment is someone else's doing. */
export const MAX_HANDED_OVER_LINES = 50;
const MAX_ID_LENGTH = 100;
const MAX_MODIFIERS = 30;

export function encodeHandover(cart: Pick<CartState, 'items'>): string {
  return JSON.stringify({
    v: 2,
    l: cart.items.map((line) => [line.menuItem.id, line.quantity, line.selectedModifiers.map((m) => m.id)]),
  });
}

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

function line(itemId: unknown, quantity: unknown, modifierIds: unknown): HandedOverLine | null {
  if (!isId(itemId) || typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const ids = Array.isArray(modifierIds) ? modifierIds.filter(isId).slice(0, MAX_MODIFIERS) : [];
  return { itemId, quantity: Math.min(quantity, MAX_LINE_QUANTITY), modifierIds: [...new Set(ids)] };
}

/**
 * The lines of a handed-over fragment, read defensively: this format, or the older one that
 * carried whole cart lines (of which only the ids and quantities are taken). Junk answers [].
 */
export function decodeHandover(text: string): HandedOverLine[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof data !== 'object' || data === null) return [];
  const record = data as { v?: unknown; l?: unknown; items?: unknown; cart?: { items?: unknown } };
  let lines: (HandedOverLine | null)[] = [];
  if (record.v === 2 && Array.isArray(record.l)) {
    lines = record.l.map((entry: unknown) => (Array.isArray(entry) ? line(entry[0], entry[1], entry[2]) : null));
  } else {
    const items = Array.isArray(record.items) ? record.items : record.cart?.items;
    if (Array.isArray(items)) {
      lines = items.map((entry: unknown) => {
        const old = entry as { menuItem?: { id?: unknown }; quantity?: unknown; selectedModifiers?: unknown };
        const modifiers = Array.isArray(old?.selectedModifiers)
          ? old.selectedModifiers.map((m: unknown) => (m as { id?: unknown })?.id)
          : [];
        return line(old?.menuItem?.id, old?.quantity, modifiers);
      });
    }
  }
  return lines.filter((l): l is HandedOverLine => l !== null).slice(0, MAX_HANDED_OVER_LINES);
}

export const itemGone = (t: Translate, id: string) => t('handover.itemGone', { id });
export const itemSoldOut = (t: Translate, name: string) => t('handover.itemSoldOut', { name });
export const choiceGone = (t: Translate, name: string) => t('handover.choiceGone', { name });
export const choiceSoldOut = (t: Translate, name: string, choice: string) =>
  t('handover.choiceSoldOut', { name, choice });
export const choicesChanged = (t: Translate, name: string) => t('handover.choicesChanged', { name });

export interface RebuiltCart {
  lines: CartLine[];
  /** What could not be kept, one sentence each, for the customer. */
  problems: string[];
}

/**
 * The handed-over lines rebuilt from the live menu: names, prices and choices as the menu has
 * them now. A line is left out, with a sentence, when its item is gone or sold out, when a choice
 * is gone or sold out, or when its choices no longer meet their groups' rules.
 */
export function rebuildCart(
  handedOver: readonly HandedOverLine[],
  menu: readonly MenuItem[],
  soldOut: ReadonlySet<string>,
  soldOutModifiers: ReadonlySet<string>,
  t: Translate,
): RebuiltCart {
  const problems: string[] = [];
  let cart: CartState = emptyCart;
  for (const wanted of handedOver) {
    const item = menu.find((i) => i.id === wanted.itemId);
    if (!item) {
      problems.push(itemGone(t, wanted.itemId));
      continue;
    }
    if (soldOut.has(item.id)) {
      problems.push(itemSoldOut(t, item.name));
      continue;
    }
    const offered = new Map<string, { modifier: Modifier; groupId: string }>();
    for (const group of item.modifier_groups)
      for (const modifier of group.modifiers) offered.set(modifier.id, { modifier, groupId: group.id });
    const chosen = wanted.modifierIds.map((id) => offered.get(id));
    if (chosen.some((c) => c === undefined)) {
      problems.push(choiceGone(t, item.name));
      continue;
    }
    const gone = chosen.find((c) => soldOutModifiers.has(c!.modifier.id));
    if (gone) {
      problems.push(choiceSoldOut(t, item.name, gone.modifier.name));
      continue;
    }
    const choice: Record<string, string[]> = {};
    for (const c of chosen) (choice[c!.groupId] ??= []).push(c!.modifier.id);
    if (!isChoiceComplete(choice, item.modifier_groups)) {
      problems.push(choicesChanged(t, item.name));
      continue;
    }
    cart = cartReducer(cart, {
      type: 'addItem',
      menuItem: item,
      quantity: wanted.quantity,
      selectedModifiers: chosen.map((c) => c!.modifier),
    });
  }
  return { lines: cart.items, problems };
}
