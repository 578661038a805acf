/** Demo data for the embedded defaults, written on first start only (when the menu is empty). */
import type { Database } from './db/database.ts';
import { seedMenuIfEmpty } from './providers/menu/seed.ts';
import { seedPromoCodes } from './services/promo-codes.ts';

export async function seedDemoData(db: Database): Promise<void> {
  if (await seedMenuIfEmpty(db)) await seedPromoCodes(db);
}
