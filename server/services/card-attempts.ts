/**
 * Card testing: someone runs stolen card numbers through a checkout to learn which work. After
 * CARD_DECLINES.limit declines in ten minutes for one order, or from one client address, further
 * card attempts are refused (429) until the window passes. Counted in the database, so the limit
 * holds whichever replica takes the attempt.
 */
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { countHit, peekHits } from '../http/rate-limit.ts';

export const TOO_MANY_DECLINES = 'Too many card attempts were declined. Wait 10 minutes and try again, or call us to order.';
const WINDOW_MS = 10 * 60_000;
export const CARD_DECLINES_PER_ORDER = { name: 'card-declines-order', limit: 5, windowMs: WINDOW_MS };
export const CARD_DECLINES_PER_ADDRESS = { name: 'card-declines-address', limit: 5, windowMs: WINDOW_MS };

function refuse(now: Date): never {
  const retryAfter = Math.max(1, Math.ceil((WINDOW_MS - (now.getTime() % WINDOW_MS)) / 1000));
  throw new HttpError(429, TOO_MANY_DECLINES, { 'Retry-After': String(retryAfter) });
}

/** Refuses the attempt when the order, or the address, already had its declines. */
export async function checkCardAttempt(db: Queryable, who: { orderId: string; address?: string | undefined }, now: Date): Promise<void> {
  if ((await peekHits(db, CARD_DECLINES_PER_ORDER, who.orderId, now)) >= CARD_DECLINES_PER_ORDER.limit) refuse(now);
  if (who.address && (await peekHits(db, CARD_DECLINES_PER_ADDRESS, who.address, now)) >= CARD_DECLINES_PER_ADDRESS.limit) refuse(now);
}

/** Counts a decline; answers whether the order has now used up its attempts. */
export async function countDecline(db: Queryable, who: { orderId: string; address?: string | undefined }, now: Date): Promise<boolean> {
  await countHit(db, CARD_DECLINES_PER_ORDER, who.orderId, now);
  if (who.address) await countHit(db, CARD_DECLINES_PER_ADDRESS, who.address, now);
  return (await peekHits(db, CARD_DECLINES_PER_ORDER, who.orderId, now)) >= CARD_DECLINES_PER_ORDER.limit;
}
