/** SQL for the carts signed-in customers keep by name. */
import type { SavedCartItem } from '../../shared/api/schemas.ts';
import type { Queryable } from './database.ts';

export interface SavedCartRow {
  id: string;
  cognito_sub: string;
  name: string;
  items: SavedCartItem[];
  created_at: Date;
}

export async function insertSavedCart(db: Queryable, cart: Omit<SavedCartRow, 'created_at'>): Promise<SavedCartRow> {
  const [row] = await db.query<SavedCartRow>(
    'insert into saved_carts (id, cognito_sub, name, items) values ($1, $2, $3, $4) returning *',
    [cart.id, cart.cognito_sub, cart.name, JSON.stringify(cart.items)],
  );
  return row!;
}

export async function savedCartsOf(db: Queryable, cognitoSub: string): Promise<SavedCartRow[]> {
  return db.query<SavedCartRow>('select * from saved_carts where cognito_sub = $1 order by created_at desc, id', [
    cognitoSub,
  ]);
}

/** Deletes a customer's own cart; false when there is none by that id for them. */
export async function deleteSavedCart(db: Queryable, cognitoSub: string, id: string): Promise<boolean> {
  return (
    (await db.query('delete from saved_carts where id = $1 and cognito_sub = $2 returning id', [id, cognitoSub]))
      .length > 0
  );
}
