/**
 * The staff board's sold-out switches, what they show and what they set: every item and every modifier of the menu tables,
 * whether a customer can order it now, and until when it is sold out (null: until turned back on).
 */
import type { SoldOutEntry } from '../../shared/api/staff.ts';
import type { Queryable } from './database.ts';

interface Row {
  id: string;
  name: string;
  section: string;
  available: boolean;
  sold_out_until: Date | null;
}

const entry = (row: Row): SoldOutEntry => ({
  id: row.id,
  name: row.name,
  section: row.section,
  available: row.available,
  sold_out_until: row.available || !row.sold_out_until ? null : new Date(row.sold_out_until).toISOString(),
});

export async function soldOutOverview(
  db: Queryable,
  now: Date,
): Promise<{ items: SoldOutEntry[]; modifiers: SoldOutEntry[] }> {
  const items = await db.query<Row>(
    `select i.id, i.name, c.name as section, i.available or coalesce(i.sold_out_until <= $1, false) as available, i.sold_out_until
       from menu_items i join menu_categories c on c.id = i.category_id
      order by c.position, c.id, i.position, i.id`,
    [now],
  );
  const modifiers = await db.query<Row>(
    `select m.id, m.name, g.name as section, m.available or coalesce(m.sold_out_until <= $1, false) as available, m.sold_out_until
       from modifiers m join modifier_groups g on g.id = m.modifier_group_id
      order by g.name, g.id, m.position, m.id`,
    [now],
  );
  return { items: items.map(entry), modifiers: modifiers.map(entry) };
}

/** Turns an item or a modifier on or off, sold out until `soldOutUntil` (null: until turned back on); false when there is none. */
export async function setItemAvailability(
  db: Queryable,
  what: 'item' | 'modifier',
  id: string,
  available: boolean,
  soldOutUntil: Date | null,
): Promise<boolean> {
  const table = what === 'item' ? 'menu_items' : 'modifiers';
  const updated = await db.query<{ id: string }>(
    `update ${table} set available = $2, sold_out_until = $3 where id = $1 returning id`,
    [id, available, soldOutUntil],
  );
  return updated.length > 0;
}
