/** Menu rows a test adds for itself, with prices chosen to land on pricing boundaries. */
import type { TestApi } from './api.ts';

export interface TestItem {
  id: string;
  name: string;
  priceCents: number;
  available?: boolean;
  groups?: {
    id: string;
    name: string;
    min: number;
    max: number;
    modifiers: { id: string; name: string; priceCents: number }[];
  }[];
}

export async function addTestItems(api: TestApi, items: TestItem[]): Promise<void> {
  const { db } = api.deps;
  await db.query(
    `insert into menu_categories (id, name, position) values ('test', 'Test Kitchen', 99) on conflict do nothing`,
  );
  for (const [position, item] of items.entries()) {
    await db.query(
      `insert into menu_items (id, category_id, name, price_cents, available, position) values ($1, 'test', $2, $3, $4, $5)`,
      [item.id, item.name, item.priceCents, item.available ?? true, position],
    );
    for (const [groupPosition, group] of (item.groups ?? []).entries()) {
      await db.query(
        `insert into modifier_groups (id, name, min_required, max_allowed, force_popup) values ($1, $2, $3, $4, $5)`,
        [group.id, group.name, group.min, group.max, group.min > 0],
      );
      await db.query(
        `insert into menu_item_modifier_groups (menu_item_id, modifier_group_id, position) values ($1, $2, $3)`,
        [item.id, group.id, groupPosition],
      );
      for (const [modifierPosition, modifier] of group.modifiers.entries()) {
        await db.query(
          `insert into modifiers (id, modifier_group_id, name, price_cents, position) values ($1, $2, $3, $4, $5)`,
          [modifier.id, group.id, modifier.name, modifier.priceCents, modifierPosition],
        );
      }
    }
  }
  await api.deps.menu.invalidate();
}
