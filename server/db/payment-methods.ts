/** SQL for the cards signed-in customers saved, in payment_methods (brand, last 4 and expiry; never a number). */
import type { Queryable } from './database.ts';

export interface SavedCardRow {
  id: string;
  cognito_sub: string;
  provider: 'demo' | 'stripe';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export async function insertSavedCard(db: Queryable, card: SavedCardRow): Promise<void> {
  await db.query(
    `insert into payment_methods (id, cognito_sub, provider, provider_reference, brand, last4, exp_month, exp_year)
     values ($1, $2, $3, $1, $4, $5, $6, $7) on conflict (id) do nothing`,
    [card.id, card.cognito_sub, card.provider, card.brand, card.last4, card.exp_month, card.exp_year],
  );
}

export async function savedCardsOf(db: Queryable, cognitoSub: string): Promise<SavedCardRow[]> {
  return db.query<SavedCardRow>('select * from payment_methods where cognito_sub = $1 order by created_at desc, id', [
    cognitoSub,
  ]);
}

export async function findSavedCard(db: Queryable, cognitoSub: string, id: string): Promise<SavedCardRow | null> {
  const [row] = await db.query<SavedCardRow>('select * from payment_methods where id = $1 and cognito_sub = $2', [
    id,
    cognitoSub,
  ]);
  return row ?? null;
}

export async function deleteSavedCard(db: Queryable, cognitoSub: string, id: string): Promise<boolean> {
  return (
    (await db.query('delete from payment_methods where id = $1 and cognito_sub = $2 returning id', [id, cognitoSub]))
      .length > 0
  );
}

/** The expiry of a demo card saved by the customer who placed the order; null when the card is not theirs (or not a demo card). */
export async function demoCardForOrder(
  db: Queryable,
  cardId: string,
  orderId: string,
): Promise<{ exp_month: number; exp_year: number } | null> {
  const [row] = await db.query<{ exp_month: number; exp_year: number }>(
    `select c.exp_month, c.exp_year from payment_methods c join orders o on o.cognito_sub = c.cognito_sub
     where c.id = $1 and c.provider = 'demo' and o.id = $2`,
    [cardId, orderId],
  );
  return row ?? null;
}
