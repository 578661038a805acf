/** SQL for demo_setups: the demo payment provider's card setups and the cards they saved (brand, last 4 and expiry; never a number). */
import type { Queryable } from './database.ts';

export interface DemoSavedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** Starts a setup for the customer, known by its client secret. */
export async function insertDemoSetup(db: Queryable, clientSecret: string, cognitoSub: string): Promise<void> {
  await db.query('insert into demo_setups (client_secret, cognito_sub) values ($1, $2)', [clientSecret, cognitoSub]);
}

/** The setup's customer and the card it saved (null until confirmed); null when there is no such setup. */
export async function findDemoSetup(
  db: Queryable,
  clientSecret: string,
): Promise<{ cognito_sub: string; card_id: string | null } | null> {
  const [row] = await db.query<{ cognito_sub: string; card_id: string | null }>(
    'select cognito_sub, card_id from demo_setups where client_secret = $1',
    [clientSecret],
  );
  return row ?? null;
}

/** Saves the card on a setup not confirmed yet; a setup that already has a card keeps it. */
export async function completeDemoSetup(
  db: Queryable,
  clientSecret: string,
  card: DemoSavedCard & { id: string },
): Promise<void> {
  await db.query(
    'update demo_setups set card_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6 where client_secret = $1 and card_id is null',
    [clientSecret, card.id, card.brand, card.last4, card.exp_month, card.exp_year],
  );
}

/** A card this customer saved through a setup; null when it is not theirs. */
export async function findDemoSavedCard(
  db: Queryable,
  cardId: string,
  cognitoSub: string,
): Promise<DemoSavedCard | null> {
  const [row] = await db.query<DemoSavedCard>(
    'select brand, last4, exp_month, exp_year from demo_setups where card_id = $1 and cognito_sub = $2',
    [cardId, cognitoSub],
  );
  return row ?? null;
}
