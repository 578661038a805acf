/**
 * What a signed-in customer keeps: saved carts, their orders and reordering,
 * and saved cards. Every function takes the customer the access token proved; none trusts an id
 * from the request for whose data it is.
 */
import { dollarsText, toCents } from '../../shared/money.ts';
import type {
  OrderSummary,
  PaymentMethod,
  ReorderItem,
  ReorderResponse,
  SavedCart,
  SavedCartItem,
  SavePaymentMethodResponse,
  SetupIntentResponse,
} from '../../shared/api/schemas.ts';
import type { AppDependencies } from '../dependencies.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import type { Customer } from '../auth/auth-provider.ts';
import { menuWordsIn } from '../menu/menu-words.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { admitCardSetup } from './card-attempts.ts';
import { customerOrders, isCustomersOrder, orderLines } from '../db/orders.ts';
import {
  deleteSavedCard,
  findSavedCard,
  insertSavedCard,
  savedCardsOf,
  type SavedCardRow,
} from '../db/payment-methods.ts';
import { deleteSavedCart, insertSavedCart, savedCartsOf, type SavedCartRow } from '../db/saved-carts.ts';
import { HttpError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { storedTotals } from './orders.ts';

export const SAVED_CART_NOT_FOUND = 'We could not find that saved cart.';
export const SAVED_CARD_NOT_FOUND = 'We could not find that saved card.';
export const CARD_NOT_SAVED = 'We could not find that card. Add it again.';
export const ORDER_NOT_YOURS = 'We could not find that order in your account.';
export const TOO_MANY_SAVED_CARTS = 'You can keep at most 20 saved carts. Delete one first.';
const MAX_SAVED_CARTS = 20;

export const noLongerOnMenu = (names: string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer on our menu, so we left ${names.length === 1 ? 'it' : 'them'} out.`;

const cartAnswer = (row: SavedCartRow): SavedCart => ({
  id: row.id,
  name: row.name,
  items: row.items,
  cognito_sub: row.cognito_sub,
  created_at: row.created_at.toISOString(),
});

export async function listSavedCarts(deps: AppDependencies, customer: Customer): Promise<SavedCart[]> {
  return (await savedCartsOf(deps.db, customer.cognitoSub)).map(cartAnswer);
}

export async function saveCart(
  deps: AppDependencies,
  customer: Customer,
  cart: { name: string; items: SavedCartItem[] },
): Promise<SavedCart> {
  const existing = await savedCartsOf(deps.db, customer.cognitoSub);
  if (existing.length >= MAX_SAVED_CARTS) throw new HttpError(422, TOO_MANY_SAVED_CARTS);
  return cartAnswer(
    await insertSavedCart(deps.db, {
      id: newId('cart'),
      cognito_sub: customer.cognitoSub,
      name: cart.name,
      items: cart.items,
    }),
  );
}

export async function removeSavedCart(deps: AppDependencies, customer: Customer, id: string): Promise<void> {
  // Another customer's cart reads as missing: its existence is not theirs to learn.
  if (!(await deleteSavedCart(deps.db, customer.cognitoSub, id))) throw new HttpError(404, SAVED_CART_NOT_FOUND);
}

/** The customer's orders, newest first, their dishes named in `locale` (the language they read in now). */
export async function listOrders(deps: AppDependencies, customer: Customer, locale: Locale): Promise<OrderSummary[]> {
  const orders = await customerOrders(deps.db, customer.cognitoSub);
  const words = menuWordsIn(await deps.menu.snapshot(), locale);
  return Promise.all(
    orders.map(async (order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      created_at: order.created_at.toISOString(),
      delivery_type: order.delivery_type,
      items: (await orderLines(deps.db, order.id)).map((line) => ({
        menu_item_id: line.menu_item_id,
        name: words.item(line.menu_item_id, line.name),
        quantity: line.quantity,
        modifiers: line.modifiers.map((m) => ({
          id: m.id,
          name: words.modifier(m.id, m.name),
          price: dollarsText(m.price_cents),
        })),
      })),
      totals: storedTotals(order),
    })),
  );
}

/** The order's items as they can be ordered now: today's prices, without what left the menu. */
export async function reorder(deps: AppDependencies, customer: Customer, orderId: string): Promise<ReorderResponse> {
  if (!(await isCustomersOrder(deps.db, orderId, customer.cognitoSub))) throw new HttpError(404, ORDER_NOT_YOURS);
  const snapshot = await deps.menu.snapshot();
  const gone: string[] = [];
  const items: ReorderItem[] = [];
  for (const line of await orderLines(deps.db, orderId)) {
    const item = snapshot.items.get(line.menu_item_id);
    if (!item || !item.available) {
      gone.push(line.name);
      continue;
    }
    const offered = new Map(item.modifier_groups.flatMap((group) => group.modifiers).map((m) => [m.id, m]));
    const modifiers = line.modifiers
      .map((m) => offered.get(m.id))
      .filter((m): m is NonNullable<typeof m> => m !== undefined && !item.unavailableModifierIds.has(m.id))
      .map((m) => ({ id: m.id, name: m.name, price: dollarsText(toCents(m.price)) }));
    items.push({ menu_item_id: item.id, quantity: line.quantity, modifiers });
  }
  return gone.length > 0 ? { items, message: noLongerOnMenu(gone) } : { items };
}

const cardAnswer = (card: SavedCardRow): PaymentMethod => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  exp_month: card.exp_month,
  exp_year: card.exp_year,
});

export async function listCards(deps: AppDependencies, customer: Customer): Promise<PaymentMethod[]> {
  return (await savedCardsOf(deps.db, customer.cognitoSub)).map(cardAnswer);
}

export const TOO_MANY_CARD_SETUPS =
  'Too many cards were added in a short time. Try again in about an hour, or call us.';
/**
 * Cards saved per account and per client address in an hour: saving one checks the card at the
 * payment provider, which a card tester can use as well as a checkout. Kept in the database.
 */
export const CARD_SETUPS_PER_ACCOUNT: RateLimit = {
  name: 'card-setup-account',
  limit: 10,
  windowMs: 3_600_000,
  message: TOO_MANY_CARD_SETUPS,
};
export const CARD_SETUPS_PER_ADDRESS: RateLimit = {
  name: 'card-setup-address',
  limit: 10,
  windowMs: 3_600_000,
  message: TOO_MANY_CARD_SETUPS,
};

export async function startCardSetup(
  deps: AppDependencies,
  customer: Customer,
  address: string,
): Promise<SetupIntentResponse> {
  // Past its card declines (saving cards or paying), an account or an address gets no new setup.
  await admitCardSetup(
    deps.db,
    { perAccount: CARD_SETUPS_PER_ACCOUNT, perAddress: CARD_SETUPS_PER_ADDRESS },
    { cognitoSub: customer.cognitoSub, address },
    deps.clock(),
  );
  const { clientSecret } = await deps.cardVault.startSetup(customer, address);
  return {
    provider: deps.cardVault.name,
    client_secret: clientSecret,
    ...(deps.cardVault.confirmsWithStripeJs && deps.settings.stripePublishableKey
      ? { publishable_key: deps.settings.stripePublishableKey }
      : {}),
  };
}

export async function saveCard(
  deps: AppDependencies,
  customer: Customer,
  paymentMethodId: string,
): Promise<SavePaymentMethodResponse> {
  const details = await deps.cardVault.savedCard(customer, paymentMethodId);
  if (!details) throw new HttpError(404, CARD_NOT_SAVED);
  const card: SavedCardRow = {
    id: paymentMethodId,
    cognito_sub: customer.cognitoSub,
    provider: deps.cardVault.name,
    ...details,
  };
  await insertSavedCard(deps.db, card);
  return { ...cardAnswer(card), message: `${card.brand} ending in ${card.last4} is saved.` };
}

export async function removeCard(deps: AppDependencies, customer: Customer, id: string): Promise<void> {
  const card = await findSavedCard(deps.db, customer.cognitoSub, id);
  if (!card) throw new HttpError(404, SAVED_CARD_NOT_FOUND);
  await deps.cardVault.remove(customer, id);
  await deleteSavedCard(deps.db, customer.cognitoSub, id);
}
