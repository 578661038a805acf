/**
 * Card testing: someone runs stolen card numbers through a checkout to learn which work. After
 * five declines in ten minutes for one order, or from one client address, further card attempts
 * are refused (429) until they have slid out of the last ten minutes (Retry-After says when), and
 * so are new orders from that address. With the demo provider the attempt comes through us:
 * counted as it begins, given back unless declined, and refused here. With Stripe the card goes
 * from the browser to Stripe, so a decline arrives by webhook and the order's payment is cancelled
 * at Stripe once its attempts are used up, and once the address's are, the payments of every
 * checkout it has waiting (opened beforehand, each would be five more tries). Counted in the
 * database, so the limits hold whichever replica takes the attempt.
 *
 * Saving a card to an account checks the card too, so it is limited the same way: five declines
 * in ten minutes for one account, or from one client address (the same count as checkouts'),
 * and then no new card setup for that account or from that address, nor order from that
 * address, until they have slid out. A Stripe SetupIntent takes card
 * after card until it succeeds, so once the account's or the address's are used up, the
 * account's open SetupIntents are cancelled at Stripe.
 */
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { countHit, hitAndPeek, reserveHit, type RateLimit } from '../http/rate-limit.ts';

export const TOO_MANY_DECLINES =
  'Too many card attempts were declined. Wait about 10 minutes and try again, or call us to order.';
const WINDOW_MS = 10 * 60_000;
export const CARD_DECLINES_PER_ORDER = { name: 'card-declines-order', limit: 5, windowMs: WINDOW_MS };
export const CARD_DECLINES_PER_ADDRESS = { name: 'card-declines-address', limit: 5, windowMs: WINDOW_MS };
export const CARD_DECLINES_PER_ACCOUNT = { name: 'card-declines-account', limit: 5, windowMs: WINDOW_MS };

function refuse(retryAfterSeconds: number): never {
  throw new HttpError(429, TOO_MANY_DECLINES, { 'Retry-After': String(retryAfterSeconds) });
}

/** A card attempt under way, counted as a decline until it is known not to be one. */
export interface CardAttempt {
  /** The card was not declined (it paid, or was mistyped): the attempt gives its count back. */
  release(): Promise<void>;
}

/**
 * Begins a card attempt that comes through us (the demo provider): counts it against the order
 * and the address as if declined, and refuses it (429) when either has had its declines. Counting
 * first means attempts sent at the same moment see one another: of twenty at once, five are tried.
 */
export function beginCardAttempt(
  db: Queryable,
  who: { orderId: string; address?: string | undefined },
  now: Date,
): Promise<CardAttempt> {
  return beginAttempt(db, { rule: CARD_DECLINES_PER_ORDER, who: who.orderId }, who.address, now);
}

/** Begins saving a card that comes through us (the demo provider), as beginCardAttempt, counted per account. */
export function beginSetupAttempt(
  db: Queryable,
  who: { cognitoSub: string; address?: string | undefined },
  now: Date,
): Promise<CardAttempt> {
  return beginAttempt(db, { rule: CARD_DECLINES_PER_ACCOUNT, who: who.cognitoSub }, who.address, now);
}

async function beginAttempt(
  db: Queryable,
  first: { rule: typeof CARD_DECLINES_PER_ORDER; who: string },
  address: string | undefined,
  now: Date,
): Promise<CardAttempt> {
  const reserved = [await reserveHit(db, first.rule, first.who, now)];
  if (reserved[0]!.allowed && address) reserved.push(await reserveHit(db, CARD_DECLINES_PER_ADDRESS, address, now));
  const release = async () => {
    for (const hit of reserved) await hit.release();
  };
  const refused = reserved.find((hit) => !hit.allowed);
  if (refused) {
    await release();
    refuse(refused.retryAfterSeconds);
  }
  return { release };
}

/**
 * A new order from `address`: counted against `perAddress` (429 with its message past the limit),
 * then refused when the address used up its card declines, since a new order would be one more
 * try. Both in one round trip.
 */
export async function admitNewOrder(db: Queryable, perAddress: RateLimit, address: string, now: Date): Promise<void> {
  const declines = await hitAndPeek(db, perAddress, address, { rule: CARD_DECLINES_PER_ADDRESS, who: address }, now);
  if (!declines.room) refuse(declines.retryAfterSeconds);
}

/**
 * A new card setup for an account, from `address`: counted against the setup limits (429 with
 * their message past either), then refused when the account or the address used up its card
 * declines, since a new setup would be more tries.
 */
export async function admitCardSetup(
  db: Queryable,
  limits: { perAccount: RateLimit; perAddress: RateLimit },
  who: { cognitoSub: string; address: string },
  now: Date,
): Promise<void> {
  const account = await hitAndPeek(
    db,
    limits.perAccount,
    who.cognitoSub,
    { rule: CARD_DECLINES_PER_ACCOUNT, who: who.cognitoSub },
    now,
  );
  const address = await hitAndPeek(
    db,
    limits.perAddress,
    who.address,
    { rule: CARD_DECLINES_PER_ADDRESS, who: who.address },
    now,
  );
  const declined = [account, address].find((peek) => !peek.room);
  if (declined) refuse(declined.retryAfterSeconds);
}

/** Counts a decline of a card being saved; answers whether the account, and whether the address, has now used up its attempts. */
export async function countSetupDecline(
  db: Queryable,
  who: { cognitoSub: string; address?: string | undefined },
  now: Date,
): Promise<{ account: boolean; address: boolean }> {
  const account = await countHit(db, CARD_DECLINES_PER_ACCOUNT, who.cognitoSub, now);
  const address = who.address ? await countHit(db, CARD_DECLINES_PER_ADDRESS, who.address, now) : null;
  return { account: account.usedUp, address: address?.usedUp ?? false };
}

/** Counts a decline; answers whether the order, and whether the address, has now used up its attempts. */
export async function countDecline(
  db: Queryable,
  who: { orderId: string; address?: string | undefined },
  now: Date,
): Promise<{ order: boolean; address: boolean }> {
  const order = await countHit(db, CARD_DECLINES_PER_ORDER, who.orderId, now);
  const address = who.address ? await countHit(db, CARD_DECLINES_PER_ADDRESS, who.address, now) : null;
  return { order: order.usedUp, address: address?.usedUp ?? false };
}
